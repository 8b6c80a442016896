"""The Board's figures as the database counts them (issue 39, item 2): per year and per place, from
what was recorded when it happened, never by assessing the interviews again on each request.

The office's day of receipt is kept when an application is first received (`received_day`,
office/inbox.py) and the days it took to decide when the decision is recorded (`days_to_decide`,
m009_office_counts); each measure is one GROUP BY over indexed columns, written once for both
backends. A place's counts cost the same whatever other places keep.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from .records import OfficeRecords


@dataclass(frozen=True)
class Tally:
    place: str
    year: str
    what: str  # "started", "received", "approved", "denied", "withdrawn"
    count: int
    days: int = 0  # decisions: the days they took, summed ...
    timed: int = 0  # ... over this many of them (those recorded with their day of receipt)


_QUERIES = {  # each: place, year, what, count [, days, timed]; `{places}` is the clerk's places
    "started": "SELECT jurisdiction AS place, SUBSTR(created_at, 1, 4) AS yr, 'started' AS what, COUNT(*) AS n "
               "FROM interviews WHERE jurisdiction {places} GROUP BY jurisdiction, SUBSTR(created_at, 1, 4)",
    "received": "SELECT jurisdiction AS place, SUBSTR(received_day, 1, 4) AS yr, 'received' AS what, COUNT(*) AS n "
                "FROM applications WHERE received_day <> '' AND jurisdiction {places} "
                "GROUP BY jurisdiction, SUBSTR(received_day, 1, 4)",
    "decided": "SELECT a.jurisdiction AS place, SUBSTR(d.decided_on, 1, 4) AS yr, d.decision AS what, COUNT(*) AS n, "
               "SUM(d.days_to_decide) AS days, COUNT(d.days_to_decide) AS timed FROM decisions d "
               "JOIN applications a ON a.reference = d.reference WHERE a.jurisdiction {places} "
               "GROUP BY a.jurisdiction, SUBSTR(d.decided_on, 1, 4), d.decision",
    "withdrawn": "SELECT jurisdiction AS place, SUBSTR(closed_at, 1, 4) AS yr, 'withdrawn' AS what, COUNT(*) AS n "
                 "FROM applications WHERE status = 'withdrawn' AND jurisdiction {places} "
                 "GROUP BY jurisdiction, SUBSTR(closed_at, 1, 4)",
}


def tallies(records: OfficeRecords, places: list[str]) -> list[Tally]:
    """Every figure the Board's page shows for these places, counted by the database."""
    found = []
    for sql in _QUERIES.values():
        for row in records.grouped(sql, places):
            found.append(Tally(row["place"], row["yr"] or "unknown", row["what"], int(row["n"]),
                               int(row.get("days") or 0), int(row.get("timed") or 0)))
    return found


def days_to_decide(received_day: str | date | None, decided_on: str | date) -> int | None:
    """Whole days from the office's day of receipt to the decision's day (recorded with the decision)."""
    if not received_day:
        return None
    return (date.fromisoformat(str(decided_on)) - date.fromisoformat(str(received_day))).days


def fill_decision_days(records: OfficeRecords, places: list[str]) -> int:
    """Record the days to decide of decisions made before they were recorded (once each)."""
    rows = records.decisions_without_days(places)
    for row in rows:
        records.set_days_to_decide(row["reference"], days_to_decide(row["received_day"], row["decided_on"]))
    return len(rows)
