"""The office's tables and every statement that reads or writes them.

The tables live beside the interviews, in the same backend (an SQLite file or a PostgreSQL
database, wizard/store/), and come from their own versioned migrations (`schema.py`).
Every query is written once in SQL both engines accept (`ON CONFLICT ... DO UPDATE`, `RETURNING`,
`?` placeholders the backend adapts): callers reach the tables only through `OfficeRecords`.
"""
from __future__ import annotations

import hashlib
import json
import secrets
from datetime import datetime, timezone
from typing import cast

from ..store import marks
from ..store.interviews import InterviewStore
from .schema import MIGRATION_SET, MIGRATIONS, ApplicationRow
from .trail_records import FeedQueries, TrailQueries, in_feed_sql

# What a clerk's and a department's pages read of a referral (never its token's hash).
REFERRAL = "id, reference, department, recipient, sent_at, due_on, expires_at, answer, answer_text, answered_at"


def email_hash(email: str) -> str:
    return hashlib.sha256(email.encode("utf-8", "surrogatepass")).hexdigest()


def upgrade_schema(store: InterviewStore) -> list[str]:
    """Apply every migration not applied yet, the interviews' then the office's (`wizard db upgrade`,
    and both ends of `wizard db copy`); their names."""
    return store.migrate() + OfficeRecords.upgrade(store)


def now_text() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


APPLICATION_COLUMNS = ("reference, interview_id, jurisdiction, status, version, received_at, updated_at, "
                       "closed_at, event_name, starts_at, ends_at, applicant_email, file_by, language")


