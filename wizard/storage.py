"""Saved interviews in SQLite through sqlite-utils; schema changes go through migrations.

An interview is keyed by a random id of 256 bits (secrets.token_urlsafe(32)): knowing one
interview's id tells you nothing about another's.
"""
from __future__ import annotations

import json
import os
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


ID_BYTES = 32


def new_interview_id() -> str:
    return secrets.token_urlsafe(ID_BYTES)


def looks_like_id(value: str) -> bool:
    return isinstance(value, str) and 40 <= len(value) <= 64 and all(c.isalnum() or c in "-_" for c in value)


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


class InterviewStore:
    def __init__(self, path: str | Path):
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            create_private_file(self.path)

    def connect(self) -> sqlite_utils.Database:
        db = sqlite_utils.Database(self.path)
        db.execute("PRAGMA busy_timeout = 5000")
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
