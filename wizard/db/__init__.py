"""Storage backends: `open_backend` picks the engine from the DATABASE setting (a file path or a
postgresql:// URL); wizard/storage.py and wizard/office/records.py reach rows only through it."""
from __future__ import annotations

from pathlib import Path

from .base import Backend, Migration, marks
from .postgres import PostgresBackend, is_postgres_url
from .sqlite import SqliteBackend

__all__ = ["Backend", "Migration", "marks", "open_backend", "is_postgres_url"]


def open_backend(target: str | Path) -> Backend:
    if is_postgres_url(str(target)):
        return PostgresBackend(str(target))
    return SqliteBackend(target)
