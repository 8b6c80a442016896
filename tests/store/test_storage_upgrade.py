"""`wizard db upgrade` on both backends, a village's SQLite file of an earlier version, and the
typed error when PostgreSQL cannot be reached."""
from __future__ import annotations

import contextlib
import json
import subprocess
import sys

import pytest
import sqlite_utils
from sqlite_utils.migrations import Migrations

from wizard.store import shown
from wizard.store.postgres import PostgresBackend
from wizard.errors import StoreUnavailable
from wizard.office.records import OfficeRecords
from wizard.office.schema import MIGRATIONS as OFFICE_MIGRATIONS
from wizard.store.interviews import MIGRATIONS, InterviewStore

from tests.support.postgres import ENVIRONMENT, fresh_schema, server_url


def upgrade(db: str, cwd) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "wizard", "db", "upgrade", "--db", db], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("engine", ["sqlite", "postgresql"])
def test_wizard_db_upgrade_applies_each_migration_once(engine, tmp_path):
    sqlite_file = contextlib.nullcontext(str(tmp_path / "instance" / "wizard.db"))
    with fresh_schema() if engine == "postgresql" else sqlite_file as db:
        first = upgrade(db, tmp_path)
        assert first.returncode == 0, first.stderr
        assert all(m.name in first.stdout for m in (*MIGRATIONS, *OFFICE_MIGRATIONS))
        again = upgrade(db, tmp_path)
        assert again.returncode == 0 and again.stdout.strip() == "The schema is up to date."


def test_a_village_file_of_an_earlier_version_keeps_its_answers_and_is_upgraded(tmp_path):
    """A file made by the sqlite-utils migrations of before (two of them applied) with an interview."""
    path = tmp_path / "wizard.db"
    db = sqlite_utils.Database(path)
    earlier = Migrations("permit_wizard")

    @earlier()
    def m001_create_interviews(db):
        db["interviews"].create({"id": str, "jurisdiction": str, "answers": str, "completed_steps": str,
                                 "created_at": str, "updated_at": str}, pk="id")

    @earlier()
    def m002_kiosk_and_handoffs(db):
        db["interviews"].add_column("kiosk_seen", str)
        db["interviews"].create_index(["updated_at"])
        db["handoffs"].create({"token_hash": str, "interview_id": str, "expires_at": str}, pk="token_hash")

    earlier.apply(db)
    ident = "a" * 43
    db["interviews"].insert({"id": ident, "jurisdiction": "baroda-mi", "answers": json.dumps({"event_name": "Fair"}),
                             "completed_steps": "[]", "created_at": "2026-01-01", "updated_at": "2026-01-01"})
    db.close()
    done = upgrade(str(path), tmp_path)
    assert done.returncode == 0, done.stderr
    assert "m003_kiosk_enrolments" in done.stdout and "m001_create_interviews" not in done.stdout
    store = InterviewStore(path)
    assert store.get(ident).answers == {"event_name": "Fair"}
    store.keep_failed_post(ident, "when", [("a", "b")])  # a column of m004, added to the old file
    assert store.take_failed_post(ident, "when") == [("a", "b")]
    OfficeRecords(store).clerks.add_clerk("c@example.org", ["baroda-mi"])
    store.close()


def test_an_unreachable_postgresql_is_a_typed_error(tmp_path):
    with pytest.raises(StoreUnavailable, match="cannot be reached"):
        PostgresBackend(f"postgresql://wizard@/wizard?host={tmp_path}", connect_seconds=0.5)


def test_without_the_cluster_the_postgresql_tests_fail_and_say_how_to_run_them(monkeypatch):
    monkeypatch.delenv(ENVIRONMENT, raising=False)
    with pytest.raises(pytest.fail.Exception, match="scripts/test.sh"):
        server_url()


def test_a_database_url_is_printed_without_its_password():
    assert shown("postgresql://wizard:s3cret@db.example.org:5432/permits") == (
        "postgresql://wizard:***@db.example.org:5432/permits")
    assert shown("instance/wizard.db") == "instance/wizard.db"


def test_the_clerk_commands_take_a_postgresql_url(tmp_path):
    with fresh_schema() as url:
        added = subprocess.run([sys.executable, "-m", "wizard", "clerk", "add", "c@example.org", "--jurisdiction",
                                "baroda-mi", "--db", url], cwd=tmp_path, capture_output=True, text=True, timeout=120)
        assert added.returncode == 0, added.stderr
        listed = subprocess.run([sys.executable, "-m", "wizard", "clerk", "list", "--db", url], cwd=tmp_path,
                                capture_output=True, text=True, timeout=120)
        assert "c@example.org: baroda-mi (no password chosen yet)" in listed.stdout
        assert not (tmp_path / "instance").exists()  # nothing went to an SQLite file instead
