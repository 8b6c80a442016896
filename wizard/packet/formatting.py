"""Answers and figures on the packet's forms; the figures and dates themselves come from wizard/readable.py."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from ..engine.facts import FACTS
from ..kinds import KINDS
from ..readable import clean_text, number
from .model import AddendumItem, FormItem, Row

# Characters: a longer answer is printed whole in the addendum, its line of the application saying so
# (as AssemblyLine does). About 15 lines beside its label; an answer may hold 20,000 (LONG_TEXT_LIMIT),
# and a label and its value are inline blocks, which cannot go on to the next page: past a page, the
# rest of the answer was cut off.
ADDENDUM_ABOVE = 1_000


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


def move_to_addendum(application: list[FormItem]) -> list[AddendumItem]:
    """Each answer longer than ADDENDUM_ABOVE, moved whole to the addendum; its row says where it is."""
    moved: list[AddendumItem] = []
    for item in application:
        for at, row in enumerate(item.rows):
            if row.value is not None and len(row.value) > ADDENDUM_ABOVE:
                n = len(moved) + 1
                moved.append(AddendumItem(n, row.label, f"{item.ref} {item.heading}", row.value))
                item.rows[at] = Row(row.label, f"See the addendum, item {n}: the whole answer "
                                               f"({number(len(row.value.split()))} words) is on the last pages.")
    return moved
