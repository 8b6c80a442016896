"""The office's review of an application: its referrals to departments (with their answers) and
the decision (with the version it decided and the days it took)."""
from __future__ import annotations

from ...store import marks
from .base import Repository, now_text

# What a clerk's and a department's pages read of a referral (never its token's hash).
REFERRAL = "id, reference, department, recipient, sent_at, due_on, expires_at, answer, answer_text, answered_at"
TABLES = ("referrals", "decisions", "meetings")
MEETING = ("id, about, body, met_on, agenda_item, motion, ayes, nays, abstained, decision, recorded_by, "
           "recorded_at")


class ReviewRecords(Repository):
    """referrals, decisions and the meetings of the body that decides."""

    def add_referral(self, row: dict) -> None:
        self._insert("referrals", row)

    def referrals(self, reference: str) -> list[dict]:
        return self._query(f"SELECT {REFERRAL} FROM referrals WHERE reference = ? ORDER BY id", (reference,))

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

    def decisions_for(self, references: list[str]) -> list[dict]:
        """The decisions of these applications (the inbox's page)."""
        if not references:
            return []
        return self._query(f"SELECT reference, decision, version FROM decisions WHERE reference IN ({marks(references)})",
                           tuple(references))

    def decisions_without_days(self, jurisdictions: list[str]) -> list[dict]:
        # The decisions still without the figure, from its index (CROSS JOIN: SQLite reads them first).
        return self._query_in("SELECT d.reference, d.decided_on, a.received_day FROM decisions d CROSS JOIN applications "
                              "a WHERE d.days_to_decide IS NULL AND a.reference = d.reference AND a.received_day <> '' "
                              "AND a.jurisdiction {places}", jurisdictions)

    def set_days_to_decide(self, reference: str, days: int | None) -> None:
        self._write("UPDATE decisions SET days_to_decide = ? WHERE reference = ?", (days, reference))

    def add_meeting(self, row: dict) -> None:
        self._insert("meetings", row)

    def meetings(self, reference: str) -> list[dict]:
        return self._query(f"SELECT {MEETING} FROM meetings WHERE reference = ? ORDER BY id", (reference,))

    def forget(self, reference: str) -> None:
        self._forget(TABLES, reference)
