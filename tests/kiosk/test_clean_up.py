"""The server's own clean-up: kiosk idle deletion, hand-off, no downloads on the kiosk, retention,
`wizard purge`, the new-interview limit, and cleared answers gone from the database's bytes."""
from __future__ import annotations

import http.cookiejar
import re
import sqlite3
import time
import urllib.parse
import urllib.request
from pathlib import Path

from click.testing import CliRunner

from wizard.cli import main
from wizard.store.retention import moment_ago
from wizard.store.interviews import InterviewStore
from wizard.web.app import create_app
from wizard.web.edge.state import store

from tests.support.html import csrf_token, links, texts
from tests.support.packet import festival
from tests.support.served import ServedWizard
from tests.support.kiosk import handoff_link, kiosk_app, kiosk_result

SECRET_ANSWER = "Zyxwvut Quibblesworth-Oddname"  # found nowhere else in the database


def database_bytes(path: Path) -> bytes:
    return b"".join(p.read_bytes() for p in (path, Path(f"{path}-wal")) if p.exists())


def test_a_cleared_answer_is_gone_from_the_database_file_and_its_wal(tmp_path, book):
    app = kiosk_app(tmp_path, book)
    client = app.test_client()
    ident = kiosk_result(app, client, book, event_name=SECRET_ANSWER)
    client.get(f"/i/{ident}/result")
    assert SECRET_ANSWER.encode() in database_bytes(tmp_path / "k.db")
    client.post("/kiosk/clear")
    assert SECRET_ANSWER.encode() not in database_bytes(tmp_path / "k.db")
    assert store_setting(app) == 1


def store_setting(app) -> int:
    with app.app_context():
        return store().connect().execute("PRAGMA secure_delete").fetchone()[0]


def test_the_server_deletes_an_idle_kiosk_interview_with_no_browser_timer(tmp_path, book):
    app = kiosk_app(tmp_path, book, KIOSK_IDLE_SECONDS=60)
    left, other = app.test_client(), app.test_client()
    ident = kiosk_result(app, left, book)
    with app.app_context():
        store().mark_kiosk([ident], moment_ago(61))  # its session last spoke 61 seconds ago
        app.extensions["sweeper"].sweep_once(0)
        assert store().get(ident) is None


def test_a_request_from_the_session_keeps_its_interview(tmp_path, book):
    app = kiosk_app(tmp_path, book, KIOSK_IDLE_SECONDS=60)
    client = app.test_client()
    ident = kiosk_result(app, client, book)
    with app.app_context():
        store().mark_kiosk([ident], moment_ago(50))
    assert client.post("/kiosk/still-here").status_code == 204  # the page's ping while someone uses it
    with app.app_context():
        app.extensions["sweeper"].sweep_once(0)
        assert store().get(ident) is not None


def test_back_after_a_clear_shows_a_friendly_page(tmp_path, book):
    app = kiosk_app(tmp_path, book)
    client = app.test_client()
    ident = kiosk_result(app, client, book)
    client.post("/kiosk/clear")
    response = client.get(f"/i/{ident}/result")
    assert response.status_code == 404 and "This screen was cleared" in response.get_data(as_text=True)


def test_no_downloads_on_the_kiosk_but_print_and_phone(tmp_path, book):
    app = kiosk_app(tmp_path, book)
    client = app.test_client()
    ident = kiosk_result(app, client, book)
    page = client.get(f"/i/{ident}/result").get_data(as_text=True)
    assert not [link for link in links(page) if link.endswith(("/packet.pdf", "/event.ics", "/answers.json"))]
    assert "Print your packet and checklist" in page and "Continue on your phone" in page
    for download in ("packet.pdf", "event.ics", "answers.json"):
        response = client.get(f"/i/{ident}/{download}")
        assert response.status_code == 404 and "No downloads on this screen" in response.get_data(as_text=True)
    printed = client.get(f"/i/{ident}/print").get_data(as_text=True)
    assert "Checklist" in printed and "Where to file" in printed
    assert texts(printed, "button[data-print]") == ["Print"]  # shown by the script; Ctrl+P without it


def test_the_hand_off_moves_the_interview_to_the_phone_once(tmp_path, book):
    app = kiosk_app(tmp_path, book)
    kiosk, phone, stranger = app.test_client(), app.test_client(), app.test_client()
    ident = kiosk_result(app, kiosk, book, event_name=SECRET_ANSWER)
    link = handoff_link(kiosk, ident)
    moved = phone.get(link).headers["Location"]
    new_id = re.search(r"/i/([^/]+)", moved).group(1)
    assert new_id != ident
    result = phone.get(f"/i/{new_id}/result").get_data(as_text=True)
    assert f"/i/{new_id}/packet.pdf" in links(result)  # the phone is the organizer's own: downloads are back
    assert stranger.get(link).status_code == 410  # one use only
    assert kiosk.get(f"/i/{new_id}/result").status_code == 404  # the kiosk cannot follow it
    cleared = kiosk.get(f"/i/{ident}/handoff")
    assert "This screen was cleared" in cleared.get_data(as_text=True)
    assert SECRET_ANSWER.encode() in database_bytes(tmp_path / "k.db")  # now under the phone's id only
    with app.app_context():
        assert store().get(ident) is None and store().get(new_id).answers["event_name"] == SECRET_ANSWER


