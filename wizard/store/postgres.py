"""The shared backend: a PostgreSQL database reached through a bounded pool of connections.

Every server of a statewide host opens one pool (at most POOL_SIZE connections each). Statements
outside a transaction run in autocommit, committed before they return, as on SQLite. When the
database cannot be reached the backend raises StoreUnavailable, for the edge to turn into a page.
"""
from __future__ import annotations

import contextlib
import logging
import re
import threading
import zlib
from time import monotonic
from datetime import datetime, timezone
from typing import Iterator, Sequence, cast

import psycopg
from psycopg.pq import ExecStatus
from psycopg.rows import dict_row, tuple_row
from psycopg_pool import ConnectionPool, PoolTimeout

from ..errors import StoreUnavailable
from .base import POSTGRES, Backend, Migration, applied_as_formerly, lock_key

LOG = logging.getLogger(__name__)
TUPLES_OK = ExecStatus.TUPLES_OK
POOL_SIZE = 10  # connections per server: a waitress server runs 8 threads, plus its sweeper and mailer
CONNECT_SECONDS = 5.0  # how long a request waits for a connection before the database counts as gone
# One attempt to open a connection gives up after this (libpq's connect_timeout, whole seconds); the
# pool keeps trying in the background, so a server reconnects by itself once the database is back.
ATTEMPT_SECONDS = 3
# While the database is known to be unreachable (the last request could not reach it), a request waits
# only this long for a connection: a burst of requests during an outage must not hold every server
# thread CONNECT_SECONDS each, with /healthz queued behind them. A request that gets one clears it.
DOWN_WAIT_SECONDS = 0.25
RECONNECT_SECONDS = 60.0  # the pool's retries of one lost connection, before it reports (and grows anew on demand)
# A connection back in the pool longer than this is checked with a round trip before a request gets
# it (a database restart drops idle connections); one used more recently is not (the check was one extra
# round trip on every statement: docs/decisions/0018-servers-share-through-the-database.md). One that fails anyway is dropped by the pool, and a
# read is tried once more on a fresh connection.
CHECK_IDLE_SECONDS = 30.0
# A kept cursor holds its last result while its connection waits in the pool: one that gave more rows
# than this (an office list, the calendar feed's query) is let go with them.
KEPT_RESULT_ROWS = 64
READ = re.compile(r"\s*SELECT\b", re.IGNORECASE)
# One advisory lock for every migration run: two servers starting at once must not both migrate.
MIGRATION_LOCK = zlib.crc32(b"permit_wizard migrations")
MIGRATIONS_TABLE = ("CREATE TABLE IF NOT EXISTS wizard_migrations (migration_set TEXT NOT NULL, name TEXT NOT NULL, "
                    "applied_at TEXT NOT NULL, PRIMARY KEY (migration_set, name))")


def unreachable(error: Exception) -> StoreUnavailable:
    return StoreUnavailable(f"the database cannot be reached: {error}")


class BrokenConnection(StoreUnavailable):
    """The connection itself failed (the database dropped it), not the statement."""


class PooledConnection(psycopg.Connection):
    """A connection of the backend's pool, with when it last went back (None: never used), for the
    idle check: an attribute of its own, not a table of every connection behind a lock."""

    returned_at: float | None = None
    # One cursor kept for the backend's statements (each reads its rows before the next is sent): a new
    # cursor per statement is a quarter of psycopg's own CPU for a read (22 against 16 µs).
    kept_cursor: psycopg.Cursor | None = None


def check_when_idle(conn: PooledConnection) -> None:
    """The pool's `check`: a round trip only for a connection idle `CHECK_IDLE_SECONDS` or more (or
    never used). Not the pool's `reset` callback to note when one goes back: with one, psycopg_pool
    hands every returned connection to its worker thread, a thread switch per statement (about 0.1 ms
    of CPU each)."""
    if conn.returned_at is None or monotonic() - conn.returned_at >= CHECK_IDLE_SECONDS:
        ConnectionPool.check_connection(conn)


def reconnect_failed(pool: ConnectionPool) -> None:
    LOG.warning("the database has been unreachable for %s s; still trying on each request", RECONNECT_SECONDS)


