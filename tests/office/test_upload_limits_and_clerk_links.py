"""Uploads only for an interview that can be sent, and never over its 25 MB
even when several arrive at once; `wizard clerk remove` ends the clerk's calendar feed and password
link, and a newer `clerk add` link voids the older one."""
from __future__ import annotations

import threading
from io import BytesIO

from click.testing import CliRunner

from wizard.cli import main
from wizard.engine.answers import clean_answers
from wizard.office.accounts import link_email
from wizard.office.attachments import MAX_TOTAL
from wizard.web.app import create_app
from wizard.web.edge.state import office_records, rulebook, store

from tests.support.office import BARODA, CHEAP_HASH, clerk, finished, PDF, sign_in

NINE_MB = PDF + b"x" * (9 * 1024 * 1024)


def post_upload(client, ident: str, data: bytes, name: str = "plan.pdf", **options):
    return client.post(f"/i/{ident}/uploads", data={"document": "other", "file": (BytesIO(data), name)},
                       content_type="multipart/form-data", **options)


def test_an_interview_that_cannot_be_sent_takes_no_upload(app, client):
    with app.app_context():  # answered halfway: no result yet, nothing to send
        book = rulebook()
        ident = store().create(clean_answers({"jurisdiction": "baroda-mi"}, book.questions, book.jurisdictions)).id
    assert post_upload(client, ident, PDF).status_code == 404
    with app.app_context():
        assert office_records().applications.uploads(ident) == []


def test_uploads_at_once_never_go_over_the_total(app):
    ident = finished(app)
    start = threading.Barrier(3)
    statuses = []

    def upload(n: int) -> None:
        client = app.test_client()
        start.wait()
        statuses.append(post_upload(client, ident, NINE_MB, f"part{n}.pdf", follow_redirects=True).status_code)

    threads = [threading.Thread(target=upload, args=(n,)) for n in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert statuses == [200] * 3
    with app.app_context():
        kept = office_records().applications.uploads(ident)
    assert len(kept) == 2 and sum(u["size"] for u in kept) <= MAX_TOTAL


def clerk_cli(*args: str, db: str):
    return CliRunner().invoke(main, ["clerk", *args, "--db", db])


def link_of(done) -> str:
    return done.output.strip().splitlines()[-2 if "(Put this" in done.output else -1].rsplit("/", 1)[1]


def test_removing_a_clerk_ends_the_calendar_feed_for_good(tmp_path, book):
    db = str(tmp_path / "w.db")
    app = create_app({"TESTING": True, "RULEBOOK": book, "DATABASE": db, "SECRET_KEY": "k",
                      "WTF_CSRF_ENABLED": False, "PASSWORD_HASH_METHOD": CHEAP_HASH})
    clerk(app)
    client = app.test_client()
    sign_in(client)
    shown = client.post("/office/calendar", follow_redirects=True).get_data(as_text=True)
    feed = "/office/calendar/" + shown.split("/office/calendar/")[1].split(".ics")[0] + ".ics"
    assert client.get(feed).status_code == 200
    assert clerk_cli("remove", "clerk@example.org", db=db).exit_code == 0
    assert clerk_cli("add", "clerk@example.org", "--jurisdiction", "baroda-mi", db=db).exit_code == 0
    assert app.test_client().get(feed).status_code == 404  # the same email again is a new account
    app.extensions["interview_store"].close()


def test_a_newer_clerk_add_link_voids_the_older(tmp_path, book):
    db = str(tmp_path / "w.db")
    older = link_of(clerk_cli("add", "clerk@example.org", "--jurisdiction", "baroda-mi", db=db))
    newer = link_of(clerk_cli("add", "clerk@example.org", "--jurisdiction", "baroda-mi", db=db))
    app = create_app({"TESTING": True, "RULEBOOK": book, "DATABASE": db, "SECRET_KEY": "k"})
    with app.app_context():
        assert link_email(office_records(), older) is None
        assert link_email(office_records(), newer) == "clerk@example.org"
        clerk_cli("remove", "clerk@example.org", db=db)
        assert link_email(office_records(), newer) is None
    app.extensions["interview_store"].close()


def test_baroda_is_still_sendable_with_uploads(app, client):
    ident = finished(app, BARODA)
    assert post_upload(client, ident, PDF).status_code == 303
    with app.app_context():
        assert len(office_records().applications.uploads(ident)) == 1
