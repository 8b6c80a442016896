"""Counts for the Board (issue 22, item 4): numbers only, no personal data.

Per year and per place (issue 39, item 2): interviews started, applications received, approved,
denied and withdrawn, and the average days from receipt to decision. The figures are counted by
the database from what was recorded when it happened (office/tallies.py); nothing is assessed
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
from html import escape

from ..rules.rulebook import RuleBook
from .tallies import Tally

MEASURES = (  # key, title: in the page's order
    ("started", "Interviews started"),
    ("received", "Applications received"),
    ("approved", "Applications approved"),
    ("denied", "Applications denied"),
    ("withdrawn", "Applications withdrawn"),
)
DAYS_TITLE = "Average days from receipt to decision"


@dataclass(frozen=True)
class Measure:
    key: str
    title: str
    rows: list[tuple[str, float]]


def _label(tally: Tally, book: RuleBook) -> str:
    j = book.get(tally.place)
    return f"{tally.year}, {j.name if j is not None else tally.place}"


def board_measures(found: list[Tally], book: RuleBook) -> list[Measure]:
    """The page's measures, each by year and place, from the database's tallies."""
    measures = []
    for key, title in MEASURES:
        rows = sorted((_label(t, book), float(t.count)) for t in found if t.what == key)
        measures.append(Measure(key, f"{title}, by year and place", rows))
    timed: dict[str, tuple[int, int]] = {}  # label: (days summed, decisions) over approvals and denials
    for t in found:
        if t.what in ("approved", "denied") and t.timed:
            days, count = timed.get(label := _label(t, book), (0, 0))
            timed[label] = (days + t.days, count + t.timed)
    measures.append(Measure("days", f"{DAYS_TITLE}, by year and place",
                            sorted((label, round(days / count, 1)) for label, (days, count) in timed.items())))
    return measures


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
