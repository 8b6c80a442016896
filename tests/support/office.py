"""Helpers for the office tests: a finished interview ready to send, a clerk with a password, and
reading pages by what a person sees (text by class) rather than by markup."""
from __future__ import annotations

import contextlib
from datetime import datetime, timedelta, timezone
from html.parser import HTMLParser

import pytest

from wizard.engine.answers import clean_answers
from wizard.interview.flow import JURISDICTION_STEP
from wizard.office.accounts import add_clerk, choose_password
from wizard.office.inbox import first_receipt
from wizard.web.app import create_app
from wizard.web.edge.state import office_records, rulebook, store

from tests.support.postgres import fresh_schema
from tests.support.packet import FESTIVAL
from wizard.office.applications import documents_to_attach
from io import BytesIO
from email import message_from_bytes, policy
import time
from tests.support import html
from urllib.parse import urlsplit

PASSWORD = "correct horse battery"
# A clerk's password hashed in a thousandth of scrypt's time, for the tests' apps where the hash is not
# what is tested (tests/office/test_sending_and_signing_in.py tests the scrypt check itself with the app's default).
CHEAP_HASH = "pbkdf2:sha256:1000"
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64
BARODA = {"jurisdiction": "baroda-mi", "property_owner": "private", "setting": "outdoors",
          "organizer_type": "individual", "max_attendance": 400, "starts_at": "2027-07-09T12:00",
          "ends_at": "2027-07-09T20:00", "event_name": "Harvest Fair", "applicant_email": "zoe@example.org"}
DEKALB = {**FESTIVAL, "jurisdiction": "dekalb-il", "is_auction": False, "event_name": "Corn Days"}


def finished(app, answers=None) -> str:
    """An interview with every step done (the result page is its next page)."""
    with app.app_context():
        book = rulebook()
        raw = dict(answers or BARODA)
        answers = clean_answers(raw, book.questions_for_answers(raw), book.jurisdictions)
        interview = store().create(answers)
        j = rulebook().get(answers["jurisdiction"])
        interview.completed_steps = [JURISDICTION_STEP] + [s["step"] for s in j.steps]
        store().save(interview)
        return interview.id


def clerk(app, email="clerk@example.org", places=("baroda-mi",)) -> str:
    with app.app_context():
        records = office_records()
        token = add_clerk(records, email, list(places), set(rulebook().jurisdictions))
        choose_password(records, token, PASSWORD, PASSWORD, app.config["PASSWORD_HASH_METHOD"])
    return email


def sign_in(client, email="clerk@example.org", password=PASSWORD):
    return client.post("/office/sign-in", data={"email": email, "password": password})


def received(app, answers=None, place="baroda-mi"):
    """An application sent from a new browser to a clerk of its place, who signs in there: the
    browser and the reference."""
    clerk(app, "clerk@example.org", (place,))
    client = app.test_client()
    reference = send(client, finished(app, answers))
    sign_in(client)
    return client, reference


def first_document(app, answers=None) -> str:
    answers = answers or BARODA
    with app.app_context():
        return documents_to_attach(rulebook().get(answers["jurisdiction"]), answers)[0].id


def send(client, interview_id: str, document="other", data=PDF, name="site-plan.pdf"):
    """Upload one document and send; the reference."""
    client.post(f"/i/{interview_id}/uploads", data={"document": document, "file": (BytesIO(data), name)},
                content_type="multipart/form-data")
    response = client.post(f"/i/{interview_id}/send", data={"declaration": "yes"})
    assert response.status_code == 303, response.get_data(as_text=True)
    app = client.application
    with app.app_context():
        return office_records().applications.application_for(interview_id)["reference"]


class _Texts(HTMLParser):
    def __init__(self, wanted: str):
        super().__init__()
        self.wanted, self.depth, self.found, self.stack = wanted, 0, [], []

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if tag in ("br", "input", "img", "meta", "link", "hr"):
            return
        self.stack.append(self.wanted in classes)
        if self.wanted in classes:
            self.found.append("")

    def handle_endtag(self, tag):
        if tag in ("br", "input", "img", "meta", "link", "hr") or not self.stack:
            return
        self.stack.pop()

    def handle_data(self, data):
        if any(self.stack):
            self.found[-1] += data