class PostgresBackend(Backend):
    dialect = POSTGRES

    def __init__(self, url: str, pool_size: int = POOL_SIZE, connect_seconds: float = CONNECT_SECONDS):
        self.url = url
        self._local = threading.local()  # the connection of this thread's open transaction
        self._down = False  # the last attempt to reach the database failed (a plain flag: a race only shifts one wait)
        # check: a connection idle long enough for the database to have dropped it (a restart) is
        # checked, and replaced, before a request gets it.
        self._pool = ConnectionPool(url, connection_class=PooledConnection, min_size=1, max_size=pool_size,
                                    open=False, timeout=connect_seconds, check=check_when_idle,
                                    reconnect_timeout=RECONNECT_SECONDS,
                                    reconnect_failed=reconnect_failed,
                                    kwargs={"autocommit": True, "row_factory": dict_row,
                                            "connect_timeout": ATTEMPT_SECONDS})
        try:
            self._pool.open(wait=True, timeout=connect_seconds)
        except PoolTimeout as error:
            self._pool.close()
            raise unreachable(error) from error

    def _check_out(self) -> PooledConnection:
        """A connection of the pool, taken directly (`getconn`), not through the pool's `connection()`:
        that one also enters the connection's own context, a commit call (sending nothing in autocommit)
        and two generator frames for each statement."""
        try:
            conn = self._pool.getconn(timeout=DOWN_WAIT_SECONDS if self._down else None)
        except PoolTimeout as error:
            self._down = True
            raise unreachable(error) from error
        except psycopg.OperationalError as error:
            raise unreachable(error) from error
        self._down = False
        return conn

    def _give_back(self, conn: PooledConnection) -> None:
        conn.returned_at = monotonic()  # going back now: not checked if used again soon
        self._pool.putconn(conn)  # one left in a transaction is rolled back, a broken one replaced

    def _failed(self, conn: PooledConnection, error: psycopg.OperationalError) -> StoreUnavailable:
        if conn.broken:
            self._down = True
            return BrokenConnection(f"the database dropped the connection: {error}")
        return unreachable(error)

    @contextlib.contextmanager
    def _connection(self) -> Iterator[PooledConnection]:
        held = getattr(self._local, "conn", None)
        if held is not None:
            yield held
            return
        conn = self._check_out()
        try:
            yield conn
        except psycopg.OperationalError as error:
            raise self._failed(conn, error) from error
        finally:
            self._give_back(conn)

    def _run(self, conn: PooledConnection, sql: str, params: Sequence) -> psycopg.Cursor:
        cursor = conn.kept_cursor
        if cursor is None:
            cursor = conn.kept_cursor = conn.cursor()
        if not params:  # without parameters psycopg reads the text as it is: no % to double
            return cursor.execute(sql)
        return cursor.execute(self.dialect.statement(sql), tuple(params))

    def _statement(self, sql: str, params: Sequence) -> list[dict] | int:
        """One statement outside `_connection()`'s generator: its rows when it gives rows (a SELECT, a
        RETURNING), else how many rows it changed. Each request's statements pass here."""
        held = getattr(self._local, "conn", None)
        conn = held if held is not None else self._check_out()
        try:
            cursor = self._run(conn, sql, params)
            result = cursor.pgresult
            # The result's status, not `cursor.description`: that makes a Column object per column.
            if result is None or result.status != TUPLES_OK:
                return cursor.rowcount
            rows = cast(list[dict], cursor.fetchall())  # the pool's connections make dict rows
            if len(rows) > KEPT_RESULT_ROWS:
                conn.kept_cursor = None
            return rows
        except psycopg.OperationalError as error:
            if held is not None:
                raise
            raise self._failed(conn, error) from error
        finally:
            if held is None:
                self._give_back(conn)

    def query(self, sql: str, params: Sequence = ()) -> list[dict]:
        try:
            return self._rows(sql, params)
        except BrokenConnection:
            if getattr(self._local, "conn", None) is not None or not READ.match(sql):
                raise  # inside a transaction, or a write that may have run: the caller decides
            return self._rows(sql, params)  # a read, once more, on a fresh connection

    def _rows(self, sql: str, params: Sequence) -> list[dict]:
        rows = self._statement(sql, params)
        return rows if isinstance(rows, list) else []

    def execute(self, sql: str, params: Sequence = ()) -> int:
        changed = self._statement(sql, params)
        return changed if isinstance(changed, int) else len(changed)

    def batches(self, sql: str, size: int) -> Iterator[list[tuple]]:
        # A server-side cursor (it lives in a transaction): the server sends `size` rows at a time.
        with self._connection() as conn, conn.transaction(), \
                conn.cursor(name="wizard_batches", row_factory=tuple_row) as cursor:
            cursor.execute(sql)
            while rows := cursor.fetchmany(size):
                yield rows

    def insert_rows(self, table: str, columns: Sequence[str], rows: list[tuple]) -> None:
        """PostgreSQL's COPY: one stream of rows, not a statement (and a round trip) per row."""
        listed = ", ".join(f'"{name}"' for name in columns)
        with self._connection() as conn, conn.cursor() as cursor, \
                cursor.copy(f'COPY "{table}" ({listed}) FROM STDIN') as copy:
            for row in rows:
                copy.write_row(row)

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        with self._connection() as conn, conn.transaction():
            self._local.conn = conn
            try:
                yield
            finally:
                self._local.conn = None

    def migrate(self, migration_set: str, migrations: Sequence[Migration]) -> list[str]:
        applied_now = []
        with self._connection() as conn:
            conn.execute("SELECT pg_advisory_lock(%s)", (MIGRATION_LOCK,))
            try:
                conn.execute(MIGRATIONS_TABLE)
                done = {r["name"] for r in conn.execute(
                    "SELECT name FROM wizard_migrations WHERE migration_set = %s", (migration_set,))}
                for name in applied_as_formerly(migrations, done):
                    conn.execute("INSERT INTO wizard_migrations (migration_set, name, applied_at) VALUES (%s, %s, %s)",
                                 (migration_set, name, datetime.now(timezone.utc).isoformat()))
                    done.add(name)
                for migration in (m for m in migrations if m.name not in done):
                    with conn.transaction():
                        for statement in migration.statements:
                            conn.execute(self.dialect.ddl(statement))
                        conn.execute("INSERT INTO wizard_migrations (migration_set, name, applied_at) "
                                     "VALUES (%s, %s, %s)", (migration_set, migration.name,
                                                             datetime.now(timezone.utc).isoformat()))
                    applied_now.append(migration.name)
            finally:
                conn.execute("SELECT pg_advisory_unlock(%s)", (MIGRATION_LOCK,))
        return applied_now

    def tables(self) -> list[str]:
        rows = self.query("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = "
                          "current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name")
        return [r["name"] for r in rows if r["name"] != "wizard_migrations"]

    def columns(self, table: str) -> dict[str, bool]:
        rows = self.query("SELECT column_name AS name, is_identity FROM information_schema.columns "
                          "WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position",
                          (table,))
        return {r["name"]: r["is_identity"] == "YES" for r in rows}

    def turn(self, job: str) -> TurnLock:
        return TurnLock(self.url, job)

    def close(self) -> None:
        self._pool.close()


