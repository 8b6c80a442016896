"""The organizer's mail (a link, reminders) through a real SMTP server."""
from __future__ import annotations

from datetime import date

from wizard.office.outbox import SmtpSettings, deliver_due
from wizard.web.app import create_app
from wizard.web.edge.state import office_records

from tests.support.office import texts

TODAY = date(2027, 1, 4)  # Harvest Fair (Baroda, July 9, 2027): file by March 26, permit in hand by May 10


ME = "me@example.org"


def mail_app(tmp_path, book, port, **config):
    return create_app({"TESTING": True, "RULEBOOK": book, "DATABASE": str(tmp_path / "m.db"), "SECRET_KEY": "k",
                       "WTF_CSRF_ENABLED": False, "SMTP_HOST": "127.0.0.1", "SMTP_PORT": port,
                       "MAIL_FROM": "permits@example.org", "PUBLIC_URL": "https://permits.example.org",
                       "MAIL_SENDER": False, "SWEEPER": False, "TODAY": TODAY, **config})


def deliver(app, port) -> int:
    with app.app_context():
        return deliver_due(office_records(), SmtpSettings("127.0.0.1", port, "permits@example.org"))


def ask(client, ident: str, send="link", email=ME):
    return client.post(f"/i/{ident}/by-email", data={"email": email, "send": send}, follow_redirects=True)


def notices(response) -> list[str]:
    return texts(response.get_data(as_text=True), "notice")
