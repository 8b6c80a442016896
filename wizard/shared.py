"""What the servers of one PostgreSQL database share that one process used to keep for itself:
the abuse limits' counts (and a clerk's failed sign-ins), the secret key, and whose turn it is to run a background job.

With an SQLite file there is one server (`wizard serve` on one machine): its limits count in memory
(wizard/web/limits.py) and its jobs need no turn. With PostgreSQL every server may be behind the same
load balancer, so a client's count is the rows it left in `limit_events` (pruned as they age out of
the hour), and the sweeper and the mail sender run in one server at a time: the one holding a
session-level advisory lock, which PostgreSQL releases by itself when that server dies.
"""
from __future__ import annotations

import secrets
import threading
import time
import zlib

import psycopg

from .db import Migration
from .db.postgres import PostgresBackend
from .storage import InterviewStore

MIGRATION_SET = "permit_wizard_shared"
MIGRATIONS = (
    # at: seconds since the epoch (every server's clock, not one process's monotonic one).
    Migration("s001_limit_events_and_settings", (
        "CREATE TABLE limit_events (kind TEXT NOT NULL, client TEXT NOT NULL, at DOUBLE PRECISION NOT NULL)",
        "CREATE INDEX idx_limit_events ON limit_events (kind, client, at)",
        "CREATE TABLE shared_settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)")),
)
WINDOW = 3600  # seconds: the limits are per hour
PRUNE_EVERY = 500  # counts between sweeps of every client's expired rows (one client's go at each count)


def is_shared(store: InterviewStore) -> bool:
    return isinstance(store.backend, PostgresBackend)


def _key(text: str) -> int:
    return zlib.crc32(text.encode("utf-8", "surrogatepass"))


class DatabaseCounter:
    """The limits' counter (the same `allow` as limits.NewInterviewCounter) kept in the database,
    so a client alternating between servers is counted once, not once per server."""

    def __init__(self, store: InterviewStore, kind: str):
        store.migrate_also(MIGRATION_SET, MIGRATIONS)
        self.backend, self.kind = store.backend, kind
        self._calls = 0
        self._lock = threading.Lock()

    def allow(self, client: str, limit: int, now: float | None = None) -> bool:
        now = time.time() if now is None else now
        backend = self.backend
        with backend.transaction():
            # Two servers counting the same client at once must not both take its last place.
            backend.query("SELECT pg_advisory_xact_lock(?)", (_key(f"limit {self.kind} {client}"),))
            backend.execute("DELETE FROM limit_events WHERE kind = ? AND client = ? AND at <= ?",
                            (self.kind, client, now - WINDOW))
            used = backend.one("SELECT COUNT(*) AS used FROM limit_events WHERE kind = ? AND client = ?",
                               (self.kind, client))["used"]
            if used >= limit:
                return False
            backend.execute("INSERT INTO limit_events (kind, client, at) VALUES (?, ?, ?)", (self.kind, client, now))
        self._prune_now_and_then(now)
        return True

    def _prune_now_and_then(self, now: float) -> None:
        # A client that never comes back leaves rows only this reaches.
        with self._lock:
            self._calls += 1
            due = self._calls % PRUNE_EVERY == 0
        if due:
            self.backend.execute("DELETE FROM limit_events WHERE kind = ? AND at <= ?", (self.kind, now - WINDOW))


class SharedEvents:
    """Moments something happened to a key (a clerk's failed sign-ins), kept for `window` seconds,
    for a policy that weighs more than a count (wizard/web/signin.py)."""

    def __init__(self, store: InterviewStore, kind: str, window: float):
        store.migrate_also(MIGRATION_SET, MIGRATIONS)
        self.backend, self.kind, self.window = store.backend, kind, window

    def times(self, client: str, now: float) -> list[float]:
        return [row["at"] for row in self.backend.query(
            "SELECT at FROM limit_events WHERE kind = ? AND client = ? AND at > ? ORDER BY at",
            (self.kind, client, now - self.window))]

    def add(self, client: str, now: float) -> None:
        with self.backend.transaction():
            self.backend.execute("DELETE FROM limit_events WHERE kind = ? AND at <= ?", (self.kind, now - self.window))
            self.backend.execute("INSERT INTO limit_events (kind, client, at) VALUES (?, ?, ?)",
                                 (self.kind, client, now))

    def clear(self, client: str) -> None:
        self.backend.execute("DELETE FROM limit_events WHERE kind = ? AND client = ?", (self.kind, client))


def shared_secret_key(store: InterviewStore) -> str:
    """The key every server of this database signs with: made by whichever server starts first
    (two starting at once both insert; one insert wins and both read the winner's)."""
    store.migrate_also(MIGRATION_SET, MIGRATIONS)
    store.backend.execute("INSERT INTO shared_settings (name, value) VALUES ('secret_key', ?) "
                          "ON CONFLICT (name) DO NOTHING", (secrets.token_hex(32),))
    return store.backend.one("SELECT value FROM shared_settings WHERE name = 'secret_key'")["value"]


class EveryTurn:
    """An SQLite file has one server: its jobs always have their turn."""

    def held(self) -> bool:
        return True

    def release(self) -> None:
        pass


class TurnLock:
    """One server at a time: the holder of a session-level `pg_try_advisory_lock` on a connection of
    its own (not the pool's: the lock lives as long as the connection). Every server tries at each
    round; when the holder dies its connection ends and the next server to try takes the turn."""

    def __init__(self, url: str, job: str):
        self.url, self.job = url, job
        self._conn: psycopg.Connection | None = None
        self._holding = False

    def held(self) -> bool:
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
                                                    (_key(f"turn {self.job} {place}"),)).fetchone()[0])
            return self._holding
        except psycopg.Error:
            self.release()  # the database went away: whoever connects next takes the turn
            return False

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


def turn_for(store: InterviewStore, job: str) -> EveryTurn | TurnLock:
    return TurnLock(store.backend.url, job) if is_shared(store) else EveryTurn()
