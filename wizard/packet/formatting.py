"""Answers and figures on the packet's forms; the figures and dates themselves come from wizard/readable.py."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from ..readable import clean_text, long_date, money, number, parse_moment  # noqa: F401 - the packet imports them here
from ..kinds import KINDS

# What the figures behind a facility count are, for the worksheet.
BASIS_LABELS = {
    "max_attendance": "people at one time",
    "female_attendance": "women and girls at one time",
    "male_attendance": "men and boys at one time",
    "total_attendance": "visits over the whole event",
    "total_attendance_or_max": "visits over the whole event",
    "vehicles": "vehicles at one time",
    "event_days": "days",
    "duration_hours": "hours",
}


def answer_text(key: str, value: Any, questions: dict) -> str:
    """One answer as it belongs on a form: the words the check page uses too."""
    question = questions.get(key)
    if question is not None:
        return KINDS[question["kind"]].show(question, value)
    if isinstance(value, bool):  # a name outside the vocabulary: show it by its type
        return "Yes" if value else "No"
    if isinstance(value, list):
        return "; ".join(map(str, value)) if value else "None"
    return number(value) if isinstance(value, (int, float)) else clean_text(str(value))


def field_label(key: str, questions: dict) -> str:
    """The question's short `form_label` from questions.yaml, else its label."""
    question = questions.get(key, {})
    return question.get("form_label") or question.get("label", key.replace("_", " ").capitalize())


def duration_text(start: datetime, end: datetime) -> str:
    """How long the event lasts, as the forms ask it: days and hours."""
    days = (end.date() - start.date()).days + 1
    hours = (end - start).total_seconds() / 3600
    hours_text = number(round(hours, 2))
    day_word = "day" if days == 1 else "days"
    hour_word = "hour" if hours == 1 else "hours"
    return f"{days} calendar {day_word}; {hours_text} {hour_word} from first opening to last closing"
