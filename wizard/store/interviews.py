"""Saved interviews, in the backend the DATABASE setting names (wizard/store/): an SQLite file by
default, or a PostgreSQL database shared by several servers. The schema comes from the versioned
migrations below, the same names on both engines, applied once at start (`migrate`, `wizard db upgrade`).

An interview is keyed by a random id of 256 bits (secrets.token_urlsafe(32)): knowing one
interview's id tells you nothing about another's.
"""
from __future__ import annotations

import hashlib
import json
import re
import secrets
import sqlite3
import threading
from datetime import datetime, timezone
from pathlib import Path

import sqlite_utils

from . import Backend, Migration, open_backend
from .sqlite import SqliteBackend
from ..errors import InterviewTooLarge
from ..interview.flow import Interview

MIGRATION_SET = "permit_wizard"
MIGRATIONS = (
    Migration("m001_create_interviews", (
        "CREATE TABLE interviews (id TEXT PRIMARY KEY, jurisdiction TEXT, answers TEXT, completed_steps TEXT, "
        "created_at TEXT, updated_at TEXT)",)),
    # kiosk_seen: the last request from the kiosk session that owns the interview (NULL: not a kiosk's).
    Migration("m002_kiosk_and_handoffs", (
        "ALTER TABLE interviews ADD COLUMN kiosk_seen TEXT",
        "CREATE INDEX idx_interviews_updated_at ON interviews (updated_at)",
        "CREATE TABLE handoffs (token_hash TEXT PRIMARY KEY, interview_id TEXT, expires_at TEXT)")),
    # One-time links that make a browser a kiosk screen (`wizard kiosk-link`); only their sha256.
    Migration("m003_kiosk_enrolments", (
        "CREATE TABLE kiosk_enrolments (token_hash TEXT PRIMARY KEY, expires_at TEXT)",)),
    # failed_post: the values of the last post that had errors, as JSON {"step": ..., "fields": [[name, value]...]},
    # shown again by the GET it redirects to (docs/decisions/0015-no-dead-ends-for-the-organizer.md). Deleted with the interview.
    Migration("m004_failed_post", ("ALTER TABLE interviews ADD COLUMN failed_post TEXT",)),
    # language: the organizer's language ("en", "es"; docs/decisions/0002-spanish-beside-the-law.md), set when the interview starts and by
    # the switch link; NULL for an interview started before it (the browser's choice is used).
    Migration("m_language", ("ALTER TABLE interviews ADD COLUMN language TEXT",)),
)

ID_BYTES = 32
ID_SHAPE = re.compile(r"[A-Za-z0-9_-]{40,64}")  # token_urlsafe's alphabet: anything else is no id
# One interview's answers, as stored: an organizer's run to the end is under 20 KB; one imported
# file once stored 652 KB. Far more than any honest packet needs, small enough that one client
# cannot fill the disk quickly (the new-interview limit bounds how many).
MAX_ANSWERS_BYTES = 256 * 1024
ENROLMENT_MINUTES = 60  # a link that makes a browser a kiosk screen works once, for this long


def new_interview_id() -> str:
    return secrets.token_urlsafe(ID_BYTES)


def looks_like_id(value: str) -> bool:
    return isinstance(value, str) and ID_SHAPE.fullmatch(value) is not None


