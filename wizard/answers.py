"""Checking raw answers against the vocabulary (each kind's rules are in `kinds/`; derived facts
in `facts.py`).

Answers arrive as JSON from the CLI, the API or a re-imported file, and as form
posts from the interview; all of them pass through `clean_answers`, which raises
`AnswersError` naming the first bad key.
"""
from __future__ import annotations

from collections.abc import Container
from typing import Any

from .errors import AnswersError
from .kinds import KINDS, parse_datetime


def _clean_one(key: str, question: dict, value: Any, known_jurisdictions: Container[str]) -> Any:
    return KINDS[question["kind"]].clean(key, question, value, known_jurisdictions)


def usable_answers(answers: dict, questions: dict, known_jurisdictions: Container[str]) -> tuple[dict, list[str]]:
    """Stored answers that still clean, and the keys of those that do not (a date out of range saved
    before the range was checked): the interview opens without them and asks them again.

    `known_jurisdictions` is tested for membership only (the rule book's mapping): with twenty
    thousand jurisdictions, a copy per answer would cost more than the rest of the request."""
    known = known_jurisdictions
    kept, set_aside = {}, []
    for key, value in answers.items():
        question = questions.get(key)
        if key == "jurisdiction":  # an unknown one already sends the organizer back to choose
            kept[key] = value
            continue
        try:
            if question is None:
                raise AnswersError(key, "is no longer in the vocabulary")
            kept[key] = _clean_one(key, question, value, known)
        except AnswersError:
            set_aside.append(key)
    return kept, set_aside


def clean_answers(raw: Any, questions: dict, known_jurisdictions: Container[str]) -> dict:
    """Validate answers against the vocabulary; returns a new dict. Raises AnswersError.
    `known_jurisdictions` is tested for membership only, as in `usable_answers`."""
    if not isinstance(raw, dict):
        raise AnswersError("answers", "expected a JSON object of answers")
    known = known_jurisdictions
    cleaned: dict[str, Any] = {}
    for key, value in raw.items():
        question = questions.get(key)
        if question is None or not KINDS[question["kind"]].answer_key:
            raise AnswersError(str(key), "is not a known answer key (see the vocabulary)")
        if value is None:
            continue
        cleaned[key] = _clean_one(key, question, value, known)
    if "starts_at" in cleaned and "ends_at" in cleaned:
        if parse_datetime("ends_at", cleaned["ends_at"]) <= parse_datetime("starts_at", cleaned["starts_at"]):
            raise AnswersError("ends_at", "the event must close after it opens")
    check_attendance_counts(cleaned)
    return cleaned


def check_attendance_counts(answers: dict) -> None:
    """Visits over the whole event include everyone there at the busiest time, so fewer
    visits than the crowd at one time is a typo that would hide a permit (issue 9, item 2)."""
    most, total = answers.get("max_attendance"), answers.get("total_attendance")
    if most is not None and total is not None and total < most:
        raise AnswersError("total_attendance", TOTAL_BELOW_MOST)


TOTAL_BELOW_MOST = ("the visits over the whole event cannot be fewer than the most people "
                    "at the same time: everyone there at the busiest time counts as a visit")
