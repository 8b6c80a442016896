"""Counts for the Board: numbers only, no personal data (docs/decisions/0009-counts-from-totals-kept-by-triggers.md).

The tallies: the office's day of receipt is kept when an application is first
received (`received_day`, office/inbox.py) and the days it took to decide when the decision is
recorded (`days_to_decide`, m009_office_counts). Each figure is a total kept per place, year (or
month) and measure, added to by the database in the same statement as the row that changes it
(m012_count_totals, office/schema.py: triggers on interviews, applications and decisions), so the
page reads a few rows whatever the years kept, and whatever other places keep.

Per year and per place: interviews started, applications received, approved,
denied and withdrawn, and the median days from receipt to decision; interviews finished per month
and outcome (recorded when the last page is answered, m011_finished_counts); and the paper trail's money
received and returned, inspections by result and applications closed after the event. The figures are counted by
the database from what was recorded when it happened (`tallies`, below); nothing is assessed
again on a request. Each measure is a list of (label, figure) rows, drawn on the server as an
accessible SVG bar chart (a title, and the same figures as a table beside it, so it prints and works
without JavaScript) and written as CSV.

Unsent interviews are deleted after the retention period (wizard/store/retention.py), so interview counts
cover only the interviews still kept; the page says so.
"""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from datetime import date
from html import escape

from ..rules.rulebook import RuleBook
from .records import OfficeRecords

MEASURES = (  # key, title: in the page's order
    ("started", "Interviews started"),
    ("finished", "Interviews finished"),
    ("received", "Applications received"),
    ("approved", "Applications approved"),
    ("denied", "Applications denied"),
    ("withdrawn", "Applications withdrawn"),
)
DAYS_TITLE = "Median days from receipt to decision"
OUTCOME_WORDS = {"required": "needs a permit", "uncertain": "may need one", "not_required": "needs none",
                 "exempt": "exempt"}


@dataclass(frozen=True)
class Tally:
    place: str
    year: str
    what: str  # "started", "finished", "received", "approved", "denied", "withdrawn"
    count: int
    days: int = 0  # decisions: the days they took, summed ...
    timed: int = 0  # ... over this many of them (those recorded with their day of receipt)
    outcome: str = ""  # finished interviews: the outcome (`year` is then the place's month)


def tallies(records: OfficeRecords, places: list[str]) -> list[Tally]:
    """Every figure the Board's page shows for these places: the totals kept as things happened
    (m012_count_totals), a few rows a place and year whatever the years kept."""
    return [Tally(row["place"], row["period"] or "unknown", row["what"], int(row["n"]), int(row["days"] or 0),
                  int(row["timed"] or 0), row["detail"] or "") for row in records.counts.count_totals_in(places)]


def median_days(records: OfficeRecords, places: list[str]) -> dict[tuple[str, str], float]:
    """The median days to decide per place and year, from the histogram kept with each decision (how
    many decisions took each number of days): the middle one or two figures, never every decision read."""
    counted: dict[tuple[str, str], list[tuple[int, int]]] = {}
    for row in records.counts.decision_day_totals_in(places):
        if str(row["year"]).isdigit():
            counted.setdefault((row["place"], row["year"]), []).append((int(row["days"]), int(row["n"])))
    return {group: _middle(sorted(days)) for group, days in counted.items() if sum(n for _, n in days)}


