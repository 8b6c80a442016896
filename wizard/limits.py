"""How long a text answer may be: one definition for the form, the import, the API and a clerk's link.

A one-line answer (a name, an address) is at most SHORT_TEXT_LIMIT characters: what the
packet's boxes and the result page can show. A free-text answer (what will happen at the event) is
at most LONG_TEXT_LIMIT. A question may set its own `max_length` in questions.yaml.

Until the answer-kinds registry (wizard/kinds.py) owns these, `check_lengths` is called by each
way in beside `clean_answers`; the form's limits must equal these (tests/test_limits.py checks).
"""
from __future__ import annotations

from typing import Any

from .errors import AnswersError

SHORT_TEXT_LIMIT = 300
LONG_TEXT_LIMIT = 20_000

KIND_LIMITS = {"text": SHORT_TEXT_LIMIT, "long_text": LONG_TEXT_LIMIT}


def max_length(question: dict) -> int | None:
    """The most characters the question's answer may have, or None for answers that are not text."""
    return question.get("max_length") or KIND_LIMITS.get(question.get("kind", ""))


def check_lengths(answers: Any, questions: dict) -> None:
    """Raise AnswersError for the first text answer over its limit; anything else is clean_answers' job."""
    if not isinstance(answers, dict):
        return
    for key, value in answers.items():
        question = questions.get(key) if isinstance(key, str) else None
        limit = max_length(question) if question else None
        if limit is not None and isinstance(value, str) and len(value) > limit:
            raise AnswersError(key, f"is longer than {limit:,} characters")


def within_limits(answers: dict, questions: dict) -> dict:
    """The answers without those over their limit (for a clerk's link: the organizer is asked instead)."""
    kept = {}
    for key, value in answers.items():
        try:
            check_lengths({key: value}, questions)
        except AnswersError:
            continue
        kept[key] = value
    return kept
