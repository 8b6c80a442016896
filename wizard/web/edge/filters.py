"""Jinja filters and globals: money, numbers and dates as people read them (wizard/readable.py) and answer kinds."""
from __future__ import annotations

from ...office.office_time import local_day, moment_text
from ...readable import long_date, money, number, when
from .state import zone_of
from ...kinds import KINDS
from ...kinds.typed_dates import MONTHS
from ...rules.rulebook import FEE_DUE


def summary_line(message: str, question: dict | None) -> str:
    """An error summary's line names its field (issue 23: two date fields gave the same line
    twice): "First opens: that day has passed...", unless the message already names it."""
    if not question or not message:
        return message
    name = question.get("form_label") or question["label"].rstrip("?")
    if name.lower() in message.lower() or question["label"].rstrip("?").lower() in message.lower():
        return message
    first = message.split()[0].rstrip(",.:")
    if first in MONTHS or first.isupper():  # "February 2027 has no day 30": a name keeps its capital
        return f"{name}: {message}"
    return f"{name}: {message[:1].lower()}{message[1:]}"


def office_day(stamp: str | None, place) -> str:
    """A stored stamp as the office's day, "Monday, March 1, 2027" (`place`: its rules or id)."""
    return long_date(local_day(stamp, zone_of(place))) if stamp else ""


def office_time(stamp: str | None, place) -> str:
    return moment_text(stamp, zone_of(place)) if stamp else ""


def init_app(app) -> None:
    app.add_template_filter(office_day)
    app.add_template_filter(office_time)
    app.add_template_filter(money)
    app.add_template_filter(number)
    app.add_template_filter(long_date)
    app.add_template_filter(when)
    app.add_template_global(KINDS.__getitem__, "answer_kind")
    app.add_template_filter(summary_line)
    app.add_template_filter(FEE_DUE.get, "fee_due")  # when a fee is paid: "when the application is approved"
