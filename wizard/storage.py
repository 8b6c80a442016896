"""Saved interviews in SQLite; schema changes go through sqlite-utils migrations, run once at start.

An interview is keyed by a random id of 256 bits (secrets.token_urlsafe(32)): knowing one
interview's id tells you nothing about another's.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
import sqlite3
import threading
import weakref
from datetime import datetime, timezone
from pathlib import Path

import sqlite_utils
from sqlite_utils.migrations import Migrations

from .errors import InterviewTooLarge
from .interview import Interview

migrations = Migrations("permit_wizard")
_NO_LOCK = contextlib.nullcontext()


@migrations()
def m001_create_interviews(db: sqlite_utils.Database) -> None:
    db["interviews"].create(
        {"id": str, "jurisdiction": str, "answers": str, "completed_steps": str,
         "created_at": str, "updated_at": str},
        pk="id",
    )


@migrations()
def m002_kiosk_and_handoffs(db: sqlite_utils.Database) -> None:
    # kiosk_seen: the last request from the kiosk session that owns the interview (NULL: not a kiosk's).
    db["interviews"].add_column("kiosk_seen", str)
    db["interviews"].create_index(["updated_at"])
    db["handoffs"].create({"token_hash": str, "interview_id": str, "expires_at": str}, pk="token_hash")


@migrations()
def m003_kiosk_enrolments(db: sqlite_utils.Database) -> None:
    # One-time links that make a browser a kiosk screen (`wizard kiosk-link`); only their sha256.
    db["kiosk_enrolments"].create({"token_hash": str, "expires_at": str}, pk="token_hash")


@migrations()
def m004_failed_post(db: sqlite_utils.Database) -> None:
    # failed_post: the values of the last post that had errors, as JSON {"step": ..., "fields": [[name, value]...]},
    # shown again by the GET it redirects to (issue 23). Deleted with the interview.
    db["interviews"].add_column("failed_post", str)


ID_BYTES = 32
# One interview's answers, as stored: an organizer's run to the end is under 20 KB; one imported
# file once stored 652 KB. Far more than any honest packet needs, small enough that one client
# cannot fill the disk quickly (the new-interview limit bounds how many).
MAX_ANSWERS_BYTES = 256 * 1024
ENROLMENT_MINUTES = 60  # a link that makes a browser a kiosk screen works once, for this long


def new_interview_id() -> str:
    return secrets.token_urlsafe(ID_BYTES)


def looks_like_id(value: str) -> bool:
    return isinstance(value, str) and 40 <= len(value) <= 64 and all(c.isalnum() or c in "-_" for c in value)


def token_hash(token: str) -> str:
    return hashlib.sha256(token[:200].encode("utf-8", "surrogatepass")).hexdigest()


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def create_private_file(path: str) -> None:
    """Create the database file readable by its owner only (0600), like the secret key: it holds
    every organizer's answers and the ids that open them. SQLite gives its -wal and -shm files the
    same mode. An existing file is left as it is."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass


