"""The figures read across the office's tables: the Board's totals (kept by m012_count_totals's
triggers), the sums and results of the paper trail (kept by m023_trail_totals's), and the calendar
feed's window with what tells a poll it changed. It reads the other repositories' tables (the
joins these figures need) and writes only what is recorded when it happens: an interview's finish."""
from __future__ import annotations

from ...store import marks
from .applications import APPLICATION_COLUMNS
from .base import Repository

CLOSED_SQL = "('approved', 'denied', 'withdrawn')"  # the statuses that close an application


def in_feed_sql(a: str = "a.") -> str:
    """What the calendar feed holds: the open applications and those whose event ends on or after a
    day (the one `?`); an event without an end counts by its start. Written as one comparison, the
    same expression as the index idx_applications_place_feed (m012_count_totals), so the database
    reads a place's current applications from it, never every one kept (an open one compares as the
    last day there is)."""
    return (f"(CASE WHEN {a}status NOT IN {CLOSED_SQL} THEN '9999-12-31' "
            f"ELSE COALESCE(NULLIF({a}ends_at, ''), {a}starts_at) END >= ?)")


class CountRecords(Repository):
    """count_totals and decision_day_totals; interviews' finish; reads of the rest (places are bound values)."""

    # The Board's counts ---------------------------------------------------------------------------

    def count_totals_in(self, jurisdictions: list[str]) -> list[dict]:
        """The Board's totals of these places: a row per place, year, measure."""
        return self._query_in("SELECT place, period, what, detail, n, days, timed FROM count_totals "
                              "WHERE n <> 0 AND place {places}", jurisdictions)

    def decision_day_totals_in(self, jurisdictions: list[str]) -> list[dict]:
        """How many decisions took each number of days, per place and year (the median's histogram)."""
        return self._query_in("SELECT place, year, days, n FROM decision_day_totals WHERE n <> 0 AND place {places}",
                              jurisdictions)

    def record_finish(self, interview_id: str, outcome: str, at: str) -> None:
        """The interview's last page is answered: its outcome, once (a later change of answers keeps it)."""
        self._write("UPDATE interviews SET finished_outcome = ?, finished_at = ? WHERE id = ? AND finished_at IS NULL",
                    (outcome, at, interview_id))

    def interviews_in(self, jurisdictions: list[str]) -> list[dict]:
        """The kept interviews of these places (the storage contract's tests; the counts read `count_totals_in`)."""
        return self._query_in("SELECT jurisdiction, answers, created_at FROM interviews WHERE jurisdiction {places}",
                              jurisdictions)

    def trail_totals_in(self, jurisdictions: list[str]) -> dict:
        """Sums received (net of voids and refunds) and deposits returned, inspections by result and closings:
        the totals m023_trail_totals's triggers keep, a few rows per place whatever the trail kept."""
        found: dict = {"received": 0, "returned": 0, "inspections": {}, "closed": 0}
        for row in self._query_in("SELECT what, detail, SUM(n) AS n, SUM(cents) AS cents FROM trail_totals "
                                  "WHERE place {places} GROUP BY what, detail", jurisdictions):
            if row["what"] in ("received", "returned"):
                found[row["what"]] = int(row["cents"] or 0)
            elif row["what"] == "inspection" and int(row["n"]):
                found["inspections"][row["detail"]] = int(row["n"])
            elif row["what"] == "closed":
                found["closed"] = int(row["n"] or 0)
        return found

    def forget_orphan_outcomes(self) -> int:
        """interview_outcomes is no longer written: the Board's counts are the database's totals; rows
        kept by an earlier version go with their interviews."""
        return self._write("DELETE FROM interview_outcomes WHERE interview_id NOT IN (SELECT id FROM interviews)")

    # The calendar feed ----------------------------------------------------------------------------

    def feed_applications(self, jurisdictions: list[str], since: str) -> list[dict]:
        return self._query_in(f"SELECT {APPLICATION_COLUMNS}, decide_by, decision_citation FROM applications WHERE {in_feed_sql('')} "
                              "AND jurisdiction {places} ORDER BY received_at, reference", jurisdictions, (since,))

    def feed_referrals(self, jurisdictions: list[str], since: str) -> list[dict]:
        """The referrals of the feed's applications only, never of every application kept."""
        return self._query_in(f"SELECT r.id, r.reference, r.department, r.due_on, r.answered_at FROM referrals r "
                              f"JOIN applications a ON a.reference = r.reference WHERE {in_feed_sql()} "
                              "AND a.jurisdiction {places} ORDER BY r.id", jurisdictions, (since,))

    def feed_changes(self, jurisdictions: list[str], since: str) -> dict:
        """What changes when the feed's content does: how many applications, referrals, permit actions
        (suspension, revocation) and inspections it holds and their latest change. Indexed
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

