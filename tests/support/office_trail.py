"""The office's paper trail on SQLite and PostgreSQL: the `trail` fixture and its mail and PDFs."""
from __future__ import annotations

import contextlib
from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfReader

from wizard.web.app import create_app
from wizard.web.edge.state import office_records

from tests.support.office import BARODA, CHEAP_HASH
from tests.support.office_days import office_day
from tests.support.office_mail import deliver
from tests.support.pdfua import pdfua_problems
from tests.support.postgres import fresh_schema

OFFICES = Path(__file__).resolve().parents[1] / "fixtures" / "offices.yaml"


@pytest.fixture(params=["sqlite", "postgresql"])
def trail(request, tmp_path, book, smtp):
    """The office app mailing to the test SMTP server, on each backend: the app, its inbox and port."""
    controller, inbox = smtp
    with contextlib.ExitStack() as stack:
        database = str(tmp_path / "r.db") if request.param == "sqlite" else stack.enter_context(fresh_schema())
        app = create_app({"TESTING": True, "RULEBOOK": book, "DATABASE": database, "SECRET_KEY": "k",
                          "WTF_CSRF_ENABLED": False, "SMTP_HOST": "127.0.0.1", "SMTP_PORT": controller.port,
                          "MAIL_FROM": "permits@example.org", "PUBLIC_URL": "https://permits.example.org",
                          "MAIL_SENDER": False, "OFFICES_FILE": str(OFFICES), "PASSWORD_HASH_METHOD": CHEAP_HASH})
        yield app, inbox, controller.port
        app.extensions["interview_store"].close()


def pdf_text(data: bytes) -> list[str]:
    """Each page's words, lines joined (lines break where the font makes them)."""
    return [" ".join(page.extract_text().split()) for page in PdfReader(BytesIO(data)).pages]


def passes_pdfua(data: bytes, tmp_path) -> bool:
    """No finding, and no rule the checker skipped (tests/support/pdfua.py)."""
    path = tmp_path / "checked.pdf"
    path.write_bytes(data)
    return pdfua_problems(path) == []


def organizer(app, reference: str):
    with app.app_context():
        interview_id = office_records().applications.application(reference)["interview_id"]
    return app.test_client(), f"/i/{interview_id}/application"


def mails(app, port, inbox, subject: str) -> list:
    deliver(app, port)
    return [m for m in inbox.to("zoe@example.org") if m["Subject"] == subject]


# Where a board decides (Whitesboro's Board of Trustees), the decision is recorded with its meeting; the other
# places' forms have no such fields and ignore them.
MEETING = {"agenda_item": "7(b)", "motion": "Resolution 2027-14", "ayes": "4", "nays": "1"}


def approve(client, reference: str, place="baroda-mi", **fields):
    return client.post(f"/office/a/{reference}/decision", follow_redirects=True, data={
        "decision": "approved", "approve_anyway": "yes", "decided_on": office_day(place).isoformat(), **MEETING,
        **fields})


def long(day) -> str:
    with_app = __import__("wizard.readable", fromlist=["long_date"])
    return with_app.long_date(day.isoformat())


WHITESBORO = {**BARODA, "jurisdiction": "whitesboro-ny", "event_name": "Mill Days", "local_exempt_organizer": "none"}


def pay(client, reference: str, place: str, **fields):
    return client.post(f"/office/a/{reference}/payments", follow_redirects=True,
                       data={"received_on": office_day(place).isoformat(), **fields})
