"""The statements of the clerk's paper trail (issue 40; migration m008_paper_trail_2): conditions to
meet before the permit issues, suspensions and revocations, and letters sent by mail; and (issue 39,
`FeedQueries`) the inbox's counts, the calendar feed's window and the Board's totals.

A part of `OfficeRecords` (it inherits these), kept in its own module so that each stays short;
callers still reach the tables only through `OfficeRecords`.
"""
from __future__ import annotations

from ..store import marks

# The tables holding an application's paper trail, by reference: deleted with it (retention).
TRAIL_TABLES = ("issuance_conditions", "permit_actions", "mailed_notices", "payments", "insurance_certificates",
                "inspections", "closings")
INSPECTION = "id, reference, scheduled_on, inspector, result, result_on, cost_cents, notes, recorded_by"
CLOSED_SQL = "('approved', 'denied', 'withdrawn')"  # the statuses that close an application


def in_feed_sql(a: str = "a.") -> str:
    """What the calendar feed holds (issue 39, item 3): the open applications and those whose event
    ends on or after a day (the one `?`); an event without an end counts by its start. Written as one
    comparison, the same expression as the index idx_applications_place_feed (m011_count_totals), so
    the database reads a place's current applications from it, never every one kept (an open one
    compares as the last day there is)."""
    return (f"(CASE WHEN {a}status NOT IN {CLOSED_SQL} THEN '9999-12-31' "
            f"ELSE COALESCE(NULLIF({a}ends_at, ''), {a}starts_at) END >= ?)")


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

    def deposits_held(self, references: list[str]) -> set[str]:
        """Those of these references with a deposit received and not returned yet (the inbox's flag, per page)."""
        if not references:
            return set()
        return {r["reference"] for r in self._query(
            "SELECT reference FROM payments WHERE sum_key = 'deposit' AND returned_on IS NULL "
            f"AND reference IN ({marks(references)})", tuple(references))}

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

    def inspections_in(self, jurisdictions: list[str], since: str | None = None) -> list[dict]:
        """The inspections of these places; `since`: only those of the calendar feed's applications."""
        window, extra = (f"{in_feed_sql()} AND ", (since,)) if since else ("", ())
        return self._query_in("SELECT i.id, i.reference, i.scheduled_on, i.result FROM inspections i "
                              f"JOIN applications a ON a.reference = i.reference WHERE {window}a.jurisdiction {{places}} "
                              "ORDER BY i.id", jurisdictions, extra)

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
        # CROSS JOIN: SQLite reads the trail's rows first and looks each application up, rather than
        # every application of the place (PostgreSQL plans it as the join it is).
        join = "CROSS JOIN applications a WHERE a.reference = t.reference AND a.jurisdiction {places}"
        money = self._query_in("SELECT COALESCE(SUM(t.amount_cents), 0) AS received, "
                               f"COALESCE(SUM(t.returned_cents), 0) AS returned FROM payments t {join}", jurisdictions)
        results = self._query_in("SELECT COALESCE(t.result, 'scheduled') AS result, COUNT(*) AS count "
                                 f"FROM inspections t {join} GROUP BY COALESCE(t.result, 'scheduled')", jurisdictions)
        closed = self._query_in(f"SELECT COUNT(*) AS count FROM closings t {join}", jurisdictions)
        return {"received": int(money[0]["received"]) if money else 0,
                "returned": int(money[0]["returned"]) if money else 0,
                "inspections": {r["result"]: int(r["count"]) for r in results},
                "closed": int(closed[0]["count"]) if closed else 0}

    def forget_orphan_outcomes(self) -> int:
        """interview_outcomes (m008) is no longer written: the Board's counts are the database's GROUP BYs
        (issue 39); rows kept by an earlier version go with their interviews."""
        return self._write("DELETE FROM interview_outcomes WHERE interview_id NOT IN (SELECT id FROM interviews)")

    def forget_trail(self, reference: str) -> None:
        for table in TRAIL_TABLES:
            self._write(f"DELETE FROM {table} WHERE reference = ?", (reference,))


