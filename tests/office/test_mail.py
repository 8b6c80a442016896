"""The office's mail through a real SMTP server (aiosmtpd): the clerk's notice, the organizer's
receipt and messages, retries with backoff when the server is down, and "mail is off"."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from aiosmtpd.controller import Controller

from wizard.office.outbox import backoff
from wizard.web.edge.state import office_records

from tests.support.office_days import office_day
from tests.support.office import body, clerk, finished, Inbox, received, send, sign_in, texts, visible_text
from tests.support.served import free_port
from tests.support.office_mail import deliver, mail_app


def test_the_clerk_and_the_organizer_get_their_mail(tmp_path, book, smtp):
    controller, inbox = smtp
    app = mail_app(tmp_path, book, controller.port)
    clerk(app)
    client = app.test_client()
    reference = send(client, finished(app))
    assert deliver(app, controller.port) == 2
    (notice,) = inbox.to("clerk@example.org")
    assert notice["Subject"] == f"New application {reference}" and notice["From"] == "permits@example.org"
    text = body(notice)
    for part in ("Harvest Fair", "Friday, July 9, 2027", "Decision due by", "Ord. 171, Application (h)",
                 f"https://permits.example.org/office/a/{reference}"):
        assert part in text
    assert f"https://permits.example.org/office/a/{reference}" in body(notice, "html")
    (receipt,) = inbox.to("zoe@example.org")
    assert reference in receipt["Subject"] and "/application" in body(receipt)
    for private in ("Zoë", "555", "Elm"):  # nothing more personal than needed
        assert private not in text and private not in body(receipt)


def test_a_clerks_message_reaches_the_organizer(tmp_path, book, smtp):
    controller, inbox = smtp
    app = mail_app(tmp_path, book, controller.port)
    client, reference = received(app)
    client.post(f"/office/a/{reference}/message", data={"message": "Please send the insurance certificate.",
                                                        "ask": "yes"})
    deliver(app, controller.port)
    messages = inbox.to("zoe@example.org")
    assert any("Please send the insurance certificate." in body(m) for m in messages)
    # Asking for more information is a status change too: its own email, as from the status control.
    (notice,) = [m for m in messages if m["Subject"] == f"{reference}: More information needed"]
    assert "is now: More information needed" in body(notice) and "/application" in body(notice)


def test_every_status_change_emails_the_organizer(tmp_path, book, smtp):
    controller, inbox = smtp
    app = mail_app(tmp_path, book, controller.port)
    client, reference = received(app)
    for status in ("more_information", "under_review", "withdrawn", "received"):
        client.post(f"/office/a/{reference}/status", data={"status": status})
    client.post(f"/office/a/{reference}/status", data={"status": "received"})  # no change: no mail
    client.post(f"/office/a/{reference}/status", data={"status": "approved"})  # refused: a decision approves
    for decision in ({"decision": "denied", "reasons": "No insurance"}, {"decision": "approved", "approve_anyway": "yes"}):
        client.post(f"/office/a/{reference}/decision", data={**decision, "decided_on": office_day("baroda-mi").isoformat()})
    deliver(app, controller.port)
    subjects = [m["Subject"] for m in inbox.to("zoe@example.org")]
    assert subjects == [f"Application received: {reference}"] + [
        f"{reference}: {label}" for label in ("More information needed", "Under review", "Withdrawn", "Received",
                                              "Denied", "Approved")]


def test_mail_waits_in_the_outbox_while_the_server_is_down_and_nothing_is_lost(tmp_path, book):
    port = free_port()  # nothing listens here yet
    app = mail_app(tmp_path, book, port)
    clerk(app)
    client = app.test_client()
    reference = send(client, finished(app))
    now = datetime.now(timezone.utc)
    assert deliver(app, port, now) == 0
    with app.app_context():
        unsent = office_records().mail.unsent_mail(["baroda-mi"])
    assert len(unsent) == 2 and {u["attempts"] for u in unsent} == {1}
    assert unsent[0]["last_error"] == "ConnectionRefusedError"
    sign_in(client)
    shown = texts(client.get("/office").get_data(as_text=True), "unsent-mail")[0]
    assert f"New application {reference}" in shown and "ConnectionRefusedError" in shown
    assert deliver(app, port, now + timedelta(seconds=30)) == 0  # not due yet: backoff
    assert backoff(1) == 60 and backoff(2) == 120 and backoff(20) == 3600
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        assert deliver(app, port, now + timedelta(minutes=2)) == 2
    finally:
        controller.stop()
    assert inbox.to("clerk@example.org") and inbox.to("zoe@example.org")
    assert texts(client.get("/office").get_data(as_text=True), "unsent-mail") == []


def test_the_background_sender_sends_at_once(tmp_path, book, smtp):
    controller, inbox = smtp
    app = mail_app(tmp_path, book, controller.port, MAIL_SENDER=True)
    clerk(app)
    reference = send(app.test_client(), finished(app))
    (notice,) = inbox.wait_for("clerk@example.org")
    assert reference in notice["Subject"]
    app.extensions["interview_store"].close()


def test_without_smtp_the_office_works_and_says_mail_is_off(app, client):
    clerk(app)
    reference = send(client, finished(app))
    sign_in(client)
    page = visible_text(client.get("/office").get_data(as_text=True))
    assert "Mail is off." in page and reference in page
