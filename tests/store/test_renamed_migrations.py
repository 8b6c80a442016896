"""A database that applied the office's migrations under the names they were released with
(m007_paper_trail before m006_office_scale, two m010s) upgrades to the renumbered list without
running any of them again, on SQLite and on PostgreSQL; one that stopped halfway runs only the rest."""
from __future__ import annotations

import contextlib
import dataclasses

import pytest

from wizard.office.records import OfficeRecords, upgrade_schema
from wizard.office.schema import MIGRATION_SET, MIGRATIONS
from wizard.store.interviews import InterviewStore

from tests.support.postgres import fresh_schema

RELEASED = tuple(dataclasses.replace(m, name=m.formerly or m.name, formerly="") for m in MIGRATIONS)


def recorded(store: InterviewStore) -> list[str]:
    table = "wizard_migrations" if store.backend.dialect.name == "postgresql" else "_sqlite_migrations"
    return [r["name"] for r in store.backend.query(f"SELECT name FROM {table} WHERE migration_set = ?",
                                                   (MIGRATION_SET,))]


@contextlib.contextmanager
def database(engine: str, tmp_path):
    if engine == "postgresql":
        with fresh_schema() as url:
            yield url
    else:
        yield str(tmp_path / "wizard.db")


def released_database(db: str, migrations) -> None:
    """The database as an earlier release left it: these migrations applied under their released names."""
    old = InterviewStore(db)
    assert old.migrate_also(MIGRATION_SET, migrations) == [m.name for m in migrations]
    OfficeRecords.upgrade(old)  # done for this store already: applies nothing
    old.close()


@pytest.mark.parametrize("engine", ["sqlite", "postgresql"])
def test_a_database_with_the_released_names_upgrades_without_running_any_again(engine, tmp_path):
    assert [m.name for m in RELEASED] != [m.name for m in MIGRATIONS]  # the list was renamed
    with database(engine, tmp_path) as db:
        released_database(db, RELEASED)
        store = InterviewStore(db)
        # Running any again would fail (a column added twice) or count the totals twice.
        assert upgrade_schema(store) == []
        names = recorded(store)
        assert set(names) == {m.name for m in MIGRATIONS} | {m.name for m in RELEASED}
        assert len(names) == len(set(names))
        records = OfficeRecords(store)
        records.clerks.add_clerk("c@example.org", ["baroda-mi"])
        assert records.clerks.clerks_of("baroda-mi") == ["c@example.org"]
        store.close()
        again = InterviewStore(db)
        assert upgrade_schema(again) == [] and sorted(recorded(again)) == sorted(names)
        again.close()


@pytest.mark.parametrize("engine", ["sqlite", "postgresql"])
def test_a_database_stopped_halfway_runs_only_the_migrations_it_lacks(engine, tmp_path):
    """A release that had m008_paper_trail_2 (now m007) but not yet m006_office_scale (now m008)."""
    halfway = [m.name for m in RELEASED].index("m008_paper_trail_2") + 1
    with database(engine, tmp_path) as db:
        released_database(db, RELEASED[:halfway])
        store = InterviewStore(db)
        assert OfficeRecords.upgrade(store) == [m.name for m in MIGRATIONS[halfway:]]
        assert "received_day" in store.backend.columns("applications")
        store.close()