def _middle(days: list[tuple[int, int]]) -> float:
    """The median of figures given as (figure, how many), in order."""
    total = sum(n for _, n in days)
    wanted, seen, middle = {(total - 1) // 2, total // 2}, 0, []
    for figure, n in days:
        middle += [figure for position in sorted(wanted) if seen <= position < seen + n]
        seen += n
    return sum(middle) / len(middle)


def days_to_decide(received_day: str | date | None, decided_on: str | date) -> int | None:
    """Whole days from the office's day of receipt to the decision's day (recorded with the decision)."""
    if not received_day:
        return None
    return (date.fromisoformat(str(decided_on)) - date.fromisoformat(str(received_day))).days


def fill_decision_days(records: OfficeRecords, places: list[str]) -> int:
    """Record the days to decide of decisions made before they were recorded (once each)."""
    rows = records.review.decisions_without_days(places)
    for row in rows:
        records.review.set_days_to_decide(row["reference"], days_to_decide(row["received_day"], row["decided_on"]))
    return len(rows)


@dataclass(frozen=True)
class Measure:
    key: str
    title: str
    rows: list[tuple[str, float]]


def _label(tally: Tally, book: RuleBook) -> str:
    j = book.get(tally.place)
    label = f"{tally.year}, {j.name if j is not None else tally.place}"
    return f"{label}: {OUTCOME_WORDS.get(tally.outcome, tally.outcome)}" if tally.outcome else label


def trail_measures(trail: dict) -> list[Measure]:
    """The paper trail's counts, from the figures the database adds up (records.counts.trail_totals_in)."""
    done = trail.get("inspections") or {}
    return [
        Measure("money", "Money received (net of voided entries and refunds) and deposits returned, in dollars",
                [("received", trail["received"] / 100), ("returned", trail["returned"] / 100)]),
        Measure("inspections", "Inspections, by result",
                [(label, float(done.get(key, 0))) for key, label in
                 (("passed", "passed"), ("failed", "failed"), ("scheduled", "scheduled, no result yet"))]),
        Measure("after", "Applications closed after the event", [("closed", float(trail["closed"]))]),
    ]


def board_measures(found: list[Tally], book: RuleBook, trail: dict | None = None,
                   medians: dict[tuple[str, str], float] | None = None) -> list[Measure]:
    """The page's measures, each by year and place (interviews finished by month, place and outcome),
    from the database's tallies; the median days to decide (`medians`: `median_days`); then the paper trail's
    money, inspections and closings (`trail`: records.counts.trail_totals_in), also added up by the database."""
    measures = []
    for key, title in MEASURES:
        rows = sorted((_label(t, book), float(t.count)) for t in found if t.what == key)
        by = "by month, place and outcome" if key == "finished" else "by year and place"
        measures.append(Measure(key, f"{title}, {by}", rows))
    measures.append(Measure("days", f"{DAYS_TITLE}, by year and place",
                            sorted((_label(Tally(place, year, "days", 0), book), round(median, 1))
                                   for (place, year), median in (medians or {}).items())))
    return measures + (trail_measures(trail) if trail else [])


def figure_text(value: float) -> str:
    return f"{value:g}"


BAR_HEIGHT, GAP, LABEL_WIDTH, CHART_WIDTH = 22, 8, 190, 420


def chart_svg(measure: Measure) -> str:
    """A horizontal bar chart; the figures are also in the table the page puts beside it."""
    most = max((v for _, v in measure.rows), default=0) or 1
    height = max(len(measure.rows), 1) * (BAR_HEIGHT + GAP) + GAP
    title_id = f"chart-{measure.key}-title"
    bars = []
    for index, (label, value) in enumerate(measure.rows):
        y = GAP + index * (BAR_HEIGHT + GAP)
        width = (CHART_WIDTH - LABEL_WIDTH - 50) * value / most
        bars.append(f'<text x="0" y="{y + 16}" font-size="13">{escape(label)}</text>'
                    f'<rect x="{LABEL_WIDTH}" y="{y}" width="{width:.1f}" height="{BAR_HEIGHT}" fill="#1d70b8"/>'
                    f'<text x="{LABEL_WIDTH + width + 6:.1f}" y="{y + 16}" font-size="13">{figure_text(value)}</text>')
    if not measure.rows:
        bars.append(f'<text x="0" y="{GAP + 16}" font-size="13">Nothing to count yet</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="{title_id}" '
            f'width="{CHART_WIDTH}" height="{height}" viewBox="0 0 {CHART_WIDTH} {height}">'
            f'<title id="{title_id}">{escape(measure.title)}</title>{"".join(bars)}</svg>')


def measures_csv(measures: list[Measure]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["measure", "row", "figure"])
    for measure in measures:
        for label, value in measure.rows:
            writer.writerow([measure.title, label, figure_text(value)])
    return out.getvalue()
