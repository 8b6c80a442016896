"""Counts for the Board (issue 22, item 4): numbers only, no personal data.

Interviews started and finished, by outcome and month; applications received, approved, denied and
withdrawn; the median days from receipt to decision. Each measure is a list of (label, figure)
rows, drawn on the server as an accessible SVG bar chart (a title, and the same figures as a table
beside it, so it prints and works without JavaScript) and written as CSV.

Unsent interviews are deleted after the retention period (wizard/store/retention.py), so interview counts
cover only the interviews still kept; the page says so.
"""
from __future__ import annotations

import csv
import hashlib
import io
import json
import statistics
from dataclasses import dataclass
from datetime import date, timezone, tzinfo
from html import escape

from ..engine.assess import assess_jurisdiction
from ..rules.rulebook import RuleBook
from .office_time import local_day

OUTCOME_WORDS = {"required": "needs a permit", "uncertain": "may need one", "not_required": "needs none",
                 "exempt": "exempt"}
APPLICATION_STATUSES = ("approved", "denied", "withdrawn")


@dataclass(frozen=True)
class Measure:
    key: str
    title: str
    rows: list[tuple[str, float]]


def _month(stamp: str | None, zone: tzinfo | None = None) -> str:
    """The month of a stamp: the office's own month for an application (its time zone)."""
    if stamp and zone is not None:
        return local_day(stamp, zone).isoformat()[:7]
    return (stamp or "")[:7] or "unknown"


def _zone(row: dict, book: RuleBook) -> tzinfo:
    j = book.get(row.get("jurisdiction") or "")
    return j.zone if j is not None else timezone.utc


def _tally(labels: list[str]) -> list[tuple[str, float]]:
    counted: dict[str, int] = {}
    for label in labels:
        counted[label] = counted.get(label, 0) + 1
    return sorted(counted.items())


def finished_outcome(row: dict, book: RuleBook) -> str | None:
    """The outcome of an interview with nothing left to answer, or None while it is unfinished."""
    j = book.get(row["jurisdiction"] or "")
    if j is None:
        return None
    assessment = assess_jurisdiction(j, json.loads(row["answers"] or "{}"))
    return None if assessment.get("missing") else assessment["outcome"]


def trail_measures(trail: dict) -> list[Measure]:
    """Issue 40's counts, from the figures the database adds up (OfficeRecords.trail_totals_in)."""
    done = trail.get("inspections") or {}
    return [
        Measure("money", "Money received and returned, in dollars",
                [("received", trail["received"] / 100), ("returned", trail["returned"] / 100)]),
        Measure("inspections", "Inspections, by result",
                [(label, float(done.get(key, 0))) for key, label in
                 (("passed", "passed"), ("failed", "failed"), ("scheduled", "scheduled, no result yet"))]),
        Measure("after", "Applications closed after the event", [("closed", float(trail["closed"]))]),
    ]


def kept_outcomes(records, interviews: list[dict], places: list[str], book: RuleBook) -> dict[str, str | None]:
    """Each interview's finished outcome, assessed only when its answers (or its rule file) changed
    since the outcome was stored: with years of interviews a request reads the stored figures and
    assesses the few new ones (issue 40, item 8). `records`: an OfficeRecords."""
    rules = {place: hashlib.sha256(json.dumps(j.data, sort_keys=True, default=str).encode()).hexdigest()[:16]
             for place in places if (j := book.get(place)) is not None}
    stored = records.stored_outcomes_in(places)
    outcomes = {}
    for row in interviews:
        digest = hashlib.sha256(f"{rules.get(row['jurisdiction'], '')}\0{row['answers'] or ''}".encode()).hexdigest()
        kept = stored.get(row["id"])
        if kept is not None and kept[0] == digest:
            outcomes[row["id"]] = kept[1] or None
        else:
            outcomes[row["id"]] = finished_outcome(row, book)
            records.store_outcome(row["id"], digest, outcomes[row["id"]] or "")
    return outcomes


def board_measures(interviews: list[dict], applications: list[dict], decisions: list[dict],
                   book: RuleBook, trail: dict | None = None, outcomes: dict | None = None) -> list[Measure]:
    """`outcomes`: each interview's finished outcome by id, where stored (`kept_outcomes`); else assessed here."""
    finished = [(row, outcomes[row["id"]] if outcomes is not None else finished_outcome(row, book))
                for row in interviews]
    days = [(date.fromisoformat(d["decided_on"]) - local_day(d["received_at"], _zone(d, book))).days
            for d in decisions if d.get("decided_on") and d.get("received_at")]
    return [
        Measure("started", "Interviews started, by month", _tally([_month(r["created_at"]) for r in interviews])),
        Measure("finished", "Interviews finished, by month and outcome",
                _tally([f"{_month(r['created_at'])}, {OUTCOME_WORDS.get(o, o)}" for r, o in finished if o])),
        Measure("received", "Applications received, by month", _tally([_month(a["received_at"], _zone(a, book)) for a in applications])),
        Measure("closed", "Applications approved, denied and withdrawn",
                [(status, float(sum(1 for a in applications if a["status"] == status)))
                 for status in APPLICATION_STATUSES]),
        Measure("median", "Median days from receipt to decision",
                [("median days", float(statistics.median(days)))] if days else []),
        *(trail_measures(trail) if trail else []),
    ]


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
