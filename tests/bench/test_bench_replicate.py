"""The stored-data bench's largest size is its smaller fill copied in bulk (scripts/bench_replicate.py):
each copy goes in through the same tables, so the kept counts and the trail's totals follow it as
they follow a row written by the office. On SQLite and PostgreSQL: every row of the trail is there
as many times more, each total is as many times its figure, and each equals the totals made again
from the rows kept (the statements `wizard db copy` fills them with)."""
from __future__ import annotations

import contextlib
import importlib.util
from pathlib import Path

import pytest

from wizard.authoring.loader import load_rulebook
from wizard.office.records import OfficeRecords
from wizard.office.schema import refill_count_totals
from wizard.store.interviews import InterviewStore

from tests.support.postgres import fresh_schema

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
TRAIL = ("applications", "decisions", "payments", "insurance_certificates", "inspections", "closings",
         "mailed_notices", "referrals", "outbox", "interviews")


def script(name: str, monkeypatch):
    monkeypatch.syspath_prepend(str(SCRIPTS))  # bench_stored imports bench_replicate as the script does
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def kept(records: OfficeRecords, places: list[str]) -> tuple:
    counts = sorted((r["place"], r["period"], r["what"], r["detail"], int(r["n"]), int(r["days"] or 0),
                     int(r["timed"] or 0)) for r in records.counts.count_totals_in(places))
    days = sorted((r["place"], r["year"], int(r["days"]), int(r["n"])) for r in records.counts.decision_day_totals_in(places))
    return counts, days, records.counts.trail_totals_in(places)


def rows(backend) -> dict:
    return {table: int(backend.query(f"SELECT COUNT(*) AS n FROM {table}")[0]["n"]) for table in TRAIL}


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_copies_are_counted_as_the_rows_they_copy(backend, tmp_path, monkeypatch):
    stored, replicate = script("bench_stored", monkeypatch), script("bench_replicate", monkeypatch)
    places = sorted(load_rulebook().jurisdictions)
    with contextlib.ExitStack() as stack:
        database = str(tmp_path / "b.db") if backend == "sqlite" else stack.enter_context(fresh_schema())
        stored.fill(database, 300, 30)  # decided, refunded, voided, inspected twice, closed: one in 3, 20, 25
        store = InterviewStore(database)
        stack.callback(store.close)
        records = OfficeRecords(store)
        before, counted = rows(store.backend), kept(records, places)
        assert before["payments"] > before["applications"] and before["closings"] and before["mailed_notices"]
        replicate.replicate(store.backend, 2)
        assert rows(store.backend) == {table: 3 * n for table, n in before.items()}
        counts, days, trail = kept(records, places)
        assert counts == [(*key, 3 * n, 3 * d, 3 * t) for *key, n, d, t in counted[0]]
        assert days == [(*key, 3 * n) for *key, n in counted[1]]
        assert trail == {"received": 3 * counted[2]["received"], "returned": 3 * counted[2]["returned"],
                         "inspections": {k: 3 * n for k, n in counted[2]["inspections"].items()},
                         "closed": 3 * counted[2]["closed"]}
        replicate.check_totals(records, places, "baroda-mi", 900, 90)
        refill_count_totals(store.backend)  # the totals made again from the rows, as `wizard db copy` makes them
        assert kept(records, places) == (counts, days, trail)


def test_only_the_even_sizes_are_copied():
    replicate = importlib.util.module_from_spec(spec := importlib.util.spec_from_file_location(
        "bench_replicate", SCRIPTS / "bench_replicate.py"))
    spec.loader.exec_module(replicate)
    assert replicate.copies_for(100_000, 10_000, "uniform") == 9
    assert replicate.copies_for(10_000, 1_000, "uniform") == 0  # the template itself, filled through the API
    assert replicate.copies_for(100_000, 10_000, "kept") == 0  # its recent traffic would be copied too
    assert replicate.copies_for(2_000, 200, "uniform") == 0
