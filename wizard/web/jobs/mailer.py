"""The office's mail at the web edge: queue a message with the change that causes it, and a
background thread that empties the outbox through the SMTP server (`wizard serve --smtp`).

Without SMTP settings mail is off: messages still go into the outbox (so nothing is lost if mail
is turned on later) and the office pages say that mail is off. Servers sharing a PostgreSQL
database send in turn (one at a time, wizard/store/server_state.py), so no message goes out twice.
"""
from __future__ import annotations

import logging
import threading
import weakref

from flask import current_app

from ...office.mailing import Mail
from ...office.outbox import SmtpSettings, deliver_round, queue, server_answers
from ...office.records import OfficeRecords
from ...store.server_state import turn_for
from .background import BackgroundJob
from ..edge.state import office_records

log = logging.getLogger(__name__)
EVERY = 15  # seconds between looks at the outbox when nothing wakes the sender


class MailSender(BackgroundJob):
    thread_name = "wizard-mail"

    def __init__(self, records: OfficeRecords, settings: SmtpSettings):
        super().__init__()
        self._store = weakref.ref(records.store)  # as the sweeper: a dropped app's store is not kept open
        self.settings = settings
        self.wake = threading.Event()
        self.turn = turn_for(records.store, "mail sender")

    def _run(self) -> None:
        starting = True  # the first round that reaches the database tries the mail waiting for a retry too
        unreachable = False  # the SMTP server could not be reached: each round asks whether it is back
        while True:
            store = self._store()
            if store is None or store.closed:
                self.turn.release()
                return
            try:
                if self.turn.held():
                    # A mail server restarted alone: the mail waiting for it goes once it answers again,
                    # not after the rest of its wait (up to an hour).
                    back = unreachable and server_answers(self.settings)
                    done = deliver_round(OfficeRecords(store), self.settings, starting=starting or back)
                    unreachable = done.unreachable or (unreachable and not back)
                    starting = False
            except Exception:  # noqa: BLE001 - the sender must outlive one bad round; the outbox keeps the mail
                log.exception("mail round failed")
            del store
            self.wake.wait(EVERY)
            self.wake.clear()


def smtp_settings(config) -> SmtpSettings | None:
    if not config.get("SMTP_HOST"):
        return None
    return SmtpSettings(config["SMTP_HOST"], int(config.get("SMTP_PORT") or 25),
                        config.get("MAIL_FROM") or "permits@localhost",
                        config.get("SMTP_USER"), config.get("SMTP_PASSWORD"))


def mail_on() -> bool:
    return current_app.extensions.get("mail_sender") is not None


def send_mail(mail: Mail) -> None:
    """Into the outbox; the sender is woken to send it now."""
    if not mail.recipient:
        return
    queue(office_records(), mail)
    sender = current_app.extensions.get("mail_sender")
    if sender is not None and current_app.config.get("MAIL_SENDER", True):
        sender.start()
        sender.wake.set()


def init_app(app, records: OfficeRecords) -> None:
    settings = smtp_settings(app.config)
    sender = MailSender(records, settings) if settings else None
    app.extensions["mail_sender"] = sender
    if sender is not None and app.config.get("MAIL_SENDER", True):
        app.before_request(sender.start)
