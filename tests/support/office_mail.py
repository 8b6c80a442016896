"""The office's mail through a real SMTP server (aiosmtpd), and the departments' referrals."""
from __future__ import annotations

from urllib.parse import urlsplit

from wizard.office.outbox import SmtpSettings, deliver_due
from wizard.web.app import create_app
from wizard.web.edge.state import office_records

from tests.support import html
from tests.support.office import body, CHEAP_HASH


def mail_app(tmp_path, book, port, **config):
    return create_app({"TESTING": True, "RULEBOOK": book, "DATABASE": str(tmp_path / "m.db"), "SECRET_KEY": "k",
                       "WTF_CSRF_ENABLED": False, "SMTP_HOST": "127.0.0.1", "SMTP_PORT": port,
                       "MAIL_FROM": "permits@example.org", "PUBLIC_URL": "https://permits.example.org",
                       "MAIL_SENDER": False, "PASSWORD_HASH_METHOD": CHEAP_HASH, **config})


def deliver(app, port, now=None) -> int:
    with app.app_context():
        return deliver_due(office_records(), SmtpSettings("127.0.0.1", port, "permits@example.org"), now)


def refused_post(client, path: str, data: dict, message: str):
    """Post an office form that is refused: the page it leads back to says why; that page."""
    page = client.post(path, data=data, follow_redirects=True)
    assert message in " ".join(html.texts(page, ".notice"))
    return page


def referral_link(app, port, inbox, address: str) -> str:
    deliver(app, port)
    (mail,) = [m for m in inbox.to(address) if m["Subject"].startswith("Review requested")]
    return urlsplit(body(mail).strip().splitlines()[-1]).path
