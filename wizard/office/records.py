"""The office's tables and every statement that reads or writes them.

The tables live in the interviews' SQLite file and are created by their own sqlite-utils
migrations (`permit_wizard_office`). Every query is plain SQL that SQLite and PostgreSQL both
accept (`ON CONFLICT ... DO UPDATE`, `RETURNING`), so a later PostgreSQL backend can replace the
connection without touching the callers: they reach the tables only through `OfficeRecords`.
"""
from __future__ import annotations

import json
import secrets
from datetime import datetime, timezone

import sqlite_utils
from sqlite_utils.migrations import Migrations

from ..storage import InterviewStore

migrations = Migrations("permit_wizard_office")


@migrations()
def m001_office(db: sqlite_utils.Database) -> None:
    db["clerks"].create({"email": str, "jurisdictions": str, "password_hash": str, "created_at": str,
                         "session_version": int}, pk="email")
    db["clerk_links"].create({"token_hash": str, "email": str, "expires_at": str}, pk="token_hash")
    db["applications"].create({
        "reference": str, "interview_id": str, "jurisdiction": str, "status": str, "version": int,
        "received_at": str, "updated_at": str, "closed_at": str, "event_name": str, "starts_at": str,
        "ends_at": str, "applicant_email": str}, pk="reference")
    db["applications"].create_index(["interview_id"], unique=True)
    db["applications"].create_index(["jurisdiction"])
    db["application_versions"].create({"reference": str, "version": int, "answers": str, "sent_at": str},
                                      pk=("reference", "version"))
    db["uploads"].create({"id": str, "interview_id": str, "document": str, "filename": str, "mimetype": str,
                          "size": int, "data": bytes, "uploaded_at": str}, pk="id")
    db["uploads"].create_index(["interview_id"])
    db["ticks"].create({"reference": str, "item": str, "received": int}, pk=("reference", "item"))
    db["history"].create({"id": int, "reference": str, "at": str, "who": str, "what": str, "detail": str}, pk="id")
    db["history"].create_index(["reference"])
    db["outbox"].create({"id": int, "reference": str, "recipient": str, "subject": str, "text_body": str, "html_body": str,
                         "created_at": str, "attempts": int, "next_try_at": str, "sent_at": str,
                         "last_error": str}, pk="id")
    db["counters"].create({"name": str, "last": int}, pk="name")


def now_text() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


APPLICATION_COLUMNS = ("reference, interview_id, jurisdiction, status, version, received_at, updated_at, "
                       "closed_at, event_name, starts_at, ends_at, applicant_email")


def _rows(cursor) -> list[dict]:
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row)) for row in cursor.fetchall()]


