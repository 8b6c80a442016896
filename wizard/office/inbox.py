"""The inbox as the database answers it: one page of 50 applications, filtered,
searched and sorted by SQL over indexed columns, with the count of all that match, so a page costs
the same at 200 applications as at 10,000 (docs/decisions/0009-counts-from-totals-kept-by-triggers.md).

The deadline and the day of receipt are kept on the application when it is first received
(`decide_by`, `received_day`: they never change, the period counts from the first receipt), so
"due within a week", "past" and "filed late" are comparisons the database makes. Rows sent before
these columns existed get them the first time an inbox over their place is opened (`fill_figures`).
"""
from __future__ import annotations


from dataclasses import dataclass
from datetime import timedelta
from typing import Callable

from ..rules.rulebook import Jurisdiction
from .office_time import local_day
from .records import OfficeRecords
from .records import CLOSED_SQL
from .schema import ApplicationRow

PAGE_SIZE = 50
NO_PERIOD = ""  # decide_by of a place whose ordinance sets no decision period (NULL: not worked out yet)
ORGANIZER_ANSWERS = ("applicant_name", "organization_name")
DUE_FILTERS = {"soon": "Decision due within a week", "past": "Decision deadline past", "late": "Filed late"}
_DECIDED_SQL = "('approved', 'denied')"
ORDER = {  # the reference last, so a page boundary never moves between two requests
    "received": "a.received_at DESC, a.reference DESC",
    "deadline": "CASE WHEN a.decide_by IS NULL OR a.decide_by = '' THEN 1 ELSE 0 END, a.decide_by, a.reference",
    "event": "CASE WHEN a.starts_at IS NULL OR a.starts_at = '' THEN 1 ELSE 0 END, a.starts_at, a.reference",
}


@dataclass(frozen=True)
class InboxQuery:
    places: tuple[str, ...]
    today: dict  # place -> the office's today there (deadlines are the office's days)
    status: str = ""  # a status, "open", or "" for any
    due: str = ""  # a key of DUE_FILTERS, or ""
    sort: str = "received"
    search: str = ""
    page: int = 1


def organizer_of(answers: dict) -> str:
    """The name the office searches by: the applicant's, else the organization's."""
    return " / ".join(str(answers[k]).strip() for k in ORGANIZER_ANSWERS if answers.get(k))[:300]


def first_receipt(received_at: str, j: Jurisdiction | None) -> dict:
    """The figures kept when an application is first received: its day, its decision deadline and the section
    that sets it."""
    if j is None or not received_at:
        return {"received_day": (received_at or "")[:10], "decide_by": NO_PERIOD}
    day = local_day(received_at, j.zone)
    days = j.decision_within_days
    return {"received_day": day.isoformat(), "decision_citation": j.decision_citation,
            "decide_by": (day + timedelta(days=days)).isoformat() if days is not None else NO_PERIOD}


def fill_figures(records: OfficeRecords, place: Callable[[str], Jurisdiction | None], places: list[str]) -> int:
    """Work out the kept figures of applications sent before they were kept (once each)."""
    rows = records.applications.applications_without_figures(places)
    for row in rows:
        answers = records.applications.version_answers(row["reference"], row["version"]) or {}
        records.applications.update_application(row["reference"], organizer=organizer_of(answers),
                                                **first_receipt(row["received_at"], place(row["jurisdiction"])))
    return len(rows)


def _like(text: str) -> str:
    return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def _where(q: InboxQuery) -> tuple[str, list]:
    clauses, params = [f"a.jurisdiction IN ({', '.join('?' for _ in q.places)})"], list(q.places)
    if q.status == "open":  # not closed, or an amendment waiting for its decision
        clauses.append(f"(a.status NOT IN {CLOSED_SQL} OR (a.status IN {_DECIDED_SQL} AND EXISTS (SELECT 1 FROM "
                       "decisions d WHERE d.reference = a.reference AND COALESCE(d.version, a.version) < a.version)))")
    elif q.status:
        clauses.append("a.status = ?")
        params.append(q.status)
    if q.due in ("soon", "past"):  # as the inbox flags them: open applications only, by each place's today
        per_place = []
        for jid in q.places:
            today = q.today[jid]
            if q.due == "past":
                per_place.append("(a.jurisdiction = ? AND a.decide_by < ?)")
                params += [jid, today.isoformat()]
            else:
                per_place.append("(a.jurisdiction = ? AND a.decide_by >= ? AND a.decide_by <= ?)")
                params += [jid, today.isoformat(), (today + timedelta(days=7)).isoformat()]
        clauses.append(f"a.status NOT IN {CLOSED_SQL} AND a.decide_by <> '' AND ({' OR '.join(per_place)})")
    elif q.due == "late":
        clauses.append("a.file_by IS NOT NULL AND a.file_by <> '' AND a.received_day > a.file_by")
    search = q.search.strip()[:100]
    if search:
        clauses.append("(UPPER(a.reference) LIKE ? ESCAPE '\\' OR LOWER(a.event_name) LIKE ? ESCAPE '\\' "
                       "OR LOWER(a.organizer) LIKE ? ESCAPE '\\')")
        params += [_like(search.upper()), _like(search.lower()), _like(search.lower())]
    return " AND ".join(clauses), params


@dataclass(frozen=True)
class InboxPage:
    rows: list[ApplicationRow]
    total: int
    page: int
    pages: int


def inbox_page(records: OfficeRecords, q: InboxQuery) -> InboxPage:
    """One page of the applications that match, and how many match in all."""
    if not q.places:
        return InboxPage([], 0, 1, 1)
    where, params = _where(q)
    total = records.applications.count_applications(where, params)
    pages = max(1, -(-total // PAGE_SIZE))
    page = min(max(1, q.page), pages)
    rows = records.applications.applications_page(where, params, ORDER.get(q.sort, ORDER["received"]),
                                                  PAGE_SIZE, (page - 1) * PAGE_SIZE)
    return InboxPage(rows, total, page, pages)


def decided_versions(records: OfficeRecords, rows: list[ApplicationRow]) -> dict:
    """The decisions of a page's applications, by reference (for the amendment flag)."""
    return {d["reference"]: d for d in records.review.decisions_for([r["reference"] for r in rows])}