class _Connection:
    """One kept SQLite connection; closed when nothing keeps it any more (its thread ended, or
    its store was dropped). sqlite3 connections take no weak references; this holder does."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn

    def __del__(self) -> None:
        self.conn.close()


class InterviewStore:
    """Interviews in one SQLite file, one kept-open connection per thread.

    Each connection is opened once (WAL, `synchronous=NORMAL`, a busy timeout) and reused, and
    each save is one autocommitted upsert: an answer is committed to the WAL before its request
    is acknowledged, so a killed server keeps it (tests/test_crash.py). The schema is migrated once,
    at start-up (`migrate`), never probed per request.
    """

    def __init__(self, path: str | Path):
        self.path = str(path)
        self._local = threading.local()
        self._lock = threading.Lock()  # guards the list of open connections
        self._memory_lock = threading.Lock()
        self._migrate_lock = threading.Lock()
        # Every open connection, to close them all. Weak: a connection kept for a thread closes when
        # the thread ends (a server that starts a thread per request would otherwise keep three open
        # files per request: database, WAL and shared memory) or when the store is dropped.
        self._connections: weakref.WeakSet[_Connection] = weakref.WeakSet()
        self._migrated = False
        self.closed = False
        if self.path != ":memory:":
            self._prepare_file()

    def _prepare_file(self) -> None:
        """The one place the database's folder and file come into being."""
        folder = Path(self.path).parent
        if not folder.exists():  # the instance folder: its owner's only (0700), like the files in it
            folder.mkdir(parents=True, mode=0o700, exist_ok=True)
        create_private_file(self.path)

    def _open(self) -> _Connection:
        # Autocommit (isolation_level=None): every statement is its own transaction, committed
        # before it returns. check_same_thread=False only so `close` may close every thread's.
        conn = sqlite3.connect(self.path, timeout=5, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA busy_timeout = 5000")
        conn.execute("PRAGMA synchronous = NORMAL")  # in WAL mode: durable across a process crash
        conn.execute("PRAGMA secure_delete = ON")  # a deleted answer is overwritten, not left in free pages
        kept = _Connection(conn)
        with self._lock:
            self._connections.add(kept)
        return kept

    def _thread_connection(self) -> sqlite3.Connection:
        # An in-memory database has one connection, shared: each `:memory:` open is a new database.
        holder = self if self.path == ":memory:" else self._local
        kept = getattr(holder, "kept", None)
        if kept is None:
            with self._memory_lock if holder is self else _NO_LOCK:
                kept = getattr(holder, "kept", None) or self._open()
                holder.kept = kept
        return kept.conn

    def connection(self) -> sqlite3.Connection:
        """This thread's connection, opened on first use and kept."""
        conn = self._thread_connection()
        if not self._migrated:
            self.migrate()  # a store used without create_app (scripts, tests)
        return conn

    def connect(self) -> sqlite_utils.Database:
        """The thread's connection wrapped for sqlite-utils (migrations, tests); not used per request."""
        return sqlite_utils.Database(self.connection())

    def migrate(self) -> None:
        with self._migrate_lock:
            if self._migrated:
                return
            db = sqlite_utils.Database(self._thread_connection())
            if self.path != ":memory:":
                db.execute("PRAGMA journal_mode = WAL")  # kept in the file: set once for every connection
            migrations.apply(db)
            self._migrated = True

    def close(self) -> None:
        """Stop using the store (tests; a server simply exits): this thread's connection closes now,
        another thread's when that thread ends. Closing a connection while another thread is inside
        a query on it crashes SQLite, so no thread closes another's; the sweeper stops on `closed`."""
        self.closed = True
        holder = self if self.path == ":memory:" else self._local
        kept = getattr(holder, "kept", None)
        if kept is not None:
            del holder.kept
            kept.conn.close()

    def create(self, answers: dict | None = None, completed_steps: list[str] | None = None) -> Interview:
        now = _now()
        interview = Interview(new_interview_id(), dict(answers or {}), list(completed_steps or []), now, now)
        self.save(interview)
        return interview

    def get(self, interview_id: str) -> Interview | None:
        if not looks_like_id(interview_id):
            return None
        row = self.connection().execute(
            "SELECT id, answers, completed_steps, created_at, updated_at, kiosk_seen IS NOT NULL FROM interviews"
            " WHERE id = ?", (interview_id,)).fetchone()
        if row is None:
            return None
        return Interview(row[0], json.loads(row[1]), json.loads(row[2]), row[3], row[4], bool(row[5]))

    def save(self, interview: Interview) -> None:
        """Save the interview; InterviewTooLarge (nothing saved) past MAX_ANSWERS_BYTES."""
        answers = json.dumps(interview.answers, ensure_ascii=False)
        if len(answers.encode("utf-8", "surrogatepass")) > MAX_ANSWERS_BYTES:
            raise InterviewTooLarge(f"the answers take more than {MAX_ANSWERS_BYTES // 1024} KB")
        interview.updated_at = _now()
        self.connection().execute(UPSERT, (
            interview.id, interview.jurisdiction, answers,
            json.dumps(interview.completed_steps), interview.created_at, interview.updated_at))

    def keep_failed_post(self, interview_id: str, step_id: str, fields: list[tuple[str, str]]) -> None:
        """Keep a post that had errors for the page the browser is sent to next (redirect after a
        failed post, so Back never lands on a "Confirm Form Resubmission" page)."""
        self._write("UPDATE interviews SET failed_post = ? WHERE id = ?",
                    (json.dumps({"step": step_id, "fields": fields}, ensure_ascii=False), interview_id))

    def take_failed_post(self, interview_id: str, step_id: str) -> list[tuple[str, str]] | None:
        """The kept post of this step, once: it is gone after it is shown."""
        row = self.connection().execute("SELECT failed_post FROM interviews WHERE id = ?", (interview_id,)).fetchone()
        if row is None or row[0] is None:
            return None
        self._write("UPDATE interviews SET failed_post = NULL WHERE id = ?", (interview_id,))
        kept = json.loads(row[0])
        return [tuple(pair) for pair in kept["fields"]] if kept.get("step") == step_id else None

    # Deleting for good, the kiosk and the phone hand-off. Each deletion ends with a checkpoint that
    # truncates the WAL, so a cleared answer survives neither in the database file nor in its WAL.

    def _write(self, sql: str, params=()) -> int:
        return self.connection().execute(sql, params).rowcount

    def _forget(self) -> None:
        if self.path != ":memory:":
            self.connection().execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def clear(self, interview_ids) -> int:
        """Delete these interviews for good; how many there were."""
        ids = [i for i in interview_ids if looks_like_id(i)]
        count = sum(self._write("DELETE FROM interviews WHERE id = ?", (i,)) for i in ids)
        self._forget()
        return count

    def mark_kiosk(self, interview_ids, seen: str | None = None) -> None:
        """A request came from the kiosk session that owns these interviews: they are in use."""
        for interview_id in interview_ids:
            self._write("UPDATE interviews SET kiosk_seen = ? WHERE id = ?", (seen or _now(), interview_id))

    def delete_idle(self, seen_before: str) -> int:
        """Delete kiosk interviews whose session has sent no request since `seen_before`."""
        count = self._write("DELETE FROM interviews WHERE kiosk_seen IS NOT NULL AND kiosk_seen < ?",
                            (seen_before,))
        if count:
            self._forget()
        return count

    def older_than(self, before: str) -> list[str]:
        """Ids of interviews not changed since `before` (an ISO time in UTC)."""
        rows = self.connection().execute("SELECT id FROM interviews WHERE updated_at < ?", (before,))
        return [row[0] for row in rows]

    def purge_older_than(self, before: str) -> int:
        """Delete interviews not changed since `before`: the retention period has passed."""
        count = self._write("DELETE FROM interviews WHERE updated_at < ?", (before,))
        self._write("DELETE FROM handoffs WHERE expires_at < ?", (_now(),))
        self._write("DELETE FROM kiosk_enrolments WHERE expires_at < ?", (_now(),))
        if count:
            self._forget()
        return count

    def add_handoff(self, token_hash: str, interview_id: str, expires_at: str) -> None:
        self._write("INSERT INTO handoffs (token_hash, interview_id, expires_at) VALUES (?, ?, ?)",
                    (token_hash, interview_id, expires_at))

    def claim_handoff(self, token_hash: str, now: str) -> str | None:
        """The interview a hand-off link opens, once: the link is deleted as it is used (one
        statement, so two phones scanning at once cannot both have it)."""
        row = self.connection().execute(
            "DELETE FROM handoffs WHERE token_hash = ? RETURNING interview_id, expires_at", (token_hash,)).fetchone()
        return row[0] if row is not None and row[1] >= now else None

    def new_enrolment(self, expires_at: str) -> str:
        """A one-time token that enrols a kiosk screen until `expires_at`; only its hash is kept."""
        token = secrets.token_urlsafe(32)
        self._write("INSERT INTO kiosk_enrolments (token_hash, expires_at) VALUES (?, ?)",
                    (token_hash(token), expires_at))
        return token

    def enrolment_open(self, token: str, now: str) -> bool:
        row = self.connection().execute("SELECT expires_at FROM kiosk_enrolments WHERE token_hash = ?",
                                        (token_hash(token),)).fetchone()
        return row is not None and row[0] >= now

    def claim_enrolment(self, token: str, now: str) -> bool:
        """True once for a token still open: it is deleted as it is used."""
        row = self.connection().execute("DELETE FROM kiosk_enrolments WHERE token_hash = ? RETURNING expires_at",
                                        (token_hash(token),)).fetchone()
        return row is not None and row[0] >= now

    def move(self, interview_id: str) -> Interview | None:
        """The interview under a new random id, the old one deleted for good (a kiosk's hand-off)."""
        old = self.get(interview_id)
        if old is None:
            return None
        moved = Interview(new_interview_id(), old.answers, old.completed_steps, old.created_at, old.updated_at)
        self.save(moved)
        self.clear([interview_id])
        return moved


UPSERT = """
INSERT INTO interviews (id, jurisdiction, answers, completed_steps, created_at, updated_at)
VALUES (?, ?, ?, ?, ?, ?)
ON CONFLICT(id) DO UPDATE SET jurisdiction = excluded.jurisdiction, answers = excluded.answers,
    completed_steps = excluded.completed_steps, updated_at = excluded.updated_at
"""
