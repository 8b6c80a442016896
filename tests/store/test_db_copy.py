"""Moving a village into PostgreSQL (docs/decisions/0008-one-sql-for-both-backends.md): `wizard db copy
FROM TO` carries the interviews, the sent applications with their uploads and history, and the clerks'
accounts; the copied site serves them. And a backup with pg_dump, restored with pg_restore, serves the
same."""
from __future__ import annotations

import secrets
import subprocess
from urllib.parse import quote

import psycopg
from click.testing import CliRunner

from wizard.cli import main
from wizard.web.app import create_app

from tests.support.office import BARODA, clerk, finished, send, sign_in, texts
from tests.support.postgres import fresh_schema, pg_program, server_url


def postgres_app(book, url):
    return create_app({"TESTING": True, "RULEBOOK": book, "DATABASE": url, "SECRET_KEY": "test-secret",
                       "WTF_CSRF_ENABLED": False})


def village(app, client) -> tuple[str, str]:
    """A village's SQLite file: a clerk's account, a sent application (with an upload), its interview."""
    clerk(app)
    interview_id = finished(app)
    return interview_id, send(client, interview_id)


def the_site_serves(app, interview_id: str, reference: str) -> None:
    """The clerk signs in with the password chosen on the village's site and sees the application;
    the organizer's link resumes the interview with its answers."""
    client = app.test_client()
    assert sign_in(client).status_code == 303
    inbox = client.get("/office").get_data(as_text=True)
    assert reference in texts(inbox, "inbox")[0] and BARODA["event_name"] in texts(inbox, "inbox")[0]
    resumed = client.get("/i/" + interview_id).headers["Location"]
    assert resumed.endswith(f"/i/{interview_id}/check")  # every step done: the answers to check, as before
    assert BARODA["event_name"] in client.get(resumed).get_data(as_text=True)
    with app.app_context():
        kept = app.extensions["interview_store"].get(interview_id).answers
    assert {key: kept[key] for key in ("event_name", "applicant_email")} == {
        key: BARODA[key] for key in ("event_name", "applicant_email")}


def test_a_village_copied_into_postgresql_is_served_from_it(app, client, book, tmp_path):
    interview_id, reference = village(app, client)
    runner = CliRunner()
    with fresh_schema() as url:
        copied = runner.invoke(main, ["db", "copy", app.config["DATABASE"], url])
        assert copied.exit_code == 0, copied.output
        printed = dict(line.split(": ") for line in copied.output.splitlines()[:-1])
        assert {name: printed[name] for name in ("interviews", "applications", "clerks", "uploads")} == {
            "interviews": "1", "applications": "1", "clerks": "1", "uploads": "1"}
        assert int(printed["history"]) >= 1 and copied.output.splitlines()[-1].startswith("Copied ")

        again = runner.invoke(main, ["db", "copy", app.config["DATABASE"], url])
        assert again.exit_code == 2 and "already holds rows" in again.output and "--replace" in again.output
        replaced = runner.invoke(main, ["db", "copy", "--replace", app.config["DATABASE"], url])
        assert replaced.exit_code == 0 and "interviews: 1" in replaced.output

        back = runner.invoke(main, ["db", "copy", url, str(tmp_path / "back.db")])  # and the other way
        assert back.exit_code == 0 and sorted(back.output.splitlines()[:-1]) == sorted(replaced.output.splitlines()[:-1])

        copied_app = postgres_app(book, url)
        try:
            the_site_serves(copied_app, interview_id, reference)
            with copied_app.app_context():  # numbered rows go on after the copied ones
                records = copied_app.extensions["office_records"]
                before = records.backend.one("SELECT MAX(id) AS n FROM history")["n"]
                records.backend.execute("INSERT INTO history (reference, at, who, what, detail) VALUES (?, ?, ?, ?, ?)",
                                        (reference, "2027-01-01", "test", "note", ""))
                assert records.backend.one("SELECT MAX(id) AS n FROM history")["n"] == before + 1
        finally:
            copied_app.extensions["interview_store"].close()


def test_backed_up_with_pg_dump_and_restored_with_pg_restore_the_site_serves_it(app, client, book, tmp_path):
    interview_id, reference = village(app, client)
    restored = f"restored_{secrets.token_hex(4)}"
    admin_url = server_url()
    with fresh_schema() as url:
        assert CliRunner().invoke(main, ["db", "copy", app.config["DATABASE"], url]).exit_code == 0
        schema = url.rsplit("search_path%3D", 1)[1]
        dump = tmp_path / "wizard.dump"
        subprocess.run([pg_program("pg_dump"), "--format=custom", f"--schema={schema}", f"--file={dump}",
                        "--dbname", admin_url], check=True, timeout=120)
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {restored}")
    try:
        restored_url = admin_url.replace("/wizard_test?", f"/{restored}?")
        subprocess.run([pg_program("pg_restore"), "--no-owner", "--dbname", restored_url, str(dump)],
                       check=True, timeout=120)
        restored_app = postgres_app(book, f"{restored_url}&options={quote(f'-csearch_path={schema}')}")
        try:
            the_site_serves(restored_app, interview_id, reference)
        finally:
            restored_app.extensions["interview_store"].close()
    finally:
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE {restored} WITH (FORCE)")
