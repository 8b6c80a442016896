"""The embedded backend: one SQLite file, one kept-open connection per thread (today's default).

Migrations are recorded in sqlite-utils' own table (`_sqlite_migrations`), so a village's existing
instance/wizard.db is recognised as it is and only its missing migrations run.
"""
from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import weakref
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterator, Sequence

import sqlite_utils
from sqlite_utils.migrations import Migrations

from ..errors import StoreUnavailable
from .base import SQLITE, Backend, Migration, applied_as_formerly, marks

_NO_LOCK = contextlib.nullcontext()


@contextlib.contextmanager
def busy_as_unavailable() -> Iterator[None]:
    """Another writer held the file past the busy timeout: nothing was written, the same 503 as a
    PostgreSQL server that is gone (wizard/web/edge/errors.py), not a 500."""
    try:
        yield
    except sqlite3.OperationalError as error:
        if "locked" not in str(error) and "busy" not in str(error):
            raise
        raise StoreUnavailable(f"the database file is busy: {error}") from error


def create_private_file(path: str) -> None:
    """Create the database file readable by its owner only (0600), like the secret key: it holds
    every organizer's answers and the ids that open them. SQLite gives its -wal and -shm files the
    same mode. An existing file is left as it is."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass


class KeptConnection:
    """One kept SQLite connection; closed when nothing keeps it any more (its thread ended, or
    its store was dropped). sqlite3 connections take no weak references; this holder does."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn

    def __del__(self) -> None:
        self.conn.close()


def sqlite_migrations(migration_set: str, migrations: Sequence[Migration]) -> Migrations:
    """The set as sqlite-utils migrations, under the same names."""
    chosen = Migrations(migration_set)
    for migration in migrations:
        def run(db: sqlite_utils.Database, statements=migration.statements) -> None:
            for statement in statements:
                db.execute(SQLITE.ddl(statement))
        chosen(name=migration.name)(run)
    return chosen


class SqliteBackend(Backend):
    """Each connection is opened once (WAL, `synchronous=NORMAL`, a busy timeout) and reused, in
    autocommit: a statement is committed to the WAL before it returns, so a killed server keeps it
    (tests/store/test_kill_mid_interview.py)."""

    dialect = SQLITE

    def __init__(self, path: str | Path):
        self.path = str(path)
        self._local = threading.local()
        self._lock = threading.Lock()  # guards the list of open connections
        self._memory_lock = threading.Lock()
        # Every open connection, to close them all. Weak: a connection kept for a thread closes when
        # the thread ends (a server that starts a thread per request would otherwise keep three open
        # files per request: database, WAL and shared memory) or when the store is dropped.
        self._connections: weakref.WeakSet[KeptConnection] = weakref.WeakSet()
        if self.path != ":memory:":
            self._prepare_file()

    def _prepare_file(self) -> None:
        """The one place the database's folder and file come into being."""
        folder = Path(self.path).parent
        if not folder.exists():  # the instance folder: its owner's only (0700), like the files in it
            folder.mkdir(parents=True, mode=0o700, exist_ok=True)
        create_private_file(self.path)

    def _open(self) -> KeptConnection:
        # Autocommit (isolation_level=None): every statement is its own transaction, committed
        # before it returns. check_same_thread=False only so `close` may close every thread's.
        conn = sqlite3.connect(self.path, timeout=5, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA busy_timeout = 5000")
        conn.execute("PRAGMA synchronous = NORMAL")  # in WAL mode: durable across a process crash
        conn.execute("PRAGMA secure_delete = ON")  # a deleted answer is overwritten, not left in free pages
        kept = KeptConnection(conn)
        with self._lock:
            self._connections.add(kept)
        return kept

    def _holder(self):
        # An in-memory database has one connection, shared: each `:memory:` open is a new database.
        return self if self.path == ":memory:" else self._local

    def connection(self) -> sqlite3.Connection:
        """This thread's connection, opened on first use and kept."""
        holder = self._holder()
        kept = getattr(holder, "kept", None)
        if kept is None:
            with self._memory_lock if holder is self else _NO_LOCK:
                kept = getattr(holder, "kept", None) or self._open()
                holder.kept = kept
        return kept.conn

    def query(self, sql: str, params: Sequence = ()) -> list[dict]:
        with busy_as_unavailable():
            cursor = self.connection().execute(sql, tuple(params))
            if cursor.description is None:
                return []
            names = [d[0] for d in cursor.description]
            return [dict(zip(names, row)) for row in cursor.fetchall()]

    def execute(self, sql: str, params: Sequence = ()) -> int:
        with busy_as_unavailable():
            return self.connection().execute(sql, tuple(params)).rowcount

    def batches(self, sql: str, size: int) -> Iterator[list[tuple]]:
        # A cursor of its own: SQLite steps through the result as rows are fetched.
        cursor = self.connection().execute(sql)
        try:
            while rows := cursor.fetchmany(size):
                yield rows
        finally:
            cursor.close()

    def insert_rows(self, table: str, columns: Sequence[str], rows: list[tuple]) -> None:
        listed = ", ".join(f'"{name}"' for name in columns)
        with busy_as_unavailable():
            self.connection().executemany(f'INSERT INTO "{table}" ({listed}) VALUES ({marks(columns)})', rows)

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        conn = self.connection()
        with busy_as_unavailable():
            conn.execute("BEGIN IMMEDIATE")  # take the write lock now: no upgrade deadlock halfway
        try:
            yield
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def migrate(self, migration_set: str, migrations: Sequence[Migration]) -> list[str]:
        db = sqlite_utils.Database(self.connection())
        if self.path != ":memory:":
            db.execute("PRAGMA journal_mode = WAL")  # kept in the file: set once for every connection
        chosen = sqlite_migrations(migration_set, migrations)
        renamed = applied_as_formerly(migrations, {m.name for m in chosen.applied(db)})
        if renamed:
            chosen.ensure_migrations_table(db)
            db[chosen.migrations_table].insert_all(
                {"migration_set": migration_set, "name": name, "applied_at": str(datetime.now(timezone.utc))}
                for name in renamed)
        pending = [m.name for m in chosen.pending(db)]
        chosen.apply(db)
        return pending

    def tables(self) -> list[str]:
        # sqlite-utils reads the catalogue; its own record of migrations is not the project's data.
        return [t for t in sqlite_utils.Database(self.connection()).table_names()
                if t != "_sqlite_migrations" and not t.startswith("sqlite_")]

    def columns(self, table: str) -> dict[str, bool]:
        return {c.name: False for c in sqlite_utils.Database(self.connection())[table].columns}

    def forget(self) -> None:
        # Truncate the WAL, so a cleared answer survives neither in the database file nor in its WAL.
        if self.path != ":memory:":
            self.connection().execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def close(self) -> None:
        """This thread's connection closes now, another thread's when that thread ends. Closing a
        connection while another thread is inside a query on it crashes SQLite, so no thread closes
        another's."""
        holder = self._holder()
        kept = getattr(holder, "kept", None)
        if kept is not None:
            del holder.kept
            kept.conn.close()
