"""The office: clerk accounts, sign-in, sending an application with uploads, the inbox and the
application page, and that a clerk reaches only the places on the account. Each story runs on SQLite
and again on PostgreSQL (DATABASE a postgresql:// URL, a fresh schema per test in scripts/test.sh's
cluster), except the two marked SQLite-only."""
from __future__ import annotations

import json
import logging
import re
from io import BytesIO

import pytest

from wizard.office import accounts
from wizard.office.accounts import link_email, signed_in_clerk
from wizard.web.app import create_app
from wizard.web.settings import DEFAULTS
from wizard.web.edge.state import office_records, store

from tests.support.office_days import office_day
from tests.support.postgres import fresh_schema
from tests.support.office import (
    upload,
    BARODA, clerk, DEKALB, finished, first_document, PASSWORD, PDF, PNG, send, sign_in, texts, visible_text)
from wizard.office.accounts import new_password_link
from datetime import timedelta


ONLY_SQLITE = pytest.mark.parametrize("app", ["sqlite"], indirect=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def app(request, app, book):
    """The tests' SQLite app (tests/conftest.py), or one on a fresh PostgreSQL schema."""
    if request.param == "sqlite":
        yield app
        return
    with fresh_schema() as url:
        on_postgresql = create_app({"TESTING": True, "RULEBOOK": book, "DATABASE": url, "SECRET_KEY": "test-secret",
                                    "WTF_CSRF_ENABLED": False})
        yield on_postgresql
        on_postgresql.extensions["interview_store"].close()


def test_a_finished_interview_offers_to_send_it_to_the_office(app, client):
    ident = finished(app)
    page = client.get(f"/i/{ident}/result").get_data(as_text=True)
    assert texts(page, "send-link") == ["Send to the Village Clerk"]


def test_an_interview_that_needs_no_permit_offers_no_send(app, client):
    ident = finished(app, {**BARODA, "max_attendance": 50})
    assert texts(client.get(f"/i/{ident}/result").get_data(as_text=True), "send-link") == []
    assert client.get(f"/i/{ident}/send").status_code == 404


def test_sending_gives_a_reference_and_a_status_page(app, client):
    ident = finished(app)
    reference = send(client, ident)
    assert re.fullmatch(r"BAR-\d{4}-0001", reference)
    page = client.get(f"/i/{ident}/application").get_data(as_text=True)
    assert reference in texts(page, "reference")
    assert texts(page, "application-status") == ["Received"]
    assert reference in visible_text(client.get(f"/i/{ident}/result").get_data(as_text=True))


def test_the_answers_file_carries_the_reference_and_goes_back_in(app, client):
    ident = finished(app)
    assert "application_reference" not in client.get(f"/i/{ident}/answers.json").get_json()  # not sent yet
    reference = send(client, ident)
    saved = client.get(f"/i/{ident}/answers.json").get_json()
    assert saved["application_reference"] == reference and saved["event_name"] == "Harvest Fair"
    # The file still works everywhere answers are read: the API and the import (a new, unsent interview).
    assert client.post("/api/assess", json=saved).get_json()["outcome"] == "required"
    imported = client.post("/import", data={"answers_file": (BytesIO(json.dumps(saved).encode()), "a.json")},
                           content_type="multipart/form-data")
    assert imported.status_code == 303
    new_id = imported.headers["Location"].split("/i/")[1].split("/")[0]
    assert new_id != ident
    assert "application_reference" not in client.get(f"/i/{new_id}/answers.json").get_json()


def test_the_declaration_must_be_confirmed(app, client):
    ident = finished(app)
    response = client.post(f"/i/{ident}/send", data={}, follow_redirects=True)
    assert "Tick the box to confirm that your answers and documents are true" in visible_text(
        response.get_data(as_text=True))
    with app.app_context():
        assert office_records().applications.application_for(ident) is None


def test_sending_again_makes_a_new_version_not_a_new_reference(app, client):
    ident = finished(app)
    first = send(client, ident)
    with app.app_context():
        interview = store().get(ident)
        interview.answers["event_name"] = "Harvest Fair and Market"
        store().save(interview)
    second = send(client, ident)
    assert first == second
    with app.app_context():
        assert [v["version"] for v in office_records().applications.versions(first)] == [1, 2]
    other = send(client, finished(app))
    assert other.endswith("-0002")


def test_a_place_gets_its_own_letters(app, client):
    assert send(client, finished(app, DEKALB)).startswith("DEK-")


@pytest.mark.parametrize("data, name, message", [
    (b"", "empty.pdf", "That file is empty (0 bytes)"),
    (b"MZ\x90\x00 not a pdf", "plan.pdf", "That file is not a PDF, JPEG or PNG"),
    (b"<html><script>alert(1)</script>", "plan.png", "That file is not a PDF, JPEG or PNG"),
    (PDF + b"x" * (10 * 1024 * 1024), "big.pdf", "That file is larger than 10 MB"),
])
def test_a_bad_upload_is_explained_and_earlier_uploads_are_kept(app, client, data, name, message):
    ident = finished(app)
    assert upload(client, ident, PDF, "first.pdf").status_code == 200
    response = upload(client, ident, data, name)
    assert response.status_code == 200
    page = visible_text(response.get_data(as_text=True))
    assert message in page
    assert "first.pdf" in page
    with app.app_context():
        assert [u["filename"] for u in office_records().applications.uploads(ident)] == ["first.pdf"]


def test_all_uploads_together_may_be_at_most_25_mb(app, client):
    ident = finished(app)
    chunk = PDF + b"x" * (9 * 1024 * 1024)
    for n in range(2):
        upload(client, ident, chunk, f"part{n}.pdf")
    page = visible_text(upload(client, ident, chunk, "part2.pdf").get_data(as_text=True))
    assert "at most 25 MB" in page


def test_the_type_comes_from_the_bytes_and_the_name_is_made_safe(app, client):
    ident = finished(app)
    upload(client, ident, PNG, '../../etc/pass wd.pdf', first_document(app))
    with app.app_context():
        (row,) = office_records().applications.uploads(ident)
    assert row["mimetype"] == "image/png" and row["filename"] == "pass-wd.png"
    response = client.get(f"/i/{ident}/uploads/{row['id']}")
    assert response.mimetype == "image/png" and response.data == PNG
    assert "no-store" in response.headers["Cache-Control"]


def test_signed_out_requests_get_the_sign_in_page(app, client):
    ident = finished(app)
    reference = send(client, ident)
    for path in ("/office", f"/office/a/{reference}", f"/office/a/{reference}/packet.pdf"):
        response = client.get(path, follow_redirects=True)
        assert "Sign in to the office" in texts(response.get_data(as_text=True), "heading-xl"), path
    for path in (f"/office/a/{reference}/status", f"/office/a/{reference}/message"):
        assert client.post(path, data={"status": "approved", "message": "x"}).status_code == 302
    with app.app_context():
        assert office_records().applications.application(reference)["status"] == "received"


class Lines(logging.Handler):
    def __init__(self):
        super().__init__(logging.INFO)
        self.lines = []

    def emit(self, record):
        self.lines.append(record.getMessage())


def test_a_clerk_signs_in_sees_the_inbox_and_signs_out(app, client):
    clerk(app)
    reference = send(client, finished(app))
    # A handler on the security log itself: other tests may change logging's global settings.
    security, lines = logging.getLogger("wizard.security"), Lines()
    level, disabled = security.level, security.disabled
    security.addHandler(lines)
    security.setLevel(logging.INFO)
    security.disabled = False  # a library's logging.config call elsewhere in the suite may have disabled it
    try:
        assert sign_in(client, password="wrong password!").status_code == 401
        assert sign_in(client).status_code == 303
    finally:
        security.removeHandler(lines)
        security.setLevel(level)
        security.disabled = disabled
    logged = "\n".join(lines.lines)
    assert "clerk@example.org" not in logged and "127.0.0.1" not in logged
    assert any(line.startswith("sign-in failure ") and "account=#" in line for line in lines.lines)
    assert any(line.startswith("sign-in ") and "account=#" in line for line in lines.lines)
    page = client.get("/office").get_data(as_text=True)
    assert "no-store" in client.get("/office").headers["Cache-Control"]
    assert reference in texts(page, "inbox")[0] and "Harvest Fair" in texts(page, "inbox")[0]
    client.post("/office/sign-out")
    assert client.get("/office").status_code == 302


@ONLY_SQLITE
def test_an_unknown_email_costs_one_scrypt_check_like_a_wrong_password(app, monkeypatch):
    """Nobody can tell from the time a refusal takes whether an email has an account: an unknown
    email is checked against a hash with the same scrypt parameters as a clerk's password."""
    assert DEFAULTS["PASSWORD_HASH_METHOD"] == "scrypt"
    app.config["PASSWORD_HASH_METHOD"] = DEFAULTS["PASSWORD_HASH_METHOD"]  # the tests' `app` sets a cheap one
    clerk(app)
    checked = []
    real = accounts.check_password_hash

    def check_counted(stored: str, password: str) -> bool:
        checked.append(stored.split("$")[0])  # method and cost parameters
        return real(stored, password)

    monkeypatch.setattr(accounts, "check_password_hash", check_counted)
    with app.app_context():
        assert signed_in_clerk(office_records(), "clerk@example.org", "wrong password!") is None
        for unknown in ("nobody@example.org", "not an email", ""):
            assert signed_in_clerk(office_records(), unknown, PASSWORD) is None
        assert signed_in_clerk(office_records(), "clerk@example.org", PASSWORD) is not None
    assert len(checked) == 5 and len(set(checked)) == 1 and checked[0].startswith("scrypt:")


def test_failed_sign_ins_slow_down(app, client):
    clerk(app)
    for _ in range(5):
        assert sign_in(client, password="nope nope nope").status_code == 401
    response = sign_in(client)  # even the right password waits now
    assert response.status_code == 429
    assert "Too many failed sign-ins" in visible_text(response.get_data(as_text=True))


def test_a_session_expires(app, client):
    clerk(app)
    sign_in(client)
    assert client.get("/office").status_code == 200
    app.config["OFFICE_SESSION_HOURS"] = 0
    assert client.get("/office").status_code == 302


def test_a_new_password_ends_old_sessions_and_a_link_works_once(app, client):
    clerk(app)
    sign_in(client)
    with app.app_context():
        token = new_password_link(office_records(), "clerk@example.org")
    other = app.test_client()
    assert other.get(f"/office/password/{token}").status_code == 200
    short = other.post(f"/office/password/{token}", data={"password": "short", "again": "short"})
    assert "at least 12 characters" in visible_text(short.get_data(as_text=True))
    assert other.post(f"/office/password/{token}", data={"password": "a new long password",
                                                          "again": "a new long password"}).status_code == 303
    assert other.get(f"/office/password/{token}").status_code == 404
    assert client.get("/office").status_code == 302  # the old session ended
    with app.app_context():
        assert link_email(office_records(), token) is None


def test_a_clerk_of_dekalb_reaches_no_baroda_application(app, client):
    organizer = app.test_client()
    baroda = send(organizer, finished(app))
    dekalb = send(organizer, finished(app, DEKALB))
    clerk(app, "dk@example.org", ("dekalb-il",))
    sign_in(client, "dk@example.org")
    inbox = visible_text(client.get("/office").get_data(as_text=True))
    assert dekalb in inbox and baroda not in inbox
    assert client.get(f"/office/a/{dekalb}").status_code == 200
    with app.app_context():
        upload_id = office_records().applications.uploads(office_records().applications.application(baroda)["interview_id"])[0]["id"]
    for path in (f"/office/a/{baroda}", f"/office/a/{baroda}/packet.pdf", f"/office/a/{baroda}/uploads/{upload_id}",
                 f"/office/a/{dekalb}/uploads/{upload_id}", f"/office?place=baroda-mi"):
        response = client.get(path)
        assert response.status_code == 404 or baroda not in response.get_data(as_text=True), path
    for action in ("status", "message", "checklist"):
        assert client.post(f"/office/a/{baroda}/{action}",
                           data={"status": "denied", "message": "x", "received": "x"}).status_code == 404
    with app.app_context():
        assert office_records().applications.application(baroda)["status"] == "received"
        assert office_records().applications.history(baroda)[-1]["what"] == "Received"


def test_the_organizers_link_reaches_only_its_own_application(app, client):
    mine, theirs = finished(app), finished(app)
    send(client, mine)
    send(client, theirs)
    with app.app_context():
        their_upload = office_records().applications.uploads(theirs)[0]["id"]
    assert client.get(f"/i/{mine}/uploads/{their_upload}").status_code == 404
    assert client.get(f"/i/{'x' * 43}/application").status_code == 404


def test_the_application_page_status_message_checklist_and_history(app, client):
    clerk(app)
    ident = finished(app)
    reference = send(client, ident, document=first_document(app))
    sign_in(client)
    page = client.get(f"/office/a/{reference}").get_data(as_text=True)
    text = visible_text(page)
    assert "Harvest Fair" in text and "Ord. 171, Application (h)" in text
    assert client.get(f"/office/a/{reference}/packet.pdf").data.startswith(b"%PDF")
    client.post(f"/office/a/{reference}/message", data={"message": "Please send the insurance certificate.",
                                                        "ask": "yes"})
    client.post(f"/office/a/{reference}/checklist", data={"received": [first_document(app)]})
    refused = client.post(f"/office/a/{reference}/status", data={"status": "approved"}, follow_redirects=True)
    assert "Approve or deny with “Record the decision”" in " ".join(texts(refused.get_data(as_text=True), "notice"))
    client.post(f"/office/a/{reference}/decision", data={"decision": "approved", "approve_anyway": "yes", "decided_on": office_day("baroda-mi").isoformat()})
    history = texts(client.get(f"/office/a/{reference}").get_data(as_text=True), "history")[0]
    for entry in ("Received: Version 1", "Downloaded the packet", "Message to the organizer: Please send the "
                  "insurance certificate.", "Status: More information needed", "Checklist: 1 ticked",
                  "Status: Approved"):
        assert entry in history
    assert "clerk@example.org" in history
    status = client.get(f"/i/{ident}/application").get_data(as_text=True)
    assert texts(status, "application-status") == ["Approved"]
    assert texts(status, "messages") and "Please send the insurance certificate." in texts(status, "messages")[0]


def test_the_inbox_flags_deadlines_filters_and_sorts(app, client):
    clerk(app)
    old, new = finished(app), finished(app, {**BARODA, "event_name": "Spring Fair", "starts_at": "2027-05-01T10:00",
                                                  "ends_at": "2027-05-01T18:00"})
    old_ref, new_ref = send(client, old), send(client, new)
    sign_in(client)
    app.config["TODAY"] = office_day("baroda-mi") + timedelta(days=40)  # Baroda decides within 45 days
    page = client.get("/office").get_data(as_text=True)
    assert texts(page, "flag--soon") and not texts(page, "flag--past")
    app.config["TODAY"] = office_day("baroda-mi") + timedelta(days=46)
    assert texts(client.get("/office").get_data(as_text=True), "flag--past")
    client.post(f"/office/a/{old_ref}/decision", data={"decision": "denied", "reasons": "No insurance",
                                                      "decided_on": office_day("baroda-mi").isoformat()})
    table = texts(client.get("/office?status=open").get_data(as_text=True), "inbox")[0]
    assert new_ref in table and old_ref not in table
    table = texts(client.get("/office?sort=event").get_data(as_text=True), "inbox")[0]
    assert table.index("Spring Fair") < table.index("Harvest Fair")


def test_csrf_guards_the_office_forms(tmp_path, book):
    app = create_app({"DATABASE": str(tmp_path / "c.db"), "SECRET_KEY": "k", "RULEBOOK": book})
    clerk(app)
    client = app.test_client()
    assert client.post("/office/sign-in", data={"email": "clerk@example.org", "password": PASSWORD}).status_code == 400
    ident = finished(app)
    assert client.post(f"/i/{ident}/uploads", data={"file": (BytesIO(PDF), "a.pdf")},
                       content_type="multipart/form-data").status_code == 400
    assert client.post(f"/i/{ident}/send", data={"declaration": "yes"}).status_code == 400


@pytest.mark.parametrize("app", ["postgresql"], indirect=True)
def test_the_app_really_stores_in_postgresql(app, client):
    """The story above is not quietly on SQLite: the sent application is a row in PostgreSQL."""
    clerk(app)
    reference = send(client, finished(app))
    backend = app.extensions["interview_store"].backend
    assert backend.dialect.name == "postgresql"
    assert backend.one("SELECT reference FROM applications")["reference"] == reference