class OfficeRecords(TrailQueries, FeedQueries):
    """The office's storage, in the interview store's backend (issue 40's statements in `TrailQueries`)."""

    def __init__(self, store: InterviewStore):
        self.store = store
        self.backend = store.backend
        self.upgrade(store)

    @staticmethod
    def upgrade(store: InterviewStore) -> list[str]:
        """Apply the office's migrations not applied yet (after the interviews'); their names."""
        return store.migrate_also(MIGRATION_SET, MIGRATIONS)

    def _query(self, sql: str, params=()) -> list[dict]:
        return self.backend.query(sql, params)

    def _one(self, sql: str, params=()) -> dict | None:
        return self.backend.one(sql, params)

    def _write(self, sql: str, params=()) -> int:
        return self.backend.execute(sql, params)

    def _query_in(self, sql: str, jurisdictions: list[str], params=()) -> list[dict]:
        """Rows of a query over some places; `{places}` in `sql` becomes `IN (?, ...)`. No place, no rows."""
        if not jurisdictions:
            return []
        return self._query(sql.format(places=f"IN ({marks(jurisdictions)})"), (*params, *jurisdictions))

    # Clerks -------------------------------------------------------------------------------

    def add_clerk(self, email: str, jurisdictions: list[str]) -> None:
        # A new account's session version is above any a removed account of this email had: a cookie
        # of the removed account does not open the new one.
        self._write("INSERT INTO clerks (email, jurisdictions, password_hash, created_at, session_version) "
                    "VALUES (?, ?, NULL, ?, COALESCE((SELECT session_version FROM removed_clerks "
                    "WHERE email_hash = ?), 0) + 1) ON CONFLICT(email) DO UPDATE SET jurisdictions = excluded.jurisdictions",
                    (email, json.dumps(sorted(set(jurisdictions))), now_text(), email_hash(email)))

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
        """The account, its password links and its calendar feed: adding the address again later
        makes a new account, never one that the old links, feed address or sessions still open (its
        last session version is kept, by a hash of the address, for the new account to start above)."""
        with self.backend.transaction():
            self._write("DELETE FROM clerk_links WHERE email = ?", (email,))
            self._write("DELETE FROM feeds WHERE email = ?", (email,))
            self._write("INSERT INTO removed_clerks (email_hash, session_version) SELECT CAST(? AS TEXT), "
                        "session_version + 1 FROM clerks WHERE email = ? ON CONFLICT(email_hash) DO UPDATE SET "
                        "session_version = excluded.session_version", (email_hash(email), email))
            return self._write("DELETE FROM clerks WHERE email = ?", (email,)) > 0

    def clerks_of(self, jurisdiction: str) -> list[str]:
        return [c["email"] for c in self.clerks() if jurisdiction in c["jurisdictions"]]

    def set_password_hash(self, email: str, password_hash: str) -> None:
        # A new password ends every session signed in with the old one.
        self._write("UPDATE clerks SET password_hash = ?, session_version = session_version + 1 WHERE email = ?",
                    (password_hash, email))

    def end_sessions(self, email: str) -> None:
        """Every session of this account ends, on every server (each checks the version it signed in with)."""
        self._write("UPDATE clerks SET session_version = session_version + 1 WHERE email = ?", (email,))

    def add_link(self, token_hash: str, email: str, expires_at: str) -> None:
        """The account's one password link: a newer one voids any older one still unused."""
        with self.backend.transaction():
            self._write("DELETE FROM clerk_links WHERE email = ?", (email,))
            self._write("INSERT INTO clerk_links (token_hash, email, expires_at) VALUES (?, ?, ?)",
                        (token_hash, email, expires_at))

    def link(self, token_hash: str) -> dict | None:
        return self._one("SELECT email, expires_at FROM clerk_links WHERE token_hash = ?", (token_hash,))

    def use_link(self, token_hash: str) -> dict | None:
        """The link's row, deleted as it is read: a one-time link works once."""
        return self._one("DELETE FROM clerk_links WHERE token_hash = ? RETURNING email, expires_at", (token_hash,))

    # Applications --------------------------------------------------------------------------

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

    def application(self, reference: str) -> ApplicationRow | None:
        return cast("ApplicationRow | None", self._one(
            f"SELECT {APPLICATION_COLUMNS} FROM applications WHERE reference = ?", (reference,)))

    def application_for(self, interview_id: str) -> ApplicationRow | None:
        return cast("ApplicationRow | None", self._one(
            f"SELECT {APPLICATION_COLUMNS} FROM applications WHERE interview_id = ?", (interview_id,)))

    def applications_in(self, jurisdictions: list[str]) -> list[ApplicationRow]:
        return cast("list[ApplicationRow]", self._query_in(
            f"SELECT {APPLICATION_COLUMNS} FROM applications WHERE jurisdiction {{places}} ORDER BY received_at DESC",
            jurisdictions))

    # The inbox's page (office/inbox.py builds the WHERE from fixed clauses and bound values).
    def applications_page(self, where: str, params: list, order: str, limit: int, offset: int) -> list[ApplicationRow]:
        """The page's rows, each with the inbox's received_day, decide_by and organizer too."""
        columns = ", ".join(f"a.{c.strip()}" for c in APPLICATION_COLUMNS.split(","))
        return cast("list[ApplicationRow]", self._query(
            f"SELECT {columns}, a.received_day, a.decide_by, a.organizer FROM applications a "
            f"WHERE {where} ORDER BY {order} LIMIT ? OFFSET ?", (*params, limit, offset)))

    def insert_application(self, row: dict) -> None:
        names = ", ".join(row)
        self._write(f"INSERT INTO applications ({names}) VALUES ({marks(row)})", tuple(row.values()))

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

    def queue_mail(self, reference: str, recipient: str, subject: str, text_body: str, html_body: str,
                   attachment: tuple[str, bytes] | None = None, forget_when_sent: bool = False) -> None:
        now = now_text()
        name, data = attachment or (None, None)
        self._write("INSERT INTO outbox (reference, recipient, subject, text_body, html_body, created_at, attempts, "
                    "next_try_at, attachment_name, attachment, forget_when_sent) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)",
                    (reference, recipient, subject, text_body, html_body, now, now, name, data,
                     1 if forget_when_sent else 0))

    def mail_due(self, now: str, limit: int = 20) -> list[dict]:
        return self._query("SELECT id, recipient, subject, text_body, html_body, attempts, attachment_name, "
                           "attachment FROM outbox "
                           "WHERE sent_at IS NULL AND next_try_at <= ? ORDER BY id LIMIT ?", (now, limit))

    def mail_sent(self, mail_id: int) -> None:
        self._write("DELETE FROM outbox WHERE id = ? AND forget_when_sent = 1", (mail_id,))
        self._write("UPDATE outbox SET sent_at = ?, last_error = NULL WHERE id = ?", (now_text(), mail_id))

    def mail_failed(self, mail_id: int, error: str, next_try_at: str) -> None:
        self._write("UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_try_at = ? WHERE id = ?",
                    (error, next_try_at, mail_id))

    def unsent_mail(self, jurisdictions: list[str]) -> list[dict]:
        """Mail not sent yet about these places' applications."""
        return self._query_in("SELECT o.id, o.reference, o.subject, o.created_at, o.attempts, o.next_try_at, "
                              "o.last_error FROM outbox o JOIN applications a ON a.reference = o.reference "
                              "WHERE o.sent_at IS NULL AND a.jurisdiction {places} ORDER BY o.id", jurisdictions)

    def forget_sent_mail(self, before: str) -> int:
        return self._write("DELETE FROM outbox WHERE sent_at IS NOT NULL AND sent_at < ?", (before,))

    # An organizer's reminders ----------------------------------------------------------------

    def set_reminders(self, interview_id: str, rows: list[dict]) -> None:
        """The interview's reminders from now on: asking again replaces the earlier ones."""
        self.stop_reminders(interview_id)
        for row in rows:
            self._write("INSERT INTO reminders (interview_id, recipient, title, citation, day, remind_on, link, "
                        "stop_link, language) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (interview_id, row["recipient"], row["title"], row["citation"], row["day"], row["remind_on"],
                         row["link"], row["stop_link"], row.get("language")))

    def reminders_of(self, interview_id: str) -> list[dict]:
        return self._query("SELECT id, recipient, title, citation, day, remind_on FROM reminders "
                           "WHERE interview_id = ? ORDER BY remind_on, id", (interview_id,))

    def reminders_due(self, today: str) -> list[dict]:
        """Reminders due by `today`, with their interview's place (its office's day decides)."""
        return self._query("SELECT r.id, r.interview_id, r.recipient, r.title, r.citation, r.day, r.remind_on, "
                           "r.link, r.stop_link, r.language, i.jurisdiction FROM reminders r JOIN interviews i "
                           "ON i.id = r.interview_id WHERE r.remind_on <= ? ORDER BY r.id", (today,))

    def forget_reminder(self, reminder_id: int) -> None:
        self._write("DELETE FROM reminders WHERE id = ?", (reminder_id,))

    def stop_reminders(self, interview_id: str) -> int:
        return self._write("DELETE FROM reminders WHERE interview_id = ?", (interview_id,))

    def forget_orphan_reminders(self) -> int:
        """Reminders of interviews deleted (retention, "Delete my answers"): their addresses go too."""
        return self._write("DELETE FROM reminders WHERE interview_id NOT IN (SELECT id FROM interviews)")

    # Retention -----------------------------------------------------------------------------

    def closed_before(self, before: str) -> list[dict]:
        return self._query("SELECT reference, interview_id FROM applications WHERE closed_at IS NOT NULL "
                           "AND closed_at < ?", (before,))

    def delete_application(self, reference: str, interview_id: str) -> None:
        self.forget_trail(reference)
        for sql, key in (("DELETE FROM history WHERE reference = ?", reference),
                         ("DELETE FROM referrals WHERE reference = ?", reference),
                         ("DELETE FROM decisions WHERE reference = ?", reference),
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

    # Issue 22: short links, referrals, decisions, calendar feeds, local notes -----------------

    def add_short_link(self, code: str, target: str) -> str:
        """The stored target of `code` (the one given, unless that code already names another)."""
        self._write("INSERT INTO short_links (code, target, created_at) VALUES (?, ?, ?) "
                    "ON CONFLICT(code) DO NOTHING", (code, target, now_text()))
        return self.short_link(code) or target

    def short_link(self, code: str) -> str | None:
        row = self._one("SELECT target FROM short_links WHERE code = ?", (code,))
        return row["target"] if row else None

    def add_referral(self, row: dict) -> None:
        names = ", ".join(row)
        self._write(f"INSERT INTO referrals ({names}) VALUES ({marks(row)})", tuple(row.values()))

    def referrals(self, reference: str) -> list[dict]:
        return self._query(f"SELECT {REFERRAL} FROM referrals WHERE reference = ? ORDER BY id", (reference,))

    def feed_applications(self, jurisdictions: list[str], since: str) -> list[dict]:
        return self._query_in(f"SELECT {APPLICATION_COLUMNS} FROM applications WHERE {in_feed_sql('')} "
                              "AND jurisdiction {places} ORDER BY received_at, reference", jurisdictions, (since,))

    def referral_by_token(self, token_hash: str) -> dict | None:
        return self._one(f"SELECT {REFERRAL} FROM referrals WHERE token_hash = ?", (token_hash,))

    def answer_referral(self, referral_id: int, answer: str, text: str) -> None:
        self._write("UPDATE referrals SET answer = ?, answer_text = ?, answered_at = ? WHERE id = ?",
                    (answer, text, now_text(), referral_id))

    def set_decision(self, row: dict) -> None:
        self._write("INSERT INTO decisions (reference, decision, conditions, reasons, decided_on, decided_by, "
                    "recorded_at, version, permitted_maximum, days_to_decide) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT(reference) DO UPDATE SET "
                    "decision = excluded.decision, conditions = excluded.conditions, reasons = excluded.reasons, "
                    "decided_on = excluded.decided_on, decided_by = excluded.decided_by, "
                    "recorded_at = excluded.recorded_at, version = excluded.version, "
                    "permitted_maximum = excluded.permitted_maximum, days_to_decide = excluded.days_to_decide",
                    (row["reference"], row["decision"], row.get("conditions", ""), row.get("reasons", ""),
                     row["decided_on"], row["decided_by"], now_text(), row.get("version"),
                     row.get("permitted_maximum"), row.get("days_to_decide")))

    def decision(self, reference: str) -> dict | None:
        return self._one("SELECT reference, decision, conditions, reasons, decided_on, decided_by, version, "
                         "permitted_maximum FROM decisions WHERE reference = ?", (reference,))

    def decisions_in(self, jurisdictions: list[str]) -> list[dict]:
        return self._query_in("SELECT d.reference, d.decision, d.decided_on, d.version, a.received_at, a.jurisdiction "
                              "FROM decisions d JOIN applications a ON a.reference = d.reference "
                              "WHERE a.jurisdiction {places}", jurisdictions)

    def add_feed(self, token_hash: str, email: str) -> None:
        self._write("DELETE FROM feeds WHERE email = ?", (email,))
        self._write("INSERT INTO feeds (token_hash, email, created_at) VALUES (?, ?, ?)",
                    (token_hash, email, now_text()))

    def feed_owner(self, token_hash: str) -> str | None:
        row = self._one("SELECT email FROM feeds WHERE token_hash = ?", (token_hash,))
        return row["email"] if row else None

    def has_feed(self, email: str) -> bool:
        return self._one("SELECT email FROM feeds WHERE email = ?", (email,)) is not None

    def revoke_feed(self, email: str) -> None:
        self._write("DELETE FROM feeds WHERE email = ?", (email,))

    def add_note(self, jurisdiction: str, text: str, who: str) -> None:
        self._write("INSERT INTO local_notes (jurisdiction, text, written_by, written_at) VALUES (?, ?, ?, ?)",
                    (jurisdiction, text, who, now_text()))

    def notes(self, jurisdiction: str) -> list[dict]:
        return self._query("SELECT id, jurisdiction, text, written_by, written_at FROM local_notes "
                           "WHERE jurisdiction = ? ORDER BY id", (jurisdiction,))

    def remove_note(self, note_id: int, jurisdictions: list[str]) -> bool:
        return bool(self._query_in("DELETE FROM local_notes WHERE id = ? AND jurisdiction {places} RETURNING id",
                                   jurisdictions, (note_id,)))

    def interviews_in(self, jurisdictions: list[str]) -> list[dict]:
        """The kept interviews of these places (the storage contract's tests; the counts read `count_totals_in`)."""
        return self._query_in("SELECT jurisdiction, answers, created_at FROM interviews WHERE jurisdiction {places}",
                              jurisdictions)
