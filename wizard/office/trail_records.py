"""The statements of the clerk's paper trail (issue 40; migration m008_paper_trail_2): conditions to
meet before the permit issues, suspensions and revocations, and letters sent by mail.

A part of `OfficeRecords` (it inherits these), kept in its own module so that each stays short;
callers still reach the tables only through `OfficeRecords`.
"""
from __future__ import annotations

from ..store import marks

# The tables holding an application's paper trail, by reference: deleted with it (retention).
TRAIL_TABLES = ("issuance_conditions", "permit_actions", "mailed_notices", "payments", "insurance_certificates",
                "inspections", "closings")
INSPECTION = "id, reference, scheduled_on, inspector, result, result_on, cost_cents, notes, recorded_by"
PAYMENT = ("id, sum_key, amount_cents, method, detail, received_on, taken_by, recorded_at, returned_on, returned_cents, "
           "kept_reason, returned_by")


class TrailQueries:
    """Issue 40's queries; `_query`, `_one` and `_write` are `OfficeRecords`'."""

    # Conditions before issuance ---------------------------------------------------------------

    def issuance_conditions(self, reference: str) -> list[dict]:
        return self._query("SELECT id, text, citation, set_at, set_by, met_at, met_by FROM issuance_conditions "
                           "WHERE reference = ? ORDER BY id", (reference,))

    def add_issuance_condition(self, reference: str, text: str, citation: str, now: str, who: str) -> None:
        self._write("INSERT INTO issuance_conditions (reference, text, citation, set_at, set_by) VALUES (?, ?, ?, ?, ?)",
                    (reference, text, citation, now, who))

    def remove_issuance_condition(self, reference: str, condition_id: int) -> None:
        self._write("DELETE FROM issuance_conditions WHERE reference = ? AND id = ?", (reference, condition_id))

    def meet_issuance_condition(self, reference: str, condition_id: int, now: str, who: str) -> bool:
        """Ticked as met, once: a condition met already keeps who met it and when."""
        return self._write("UPDATE issuance_conditions SET met_at = ?, met_by = ? "
                           "WHERE reference = ? AND id = ? AND met_at IS NULL", (now, who, reference, condition_id)) > 0

    # Suspension, revocation, reinstatement ----------------------------------------------------

    def add_permit_action(self, row: dict) -> None:
        self._write("INSERT INTO permit_actions (reference, action, reasons, citation, acted_on, acted_by, recorded_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)", (row["reference"], row["action"], row["reasons"], row["citation"],
                                                     row["acted_on"], row["acted_by"], row["recorded_at"]))

    def permit_actions(self, reference: str) -> list[dict]:
        return self._query("SELECT id, action, reasons, citation, acted_on, acted_by, recorded_at FROM permit_actions "
                           "WHERE reference = ? ORDER BY id", (reference,))

    def last_permit_actions_in(self, jurisdictions: list[str]) -> dict[str, dict]:
        """The latest suspension, revocation or reinstatement of each of these places' permits, by reference."""
        rows = self._query_in("SELECT p.id, p.reference, p.action, p.acted_on FROM permit_actions p "
                              "JOIN applications a ON a.reference = p.reference WHERE a.jurisdiction {places} "
                              "ORDER BY p.id", jurisdictions)
        return {r["reference"]: r for r in rows}

    # Letters by mail --------------------------------------------------------------------------

    def _insert(self, table: str, row: dict) -> None:
        self._write(f"INSERT INTO {table} ({', '.join(row)}) VALUES ({marks(row)})", tuple(row.values()))

    def add_mailed_notice(self, row: dict) -> None:
        self._write("INSERT INTO mailed_notices (reference, about, dated, due_on, certified) VALUES (?, ?, ?, ?, ?)",
                    (row["reference"], row["about"], row["dated"], row.get("due_on"), 1 if row.get("certified") else 0))

    def mailed_notices(self, reference: str) -> list[dict]:
        return self._query("SELECT id, about, dated, due_on, certified, printed_at, printed_by, posted_on, "
                           "certified_number, recorded_by FROM mailed_notices WHERE reference = ? ORDER BY id",
                           (reference,))

    def mailed_notice(self, reference: str, notice_id: int) -> dict | None:
        return next((n for n in self.mailed_notices(reference) if n["id"] == notice_id), None)

    def notice_printed(self, reference: str, notice_id: int, now: str, who: str) -> None:
        """The first printing is the one kept; printing again is in the history only."""
        self._write("UPDATE mailed_notices SET printed_at = ?, printed_by = ? "
                    "WHERE reference = ? AND id = ? AND printed_at IS NULL", (now, who, reference, notice_id))

    def notice_posted(self, reference: str, notice_id: int, posted_on: str, number: str, who: str) -> None:
        self._write("UPDATE mailed_notices SET posted_on = ?, certified_number = ?, recorded_by = ? "
                    "WHERE reference = ? AND id = ?", (posted_on, number, who, reference, notice_id))

    # Money received, deposits returned ----------------------------------------------------------

    def add_payment(self, row: dict) -> int:
        """The new payment's id (its receipt's number)."""
        return self._query(f"INSERT INTO payments ({', '.join(row)}) VALUES ({marks(row)}) RETURNING id",
                           tuple(row.values()))[0]["id"]

    def payments(self, reference: str) -> list[dict]:
        return self._query(f"SELECT {PAYMENT} FROM payments WHERE reference = ? ORDER BY id", (reference,))

    def payment(self, reference: str, payment_id: int) -> dict | None:
        return self._one(f"SELECT {PAYMENT} FROM payments WHERE reference = ? AND id = ?", (reference, payment_id))

    def deposit_returned(self, reference: str, payment_id: int, returned_on: str, cents: int, reason: str,
                         who: str) -> None:
        self._write("UPDATE payments SET returned_on = ?, returned_cents = ?, kept_reason = ?, returned_by = ? "
                    "WHERE reference = ? AND id = ?", (returned_on, cents, reason, who, reference, payment_id))

    def deposits_held_in(self, jurisdictions: list[str]) -> set[str]:
        """The references of these places with a deposit received and not returned yet (the inbox's flag)."""
        return {r["reference"] for r in self._query_in(
            "SELECT p.reference FROM payments p JOIN applications a ON a.reference = p.reference "
            "WHERE p.sum_key = 'deposit' AND p.returned_on IS NULL AND a.jurisdiction {places}", jurisdictions)}

    # Certificates of insurance ---------------------------------------------------------------

    def add_certificate(self, row: dict) -> None:
        self._insert("insurance_certificates", row)

    def certificates(self, reference: str) -> list[dict]:
        return self._query("SELECT id, coverage, insurer, limit_cents, starts_on, ends_on, names_insured, recorded_by, "
                           "recorded_at FROM insurance_certificates WHERE reference = ? ORDER BY id", (reference,))

    # Inspections ----------------------------------------------------------------------------

    def add_inspection(self, row: dict) -> None:
        self._insert("inspections", row)

    def inspections(self, reference: str) -> list[dict]:
        return self._query(f"SELECT {INSPECTION} FROM inspections WHERE reference = ? ORDER BY scheduled_on, id",
                           (reference,))

    def inspections_in(self, jurisdictions: list[str]) -> list[dict]:
        """Every inspection of these places (the calendar feed's)."""
        return self._query_in("SELECT i.id, i.reference, i.scheduled_on, i.result FROM inspections i "
                              "JOIN applications a ON a.reference = i.reference WHERE a.jurisdiction {places} "
                              "ORDER BY i.id", jurisdictions)

    def inspection_result(self, reference: str, inspection_id: int, result: str, result_on: str, cost: int | None,
                          notes: str, who: str) -> bool:
        return self._write("UPDATE inspections SET result = ?, result_on = ?, cost_cents = ?, notes = ?, "
                           "recorded_by = ? WHERE reference = ? AND id = ? AND result IS NULL",
                           (result, result_on, cost, notes, who, reference, inspection_id)) > 0

    # Closing after the event, and the Board's counts of the trail -----------------------------

    def close_after_event(self, row: dict, now: str) -> None:
        """The closing, and the application's closed_at from now: its keeping period starts again."""
        self._insert("closings", row)
        self._write("UPDATE applications SET closed_at = ?, updated_at = ? WHERE reference = ?",
                    (now, now, row["reference"]))

    def closing(self, reference: str) -> dict | None:
        return self._one("SELECT reference, closed_on, notes, closed_by FROM closings WHERE reference = ?",
                         (reference,))

    def trail_totals_in(self, jurisdictions: list[str]) -> dict:
        """Sums received and returned, inspections by result and closings, added up by the database
        from the stored figures (the Board's counts assess nothing for them)."""
        join = "JOIN applications a ON a.reference = t.reference WHERE a.jurisdiction {places}"
        money = self._query_in("SELECT COALESCE(SUM(t.amount_cents), 0) AS received, "
                               f"COALESCE(SUM(t.returned_cents), 0) AS returned FROM payments t {join}", jurisdictions)
        results = self._query_in("SELECT COALESCE(t.result, 'scheduled') AS result, COUNT(*) AS count "
                                 f"FROM inspections t {join} GROUP BY COALESCE(t.result, 'scheduled')", jurisdictions)
        closed = self._query_in(f"SELECT COUNT(*) AS count FROM closings t {join}", jurisdictions)
        return {"received": int(money[0]["received"]) if money else 0,
                "returned": int(money[0]["returned"]) if money else 0,
                "inspections": {r["result"]: int(r["count"]) for r in results},
                "closed": int(closed[0]["count"]) if closed else 0}

    def stored_outcomes_in(self, jurisdictions: list[str]) -> dict[str, tuple[str, str]]:
        """The outcomes kept for these places' interviews: (answers digest, outcome) by interview id."""
        rows = self._query_in("SELECT o.interview_id, o.answers_digest, o.outcome FROM interview_outcomes o "
                              "JOIN interviews i ON i.id = o.interview_id WHERE i.jurisdiction {places}", jurisdictions)
        return {r["interview_id"]: (r["answers_digest"], r["outcome"]) for r in rows}

    def store_outcome(self, interview_id: str, digest: str, outcome: str) -> None:
        self._write("INSERT INTO interview_outcomes (interview_id, answers_digest, outcome) VALUES (?, ?, ?) "
                    "ON CONFLICT(interview_id) DO UPDATE SET answers_digest = excluded.answers_digest, "
                    "outcome = excluded.outcome", (interview_id, digest, outcome))

    def forget_orphan_outcomes(self) -> int:
        return self._write("DELETE FROM interview_outcomes WHERE interview_id NOT IN (SELECT id FROM interviews)")

    def forget_trail(self, reference: str) -> None:
        for table in TRAIL_TABLES:
            self._write(f"DELETE FROM {table} WHERE reference = ?", (reference,))
