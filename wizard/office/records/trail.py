"""The clerk's paper trail after the decision: conditions to meet before the permit issues,
suspensions, revocations and reinstatements, letters the text says go by mail, inspections, and the
closing after the event."""
from __future__ import annotations

from ...store import marks
from .base import Repository
from .counts import in_feed_sql

INSPECTION = ("id, reference, scheduled_on, inspector, result, result_on, cost_cents, notes, recorded_by, result_by, "
              "result_at")
TABLES = ("issuance_conditions", "permit_actions", "mailed_notices", "inspections", "closings",
          "prerequisites_recorded", "permits_issued")


class TrailRecords(Repository):
    """issuance_conditions, permit_actions, mailed_notices, inspections and closings."""

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

    def last_permit_actions_in(self, jurisdictions: list[str], since: str | None = None) -> dict[str, dict]:
        """The latest suspension, revocation or reinstatement of each of these places' permits, by reference;
        `since`: only those of the calendar feed's applications (`in_feed_sql`)."""
        window, extra = (f"{in_feed_sql()} AND ", (since,)) if since else ("", ())
        rows = self._query_in("SELECT p.id, p.reference, p.action, p.acted_on FROM permit_actions p "
                              f"JOIN applications a ON a.reference = p.reference WHERE {window}a.jurisdiction {{places}} "
                              "ORDER BY p.id", jurisdictions, extra)
        return {r["reference"]: r for r in rows}

    def last_permit_actions(self, references: list[str]) -> dict[str, dict]:
        """The latest suspension, revocation or reinstatement of each of these permits (the inbox's page)."""
        if not references:
            return {}
        rows = self._query("SELECT id, reference, action, acted_on FROM permit_actions "
                           f"WHERE reference IN ({marks(references)}) ORDER BY id", tuple(references))
        return {r["reference"]: r for r in rows}

    # Letters by mail --------------------------------------------------------------------------

    def add_mailed_notice(self, row: dict) -> None:
        self._write("INSERT INTO mailed_notices (reference, about, dated, due_on, certified) VALUES (?, ?, ?, ?, ?)",
                    (row["reference"], row["about"], row["dated"], row.get("due_on"), 1 if row.get("certified") else 0))

    def mailed_notices(self, reference: str) -> list[dict]:
        return self._query("SELECT id, about, dated, due_on, certified, printed_at, printed_by, posted_on, "
                           "certified_number, recorded_by, address_lines FROM mailed_notices WHERE reference = ? ORDER BY id",
                           (reference,))

    def mailed_notice(self, reference: str, notice_id: int) -> dict | None:
        return next((n for n in self.mailed_notices(reference) if n["id"] == notice_id), None)

    def notice_printed(self, reference: str, notice_id: int, now: str, who: str) -> None:
        """The first printing is the one kept; printing again is in the history only."""
        self._write("UPDATE mailed_notices SET printed_at = ?, printed_by = ? "
                    "WHERE reference = ? AND id = ? AND printed_at IS NULL", (now, who, reference, notice_id))

    def notice_address(self, reference: str, notice_id: int, lines: str) -> None:
        self._write("UPDATE mailed_notices SET address_lines = ? WHERE reference = ? AND id = ?",
                    (lines, reference, notice_id))

    def notice_posted(self, reference: str, notice_id: int, posted_on: str, number: str, who: str) -> None:
        self._write("UPDATE mailed_notices SET posted_on = ?, certified_number = ?, recorded_by = ? "
                    "WHERE reference = ? AND id = ?", (posted_on, number, who, reference, notice_id))

    # Inspections ----------------------------------------------------------------------------

    def add_inspection(self, row: dict) -> None:
        self._insert("inspections", row)

    def inspections(self, reference: str) -> list[dict]:
        return self._query(f"SELECT {INSPECTION} FROM inspections WHERE reference = ? ORDER BY scheduled_on, id",
                           (reference,))

    def inspections_in(self, jurisdictions: list[str], since: str | None = None) -> list[dict]:
        """The inspections of these places; `since`: only those of the calendar feed's applications."""
        window, extra = (f"{in_feed_sql()} AND ", (since,)) if since else ("", ())
        return self._query_in("SELECT i.id, i.reference, i.scheduled_on, i.result FROM inspections i "
                              f"JOIN applications a ON a.reference = i.reference WHERE {window}a.jurisdiction {{places}} "
                              "ORDER BY i.id", jurisdictions, extra)

    def inspection_result(self, reference: str, inspection_id: int, result: str, result_on: str, cost: int | None,
                          notes: str, who: str, now: str) -> bool:
        """The result, once: who scheduled the inspection stays `recorded_by`; who recorded the result is `result_by`."""
        return self._write("UPDATE inspections SET result = ?, result_on = ?, cost_cents = ?, notes = ?, "
                           "result_by = ?, result_at = ? WHERE reference = ? AND id = ? AND result IS NULL",
                           (result, result_on, cost, notes, who, now, reference, inspection_id)) > 0

    # Prerequisites of issuance recorded, and the permit issued ----------------------------------

    def add_prerequisite_record(self, row: dict) -> None:
        self._insert("prerequisites_recorded", row)

    def prerequisites_recorded(self, reference: str) -> list[dict]:
        return self._query("SELECT id, prerequisite, how, note, recorded_on, recorded_by, recorded_at "
                           "FROM prerequisites_recorded WHERE reference = ? ORDER BY id", (reference,))

    def permit_issued(self, reference: str, version: int) -> dict | None:
        return self._one("SELECT reference, version, issued_on, issued_at, issued_by FROM permits_issued "
                         "WHERE reference = ? AND version = ?", (reference, version))

    def versions_issued(self, references: list[str]) -> set[tuple[str, int]]:
        """The (reference, version) of each permit issued among these applications (the inbox's page)."""
        if not references:
            return set()
        rows = self._query(f"SELECT reference, version FROM permits_issued WHERE reference IN ({marks(references)})",
                           tuple(references))
        return {(r["reference"], r["version"]) for r in rows}

    def issue_permit(self, row: dict) -> bool:
        """Recorded once per version decided: False when it was already (two clerks' last records at once)."""
        if self.permit_issued(row["reference"], row["version"]):
            return False
        self._insert("permits_issued", row)
        return True

    # Closing after the event ------------------------------------------------------------------

    def add_closing(self, row: dict) -> None:
        """What happened at the event (the caller starts the application's keeping period again)."""
        self._insert("closings", row)

    def closing(self, reference: str) -> dict | None:
        return self._one("SELECT reference, closed_on, notes, closed_by FROM closings WHERE reference = ?",
                         (reference,))

    def forget(self, reference: str) -> None:
        self._forget(TABLES, reference)
