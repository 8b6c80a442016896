"""Mail goes once: a message the SMTP server took is sent again, after the database failed before it
was marked sent, only once the bound of "being sent" has passed and with the same Message-ID (mail clients show one message); a permanent refusal (5xx)
is not tried again, and the clerk's list says so. Against the tests' real SMTP server (aiosmtpd)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from wizard.errors import StoreUnavailable
from wizard.web.edge.state import office_records

from tests.support.office_mail import deliver, mail_app

LATER = timedelta(hours=2)  # past any retry's wait
NOT_YET = timedelta(minutes=5)  # a message being sent is not tried again this soon


def queued(app, recipient: str, subject: str) -> None:
    with app.app_context():
        office_records().mail.queue_mail("MG-TEST-1", recipient, subject, "Your permit is attached.", "<p>Your permit.</p>")


def test_a_database_failure_between_send_and_mark_resends_with_the_same_message_id(tmp_path, book, smtp, monkeypatch):
    controller, inbox = smtp
    app = mail_app(tmp_path, book, controller.port)
    queued(app, "zoe@example.org", "Decision on MG-TEST-1")
    with app.app_context():
        records = office_records()
        cls = type(records.mail)
    marked = cls.mail_sent

    def database_gone(self, mail_id):
        raise StoreUnavailable("the database cannot be reached: killed between send and mark")

    monkeypatch.setattr(cls, "mail_sent", database_gone)
    start = datetime.now(timezone.utc)
    for later in range(2):  # the server took it twice; the database never heard
        with pytest.raises(StoreUnavailable):
            deliver(app, controller.port, start + later * LATER)
    assert deliver(app, controller.port, start + LATER + NOT_YET) == 0  # being sent: not again at once
    monkeypatch.setattr(cls, "mail_sent", marked)
    assert deliver(app, controller.port, start + 2 * LATER) == 1
    assert deliver(app, controller.port, start + 3 * LATER) == 0  # marked sent at last
    received = inbox.to("zoe@example.org")
    assert len(received) == 3  # however many deliveries...
    assert len({m["Message-ID"] for m in received}) == 1  # ...one message to the reader
    assert received[0]["Message-ID"].endswith("@example.org>")


def test_two_messages_have_two_message_ids(tmp_path, book, smtp):
    controller, inbox = smtp
    app = mail_app(tmp_path, book, controller.port)
    queued(app, "zoe@example.org", "Decision on MG-TEST-1")
    queued(app, "zoe@example.org", "Decision on MG-TEST-1")  # the same words, another message
    assert deliver(app, controller.port) == 2
    assert len({m["Message-ID"] for m in inbox.to("zoe@example.org")}) == 2


class Refusing:
    """An SMTP handler that refuses one mailbox for good (550) and takes the others."""

    def __init__(self, inbox):
        self.inbox = inbox

    async def handle_RCPT(self, server, session, envelope, address, options):  # noqa: N802 - aiosmtpd's name
        if address.startswith("gone@"):
            return "550 5.1.1 No such mailbox"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):  # noqa: N802
        return await self.inbox.handle_DATA(server, session, envelope)


def test_a_permanent_refusal_is_not_tried_again_and_the_clerk_is_told(tmp_path, book, smtp):
    controller, inbox = smtp
    controller.handler = Refusing(inbox)
    app = mail_app(tmp_path, book, controller.port)
    queued(app, "gone@example.org", "Decision on MG-TEST-1")
    queued(app, "zoe@example.org", "Receipt for MG-TEST-1")
    assert deliver(app, controller.port) == 1
    for hours in (2, 24, 24 * 30):  # never tried again, however long after
        assert deliver(app, controller.port, datetime.now(timezone.utc) + timedelta(hours=hours)) == 0
    with app.app_context():
        (row,) = office_records().mail._query("SELECT attempts, last_error FROM outbox WHERE sent_at IS NULL", ())
    assert row["attempts"] == 1
    assert "550" in row["last_error"] and "not tried again" in row["last_error"]
    assert [m["Subject"] for m in inbox.to("zoe@example.org")] == ["Receipt for MG-TEST-1"]
