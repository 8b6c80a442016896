"""Mail goes once with a real server killed mid-send: `wizard serve --smtp` killed (SIGKILL) while the SMTP
server holds its message does not send that message again when it restarts, sends the rest of the outbox
within a minute of both servers restarting with nobody visiting, and sends the held message again only
once the bound of "being sent" has passed, with the same Message-ID (the receiving side drops the copy)."""
from __future__ import annotations

import asyncio
import threading
import time
from datetime import datetime, timedelta, timezone

from aiosmtpd.controller import Controller

from wizard.office.outbox import SENDING_BOUND
from wizard.web.edge.state import office_records

from tests.support.office import Inbox
from tests.support.office_mail import deliver, mail_app
from tests.support.served import ServedWizard, free_port

MINUTE = 60


class Holding(Inbox):
    """An SMTP server that reads a message and then keeps its sender waiting for the reply."""

    def __init__(self):
        super().__init__()
        self.holding = threading.Event()

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's hook name
        await super().handle_DATA(server, session, envelope)
        self.holding.set()
        await asyncio.sleep(30)  # the sender is killed meanwhile
        return "250 Message accepted for delivery"


def smtp_on(port: int, handler) -> Controller:
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    return controller


def queued(app, subject: str) -> None:
    with app.app_context():
        office_records().mail.queue_mail("MG-TEST-1", "zoe@example.org", subject, "Your permit.", "<p>Your permit.</p>")


def marked_sent(app, subject: str, seconds: float = 15) -> None:
    deadline = time.monotonic() + seconds
    with app.app_context():
        while not office_records().mail._query("SELECT id FROM outbox WHERE subject = ? AND sent_at IS NOT NULL",
                                               (subject,)):
            assert time.monotonic() < deadline, f"{subject!r} never marked sent"
            time.sleep(0.1)


def serve(database, port: int) -> ServedWizard:
    return ServedWizard("--db", str(database), "--smtp", f"127.0.0.1:{port}",
                        "--mail-from", "permits@example.org")


def test_a_sender_killed_mid_send_sends_once_and_the_outbox_drains_after_both_servers_restart(tmp_path, book):
    port = free_port()
    app = mail_app(tmp_path, book, port)
    queued(app, "Decision on MG-TEST-1")
    holding = Holding()
    controller = smtp_on(port, holding)
    server = serve(tmp_path / "m.db", port)
    try:
        assert holding.holding.wait(MINUTE), server.output  # the server started sending with nobody visiting
        server.kill()
    finally:
        server.stop()
        controller.stop()
    assert deliver(app, port) == 0  # with the SMTP server down too: the held message is being sent
    queued(app, "Receipt for MG-TEST-1")
    now = datetime.now(timezone.utc)
    for minutes in (0, 2, 5):  # the SMTP server is down: the receipt waits longer each time, 8 minutes at last
        assert deliver(app, port, now + timedelta(minutes=minutes)) == 0
    inbox = Inbox()
    controller = smtp_on(port, inbox)  # both servers restart
    server = serve(tmp_path / "m.db", port)
    try:
        (receipt,) = inbox.wait_for("zoe@example.org", seconds=MINUTE)
        assert receipt["Subject"] == "Receipt for MG-TEST-1"
        marked_sent(app, "Receipt for MG-TEST-1")
    finally:
        server.stop()
    try:
        assert inbox.to("zoe@example.org") == [receipt]  # the killed sender's message was not sent again...
        past_the_bound = datetime.now(timezone.utc) + timedelta(seconds=SENDING_BOUND + MINUTE)
        assert deliver(app, port, past_the_bound) == 1  # ...until its bound passed
    finally:
        controller.stop()
    (held,) = [m for _, m in holding.messages]
    again = [m for m in inbox.to("zoe@example.org") if m["Subject"] == "Decision on MG-TEST-1"]
    assert [m["Message-ID"] for m in again] == [held["Message-ID"]]
