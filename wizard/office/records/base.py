"""What every repository of the office's records shares: the backend and the four ways it is read
and written. Every statement is written once in SQL both engines accept (`ON CONFLICT ... DO UPDATE`,
`RETURNING`, `?` placeholders the backend adapts)."""
from __future__ import annotations

from datetime import datetime, timezone

from ...store import marks
from ...store.base import Backend


def now_text() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class Repository:
    """One aggregate's statements over the interview store's backend; a subclass names its own tables."""

    def __init__(self, backend: Backend):
        self.backend = backend

    def _query(self, sql: str, params=()) -> list[dict]:
        return self.backend.query(sql, params)

    def _one(self, sql: str, params=()) -> dict | None:
        return self.backend.one(sql, params)

    def _write(self, sql: str, params=()) -> int:
        return self.backend.execute(sql, params)

    def _query_in(self, sql: str, jurisdictions: list[str], params=()) -> list[dict]:
        """Rows of a query over some places; `{places}` in `sql` becomes `IN (?, ...)`. No place, no rows."""
        if not jurisdictions:
            return []
        return self._query(sql.format(places=f"IN ({marks(jurisdictions)})"), (*params, *jurisdictions))

    def _insert(self, table: str, row: dict) -> None:
        self._write(f"INSERT INTO {table} ({', '.join(row)}) VALUES ({marks(row)})", tuple(row.values()))

    def _forget(self, tables: tuple[str, ...], reference: str) -> None:
        """An application's rows in these tables (retention)."""
        for table in tables:
            self._write(f"DELETE FROM {table} WHERE reference = ?", (reference,))