def test_a_hand_off_link_expires_with_its_minute_and_takes_the_answers_with_it(tmp_path, book):
    app = kiosk_app(tmp_path, book)
    kiosk, phone = app.test_client(), app.test_client()
    ident = kiosk_result(app, kiosk, book)
    link = handoff_link(kiosk, ident)
    with app.app_context():
        store()._write("UPDATE handoffs SET expires_at = ?", (moment_ago(1),))
    response = phone.get(link)
    assert response.status_code == 410 and "works once, for one minute" in response.get_data(as_text=True)
    cleared = kiosk.get(f"/i/{ident}/result")  # nothing moved, and nothing left: the screen was cleared
    assert cleared.status_code == 404 and "This screen was cleared" in cleared.get_data(as_text=True)


# ---------------------------------------------------------------- for everyone

def age(app, ident: str, days: float) -> None:
    with app.app_context():
        store()._write("UPDATE interviews SET updated_at = ? WHERE id = ?", (moment_ago(days * 86400), ident))


def test_retention_sweep_and_wizard_purge_delete_only_what_is_old(book, tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "p.db"), "SECRET_KEY": "p", "RULEBOOK": book, "SWEEPER": False})
    client = app.test_client()
    with app.app_context():
        old, recent, fresh = (store().create({"jurisdiction": "baroda-mi"}).id for _ in range(3))
    age(app, old, 120)
    age(app, recent, 30)
    db = app.config["DATABASE"]
    runner = CliRunner()
    dry = runner.invoke(main, ["purge", "--db", db, "--dry-run"])
    assert dry.exit_code == 0 and "Would delete 1 interview not changed for 90 days" in dry.output
    assert client.get(f"/i/{old}").status_code == 303
    done = runner.invoke(main, ["purge", "--db", db, "--older-than", "20"])
    assert done.exit_code == 0 and "Deleted 2 interviews" in done.output
    assert client.get(f"/i/{old}").status_code == 404 and client.get(f"/i/{recent}").status_code == 404
    assert client.get(f"/i/{fresh}").status_code == 303
    age(app, fresh, 91)
    with app.app_context():
        app.extensions["sweeper"].sweep_once(0)  # the server's own sweep, default 90 days
    assert client.get(f"/i/{fresh}").status_code == 404


def test_the_result_page_says_how_long_answers_are_kept(app, client, book):
    with app.app_context():
        steps = [s["step"] for s in book.jurisdictions["baroda-mi"].steps]
        ident = store().create(festival("baroda-mi", book), steps).id
    assert "We keep your answers for 90 days" in client.get(f"/i/{ident}/result").get_data(as_text=True)


def test_too_many_new_interviews_get_a_clear_429(tmp_path, book):
    app = create_app({"DATABASE": str(tmp_path / "r.db"), "SECRET_KEY": "r", "WTF_CSRF_ENABLED": False,
                      "RULEBOOK": book, "NEW_INTERVIEWS_PER_HOUR": 3})
    client = app.test_client()
    for _ in range(3):
        assert client.post("/start", data={"jurisdiction": "baroda-mi"}).status_code == 303
    refused = client.post("/start", data={"jurisdiction": "baroda-mi"})
    assert refused.status_code == 429 and refused.headers["Retry-After"]
    assert "started 3 interviews in the last hour" in refused.get_data(as_text=True)
    other = client.post("/start", data={"jurisdiction": "baroda-mi"}, environ_base={"REMOTE_ADDR": "192.0.2.7"})
    assert other.status_code == 303  # another client has its own allowance


# ---------------------------------------------------------------- the real server


def test_served_kiosk_deletes_an_abandoned_interview_within_15_seconds(tmp_path):
    db = tmp_path / "served.db"
    server = ServedWizard("--kiosk", "--idle-seconds", "5", "--db", str(db), "--threads", "2")
    try:
        base = server.url
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        page = opener.open(f"{base}/for/baroda-mi?event_name={urllib.parse.quote(SECRET_ANSWER)}").read().decode()
        form = urllib.parse.urlencode({"csrf_token": csrf_token(page), "jurisdiction": "baroda-mi", "prefilled": "event_name",
                                       "event_name": SECRET_ANSWER}).encode()
        opener.open(f"{base}/start", data=form).read()
        started = time.monotonic()
        assert count_interviews(db) == 1
        # No further request: no browser, no timer. The server must clear it by itself: the row, then
        # its bytes from the file and the WAL (a moment after the delete commits, on a busy machine).
        while ((count_interviews(db) or SECRET_ANSWER.encode() in database_bytes(db))
               and time.monotonic() - started < 15):
            time.sleep(0.25)
        assert count_interviews(db) == 0, "the abandoned kiosk interview was still there after 15 s"
        assert SECRET_ANSWER.encode() not in database_bytes(db)
    finally:
        server.stop()


def count_interviews(db: Path) -> int:
    with sqlite3.connect(db, timeout=5) as conn:
        return conn.execute("SELECT count(*) FROM interviews").fetchone()[0]


def test_store_methods_leave_other_interviews_alone(tmp_path):
    store_ = InterviewStore(tmp_path / "s.db")
    store_.migrate()
    kept, gone = store_.create({"event_name": "kept"}), store_.create({"event_name": "gone"})
    store_.mark_kiosk([gone.id], moment_ago(100))
    assert store_.delete_idle(moment_ago(50)) == 1
    assert store_.get(kept.id) is not None and store_.get(gone.id) is None
    moved = store_.move(kept.id)
    assert store_.get(kept.id) is None and store_.get(moved.id).answers == {"event_name": "kept"}


def test_without_a_public_address_the_kiosk_offers_print_only(tmp_path, book):
    app = kiosk_app(tmp_path, book, PUBLIC_URL=None)
    client = app.test_client()
    page = client.get(f"/i/{kiosk_result(app, client, book)}/result").get_data(as_text=True)
    assert "Print your packet and checklist" in page and "Continue on your phone" not in page
