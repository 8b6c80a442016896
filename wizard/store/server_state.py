"""What the servers of one PostgreSQL database share that one process used to keep for itself:
the abuse limits' counts (and a clerk's failed sign-ins), the secret key, and whose turn it is to run a background job.

With an SQLite file there is one server (`wizard serve` on one machine): its limits count in memory
(wizard/web/edge/limits.py) and its jobs need no turn. With PostgreSQL every server may be behind the same
load balancer, so a client's count is the rows it left in `limit_events` (pruned as they age out of
the hour), and the sweeper and the mail sender run in one server at a time: the one holding a
session-level advisory lock, which PostgreSQL releases by itself when that server dies.
"""
from __future__ import annotations

import secrets
import threading
import time

from . import Migration
from .base import POSTGRES, Turn, lock_key
from .interviews import InterviewStore

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
    return store.backend.dialect == POSTGRES


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
        # One transaction sent in one round trip (issue 39: it was five statements, each waiting for
        # the last). Two servers counting the same client at once must not both take its last
        # place: the lock comes first, and each statement after it sees what the other committed.
        counted = self.backend.together((
            ("SELECT pg_advisory_xact_lock(?)", (lock_key(f"limit {self.kind} {client}"),)),
            ("DELETE FROM limit_events WHERE kind = ? AND client = ? AND at <= ?", (self.kind, client, now - WINDOW)),
            ("INSERT INTO limit_events (kind, client, at) SELECT CAST(? AS TEXT), CAST(? AS TEXT), "
             "CAST(? AS DOUBLE PRECISION) WHERE (SELECT COUNT(*) FROM limit_events WHERE kind = ? AND client = ?) < ? "
             "RETURNING at", (self.kind, client, now, self.kind, client, limit)),
        ))
        if not counted:
            return False
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
    for a policy that weighs more than a count (wizard/web/office/signin.py)."""

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


def turn_for(store: InterviewStore, job: str) -> Turn:
    """The turn of `job` among this database's servers: always this one's on SQLite, a PostgreSQL
    advisory lock's holder on PostgreSQL (wizard/store/postgres.py: TurnLock)."""
    return store.backend.turn(job)