def texts(html: str, css_class: str) -> list[str]:
    """The text of every element with this class, whitespace collapsed."""
    parser = _Texts(css_class)
    parser.feed(html)
    return [" ".join(t.split()) for t in parser.found]


def visible_text(html: str) -> str:
    class Text(HTMLParser):
        def __init__(self):
            super().__init__()
            self.parts, self.skip = [], 0

        def handle_starttag(self, tag, attrs):
            self.skip += tag in ("script", "style", "title")

        def handle_endtag(self, tag):
            self.skip -= tag in ("script", "style", "title")

        def handle_data(self, data):
            if not self.skip:
                self.parts.append(data)

    parser = Text()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


class Inbox:
    """What a real SMTP server (aiosmtpd) received: each message parsed, by recipient."""

    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's hook name
        self.messages.append((list(envelope.rcpt_tos), message_from_bytes(envelope.content, policy=policy.default)))
        return "250 Message accepted for delivery"

    def to(self, address: str) -> list:
        return [m for rcpt, m in self.messages if address in rcpt]

    def wait_for(self, address: str, count: int = 1, seconds: float = 15) -> list:
        deadline = time.monotonic() + seconds
        while len(self.to(address)) < count:
            assert time.monotonic() < deadline, f"no mail for {address}: {[m['Subject'] for _, m in self.messages]}"
            time.sleep(0.1)
        return self.to(address)


def body(message, subtype="plain") -> str:
    return message.get_body(preferencelist=(subtype,)).get_content()


@pytest.fixture(params=["sqlite", "postgresql"], name="app")
def app_on_each_backend(request, tmp_path, book):
    """The `app` of a test module that imports this: the same pages on each backend in turn (SQLite,
    then a fresh PostgreSQL schema), for the office's SQL written once for both."""
    yield from _app_on(request.param, tmp_path, book)


@pytest.fixture(name="app")
def app_on_postgresql(tmp_path, book):
    """The `app` of a test module about a database server only (round trips): a fresh PostgreSQL schema."""
    yield from _app_on("postgresql", tmp_path, book)


def _app_on(backend: str, tmp_path, book):
    with contextlib.ExitStack() as stack:
        database = str(tmp_path / "wizard.db") if backend == "sqlite" else stack.enter_context(fresh_schema())
        app = create_app({"TESTING": True, "RULEBOOK": book, "DATABASE": database, "SECRET_KEY": "test-secret",
                          "WTF_CSRF_ENABLED": False, "PACKET_PREFETCH": False, "PASSWORD_HASH_METHOD": CHEAP_HASH})
        yield app
        app.extensions["interview_store"].close()


def keep(app, n: int, place="baroda-mi", start=0, **fields) -> list[str]:
    """n applications stored through the office's own records, received a day apart before 2027-02-28."""
    references = []
    with app.app_context():
        records, j = office_records(), rulebook().get(place)
        for i in range(start, start + n):
            at = (datetime(2027, 2, 27, 15, tzinfo=timezone.utc) - timedelta(days=i % 400, minutes=i)).isoformat()
            reference = f"{place[:3].upper()}-2027-{i:05d}"
            row = dict(reference=reference, interview_id=f"{place}-{i}", jurisdiction=place, status="received",
                       version=1, received_at=at, updated_at=at, closed_at=None, event_name=f"Fair number {i}",
                       starts_at="2027-07-09T12:00", ends_at=None, applicant_email="o@example.org", file_by=None,
                       organizer=f"Organizer {i}", **first_receipt(at, j))
            row.update(fields)
            records.applications.insert_application(row)
            references.append(reference)
    return references


def feed_path(client) -> str:
    """Make the address on the inbox and read it from the notice shown once."""
    page = client.post("/office/calendar", follow_redirects=True)
    notice = next(t for t in html.texts(page, ".notice") if "calendar address" in t)
    return urlsplit(notice.rsplit(" ", 1)[-1]).path


def upload(client, ident, data, name="plan.pdf", document="other"):
    return client.post(f"/i/{ident}/uploads", data={"document": document, "file": (BytesIO(data), name)},
                       content_type="multipart/form-data", follow_redirects=True)