class TurnLock:
    """One server at a time: the holder of a session-level `pg_try_advisory_lock` on a connection of
    its own (not the pool's: the lock lives as long as the connection). Every server tries at each
    round; when the holder dies its connection ends and the next server to try takes the turn."""

    def __init__(self, url: str, job: str):
        self.url, self.job = url, job
        self._conn: psycopg.Connection | None = None
        self._holding = False

    def held(self) -> bool:
        had_connection = self._conn is not None
        answer = self._ask()
        if answer is None and had_connection:  # the connection died (the database restarted): a new one now, not a round later
            answer = self._ask()
        return bool(answer)

    def _ask(self) -> bool | None:
        """Whether this server holds the turn; None when the database could not be asked."""
        try:
            if self._conn is None or self._conn.closed:
                self._conn = psycopg.connect(self.url, autocommit=True, connect_timeout=5)
                self._holding = False
            if self._holding:
                self._conn.execute("SELECT 1")  # still connected, so still the holder
                return True
            # One lock per schema: two sites sharing a database each have their own sweeper.
            place = self._conn.execute("SELECT current_database() || '.' || current_schema()").fetchone()[0]
            self._holding = bool(self._conn.execute("SELECT pg_try_advisory_lock(%s)",
                                                    (lock_key(f"turn {self.job} {place}"),)).fetchone()[0])
            return self._holding
        except psycopg.Error:
            self.release()  # the database went away: whoever connects next takes the turn
            return None

    def release(self) -> None:
        conn, holding = self._conn, self._holding
        self._conn, self._holding = None, False
        if conn is None:
            return
        try:
            if holding and not conn.closed:
                # Unlocked now: a closed connection's lock ends only once the database notices.
                conn.execute("SELECT pg_advisory_unlock_all()")
        except psycopg.Error:
            pass  # the connection is gone already, and its lock with it
        finally:
            conn.close()
