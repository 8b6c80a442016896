"""Inputs that once crashed the wizard, and their like, as an attacker or an unlucky organizer would meet them."""
from __future__ import annotations

import io
import json
import logging
import os
import re
import socket
import stat
import subprocess
import sys
import threading
import time
import tomllib
from pathlib import Path

import itsdangerous.timed
import pytest
from click.testing import CliRunner
from werkzeug.datastructures import Headers
from wtforms.validators import Length

from tests.support.served import ServedWizard
from wizard.cli import main
from wizard.errors import AnswersError
from wizard.kinds import KINDS, LONG_TEXT_LIMIT, SHORT_TEXT_LIMIT
from wizard.web.edge.state import store
from wizard.web.app import create_app
from wizard.web.edge.deployment import DeploymentError
from wizard.web.organizer.fields import make_field
from wizard.web.edge.security import SECURITY_HEADERS, ResponseGuard
from wizard.web.edge.serving import make_server

from tests.support.html import attributes, csrf_token, links, unsigned

ROOT = Path(__file__).resolve().parents[2]
HTMX = {"HX-Request": "true"}
EVENT = {"jurisdiction": "baroda-mi", "starts_at": "2027-07-09T12:00", "ends_at": "2027-07-10T23:00"}


def imported(client, answers: dict) -> str:
    response = client.post("/import", data={"answers_file": (io.BytesIO(json.dumps(answers).encode()), "a.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].split("/")[2]


def sendable(response) -> None:
    """What waitress would refuse to send: a header value outside Latin-1 or with a line break."""
    for name, value in response.headers.items():
        value.encode("latin-1")
        assert "\n" not in value and "\r" not in value, name


def has_security_headers(headers) -> None:
    for name, value in SECURITY_HEADERS.items():
        assert headers.get(name) == value, name


# Cause 4: a non-Latin-1 path in an htmx request, %ff in an interview id.

@pytest.mark.parametrize("path", ["/%E6%9D%8E", "/i/%ff", "/i/%ff/check", "/i/%E6%9D%8E/step/dates",
                                  "/%ff?x=%ff", "//evil.example/%E6%9D%8E"])
def test_an_htmx_request_for_any_path_gets_a_sendable_not_found_fragment(client, path):
    response = client.get(path, headers=HTMX)
    assert response.status_code == 404
    sendable(response)
    assert response.headers["HX-Push-Url"].startswith("/") and not response.headers["HX-Push-Url"].startswith("//")


def test_the_pushed_url_is_the_percent_encoded_path(client):
    assert client.get("/%E6%9D%8E", headers=HTMX).headers["HX-Push-Url"] == "/%E6%9D%8E"
    response = client.get("/for/baroda-mi", headers=HTMX, environ_overrides={"QUERY_STRING": "event_name=\xff%E6"})
    assert response.status_code == 200
    assert response.headers["HX-Push-Url"] == "/for/baroda-mi?event_name=%FF%E6"


# Cause 5: a 64-character label in the Host header; no links built from Host.

@pytest.mark.parametrize("path", ["/clerks", "/", "/i/x/check", "/api/jurisdictions"])
@pytest.mark.parametrize("host", ["a" * 64 + ".example", "a..b", "."])
def test_a_malformed_host_is_a_bad_request_with_the_security_headers(client, path, host):
    response = client.get(path, headers={"Host": host})
    assert response.status_code == 400
    has_security_headers(response.headers)
    assert "valid host name" in response.get_data(as_text=True)


def test_the_clerks_page_never_shows_the_requests_host(client):
    page = client.get("/clerks?jurisdiction=baroda-mi", headers={"Host": "evil.example"}).get_data(as_text=True)
    assert "evil.example" not in page
    assert unsigned(attributes(page, "#clerk-link-text", "value")) == ["/for/baroda-mi"]  # the builder's link
    assert "/for/baroda-mi" in unsigned(links(page, "a[href*='sig=']"))  # and "Try the link"


def test_the_clerks_page_shows_full_links_with_the_public_url(tmp_path, book):
    app = create_app({"RULEBOOK": book, "DATABASE": str(tmp_path / "p.db"), "SECRET_KEY": "k",
                      "PUBLIC_URL": "https://permits.example.org/"})
    page = app.test_client().get("/clerks?jurisdiction=baroda-mi&property_owner=private",
                                 headers={"Host": "evil.example"}).get_data(as_text=True)
    assert unsigned(attributes(page, "#clerk-link-text", "value")) == [
        "https://permits.example.org/for/baroda-mi?property_owner=private"]
    assert attributes(page, "img.qr__image", "src")[0].startswith("data:image/svg+xml")  # a full link has a QR code
    assert "evil.example" not in page


@pytest.mark.parametrize("bad", ["permits.example.org", "javascript:alert(1)", "https://x.example/sub",
                                 "https://" + "a" * 64 + ".example", "https://x.example:port", "ftp://x.example"])
def test_a_public_url_that_cannot_work_refuses_to_start(tmp_path, book, bad):
    with pytest.raises(DeploymentError):
        create_app({"RULEBOOK": book, "DATABASE": str(tmp_path / "p.db"), "SECRET_KEY": "k", "PUBLIC_URL": bad})


# Cause 6: a newline in the event name.

INJECTED = "Harvest Fest\nATTACH:https://evil.example/x\r\nBEGIN:VEVENT\rX-EVIL:1"


def test_a_newline_in_the_event_name_stays_inside_its_property(client):
    interview_id = imported(client, dict(EVENT, event_name=INJECTED, site_address="1 Main St\nATTACH:y"))
    response = client.get(f"/i/{interview_id}/event.ics")
    assert response.status_code == 200
    lines = response.data.decode().replace("\r\n ", "").split("\r\n")  # unfolded
    assert not [line for line in lines if line.startswith(("ATTACH", "X-EVIL"))]
    plain = client.get(f"/i/{imported(client, dict(EVENT, event_name='Harvest Fest', site_address='1 Main St'))}/event.ics").data.decode()
    def names(text_lines):
        return sorted(re.split("[;:]", line)[0] for line in text_lines if line)
    assert names(lines) == names(plain.replace("\r\n ", "").split("\r\n"))  # no property added
    calname = next(line for line in lines if line.startswith("X-WR-CALNAME"))
    assert "\\n" in calname


@pytest.mark.parametrize("optimize", ["-O", "-OO"])
def test_the_calendar_is_escaped_without_asserts(optimize):
    """icalendar guards raw newlines with `assert`; under python -O only our own escaping holds."""
    code = (
        "from wizard.authoring.loader import load_rulebook\n"
        "from wizard.engine.assess import assess_jurisdiction\n"
        "from wizard.packet.calendar import build_calendar, refuse_injected_lines, CalendarInjection\n"
        "import json, sys\n"
        "answers = json.loads(sys.argv[1])\n"
        "book = load_rulebook(); j = book.jurisdictions[answers['jurisdiction']]\n"
        "body = build_calendar(answers, assess_jurisdiction(j, answers), j, 'seed')\n"
        "try:\n"
        "    refuse_injected_lines(body + b'ATTACH:https://evil.example\\r\\n')\n"
        "    print('NOT REFUSED')\n"
        "except CalendarInjection:\n"
        "    pass\n"
        "sys.stdout.write(body.decode())\n"
    )
    answers = dict(EVENT, event_name=INJECTED)
    done = subprocess.run([sys.executable, optimize, "-c", code, json.dumps(answers)], cwd=ROOT,
                          capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    output = done.stdout.decode()
    assert "NOT REFUSED" not in output
    lines = output.replace("\r\n ", "").split("\r\n")  # unfolded
    assert not [line for line in lines if line.startswith(("ATTACH", "X-EVIL"))]
    assert any(line.startswith("X-WR-CALNAME:Permit dates: Harvest Fest\\n") for line in lines)


# Cause 7: every error response carries the security headers, through a real `wizard serve`.

@pytest.fixture(scope="module")
def served(tmp_path_factory):
    db = tmp_path_factory.mktemp("served") / "wizard.db"
    server = ServedWizard("--db", str(db), "--threads", "2")
    yield server.port, db
    server.stop()


def raw_request(port: int, request: bytes) -> tuple[int, Headers, bytes]:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.sendall(request)
        data = b""
        while chunk := conn.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    headers = Headers()  # names in any case: waitress writes Hx-Push-Url
    for line in header_lines:
        name, _, value = line.partition(":")
        headers.add(name.strip(), value.strip())
    return int(status_line.split()[1]), headers, body


@pytest.mark.parametrize("request_bytes, status", [
    (b"GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", 200),
    (b"GET /%E6%9D%8E HTTP/1.1\r\nHost: localhost\r\nHX-Request: true\r\nConnection: close\r\n\r\n", 404),
    (b"GET /i/%ff/check HTTP/1.1\r\nHost: localhost\r\nHX-Request: true\r\nConnection: close\r\n\r\n", 404),
    (b"GET /clerks HTTP/1.1\r\nHost: " + b"a" * 64 + b".example\r\nConnection: close\r\n\r\n", 400),
    (b"GET /clerks HTTP/1.1\r\nHost: xn--a.example\r\nConnection: close\r\n\r\n", 400),
    (b"GET / HTTP/1.1\r\nHost: \x80.example\r\nConnection: close\r\n\r\n", 200),  # werkzeug ignores it
    (b"GET /for/baroda-mi?event_name=\xff\xe6 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", 400),
    # waitress answers these itself, without calling the app:
    (b"POST /api/assess HTTP/1.1\r\nHost: localhost\r\nContent-Length: many\r\n\r\n", 400),
    (b"GET / HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: gzip\r\n\r\n", 501),
])
def test_every_response_of_a_real_server_carries_the_security_headers(served, request_bytes, status):
    port, _db = served
    got, headers, _body = raw_request(port, request_bytes)
    assert got == status
    has_security_headers(headers)
    if status == 404:
        headers["HX-Push-Url"].encode("ascii")


def test_waitress_own_500_page_carries_the_security_headers():
    """The page waitress writes when an app fails outside the guard (here an app without it)."""
    def crashes(environ, start_response):
        raise RuntimeError("boom")

    server = make_server(crashes, "127.0.0.1", 0, 1)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        status, headers, body = raw_request(server.effective_port,
                                            b"GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
    finally:
        server.close()
    assert status == 500 and b"Internal Server Error" in body
    has_security_headers(headers)
    assert headers["Cache-Control"] == "no-store"


def test_the_database_of_a_real_server_is_private(served):
    _port, db = served
    assert stat.S_IMODE(os.stat(db).st_mode) == 0o600


def test_the_guard_turns_any_failure_outside_flask_into_a_headed_500(caplog):
    def crashes(environ, start_response):
        raise ValueError("answer 'Jane Doe'")

    def unsendable(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/html"), ("X-Name", "李")])
        return [b"x"]

    for app in (crashes, unsendable):
        statuses = []
        body = ResponseGuard(app)({"PATH_INFO": "/i/" + "k" * 43 + "/check", "REQUEST_METHOD": "GET",
                                   "HTTP_HOST": "localhost", "wsgi.url_scheme": "http"},
                                  lambda status, headers: statuses.append((status, dict(headers))))
        status, headers = statuses[0]
        assert status.startswith("500")
        has_security_headers(headers)
        assert b"Sorry, something went wrong" in b"".join(body)
    assert "k" * 43 not in caplog.text and "Jane Doe" not in caplog.text


# No secrets in logs.

def test_a_500_logs_a_hash_of_the_interview_id_and_no_answer_values(tmp_path, book, caplog):
    app = create_app({"RULEBOOK": book, "DATABASE": str(tmp_path / "l.db"), "SECRET_KEY": "k",
                      "WTF_CSRF_ENABLED": False})

    def fails(interview_id):
        raise AnswersError("event_name", "expected text, got 'Jane Doe, 12 Elm Street'")

    app.add_url_rule("/i/<interview_id>/fails", view_func=fails)
    secret_id = "s3cr3t" * 8
    with caplog.at_level(logging.ERROR):
        response = app.test_client().get(f"/i/{secret_id}/fails?event_name=Jane+Doe")
    assert response.status_code == 500
    has_security_headers(response.headers)
    assert caplog.records, "the failure is logged"
    assert secret_id not in caplog.text and "Jane Doe" not in caplog.text and "Elm Street" not in caplog.text
    assert "/i/#" in caplog.text and "AnswersError" in caplog.text


# One set of length limits.

def test_the_form_and_the_engine_share_the_text_limits(book):
    """One definition: the kind's max_length builds the form's Length check and cleans every way in."""
    for key, limit in (("event_name", SHORT_TEXT_LIMIT), ("event_purpose", LONG_TEXT_LIMIT)):
        question = book.questions[key]
        assert KINDS[question["kind"]].max_length(question) == limit
        field = make_field(key, question)
        assert [v.max for v in field.kwargs["validators"] if isinstance(v, Length)] == [limit]


def test_an_imported_file_gets_the_forms_length_limits(client):
    response = client.post("/import", data={"answers_file": (io.BytesIO(json.dumps(
        dict(EVENT, event_name="x" * 301)).encode()), "a.json")}, content_type="multipart/form-data")
    assert response.status_code == 400
    assert "event_name: is longer than 300 characters" in response.get_data(as_text=True)
    assert imported(client, dict(EVENT, event_name="x" * 300, event_purpose="y" * 20_000))


def test_the_api_and_a_clerks_link_get_the_same_limits(client):
    response = client.post("/api/assess", json=dict(EVENT, event_name="x" * 301))
    assert response.status_code == 400 and response.get_json()["key"] == "event_name"
    page = client.get("/for/baroda-mi", query_string={"event_name": "x" * 301}).get_data(as_text=True)
    assert "could not use for “What is the name of your event?”" in page and "x" * 301 not in page
    # Typed too long on the start page: the same limit, said on the field; nothing started.
    refused = client.post("/start", data={"jurisdiction": "baroda-mi", "event_name": "x" * 301})
    assert refused.status_code == 200 and "Use 300 characters or fewer" in refused.get_data(as_text=True)


# CSRF tokens expire, with a friendly page that keeps the answers.

def test_an_expired_form_says_so_and_keeps_the_answers(tmp_path, book, monkeypatch):
    app = create_app({"RULEBOOK": book, "DATABASE": str(tmp_path / "c.db"), "SECRET_KEY": "k"})
    assert app.config["WTF_CSRF_TIME_LIMIT"] == 24 * 3600
    client = app.test_client()
    with app.app_context():
        interview = store().create({"jurisdiction": "baroda-mi", "event_name": "Harvest Fest"})
        interview.completed_steps = ["where"]
        store().save(interview)
    url = f"/i/{interview.id}/step/where"
    signer = itsdangerous.timed.TimestampSigner
    monkeypatch.setattr(signer, "get_timestamp", lambda self: int(time.time()) - 25 * 3600)
    page = client.get(url).get_data(as_text=True)
    monkeypatch.undo()
    response = client.post(url, data={"csrf_token": csrf_token(page), "jurisdiction": "dekalb-il"})
    text = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "This page expired" in text and "Your answers are kept" in text
    assert url in links(text)  # back to the same step, to post again
    has_security_headers(response.headers)
    with app.app_context():
        assert store().get(interview.id).answers == {"jurisdiction": "baroda-mi", "event_name": "Harvest Fest"}


# Headers and cookies.

def test_api_responses_are_never_cached(client):
    assert client.get("/api/jurisdictions").headers["Cache-Control"] == "no-store"
    assert client.post("/api/assess", json={"jurisdiction": "baroda-mi"}).headers["Cache-Control"] == "no-store"
    assert client.post("/api/assess", data="nope").headers["Cache-Control"] == "no-store"


def session_cookie(response) -> str:
    return next(v for k, v in response.headers.items() if k == "Set-Cookie" and v.startswith("session="))


def test_the_session_cookie_is_secure_behind_https(tmp_path, book):
    def app_with(**config):
        return create_app({"RULEBOOK": book, "DATABASE": str(tmp_path / "s.db"), "SECRET_KEY": "k", **config})

    plain = app_with().test_client().get("/")
    assert "Secure" not in session_cookie(plain) and "HttpOnly" in session_cookie(plain)
    public = app_with(PUBLIC_URL="https://permits.example.org").test_client().get("/")
    assert "Secure" in session_cookie(public)
    proxied = app_with(TRUSTED_PROXIES=1).test_client()
    assert "Secure" in session_cookie(proxied.get("/", headers={"X-Forwarded-Proto": "https"}))
    untrusted = app_with().test_client()
    assert "Secure" not in session_cookie(untrusted.get("/", headers={"X-Forwarded-Proto": "https"}))


def test_the_database_file_is_created_readable_by_its_owner_only(tmp_path, book):
    create_app({"RULEBOOK": book, "DATABASE": str(tmp_path / "new" / "wizard.db"), "SECRET_KEY": "k"})
    assert stat.S_IMODE(os.stat(tmp_path / "new" / "wizard.db").st_mode) == 0o600


# Reproducible installs.

def test_every_dependency_has_an_upper_bound_and_the_lock_pins_them_with_hashes():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    for requirement in project["dependencies"] + project["optional-dependencies"]["test"]:
        assert "<" in requirement, requirement
    lock = (ROOT / "requirements.lock").read_text()
    for requirement in project["dependencies"]:
        name = requirement.split("[")[0].split(">")[0].split("<")[0].split("=")[0].strip().lower()
        assert f"\n{name}==" in lock, name
    pins = [line for line in lock.splitlines() if "==" in line and not line.startswith("#")]
    assert pins and all(line.rstrip().endswith("\\") for line in pins)  # each pin is followed by --hash lines
    assert "install_locked .venv" in (ROOT / "scripts" / "serve.sh").read_text()  # the steps in setup_steps.sh
    assert "--require-hashes -r requirements.lock" in (ROOT / "scripts" / "setup_steps.sh").read_text()


# Found by the hostile-input test: a multipart part whose name werkzeug cannot read.

@pytest.mark.parametrize("name", ["a\r\nb", "a\\"])
def test_a_form_field_without_a_readable_name_is_ignored(tmp_path, book, name):
    app = create_app({"RULEBOOK": book, "DATABASE": str(tmp_path / "m.db"), "SECRET_KEY": "k"})
    response = app.test_client().post("/import", data={name: "v", "csrf_token": "", "answers_file": (
        io.BytesIO(b"{}"), "a.json")}, content_type="multipart/form-data")
    assert response.status_code == 400 and "Please try again" in response.get_data(as_text=True)


def test_a_raw_byte_in_the_query_string_is_read_as_percent_encoded(client):
    response = client.get("/for/baroda-mi", environ_overrides={"QUERY_STRING": "event_name=Caf\xe9"})
    assert response.status_code == 200


def test_wizard_serve_refuses_a_public_url_that_cannot_work(tmp_path):
    result = CliRunner().invoke(main, ["serve", "--public-url", "permits.example.org", "--db", str(tmp_path / "w.db")])
    assert result.exit_code == 1 and "PUBLIC_URL must be a scheme and host" in result.output
