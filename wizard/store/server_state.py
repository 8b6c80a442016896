"""What the servers of one PostgreSQL database share that one process used to keep for itself:
the abuse limits' counts (and a clerk's failed sign-ins), the secret key, and whose turn it is to run a background job.

With an SQLite file there is one server (`wizard serve` on one machine): its limits count in memory
(wizard/web/edge/limits.py) and its jobs need no turn. With PostgreSQL every server may be behind the same
load balancer, so a client's count is its row of `limit_windows` (the moments it was counted within
the hour; a failed sign-in is a row of `limit_events`), and the sweeper and the mail sender run in
one server at a time: the one holding a session-level advisory lock, which PostgreSQL releases by
itself when that server dies.
"""
from __future__ import annotations

import secrets
import threading
import time

from . import Migration
from .base import POSTGRES, Turn
from .interviews import InterviewStore

MIGRATION_SET = "permit_wizard_shared"
# The kinds DatabaseCounter counted in `limit_events` before s002 (wizard/web/edge/limits.py); the
# sign-in failures stay there (SharedEvents).
COUNTED_KINDS = "('new_interviews', 'answers', 'organizer_mails')"
MIGRATIONS = (
    # at: seconds since the epoch (every server's clock, not one process's monotonic one).
    Migration("s001_limit_events_and_settings", (
        "CREATE TABLE limit_events (kind TEXT NOT NULL, client TEXT NOT NULL, at DOUBLE PRECISION NOT NULL)",
        "CREATE INDEX idx_limit_events ON limit_events (kind, client, at)",
        "CREATE TABLE shared_settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)")),
    # One row per counted client (docs/decisions/0018-servers-share-through-the-database.md): the moments it was counted within the hour, so a count is one
    # statement that locks its row; `counted`: whether the last attempt was. A count made before this
    # migration moves into it, so no client's hour starts again.
    Migration("s002_limit_windows", (
        "CREATE TABLE limit_windows (kind TEXT NOT NULL, client TEXT NOT NULL, times DOUBLE PRECISION[] NOT NULL, "
        "counted BOOLEAN NOT NULL, PRIMARY KEY (kind, client))",
        "INSERT INTO limit_windows (kind, client, times, counted) SELECT kind, client, array_agg(at ORDER BY at), TRUE "
        f"FROM limit_events WHERE kind IN {COUNTED_KINDS} GROUP BY kind, client",
        f"DELETE FROM limit_events WHERE kind IN {COUNTED_KINDS}")),
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
        # One statement, one round trip (it was five statements, then a pipelined
        # transaction of five). Two servers counting the same client at once must not both take its
        # last place: the upsert locks the client's row, and the second works on the first's times.
        row = self.backend.one(COUNT, (self.kind, client, now, limit, now, limit, now - WINDOW))
        if not row["counted"]:
            return False
        self._prune_now_and_then(now)
        return True

    def allow_and_write(self, client: str, limit: int, write: str, params: tuple, now: float | None = None) -> bool:
        """`allow`, and when it allows, `write` too, in the same statement: one round trip and one commit
        (one wait for the disk, with fsync on) where they were two. `write` is a statement for a
        `WITH counted AS (...)` clause that changes nothing unless `(SELECT counted FROM counted)`."""
        now = time.time() if now is None else now
        row = self.backend.one(f"WITH counted AS ({COUNT}), written AS ({write}) SELECT counted FROM counted",
                               (self.kind, client, now, limit, now, limit, now - WINDOW, *params))
        if row is None or not row["counted"]:  # the statement always gives its one row
            return False
        self._prune_now_and_then(now)
        return True

    def _prune_now_and_then(self, now: float) -> None:
        # A client that never comes back leaves a row only this reaches.
        with self._lock:
            self._calls += 1
            due = self._calls % PRUNE_EVERY == 0
        if due:
            self.backend.execute("DELETE FROM limit_windows WHERE kind = ? AND ? >= ALL(times)",
                                 (self.kind, now - WINDOW))


# A client's times within the hour, and this one added while there are fewer than the limit.
COUNT = """
INSERT INTO limit_windows AS w (kind, client, times, counted) VALUES (?, ?, ARRAY[CAST(? AS DOUBLE PRECISION)], TRUE)
ON CONFLICT (kind, client) DO UPDATE SET (times, counted) = (
    SELECT CASE WHEN COUNT(*) < ? THEN COALESCE(array_agg(t), CAST('{}' AS DOUBLE PRECISION[])) || CAST(? AS DOUBLE PRECISION)
                ELSE array_agg(t) END, COUNT(*) < ?
    FROM unnest(w.times) AS t WHERE t > ?)
RETURNING counted
"""


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
