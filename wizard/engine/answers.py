"""Checking raw answers against the vocabulary (each kind's rules are in `kinds/`; derived facts
in `facts.py`).

Answers arrive as JSON from the CLI, the API or a re-imported file, and as form
posts from the interview; all of them pass through `clean_answers`, which raises
`AnswersError` naming the first bad key.
"""
from __future__ import annotations

from collections.abc import Container
from typing import Any

from ..errors import AnswersError
from .cross_answers import check_cross_answers
from .event_dates import CONFIRMED_KEY
from ..kinds import KINDS


# Keys an answers file carries about itself, never answers: accepted wherever answers are read
# (an import, `wizard assess`, the API) and dropped, so a saved file always goes back in.
FILE_KEYS = {
    "application_reference",  # the office's reference, once sent: a copy imported is a new interview
    CONFIRMED_KEY,  # far-off days the organizer confirmed (engine/event_dates.py)
}


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
        if key in FILE_KEYS:
            continue
        question = questions.get(key)
        if question is None or not KINDS[question["kind"]].answer_key:
            raise AnswersError(str(key), "is not a known answer key (see the vocabulary)")
        if value is None:
            continue
        cleaned[key] = _clean_one(key, question, value, known)
    check_cross_answers(cleaned, questions)  # the rules between answers (`must_be:`)
    return cleaned
