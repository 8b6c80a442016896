"""Storage backends: `open_backend` picks the engine from the DATABASE setting (a file path or a
postgresql:// URL); wizard/store/interviews.py and wizard/office/records/ reach rows only through it.

`open_backend` imports the PostgreSQL backend only when the setting is a PostgreSQL URL: psycopg
and its pool cost 0.15-0.2 s of CPU to import (`python -X importtime`), which a village's server on
an SQLite file would pay at every start for nothing. It is the storage's one lazy import, allowed
by tests/test_structure.py, which checks a web app on an SQLite file has not loaded psycopg.
"""
from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from .base import Backend, Migration, is_postgres_url, marks
from .sqlite import SqliteBackend

__all__ = ["Backend", "Migration", "marks", "open_backend", "is_postgres_url", "shown"]


def open_backend(target: str | Path) -> Backend:
    if is_postgres_url(str(target)):
        from .postgres import PostgresBackend
        return PostgresBackend(str(target))
    return SqliteBackend(target)


def shown(target: str | Path) -> str:
    """The DATABASE setting as it may be printed or logged: a URL's password left out."""
    text = str(target)
    if not is_postgres_url(text):
        return text
    parts = urlsplit(text)
    if parts.password is None:
        return text
    host = parts.netloc.rsplit("@", 1)[1]
    return parts._replace(netloc=f"{parts.username}:***@{host}").geturl()
