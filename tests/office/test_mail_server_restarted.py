"""An SMTP server restarted alone: the background sender that could not reach it notices it answers
again and sends the waiting mail within a few of its rounds, not after the wait it chose when the
message failed (a minute for the first failure, up to an hour later on). Against the tests' real SMTP
server (aiosmtpd), stopped and started again on the same port while the wizard keeps running."""
from __future__ import annotations

import time
from datetime import datetime, timedelta, timezone

from aiosmtpd.controller import Controller

from wizard.office.outbox import FIRST_WAIT
from wizard.web.edge.state import office_records
from wizard.web.jobs import mailer

from tests.support.office import Inbox
from tests.support.office_mail import mail_app
from tests.support.served import free_port

ROUND = 0.2  # seconds between the sender's looks at the outbox here (15 in use): the test waits rounds, not minutes


def smtp_on(port: int, inbox: Inbox) -> Controller:
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    return controller


def queue_and_wake(app, subject: str) -> None:
    with app.app_context():
        office_records().mail.queue_mail("MG-TEST-7", "zoe@example.org", subject, "Your receipt.", "<p>Your receipt.</p>")
    app.extensions["mail_sender"].wake.set()


def outbox_row(app, subject: str) -> dict:
    with app.app_context():
        (row,) = office_records().mail._query("SELECT attempts, next_try_at, sent_at FROM outbox WHERE subject = ?",
                                              (subject,))
    return row


def failed_once(app, subject: str, seconds: float = 15) -> dict:
    deadline = time.monotonic() + seconds
    while not (row := outbox_row(app, subject))["attempts"]:
        assert time.monotonic() < deadline, "the sender never tried the message"
        time.sleep(0.05)
    return row


def test_mail_waiting_for_a_restarted_smtp_server_goes_as_soon_as_it_answers(tmp_path, book, monkeypatch):
    monkeypatch.setattr(mailer, "EVERY", ROUND)
    port = free_port()
    app = mail_app(tmp_path, book, port, MAIL_SENDER=True)
    inbox = Inbox()
    controller = smtp_on(port, inbox)
    app.extensions["mail_sender"].start()
    try:
        queue_and_wake(app, "Decision on MG-TEST-7")
        inbox.wait_for("zoe@example.org")
        controller.stop()  # the mail server goes down alone; the wizard runs on
        queue_and_wake(app, "Receipt for MG-TEST-7")
        row = failed_once(app, "Receipt for MG-TEST-7")
        waits_until = datetime.fromisoformat(row["next_try_at"])
        assert waits_until - datetime.now(timezone.utc) > timedelta(seconds=FIRST_WAIT - 10)  # its backoff: a minute
        time.sleep(10 * ROUND)  # rounds with the server still down: the message only waits
        assert outbox_row(app, "Receipt for MG-TEST-7")["sent_at"] is None
        controller = smtp_on(port, inbox)
        inbox.wait_for("zoe@example.org", count=2, seconds=FIRST_WAIT / 2)  # well before the backoff's minute
        assert [m["Subject"] for m in inbox.to("zoe@example.org")] == ["Decision on MG-TEST-7", "Receipt for MG-TEST-7"]
    finally:
        controller.stop()
        app.extensions["interview_store"].close()  # the sender's thread ends with the store
