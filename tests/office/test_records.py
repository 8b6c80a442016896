"""Keeping sent applications apart from the interviews' retention, and the `wizard clerk` and
`wizard purge` commands on a fresh database, as docs/office.md gives them."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from wizard.office.keeping import purge_applications
from wizard.store.retention import purge
from wizard.web.app import create_app
from wizard.web.edge.state import office_records, store

from tests.support.office_days import office_day
from tests.support.office import clerk, finished, PDF, send, sign_in

OFFICE_GUIDE = (Path(__file__).resolve().parents[2] / "docs" / "office.md").read_text(encoding="utf-8")


def wizard(*args, cwd):
    return subprocess.run([sys.executable, "-m", "wizard", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120)


def test_clerk_add_from_the_office_guide_works_on_a_fresh_database(tmp_path, book):
    command = re.search(r"\.venv/bin/wizard (clerk add [^\n]*\\\n[^\n]*)", OFFICE_GUIDE).group(1)
    args = command.replace("\\\n", " ").split()
    done = wizard(*args, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    link = re.search(r"https://permits\.example\.org(/office/password/\S+)", done.stdout).group(1)
    assert "clerk@example.org: baroda-mi (no password chosen yet)" in wizard(
        "clerk", "list", "--db", "instance/wizard.db", cwd=tmp_path).stdout
    app = create_app({"DATABASE": str(tmp_path / "instance" / "wizard.db"), "SECRET_KEY": "k", "RULEBOOK": book,
                      "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    assert client.post(link, data={"password": "a long enough password", "again": "a long enough password"}
                       ).status_code == 303
    assert sign_in(client, password="a long enough password").status_code == 303
    assert client.get("/office").status_code == 200
    app.extensions["interview_store"].close()


def test_clerk_add_refuses_an_unknown_place_or_a_bad_email_and_remove_works(tmp_path):
    db = str(tmp_path / "w.db")
    unknown = wizard("clerk", "add", "a@example.org", "--jurisdiction", "atlantis", "--db", db, cwd=tmp_path)
    assert unknown.returncode == 2 and "no jurisdiction atlantis" in unknown.stderr
    bad = wizard("clerk", "add", "not-an-email", "--jurisdiction", "baroda-mi", "--db", db, cwd=tmp_path)
    assert bad.returncode == 2 and "is not an email address" in bad.stderr
    assert wizard("clerk", "add", "a@example.org", "--jurisdiction", "baroda-mi", "--db", db, cwd=tmp_path).returncode == 0
    assert wizard("clerk", "remove", "a@example.org", "--db", db, cwd=tmp_path).returncode == 0
    assert "No clerk accounts." in wizard("clerk", "list", "--db", db, cwd=tmp_path).stdout
    assert wizard("clerk", "remove", "a@example.org", "--db", db, cwd=tmp_path).returncode == 2


def age_everything(app, days: int) -> None:
    """Move every time in the database `days` into the past."""
    with app.app_context():
        conn = store().connection()
        for table, column in (("interviews", "updated_at"), ("applications", "closed_at")):
            conn.execute(f"UPDATE {table} SET {column} = datetime({column}, '-{days} days') WHERE {column} IS NOT NULL")


def test_a_sent_application_outlives_the_interviews_retention_until_closed_and_kept(app, client):
    clerk(app)
    ident = finished(app)
    reference = send(client, ident, data=PDF)
    unsent = finished(app)
    age_everything(app, 100)
    with app.app_context():
        assert purge(store(), 90).count == 2  # the interviews go, as every interview does...
        assert purge_applications(office_records(), 30).references == []  # ...the open application stays
        assert office_records().applications.application(reference) and office_records().applications.uploads(ident)
        assert office_records().applications.forget_orphan_uploads() == 0
        assert store().get(unsent) is None
    status = client.get(f"/i/{ident}/application")  # the status page reads the application itself
    assert status.status_code == 200
    sign_in(client)
    client.post(f"/office/a/{reference}/decision", data={"decision": "approved", "approve_anyway": "yes", "decided_on": office_day("baroda-mi").isoformat()})
    with app.app_context():
        assert purge_applications(office_records(), 30).references == []  # closed today: kept 30 days
    age_everything(app, 31)
    with app.app_context():
        dry = purge_applications(office_records(), 30, dry_run=True)
        assert str(dry) == f"Would delete 1 application closed more than 30 days ago ({reference})."
        assert str(purge_applications(office_records(), 30)) == f"Deleted 1 application closed more than 30 days ago ({reference})."
        assert office_records().applications.application(reference) is None and office_records().applications.uploads(ident) == []
        assert office_records().applications.history(reference) == []
    assert client.get(f"/office/a/{reference}").status_code == 404


def test_wizard_purge_says_what_it_deletes(tmp_path, book):
    db = tmp_path / "w.db"
    app = create_app({"TESTING": True, "DATABASE": str(db), "SECRET_KEY": "k", "RULEBOOK": book,
                      "WTF_CSRF_ENABLED": False})
    clerk(app)
    client = app.test_client()
    reference = send(client, finished(app))
    sign_in(client)
    client.post(f"/office/a/{reference}/status", data={"status": "withdrawn"})
    age_everything(app, 10)
    app.extensions["interview_store"].close()
    done = wizard("purge", "--db", str(db), "--keep-applications-days", "5", "--dry-run", cwd=tmp_path)
    assert f"Would delete 1 application closed more than 5 days ago ({reference})." in done.stdout
    done = wizard("purge", "--db", str(db), "--keep-applications-days", "5", cwd=tmp_path)
    assert f"Deleted 1 application closed more than 5 days ago ({reference})." in done.stdout
