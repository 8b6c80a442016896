"""An application as the office keeps it: its row, the versions the organizer sent, the files
uploaded with it, the clerk's checklist ticks and its history; the numbers that name applications
and the turns that order sends and uploads (`counters`); and what retention deletes of it."""
from __future__ import annotations

import json
import secrets
from typing import cast

from ..schema import ApplicationRow
from ...store import marks
from .base import Repository, now_text

APPLICATION_COLUMNS = ("reference, interview_id, jurisdiction, status, version, received_at, updated_at, "
                       "closed_at, event_name, starts_at, ends_at, applicant_email, file_by, language")
# The tables of an application's own rows, by reference (its uploads and interview go by interview id).
TABLES = ("history", "ticks", "application_versions", "applications")


class ApplicationRecords(Repository):
    """applications, application_versions, uploads, ticks, history and counters."""

    # Numbers and turns ------------------------------------------------------------------------

    def take_turn(self, name: str) -> None:
        """Inside a transaction: wait for any other transaction that took the turn `name` ("sends",
        "uploads") to commit. Writing one shared row holds its lock to the end of the transaction on
        PostgreSQL (SQLite's BEGIN IMMEDIATE already takes the whole file's), so the next one reads
        what this one wrote."""
        self._write("INSERT INTO counters (name, last) VALUES (?, 1) "
                    "ON CONFLICT(name) DO UPDATE SET last = counters.last + 1", (f"turn:{name}",))

    def next_number(self, name: str) -> int:
        row = self._one("INSERT INTO counters (name, last) VALUES (?, 1) "
                        "ON CONFLICT(name) DO UPDATE SET last = counters.last + 1 RETURNING last", (name,))
        return row["last"]

    # The application's row ---------------------------------------------------------------------

    def application(self, reference: str) -> ApplicationRow | None:
        return cast("ApplicationRow | None", self._one(
            f"SELECT {APPLICATION_COLUMNS} FROM applications WHERE reference = ?", (reference,)))

    def receipt_figures(self, reference: str) -> dict | None:
        """The current version and the day of first receipt the inbox keeps (received_day)."""
        return self._one("SELECT version, received_day FROM applications WHERE reference = ?", (reference,))

    def current_assessments(self, references: list[str]) -> dict[str, str]:
        """Each application's current version's kept assessment (JSON text), by reference: a page of the inbox's."""
        if not references:
            return {}
        rows = self._query("SELECT a.reference, v.assessment FROM applications a JOIN application_versions v ON "
                           f"v.reference = a.reference AND v.version = a.version WHERE a.reference IN ({marks(references)})",
                           tuple(references))
        return {r["reference"]: r["assessment"] for r in rows if r["assessment"]}

    def application_for(self, interview_id: str) -> ApplicationRow | None:
        return cast("ApplicationRow | None", self._one(
            f"SELECT {APPLICATION_COLUMNS} FROM applications WHERE interview_id = ?", (interview_id,)))

    def applications_in(self, jurisdictions: list[str]) -> list[ApplicationRow]:
        return cast("list[ApplicationRow]", self._query_in(
            f"SELECT {APPLICATION_COLUMNS} FROM applications WHERE jurisdiction {{places}} ORDER BY received_at DESC",
            jurisdictions))

    # The inbox's page and its count (office/inbox.py builds the WHERE from fixed clauses and bound values).
    def applications_page(self, where: str, params: list, order: str, limit: int, offset: int) -> list[ApplicationRow]:
        """The page's rows, each with the inbox's received_day, decide_by and organizer too."""
        columns = ", ".join(f"a.{c.strip()}" for c in APPLICATION_COLUMNS.split(","))
        return cast("list[ApplicationRow]", self._query(
            f"SELECT {columns}, a.received_day, a.decide_by, a.organizer FROM applications a "
            f"WHERE {where} ORDER BY {order} LIMIT ? OFFSET ?", (*params, limit, offset)))

    def count_applications(self, where: str, params: list) -> int:
        return int(self._one(f"SELECT COUNT(*) AS n FROM applications a WHERE {where}", tuple(params))["n"])

    def applications_without_figures(self, jurisdictions: list[str]) -> list[dict]:
        return self._query_in("SELECT reference, jurisdiction, version, received_at FROM applications "
                              "WHERE received_day IS NULL AND jurisdiction {places}", jurisdictions)

    def insert_application(self, row: dict) -> None:
        self._insert("applications", row)

    def update_application(self, reference: str, **changes) -> None:
        sets = ", ".join(f"{name} = ?" for name in changes)
        self._write(f"UPDATE applications SET {sets} WHERE reference = ?", (*changes.values(), reference))

    # Versions sent -----------------------------------------------------------------------------

    def add_version(self, reference: str, version: int, answers: dict, sent_at: str) -> None:
        self._write("INSERT INTO application_versions (reference, version, answers, sent_at) VALUES (?, ?, ?, ?)",
                    (reference, version, json.dumps(answers, ensure_ascii=False), sent_at))

    def version_answers(self, reference: str, version: int) -> dict:
        row = self._one("SELECT answers FROM application_versions WHERE reference = ? AND version = ?",
                        (reference, version))
        return json.loads(row["answers"]) if row else {}

    def filed(self, reference: str, version: int) -> dict | None:
        """The version's assessment as filed (JSON text, None until kept), the digest of the rule file it came
        from, when it was made, and the digest of a later rule file the clerk chose not to apply."""
        return self._one("SELECT assessment, rules_digest, assessed_at, rules_kept FROM application_versions "
                         "WHERE reference = ? AND version = ?", (reference, version))

    def keep_assessment(self, reference: str, version: int, assessment: dict, digest: str, at: str) -> None:
        self._write("UPDATE application_versions SET assessment = ?, rules_digest = ?, assessed_at = ?, "
                    "rules_kept = NULL WHERE reference = ? AND version = ?",
                    (json.dumps(assessment, ensure_ascii=False), digest, at, reference, version))

    def keep_rules_as_filed(self, reference: str, version: int, digest: str) -> None:
        self._write("UPDATE application_versions SET rules_kept = ? WHERE reference = ? AND version = ?",
                    (digest, reference, version))

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

    # Retention -----------------------------------------------------------------------------

    def closed_before(self, before: str) -> list[dict]:
        return self._query("SELECT reference, interview_id FROM applications WHERE closed_at IS NOT NULL "
                           "AND closed_at < ?", (before,))

    def forget(self, reference: str, interview_id: str) -> None:
        """The application's own rows, its uploads and its interview (the other repositories forget
        theirs first: `OfficeRecords.forget_application`)."""
        self._forget(TABLES, reference)
        self._write("DELETE FROM uploads WHERE interview_id = ?", (interview_id,))
        self._write("DELETE FROM interviews WHERE id = ?", (interview_id,))

    def sent_interview_ids(self) -> set[str]:
        return {r["interview_id"] for r in self._query("SELECT interview_id FROM applications")}

    def forget_orphan_uploads(self) -> int:
        """Uploads of unsent interviews that were deleted (retention, a kiosk clear, "Delete my
        answers"). A sent application's uploads are the office's and stay with it."""
        return self._write("DELETE FROM uploads WHERE interview_id NOT IN (SELECT id FROM interviews) "
                           "AND interview_id NOT IN (SELECT interview_id FROM applications)")
