"""Storage backends: `open_backend` picks the engine from the DATABASE setting (a file path or a
postgresql:// URL); wizard/storage.py and wizard/office/records.py reach rows only through it."""
from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from .base import Backend, Migration, marks
from .postgres import PostgresBackend, is_postgres_url
from .sqlite import SqliteBackend

__all__ = ["Backend", "Migration", "marks", "open_backend", "is_postgres_url", "shown"]


def open_backend(target: str | Path) -> Backend:
    if is_postgres_url(str(target)):
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
