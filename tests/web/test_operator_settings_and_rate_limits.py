"""Hardening: the clerks' handout, rule files that would exhaust the checker,
links from the Host header, operator values, secret files, HSTS, the security log, abuse limits."""
from __future__ import annotations

import io
import json
import logging
import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from wizard.authoring.checks import run_checks
from wizard.cli import main
from wizard.errors import InterviewTooLarge
from wizard.store.interviews import MAX_ANSWERS_BYTES, InterviewStore
from wizard.web.app import create_app
from wizard.web.edge.deployment import DeploymentError
from wizard.web.edge.limits import DEFAULT_ANSWERS_PER_HOUR
from wizard.web.edge.serving import AccessLog

from tests.support.html import attributes, parse
from tests.support.kiosk import kiosk_app, kiosk_result

ROOT = Path(__file__).resolve().parents[2]
DEKALB = ROOT / "interviews" / "jurisdictions" / "dekalb-il.yaml"


def test_the_handout_prints_no_foreign_site(client):
    for site in ("https://evil.example", "https://perm\u202eits.example.org", "https://permits example.org",
                 "https://xn--80ak6aa92e.com"):
        page = client.get("/clerks/handout", query_string={"jurisdiction": "baroda-mi", "site": site},
                          follow_redirects=True, headers={"Host": "permits.example.org"}).get_data(as_text=True)
        assert "There is a problem" in page and not parse(page).select("#clerk-link-text")  # no link made
    own = client.get("/clerks/handout", query_string={"jurisdiction": "baroda-mi", "site": "https://permits.example.org"},
                     headers={"Host": "permits.example.org"}).get_data(as_text=True)
    assert "https://permits.example.org/for/baroda-mi" in own


def test_with_a_public_address_the_handout_uses_it_whatever_the_site_says(app, client):
    app.config["PUBLIC_URL"] = "https://permits.example.org"
    page = client.get("/clerks/handout?jurisdiction=baroda-mi&site=https://evil.example").get_data(as_text=True)
    printed = str(parse(page).select_one("article.handout"))  # the sheet that is printed, markup and all
    assert "https://permits.example.org/for/baroda-mi" in printed and "evil.example" not in printed


def bomb(levels: int = 9) -> str:
    lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    previous = "a"
    for name in "bcdefghij"[:levels - 1]:
        lines.append(f"{name}: &{name} [{', '.join([f'*{previous}'] * 9)}]")
        previous = name
    return "\n".join(lines) + "\n"


def test_a_billion_laughs_rule_file_is_refused_at_once(tmp_path):
    path = tmp_path / "laughs.yaml"
    path.write_text(bomb(), encoding="utf-8")
    problems = run_checks([path])
    assert len(problems) == 1 and "aliases" in problems[0].message
    result = CliRunner().invoke(main, ["serve", "--add-rules", str(path), "--db", str(tmp_path / "w.db")])
    assert result.exit_code == 1 and "aliases" in result.output


def test_a_recursive_alias_is_refused(tmp_path):
    path = tmp_path / "loop.yaml"
    path.write_text("a: &a [1, *a]\n", encoding="utf-8")
    assert "contains itself" in run_checks([path])[0].message


def test_the_built_in_rule_files_may_still_use_a_few_aliases():
    assert "*private_land" in DEKALB.read_text(encoding="utf-8")
    assert run_checks([DEKALB]) == []


@pytest.mark.parametrize("value, words", [("1" * 4400, "too many digits"), ("1" * 4300, "over 1,000,000,000,000"),
                                           (".inf", "not finite"), ("1.0e+300", "over 1,000,000,000,000")])
