"""Years of data in seconds for scripts/bench_stored.py: the interviews and applications made once
through the project's storage API, then copied in bulk, a transaction a copy.

Filling 100,000 interviews with 10,000 applications and their paper trail one call at a time took
minutes on SQLite and far longer on PostgreSQL (a round trip a row) on the shared machine. Instead,
bench_stored.py fills 10,000 interviews with 1,000 applications as before (`InterviewStore.create`,
`OfficeRecords`) and this copies every one of them nine more times with INSERT ... SELECT: each
copy of an interview gets its own id, each copy of an application its own reference, interview and
referral token, and every row of its trail (versions, history, mail, referral, decision, payments,
certificates, inspections, closing, letters) comes with it under the new reference. The rows go in
through the same tables, so the database's triggers add each copy to the counts and the trail's
totals as they would any row (m012_count_totals, m023_trail_totals): nothing is recomputed by hand,
and `check_totals` compares the kept counts with the rows after.

A copy keeps its original's dates: application i of the 1,000 stands for the ten the full fill would
have received within the same day or so (1,095 days over 1,000 applications), so the years, the
decisions' days and the feed's share of current applications are those of the full fill.
"""
from __future__ import annotations

from wizard.office.schema import TOTALS

TEMPLATE = (10_000, 1_000)  # interviews, applications filled through the storage API, then copied
ID_LENGTH = 43  # an interview id as the store makes it (token_urlsafe of 32 bytes); a copy's is longer
# A template application's reference, "BAR-2026-00123": its number has two leading zeros (fewer than
# 1,000 applications), which copy k replaces with its own two digits ("BAR-2026-03123").
PREFIX, DIGITS = 9, 2
FIRST = ("applications", "decisions")  # before the trail: the triggers find a row's place through its application
UNIQUE = {"interview_id", "token_hash"}  # columns a copy makes its own (unique indexes), besides the reference


def copies_for(interviews: int, applications: int, shape: str) -> int:
    """How many times the template is copied for this size; 0: fill it all through the API."""
    whole, kept = TEMPLATE
    if shape != "uniform" or interviews <= whole or interviews % whole or interviews * kept != applications * whole:
        return 0
    return interviews // whole - 1


def replicate(backend, copies: int) -> None:
    """Copy the template's interviews and applications (and every row of theirs) `copies` times."""
    kept = [t for t in backend.tables() if "reference" in backend.columns(t) and t not in TOTALS]
    tables = [t for t in FIRST if t in kept] + sorted(t for t in kept if t not in FIRST)
    for k in range(1, copies + 1):
        # A transaction per copy: on PostgreSQL each row's trigger updates the same few totals rows, and
        # within one transaction every update adds a version the next one walks past (9 copies in one: 150 s).
        with backend.transaction():
            backend.execute(_interviews(backend, k))
            for table in tables:
                backend.execute(_trail(backend, table, k))


def _interviews(backend, k: int) -> str:
    columns = list(backend.columns("interviews"))
    chosen = [f"id || '-{k:02d}'" if c == "id" else c for c in columns]
    return (f"INSERT INTO interviews ({', '.join(columns)}) SELECT {', '.join(chosen)} FROM interviews "
            f"WHERE LENGTH(id) = {ID_LENGTH}")


def _trail(backend, table: str, k: int) -> str:
    """One table's rows of the template's applications, copied under copy k's references."""
    columns = [c for c in backend.columns(table) if c != "id"]  # an identity: the database numbers the copy
    mark = f"'{k:0{DIGITS}d}'"
    chosen = [f"SUBSTR(reference, 1, {PREFIX}) || {mark} || SUBSTR(reference, {PREFIX + DIGITS + 1})"
              if c == "reference" else f"{c} || '-{k:02d}'" if c in UNIQUE else c for c in columns]
    zeros = "0" * DIGITS
    return (f"INSERT INTO {table} ({', '.join(columns)}) SELECT {', '.join(chosen)} FROM {table} "
            f"WHERE SUBSTR(reference, {PREFIX + 1}, {DIGITS}) = '{zeros}'")


def check_totals(records, places: list[str], place: str, interviews: int, applications: int) -> None:
    """The kept counts name every interview and application the fill made (the triggers saw each copy)."""
    rows = records.counts.count_totals_in(places)
    started = sum(int(r["n"]) for r in rows if r["what"] == "started")
    received = sum(int(r["n"]) for r in rows if r["what"] == "received" and r["place"] == place)
    assert (started, received) == (interviews, applications), (started, received, interviews, applications)
