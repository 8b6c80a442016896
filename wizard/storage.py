"""Saved interviews in SQLite through sqlite-utils; schema changes go through migrations.

An interview is keyed by a random id of 256 bits (secrets.token_urlsafe(32)): knowing one
interview's id tells you nothing about another's.
"""
from __future__ import annotations

import json
import secrets
from datetime import datetime, timezone
from pathlib import Path

import sqlite_utils
from sqlite_utils.migrations import Migrations

from .interview import Interview

migrations = Migrations("permit_wizard")


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


ID_BYTES = 32


def new_interview_id() -> str:
    return secrets.token_urlsafe(ID_BYTES)


def looks_like_id(value: str) -> bool:
    return isinstance(value, str) and 40 <= len(value) <= 64 and all(c.isalnum() or c in "-_" for c in value)


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class InterviewStore:
    def __init__(self, path: str | Path):
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)

    def connect(self) -> sqlite_utils.Database:
        db = sqlite_utils.Database(self.path)
        db.execute("PRAGMA busy_timeout = 5000")
        db.execute("PRAGMA secure_delete = ON")  # a deleted answer is overwritten, not left in free pages
        return db

    def migrate(self) -> None:
        db = self.connect()
        if self.path != ":memory:":
            db.execute("PRAGMA journal_mode = WAL")
        migrations.apply(db)
        db.close()

    def create(self, answers: dict | None = None, completed_steps: list[str] | None = None) -> Interview:
        now = _now()
        interview = Interview(new_interview_id(), dict(answers or {}), list(completed_steps or []), now, now)
        self.save(interview)
        return interview

    def get(self, interview_id: str) -> Interview | None:
        if not looks_like_id(interview_id):
            return None
        db = self.connect()
        try:
            row = db["interviews"].get(interview_id)
        except sqlite_utils.db.NotFoundError:
            return None
        finally:
            db.close()
        return Interview(row["id"], json.loads(row["answers"]), json.loads(row["completed_steps"]),
                         row["created_at"], row["updated_at"])

    def save(self, interview: Interview) -> None:
        interview.updated_at = _now()
        db = self.connect()
        with db.conn:
            db["interviews"].upsert({
                "id": interview.id,
                "jurisdiction": interview.jurisdiction,
                "answers": json.dumps(interview.answers, ensure_ascii=False),
                "completed_steps": json.dumps(interview.completed_steps),
                "created_at": interview.created_at,
                "updated_at": interview.updated_at,
            }, pk="id")
        db.close()

    def delete(self, interview_id: str) -> None:
        db = self.connect()
        with db.conn:
            db["interviews"].delete_where("id = ?", [interview_id])
        db.close()

    # Deleting for good, the kiosk and the phone hand-off. Each deletion ends with a checkpoint that
    # truncates the WAL, so a cleared answer survives neither in the database file nor in its WAL.

    def _write(self, sql: str, params=()) -> int:
        db = self.connect()
        try:
            with db.conn:
                count = db.execute(sql, params).rowcount
            return count
        finally:
            db.close()

    def _forget(self) -> None:
        if self.path != ":memory:":
            db = self.connect()
            try:
                db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                db.close()

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
        db = self.connect()
        try:
            return [row[0] for row in db.execute("SELECT id FROM interviews WHERE updated_at < ?", (before,))]
        finally:
            db.close()

    def purge_older_than(self, before: str) -> int:
        """Delete interviews not changed since `before`: the retention period has passed."""
        count = self._write("DELETE FROM interviews WHERE updated_at < ?", (before,))
        self._write("DELETE FROM handoffs WHERE expires_at < ?", (_now(),))
        if count:
            self._forget()
        return count

    def add_handoff(self, token_hash: str, interview_id: str, expires_at: str) -> None:
        self._write("INSERT INTO handoffs (token_hash, interview_id, expires_at) VALUES (?, ?, ?)",
                    (token_hash, interview_id, expires_at))

    def claim_handoff(self, token_hash: str, now: str) -> str | None:
        """The interview a hand-off link opens, once: the link is deleted as it is used."""
        db = self.connect()
        try:
            with db.conn:
                row = db.execute("SELECT interview_id, expires_at FROM handoffs WHERE token_hash = ?",
                                 (token_hash,)).fetchone()
                if row is None or db.execute("DELETE FROM handoffs WHERE token_hash = ?",
                                             (token_hash,)).rowcount != 1:
                    return None
            return row[0] if row[1] >= now else None
        finally:
            db.close()

    def move(self, interview_id: str) -> Interview | None:
        """The interview under a new random id, the old one deleted for good (a kiosk's hand-off)."""
        old = self.get(interview_id)
        if old is None:
            return None
        moved = Interview(new_interview_id(), old.answers, old.completed_steps, old.created_at, old.updated_at)
        self.save(moved)
        self.clear([interview_id])
        return moved