def token_hash(token: str) -> str:
    """What is stored of a private link's token (a handoff, a kiosk's, a clerk's, a department's, a
    calendar feed's): its sha256, so the database alone opens nothing. Cut at 200 characters, longer
    than any token made: a pasted page costs no more to hash than a token."""
    return hashlib.sha256(token[:200].encode("utf-8", "surrogatepass")).hexdigest()


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class InterviewStore:
    """Interviews in one backend (wizard/store/). Each save is one autocommitted upsert: an answer is
    committed before its request is acknowledged, so a killed server keeps it (tests/store/test_kill_mid_interview.py).
    The schema is migrated once, at start-up (`migrate`), never probed per request.
    """

    def __init__(self, target: str | Path):
        self.path = str(target)
        self.backend: Backend = open_backend(target)
        self._migrate_lock = threading.Lock()
        self._migrated = False
        self._sets_done: set[str] = set()
        self.closed = False

    def _ready(self) -> Backend:
        if not self._migrated:
            self.migrate()  # a store used without create_app (scripts, tests)
        return self.backend

    def connection(self) -> sqlite3.Connection:
        """This thread's SQLite connection (tests and tools that read the file itself)."""
        if not isinstance(self.backend, SqliteBackend):
            raise TypeError("connection() is the SQLite backend's; use store.backend")
        self._ready()
        return self.backend.connection()

    def connect(self) -> sqlite_utils.Database:
        """The thread's SQLite connection wrapped for sqlite-utils (tests); not used per request."""
        return sqlite_utils.Database(self.connection())

    def migrate(self) -> list[str]:
        """Apply the interviews' migrations not applied yet; their names."""
        with self._migrate_lock:
            if self._migrated:
                return []
            applied = self.backend.migrate(MIGRATION_SET, MIGRATIONS)
            self._migrated = True
            return applied

    def migrate_also(self, migration_set: str, migrations: tuple[Migration, ...]) -> list[str]:
        """Apply another module's migrations (the office's) in this store's backend, once per store:
        the mailer and the sweeper make their records every round."""
        self.migrate()
        with self._migrate_lock:
            if migration_set in self._sets_done:
                return []
            applied = self.backend.migrate(migration_set, migrations)
            self._sets_done.add(migration_set)
            return applied

    def close(self) -> None:
        """Stop using the store (tests; a server simply exits); the sweeper stops on `closed`."""
        self.closed = True
        self.backend.close()

    def create(self, answers: dict | None = None, completed_steps: list[str] | None = None,
               language: str | None = None) -> Interview:
        now = _now()
        interview = Interview(new_interview_id(), dict(answers or {}), list(completed_steps or []), now, now,
                              language=language)
        self.save(interview)
        return interview

    def set_language(self, interview_id: str, language: str) -> None:
        """Keep the organizer's language with the interview (the switch link, the start)."""
        self._write("UPDATE interviews SET language = ? WHERE id = ?", (language, interview_id))

    def get(self, interview_id: str) -> Interview | None:
        if not looks_like_id(interview_id):
            return None
        row = self._ready().one(
            "SELECT id, answers, completed_steps, created_at, updated_at, kiosk_seen IS NOT NULL AS in_kiosk,"
            " failed_post IS NOT NULL AS has_kept_post, language FROM interviews WHERE id = ?", (interview_id,))
        if row is None:
            return None
        return Interview(row["id"], json.loads(row["answers"]), json.loads(row["completed_steps"]),
                         row["created_at"], row["updated_at"], bool(row["in_kiosk"]), bool(row["has_kept_post"]),
                         row["language"])

    def save(self, interview: Interview) -> None:
        """Save the interview; InterviewTooLarge (nothing saved) past MAX_ANSWERS_BYTES."""
        self._write(UPSERT, self._saved_row(interview))

    def save_counted(self, interview: Interview, counter, client: str, limit: int) -> bool:
        """Save the interview if `counter` (the abuse limits' `allow(client, limit)`) counts this client once
        more; False, nothing saved, when it does not. A counter kept in this database counts and saves in
        one statement (its `allow_and_write`): one round trip and one commit where they were two."""
        row = self._saved_row(interview)
        if getattr(counter, "backend", None) is self.backend and hasattr(counter, "allow_and_write"):
            return counter.allow_and_write(client, limit, UPSERT_IF_COUNTED, row)
        if not counter.allow(client, limit):
            return False
        self._write(UPSERT, row)
        return True

    def _saved_row(self, interview: Interview) -> tuple:
        answers = json.dumps(interview.answers, ensure_ascii=False)
        if len(answers.encode("utf-8", "surrogatepass")) > MAX_ANSWERS_BYTES:
            raise InterviewTooLarge(f"the answers take more than {MAX_ANSWERS_BYTES // 1024} KB")
        interview.updated_at = _now()
        return (interview.id, interview.jurisdiction, answers, json.dumps(interview.completed_steps),
                interview.created_at, interview.updated_at, interview.language)

    def keep_failed_post(self, interview_id: str, step_id: str, fields: list[tuple[str, str]]) -> None:
        """Keep a post that had errors for the page the browser is sent to next (redirect after a
        failed post, so Back never lands on a "Confirm Form Resubmission" page)."""
        self._write("UPDATE interviews SET failed_post = ? WHERE id = ?",
                    (json.dumps({"step": step_id, "fields": fields}, ensure_ascii=False), interview_id))

    def take_failed_post(self, interview_id: str, step_id: str) -> list[tuple[str, str]] | None:
        """The kept post of this step, once: it is gone after it is shown."""
        row = self._ready().one("SELECT failed_post FROM interviews WHERE id = ?", (interview_id,))
        if row is None or row["failed_post"] is None:
            return None
        self._write("UPDATE interviews SET failed_post = NULL WHERE id = ?", (interview_id,))
        kept = json.loads(row["failed_post"])
        return [tuple(pair) for pair in kept["fields"]] if kept.get("step") == step_id else None

    # Deleting for good, the kiosk and the phone hand-off. Each deletion ends with the backend's
    # `forget` (on SQLite a checkpoint that truncates the WAL).

    def _write(self, sql: str, params=()) -> int:
        return self._ready().execute(sql, params)

    def _forget(self) -> None:
        self.backend.forget()

    def clear(self, interview_ids) -> int:
        """Delete these interviews for good; how many there were."""
        ids = [i for i in interview_ids if looks_like_id(i)]
        count = sum(self._write("DELETE FROM interviews WHERE id = ?", (i,)) for i in ids)
        self.drop_handoffs(ids)
        self._forget()
        return count

    def mark_kiosk(self, interview_ids, seen: str | None = None) -> None:
        """A request came from the kiosk session that owns these interviews: they are in use."""
        for interview_id in interview_ids:
            self._write("UPDATE interviews SET kiosk_seen = ? WHERE id = ?", (seen or _now(), interview_id))

    def delete_idle(self, seen_before: str, now: str | None = None) -> int:
        """Delete kiosk interviews whose session has sent no request since `seen_before`, and (given `now`)
        those whose hand-off to a phone ran out unused: a screen left with its code may be closed."""
        count = self._write("DELETE FROM interviews WHERE kiosk_seen IS NOT NULL AND kiosk_seen < ?",
                            (seen_before,))
        if now is not None:
            count += self._write("DELETE FROM interviews WHERE kiosk_seen IS NOT NULL AND id IN "
                                 "(SELECT interview_id FROM handoffs WHERE expires_at < ?)", (now,))
            self._write("DELETE FROM handoffs WHERE expires_at < ?", (now,))
        if count:
            self._forget()
        return count

    def older_than(self, before: str) -> list[str]:
        """Ids of interviews not changed since `before` (an ISO time in UTC)."""
        return [row["id"] for row in self._ready().query("SELECT id FROM interviews WHERE updated_at < ?", (before,))]

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

    def drop_handoffs(self, interview_ids) -> None:
        """Forget these interviews' hand-off links: a code no longer on the screen opens nothing."""
        for interview_id in interview_ids:
            self._write("DELETE FROM handoffs WHERE interview_id = ?", (interview_id,))

    def claim_handoff(self, token_hash: str, now: str) -> str | None:
        """The interview a hand-off link opens, once: the link is deleted as it is used (one
        statement, so two phones scanning at once cannot both have it)."""
        row = self._ready().one(
            "DELETE FROM handoffs WHERE token_hash = ? RETURNING interview_id, expires_at", (token_hash,))
        return row["interview_id"] if row is not None and row["expires_at"] >= now else None

    def new_enrolment(self, expires_at: str) -> str:
        """A one-time token that enrols a kiosk screen until `expires_at`; only its hash is kept."""
        token = secrets.token_urlsafe(32)
        self._write("INSERT INTO kiosk_enrolments (token_hash, expires_at) VALUES (?, ?)",
                    (token_hash(token), expires_at))
        return token

    def enrolment_open(self, token: str, now: str) -> bool:
        row = self._ready().one("SELECT expires_at FROM kiosk_enrolments WHERE token_hash = ?", (token_hash(token),))
        return row is not None and row["expires_at"] >= now

    def claim_enrolment(self, token: str, now: str) -> bool:
        """True once for a token still open: it is deleted as it is used."""
        row = self._ready().one("DELETE FROM kiosk_enrolments WHERE token_hash = ? RETURNING expires_at",
                                (token_hash(token),))
        return row is not None and row["expires_at"] >= now

    def move(self, interview_id: str) -> Interview | None:
        """The interview under a new random id, the old one deleted for good (a kiosk's hand-off)."""
        old = self.get(interview_id)
        if old is None:
            return None
        moved = Interview(new_interview_id(), old.answers, old.completed_steps, old.created_at, old.updated_at,
                          language=old.language)
        self.save(moved)
        self.clear([interview_id])
        return moved


# A save never changes the language an existing interview keeps (only `set_language` does).
UPSERT = """
INSERT INTO interviews (id, jurisdiction, answers, completed_steps, created_at, updated_at, language)
VALUES (?, ?, ?, ?, ?, ?, ?)
ON CONFLICT(id) DO UPDATE SET jurisdiction = excluded.jurisdiction, answers = excluded.answers,
    completed_steps = excluded.completed_steps, updated_at = excluded.updated_at
"""
# The same, inside a counter's `WITH counted AS (...)` (server_state.DatabaseCounter.allow_and_write):
# nothing written when the client was not counted.
UPSERT_IF_COUNTED = """
INSERT INTO interviews (id, jurisdiction, answers, completed_steps, created_at, updated_at, language)
SELECT ?, ?, ?, ?, ?, ?, ? WHERE (SELECT counted FROM counted)
ON CONFLICT(id) DO UPDATE SET jurisdiction = excluded.jurisdiction, answers = excluded.answers,
    completed_steps = excluded.completed_steps, updated_at = excluded.updated_at
"""