class OfficeRecords:
    """The office's storage, on the interview store's kept connection (one per thread)."""

    def __init__(self, store: InterviewStore):
        self.store = store
        migrations.apply(sqlite_utils.Database(store.connection()))

    def _query(self, sql: str, params=()) -> list[dict]:
        return _rows(self.store.connection().execute(sql, params))

    def _one(self, sql: str, params=()) -> dict | None:
        rows = self._query(sql, params)
        return rows[0] if rows else None

    def _write(self, sql: str, params=()) -> int:
        return self.store.connection().execute(sql, params).rowcount

    # Clerks -------------------------------------------------------------------------------

    def add_clerk(self, email: str, jurisdictions: list[str]) -> None:
        self._write("INSERT INTO clerks (email, jurisdictions, password_hash, created_at, session_version) "
                    "VALUES (?, ?, NULL, ?, 1) ON CONFLICT(email) DO UPDATE SET jurisdictions = excluded.jurisdictions",
                    (email, json.dumps(sorted(set(jurisdictions))), now_text()))

    def clerk(self, email: str) -> dict | None:
        row = self._one("SELECT email, jurisdictions, password_hash, session_version FROM clerks WHERE email = ?",
                        (email,))
        if row:
            row["jurisdictions"] = json.loads(row["jurisdictions"])
        return row

    def clerks(self) -> list[dict]:
        rows = self._query("SELECT email, jurisdictions, password_hash FROM clerks ORDER BY email")
        for row in rows:
            row["jurisdictions"] = json.loads(row["jurisdictions"])
        return rows

    def remove_clerk(self, email: str) -> bool:
        self._write("DELETE FROM clerk_links WHERE email = ?", (email,))
        return self._write("DELETE FROM clerks WHERE email = ?", (email,)) > 0

    def clerks_of(self, jurisdiction: str) -> list[str]:
        return [c["email"] for c in self.clerks() if jurisdiction in c["jurisdictions"]]

    def set_password_hash(self, email: str, password_hash: str) -> None:
        # A new password ends every session signed in with the old one.
        self._write("UPDATE clerks SET password_hash = ?, session_version = session_version + 1 WHERE email = ?",
                    (password_hash, email))

    def add_link(self, token_hash: str, email: str, expires_at: str) -> None:
        self._write("INSERT INTO clerk_links (token_hash, email, expires_at) VALUES (?, ?, ?)",
                    (token_hash, email, expires_at))

    def link(self, token_hash: str) -> dict | None:
        return self._one("SELECT email, expires_at FROM clerk_links WHERE token_hash = ?", (token_hash,))

    def use_link(self, token_hash: str) -> dict | None:
        """The link's row, deleted as it is read: a one-time link works once."""
        return self._one("DELETE FROM clerk_links WHERE token_hash = ? RETURNING email, expires_at", (token_hash,))

    # Applications --------------------------------------------------------------------------

    def next_number(self, name: str) -> int:
        row = self._one("INSERT INTO counters (name, last) VALUES (?, 1) "
                        "ON CONFLICT(name) DO UPDATE SET last = counters.last + 1 RETURNING last", (name,))
        return row["last"]

    def application(self, reference: str) -> dict | None:
        return self._one(f"SELECT {APPLICATION_COLUMNS} FROM applications WHERE reference = ?", (reference,))

    def application_for(self, interview_id: str) -> dict | None:
        return self._one(f"SELECT {APPLICATION_COLUMNS} FROM applications WHERE interview_id = ?", (interview_id,))

    def applications_in(self, jurisdictions: list[str]) -> list[dict]:
        if not jurisdictions:
            return []
        marks = ", ".join("?" for _ in jurisdictions)
        return self._query(f"SELECT {APPLICATION_COLUMNS} FROM applications WHERE jurisdiction IN ({marks}) "
                           "ORDER BY received_at DESC", tuple(jurisdictions))

    def insert_application(self, row: dict) -> None:
        names = ", ".join(row)
        marks = ", ".join("?" for _ in row)
        self._write(f"INSERT INTO applications ({names}) VALUES ({marks})", tuple(row.values()))

    def update_application(self, reference: str, **changes) -> None:
        sets = ", ".join(f"{name} = ?" for name in changes)
        self._write(f"UPDATE applications SET {sets} WHERE reference = ?", (*changes.values(), reference))

    def add_version(self, reference: str, version: int, answers: dict, sent_at: str) -> None:
        self._write("INSERT INTO application_versions (reference, version, answers, sent_at) VALUES (?, ?, ?, ?)",
                    (reference, version, json.dumps(answers, ensure_ascii=False), sent_at))

    def version_answers(self, reference: str, version: int) -> dict:
        row = self._one("SELECT answers FROM application_versions WHERE reference = ? AND version = ?",
                        (reference, version))
        return json.loads(row["answers"]) if row else {}

    def versions(self, reference: str) -> list[dict]:
        return self._query("SELECT version, sent_at FROM application_versions WHERE reference = ? ORDER BY version",
                           (reference,))

    # Uploads -------------------------------------------------------------------------------

    def add_upload(self, interview_id: str, document: str, filename: str, mimetype: str, data: bytes) -> str:
        upload_id = secrets.token_urlsafe(16)
        self._write("INSERT INTO uploads (id, interview_id, document, filename, mimetype, size, data, uploaded_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (upload_id, interview_id, document, filename, mimetype, len(data), data, now_text()))
        return upload_id

    def uploads(self, interview_id: str) -> list[dict]:
        return self._query("SELECT id, document, filename, mimetype, size, uploaded_at FROM uploads "
                           "WHERE interview_id = ? ORDER BY uploaded_at, id", (interview_id,))

    def upload(self, interview_id: str, upload_id: str) -> dict | None:
        """One upload, only through the interview it belongs to."""
        return self._one("SELECT id, document, filename, mimetype, size, data FROM uploads "
                         "WHERE interview_id = ? AND id = ?", (interview_id, upload_id))

    def remove_upload(self, interview_id: str, upload_id: str) -> bool:
        return self._write("DELETE FROM uploads WHERE interview_id = ? AND id = ?", (interview_id, upload_id)) > 0

    def uploaded_bytes(self, interview_id: str) -> int:
        row = self._one("SELECT COALESCE(SUM(size), 0) AS total FROM uploads WHERE interview_id = ?", (interview_id,))
        return int(row["total"])

    # Checklist ticks and history -----------------------------------------------------------

    def set_tick(self, reference: str, item: str, received: bool) -> None:
        self._write("INSERT INTO ticks (reference, item, received) VALUES (?, ?, ?) "
                    "ON CONFLICT(reference, item) DO UPDATE SET received = excluded.received",
                    (reference, item, 1 if received else 0))

    def ticks(self, reference: str) -> dict[str, bool]:
        return {r["item"]: bool(r["received"])
                for r in self._query("SELECT item, received FROM ticks WHERE reference = ?", (reference,))}

    def add_history(self, reference: str, who: str, what: str, detail: str = "") -> None:
        self._write("INSERT INTO history (reference, at, who, what, detail) VALUES (?, ?, ?, ?, ?)",
                    (reference, now_text(), who, what, detail))

    def history(self, reference: str) -> list[dict]:
        return self._query("SELECT at, who, what, detail FROM history WHERE reference = ? ORDER BY id", (reference,))

    # The outbox ----------------------------------------------------------------------------

    def queue_mail(self, reference: str, recipient: str, subject: str, text_body: str, html_body: str) -> None:
        now = now_text()
        self._write("INSERT INTO outbox (reference, recipient, subject, text_body, html_body, created_at, attempts, "
                    "next_try_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?)",
                    (reference, recipient, subject, text_body, html_body, now, now))

    def mail_due(self, now: str, limit: int = 20) -> list[dict]:
        return self._query("SELECT id, recipient, subject, text_body, html_body, attempts FROM outbox "
                           "WHERE sent_at IS NULL AND next_try_at <= ? ORDER BY id LIMIT ?", (now, limit))

    def mail_sent(self, mail_id: int) -> None:
        self._write("UPDATE outbox SET sent_at = ?, last_error = NULL WHERE id = ?", (now_text(), mail_id))

    def mail_failed(self, mail_id: int, error: str, next_try_at: str) -> None:
        self._write("UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_try_at = ? WHERE id = ?",
                    (error, next_try_at, mail_id))

    def unsent_mail(self, jurisdictions: list[str]) -> list[dict]:
        """Mail not sent yet about these places' applications."""
        if not jurisdictions:
            return []
        marks = ", ".join("?" for _ in jurisdictions)
        return self._query("SELECT o.id, o.reference, o.subject, o.created_at, o.attempts, o.next_try_at, o.last_error "
                           "FROM outbox o JOIN applications a ON a.reference = o.reference "
                           f"WHERE o.sent_at IS NULL AND a.jurisdiction IN ({marks}) ORDER BY o.id", tuple(jurisdictions))

    def forget_sent_mail(self, before: str) -> int:
        return self._write("DELETE FROM outbox WHERE sent_at IS NOT NULL AND sent_at < ?", (before,))

    # Retention -----------------------------------------------------------------------------

    def closed_before(self, before: str) -> list[dict]:
        return self._query("SELECT reference, interview_id FROM applications WHERE closed_at IS NOT NULL "
                           "AND closed_at < ?", (before,))

    def delete_application(self, reference: str, interview_id: str) -> None:
        for sql, key in (("DELETE FROM history WHERE reference = ?", reference),
                         ("DELETE FROM ticks WHERE reference = ?", reference),
                         ("DELETE FROM outbox WHERE reference = ?", reference),
                         ("DELETE FROM application_versions WHERE reference = ?", reference),
                         ("DELETE FROM uploads WHERE interview_id = ?", interview_id),
                         ("DELETE FROM applications WHERE reference = ?", reference),
                         ("DELETE FROM interviews WHERE id = ?", interview_id)):
            self._write(sql, (key,))

    def sent_interview_ids(self) -> set[str]:
        return {r["interview_id"] for r in self._query("SELECT interview_id FROM applications")}

    def forget_orphan_uploads(self) -> int:
        """Uploads of unsent interviews that were deleted (retention, a kiosk clear, "Delete my
        answers"). A sent application's uploads are the office's and stay with it."""
        return self._write("DELETE FROM uploads WHERE interview_id NOT IN (SELECT id FROM interviews) "
                           "AND interview_id NOT IN (SELECT interview_id FROM applications)")
