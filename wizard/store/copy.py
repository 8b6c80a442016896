"""`wizard db copy FROM TO`: a village's SQLite file into a PostgreSQL database (or back), every
table the two schemas share, row for row, in one transaction on the target.

Both ends are first brought up to the current schema by the same migrations a server runs at start,
so the tables match column for column; a column only one side has is left out. The tables are
read from the source's own catalogue (`Backend.tables`), not listed here: a table a later migration adds is copied too.
A target that already holds any row is refused unless `replace` empties its tables first.
A table named `..._totals` is kept by triggers from other tables' rows (the Board's counts,
m012_count_totals): it is not copied. On PostgreSQL the target's triggers are off while the rows go
across (a trigger a row made 100,000 interviews take 56 s, not 6), and the caller's `refill` then
makes the totals from the rows copied, in the same transaction.
Each table goes across in batches (`copy_table`), so a million interviews take no more memory than a hundred.
"""
from __future__ import annotations

from typing import Callable

from . import Backend, shown
from ..errors import WizardError
from .interviews import InterviewStore

# Rows read and written at a time: an interview is up to 256 KB of answers, most are a few KB, so a
# batch is a few MB at most, whatever the size of the table.
BATCH_ROWS = 500
KEPT_BY_TRIGGERS = "_totals"  # a table's name ending so: filled by the target's triggers, never copied


class CopyRefused(WizardError):
    """The copy cannot start (a target with rows in it, or the source and target the same)."""


def opened(target: str, upgrade: Callable[[InterviewStore], object]) -> InterviewStore:
    store = InterviewStore(target)
    upgrade(store)
    return store


def rows_in(backend: Backend, table: str) -> int:
    return backend.one(f'SELECT COUNT(*) AS n FROM "{table}"')["n"]


def copy_table(source: Backend, target: Backend, table: str, batch: int | None = None) -> int:
    """Copy one table `batch` rows at a time: read by a cursor, written by COPY on PostgreSQL and
    executemany on SQLite, so memory holds one batch, not the table (docs/decisions/0008-one-sql-for-both-backends.md)."""
    wanted = target.columns(table)
    shared = [name for name in source.columns(table) if name in wanted]
    listed = ", ".join(f'"{name}"' for name in shared)
    copied = 0
    for rows in source.batches(f'SELECT {listed} FROM "{table}"', batch or BATCH_ROWS):
        target.insert_rows(table, shared, rows)
        copied += len(rows)
    for name in (n for n in shared if wanted[n]):
        # Rows came with their numbers: the next number PostgreSQL gives must come after them.
        target.execute(f"SELECT setval(pg_get_serial_sequence(?, ?), COALESCE(MAX(\"{name}\"), 1), "
                       f"MAX(\"{name}\") IS NOT NULL) FROM \"{table}\"", (table, name))
    return copied


def copy_database(source_target: str, destination: str, upgrade: Callable[[InterviewStore], object],
                  replace: bool = False, refill: Callable[[Backend], object] | None = None) -> dict[str, int]:
    """Copy every shared table; the rows copied, by table. Raises CopyRefused, StoreUnavailable.
    `upgrade` migrates each side to the whole schema first, and `refill` makes the target's totals
    from the rows copied (the caller's: the office's tables are wizard/office's, a layer above)."""
    if str(source_target) == str(destination):
        raise CopyRefused("the source and the target are the same database")
    source = opened(source_target, upgrade)
    try:
        target = opened(destination, upgrade)
    except BaseException:
        source.close()
        raise
    try:
        wanted = set(target.backend.tables())
        chosen = [t for t in source.backend.tables() if t in wanted and not t.endswith(KEPT_BY_TRIGGERS)]
        filled = [t for t in chosen if rows_in(target.backend, t)]
        if filled and not replace:
            raise CopyRefused(f"{shown(destination)} already holds rows (in {', '.join(filled)}): copy into an "
                              "empty database, or add --replace to delete the target's rows first")
        counts = {}
        quiet = target.backend.dialect.name == "postgresql"  # SQLite's triggers are cheap: they stay on
        with target.backend.transaction():
            for table in chosen if quiet else ():
                target.backend.execute(f'ALTER TABLE "{table}" DISABLE TRIGGER USER')
            for table in filled:
                target.backend.execute(f'DELETE FROM "{table}"')
            for table in chosen:
                counts[table] = copy_table(source.backend, target.backend, table)
            for table in chosen if quiet else ():
                target.backend.execute(f'ALTER TABLE "{table}" ENABLE TRIGGER USER')
            if refill is not None:
                refill(target.backend)
        return counts
    finally:
        source.close()
        target.close()
