"""Answers and figures on the packet's forms; the figures and dates themselves come from wizard/readable.py."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from ..engine.facts import FACTS
from ..kinds import KINDS
from ..readable import clean_text, number


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


def counted(key: str, questions: dict) -> str:
    """What a figure behind a facility count counts: the question's `counts`, or the derived fact's."""
    derived = FACTS.get(key)
    unit = (questions.get(key) or {}).get("counts") or (derived.counts if derived else "")
    return unit or key.replace("_", " ")


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