class FeedQueries:
    """Issue 39's queries: the inbox's figures, the calendar feed's window and its version, the Board's
    totals (kept by m011_count_totals's triggers; the places are bound values)."""

    def count_applications(self, where: str, params: list) -> int:
        return int(self._one(f"SELECT COUNT(*) AS n FROM applications a WHERE {where}", tuple(params))["n"])

    def applications_without_figures(self, jurisdictions: list[str]) -> list[dict]:
        return self._query_in("SELECT reference, jurisdiction, version, received_at FROM applications "
                              "WHERE received_day IS NULL AND jurisdiction {places}", jurisdictions)

    def decisions_for(self, references: list[str]) -> list[dict]:
        if not references:
            return []
        return self._query(f"SELECT reference, decision, version FROM decisions WHERE reference IN ({marks(references)})",
                           tuple(references))

    def feed_referrals(self, jurisdictions: list[str], since: str) -> list[dict]:
        """The referrals of the feed's applications only, never of every application kept."""
        return self._query_in(f"SELECT r.id, r.reference, r.department, r.due_on, r.answered_at FROM referrals r "
                              f"JOIN applications a ON a.reference = r.reference WHERE {in_feed_sql()} "
                              "AND a.jurisdiction {places} ORDER BY r.id", jurisdictions, (since,))

    def feed_changes(self, jurisdictions: list[str], since: str) -> dict:
        """What changes when the feed's content does: how many applications, referrals, permit actions
        (suspension, revocation: issue 40) and inspections it holds and their latest change. Indexed
        aggregates, so a poll that finds nothing new reads no row of the feed itself."""
        if not jurisdictions:
            return {}
        places = f"IN ({marks(jurisdictions)})"
        within = f"WHERE {in_feed_sql()} AND a.jurisdiction {places}"
        bound = (since, *jurisdictions)
        apps = self._one(f"SELECT COUNT(*) AS n, MAX(a.updated_at) AS changed FROM applications a {within}", bound)
        refs = self._one(f"SELECT COUNT(*) AS n, MAX(r.sent_at) AS sent, MAX(r.answered_at) AS answered "
                         f"FROM referrals r JOIN applications a ON a.reference = r.reference {within}", bound)
        acts = self._one(f"SELECT COUNT(*) AS n, MAX(p.id) AS last, MAX(p.recorded_at) AS acted FROM permit_actions p "
                         f"JOIN applications a ON a.reference = p.reference {within}", bound)
        checks = self._one(f"SELECT COUNT(*) AS n, MAX(i.id) AS last, COUNT(i.result) AS results, "
                           f"MAX(i.result_on) AS result_on, MAX(i.scheduled_on) AS scheduled FROM inspections i "
                           f"JOIN applications a ON a.reference = i.reference {within}", bound)
        return {"applications": apps["n"], "changed": apps["changed"], "referrals": refs["n"],
                "sent": refs["sent"], "answered": refs["answered"], "actions": acts["n"], "last_action": acts["last"],
                "acted": acts["acted"], "inspections": [checks["n"], checks["last"], checks["results"],
                                                        checks["result_on"], checks["scheduled"]]}

    def count_totals_in(self, jurisdictions: list[str]) -> list[dict]:
        """The Board's totals of these places (m011_count_totals): a row per place, year, measure."""
        return self._query_in("SELECT place, period, what, detail, n, days, timed FROM count_totals "
                              "WHERE n <> 0 AND place {places}", jurisdictions)

    def decision_day_totals_in(self, jurisdictions: list[str]) -> list[dict]:
        """How many decisions took each number of days, per place and year (the median's histogram)."""
        return self._query_in("SELECT place, year, days, n FROM decision_day_totals WHERE n <> 0 AND place {places}",
                              jurisdictions)

    def decisions_without_days(self, jurisdictions: list[str]) -> list[dict]:
        # The decisions still without the figure, from its index (CROSS JOIN: SQLite reads them first).
        return self._query_in("SELECT d.reference, d.decided_on, a.received_day FROM decisions d CROSS JOIN applications "
                              "a WHERE d.days_to_decide IS NULL AND a.reference = d.reference AND a.received_day <> '' "
                              "AND a.jurisdiction {places}", jurisdictions)

    def set_days_to_decide(self, reference: str, days: int | None) -> None:
        self._write("UPDATE decisions SET days_to_decide = ? WHERE reference = ?", (days, reference))

    def record_finish(self, interview_id: str, outcome: str, at: str) -> None:
        """The interview's last page is answered: its outcome, once (a later change of answers keeps it)."""
        self._write("UPDATE interviews SET finished_outcome = ?, finished_at = ? WHERE id = ? AND finished_at IS NULL",
                    (outcome, at, interview_id))