def test_an_out_of_bounds_number_in_a_rule_file_is_a_problem_not_a_traceback(tmp_path, value, words):
    text = DEKALB.read_text(encoding="utf-8")
    path = tmp_path / "dekalb-il.yaml"
    path.write_text(text.replace("id: dekalb-il", f"id: dekalb-il\nbig: {value}", 1), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 1 and words in result.output and "Traceback" not in result.output


def test_a_five_megabyte_name_is_refused(tmp_path):
    path = tmp_path / "long.yaml"
    path.write_text(f"id: long\nname: {'x' * 30_000}\n", encoding="utf-8")
    assert "at most 20,000" in run_checks([path])[0].message
    path.write_text(f"id: long\nname: {'x' * 5_000_000}\n", encoding="utf-8")
    assert "over 2 MB" in run_checks([path])[0].message


@pytest.mark.parametrize("path", ["/i/abc//check", "/i//step//dates", "//clerks", "/clerks//handout"])
def test_no_redirect_is_built_from_the_host_header(client, path):
    response = client.get(path, headers={"Host": "evil.example"})
    location = response.headers.get("Location", "")
    assert "evil.example" not in location and not location.startswith("//")


def test_a_forwarded_prefix_is_only_a_plain_path(tmp_path, book):
    app = create_app({"DATABASE": str(tmp_path / "w.db"), "SECRET_KEY": "s", "WTF_CSRF_ENABLED": False,
                      "RULEBOOK": book, "TRUSTED_PROXIES": 1})
    client = app.test_client()
    page = client.get("/", headers={"X-Forwarded-Prefix": "//evil.example"}).get_data(as_text=True)
    assert attributes(page, "form", "action") == ["/start"] and "evil.example" not in page
    response = client.post("/start", data={"jurisdiction": "baroda-mi"}, headers={"X-Forwarded-Prefix": "//evil.example"})
    assert response.headers["Location"].startswith("/i/")
    page = client.get("/", headers={"X-Forwarded-Prefix": "/permits"}).get_data(as_text=True)
    assert attributes(page, "form", "action") == ["/permits/start"]


@pytest.mark.parametrize("args", [["serve", "--retention-days", "nan"], ["serve", "--retention-days", "inf"],
                                  ["serve", "--retention-days", "1e10"], ["serve", "--idle-seconds", "100000000000"],
                                  ["purge", "--older-than", "nan"], ["purge", "--older-than", "inf"]])
def test_operator_values_that_cannot_work_are_refused_with_a_message(tmp_path, args):
    db = tmp_path / "w.db"
    InterviewStore(db).migrate()
    result = CliRunner().invoke(main, [*args, "--db", str(db)])
    assert result.exit_code == 2 and "Invalid value" in result.output and result.exception.__class__ is SystemExit


def test_the_secret_key_and_the_instance_folder_are_private_from_the_start(tmp_path, book, monkeypatch):
    opened = []
    real_open = os.open
    monkeypatch.setattr(os, "open", lambda path, flags, mode=0o777, **kw: opened.append((str(path), mode))
                        or real_open(path, flags, mode, **kw))
    instance = tmp_path / "instance"
    create_app({"DATABASE": str(instance / "w.db"), "RULEBOOK": book})
    assert (str(instance / "secret_key"), 0o600) in opened  # created with its mode, not chmod'ed after
    assert stat.S_IMODE((instance / "secret_key").stat().st_mode) == 0o600
    assert stat.S_IMODE(instance.stat().st_mode) == 0o700


def test_a_key_or_database_others_can_read_gets_a_warning(tmp_path, book, caplog):
    create_app({"DATABASE": str(tmp_path / "w.db"), "RULEBOOK": book})
    (tmp_path / "secret_key").chmod(0o644)
    with caplog.at_level(logging.WARNING, logger="wizard.security"):
        create_app({"DATABASE": str(tmp_path / "w.db"), "RULEBOOK": book})
    assert "secret_key can be read by others" in caplog.text and "chmod 600" in caplog.text


def test_hsts_is_sent_when_the_public_address_is_https(tmp_path, book, client):
    assert "Strict-Transport-Security" not in client.get("/").headers
    app = create_app({"DATABASE": str(tmp_path / "h.db"), "SECRET_KEY": "s", "RULEBOOK": book,
                      "PUBLIC_URL": "https://permits.example.org"})
    assert app.test_client().get("/").headers["Strict-Transport-Security"] == "max-age=31536000"


def test_security_events_are_logged_without_ids_or_answers(tmp_path, book, caplog):
    app = kiosk_app(tmp_path, book, NEW_INTERVIEWS_PER_HOUR=1)
    client = app.test_client()
    ident = kiosk_result(app, client, book, applicant_name="Secretta Person")
    with caplog.at_level(logging.INFO, logger="wizard.security"):
        client.post("/kiosk/clear")
        client.post("/start", data={"jurisdiction": "baroda-mi"})
        client.post("/start", data={"jurisdiction": "baroda-mi"})
        client.get("/handoff/not-a-link")
        guarded = create_app({"DATABASE": str(tmp_path / "c.db"), "SECRET_KEY": "s", "RULEBOOK": book})
        guarded.test_client().post("/start", data={"jurisdiction": "baroda-mi"})
    text = caplog.text
    for event in ("kiosk clear", "too many requests", "hand-off refused", "csrf failure"):
        assert event in text, event
    assert ident not in text and "Secretta" not in text and "127.0.0.1" not in text


def test_a_purge_is_logged(tmp_path, caplog):
    db = tmp_path / "w.db"
    InterviewStore(db).migrate()
    with caplog.at_level(logging.INFO, logger="wizard.security"):
        assert CliRunner().invoke(main, ["purge", "--db", str(db)]).exit_code == 0
    assert "purge by hand interviews=0" in caplog.text


def test_the_access_log_has_no_query_string_and_no_id(caplog):
    def app(environ, start_response):
        start_response("200 OK", [])
        return [b""]

    with caplog.at_level(logging.INFO, logger="wizard.access"):
        AccessLog(app)({"REQUEST_METHOD": "GET", "PATH_INFO": "/i/SECRETIDSECRETIDSECRETIDSECRETIDSECRETID12/step/x",
                        "QUERY_STRING": "event_name=Secret"}, lambda *a: None)
    assert "GET '/i/#" in caplog.text and "SECRETID" not in caplog.text and "event_name" not in caplog.text
    assert " 200 " in caplog.text


def test_an_ipv6_client_is_counted_by_its_64(tmp_path, book):
    app = create_app({"DATABASE": str(tmp_path / "w.db"), "SECRET_KEY": "s", "WTF_CSRF_ENABLED": False,
                      "RULEBOOK": book, "NEW_INTERVIEWS_PER_HOUR": 2})
    client = app.test_client()
    start = lambda address: client.post("/start", data={"jurisdiction": "baroda-mi"},  # noqa: E731
                                        environ_overrides={"REMOTE_ADDR": address}).status_code
    assert [start("2001:db8:1:2::1"), start("2001:db8:1:2:ffff::9"), start("2001:db8:1:2::abcd")] == [303, 303, 429]
    assert start("2001:db8:1:3::1") == 303  # the next /64 is another home


def test_answered_pages_are_limited_too(tmp_path, book):
    app = create_app({"DATABASE": str(tmp_path / "w.db"), "SECRET_KEY": "s", "WTF_CSRF_ENABLED": False,
                      "RULEBOOK": book, "ANSWERS_PER_HOUR": 3})
    client = app.test_client()
    ident = client.post("/start", data={"jurisdiction": "baroda-mi"}).headers["Location"].split("/")[2]
    codes = [client.post(f"/i/{ident}/step/land", data={"property_owner": "private"}).status_code for _ in range(4)]
    assert codes == [303, 303, 303, 429]
    response = client.post(f"/i/{ident}/step/land", data={"property_owner": "private"})
    assert "Too many answers sent" in response.get_data(as_text=True) and response.headers["Retry-After"]
    assert DEFAULT_ANSWERS_PER_HOUR >= 1000  # 50 organizers behind one address


def test_one_interviews_answers_are_capped_in_size(tmp_path, book, client):
    store = InterviewStore(tmp_path / "cap.db")
    interview = store.create({"jurisdiction": "baroda-mi"})
    interview.answers["event_purpose"] = "x" * (MAX_ANSWERS_BYTES + 1)
    with pytest.raises(InterviewTooLarge):
        store.save(interview)
    assert store.get(interview.id).answers == {"jurisdiction": "baroda-mi"}  # the earlier answers are kept
    many = {f"{key}": "é" * 19_000 for key in ("event_purpose", "sound_plan", "food_plan", "security_plan",
                                               "fire_plan", "medical_plan", "camping_plan", "crowd_limit_plan")}
    upload = json.dumps({"jurisdiction": "whitesboro-ny", **many}).encode()
    # Encoded in memory: the test client's own spooled temporary file for a large body is never closed.
    boundary, body = encode_multipart({"answers_file": FileStorage(io.BytesIO(upload), filename="a.json")})
    response = client.post("/import", data=body, content_type=f"multipart/form-data; boundary={boundary}")
    assert response.status_code == 413 and "Too much to save" in response.get_data(as_text=True)


@pytest.mark.parametrize("setting", [{"RETENTION_DAYS": float("nan")}, {"RETENTION_DAYS": float("inf")},
                                     {"KIOSK_IDLE_SECONDS": 100_000_000_000}])
def test_create_app_refuses_operator_values_that_cannot_work(tmp_path, book, setting):
    with pytest.raises(DeploymentError):
        create_app({"DATABASE": str(tmp_path / "w.db"), "SECRET_KEY": "s", "RULEBOOK": book, **setting})
