"""Checking raw answers against the vocabulary (derived facts are in `facts.py`).

Answers arrive as JSON from the CLI, the API or a re-imported file, and as form
posts from the interview; all of them pass through `clean_answers`, which raises
`AnswersError` naming the first bad key.
"""
from __future__ import annotations

import math
import unicodedata
from datetime import datetime
from typing import Any, Iterable

from .errors import AnswersError, UnknownJurisdiction

DATETIME_FORMAT = "%Y-%m-%dT%H:%M"
TEXT_LIMIT = 20_000


def parse_datetime(key: str, value: Any) -> datetime:
    if not isinstance(value, str):
        raise AnswersError(key, f"expected a date and time like 2027-06-05T10:00, got {value!r}")
    try:
        return datetime.strptime(value, DATETIME_FORMAT)
    except ValueError:
        raise AnswersError(key, f"expected a date and time like 2027-06-05T10:00, got {value!r}") from None


def _clean_one(key: str, question: dict, value: Any, known_jurisdictions: Iterable[str]) -> Any:
    kind = question["kind"]
    if kind == "yes_no":
        if not isinstance(value, bool):
            raise AnswersError(key, f"expected true or false, got {value!r}")
        return value
    if kind == "count":
        if isinstance(value, bool) or not isinstance(value, int):
            raise AnswersError(key, f"expected a whole number, got {value!r}")
        if value < 0:
            raise AnswersError(key, f"must not be negative, got {value}")
        if value > 10_000_000:
            raise AnswersError(key, "is too large to be a real attendance or count (over 10,000,000)")
        return value
    if kind == "share":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or (
                isinstance(value, float) and not math.isfinite(value)):
            raise AnswersError(key, f"expected a number from 0 to 1, got {str(value)[:20]!r}")
        if not 0 <= value <= 1:
            raise AnswersError(key, "must be a number from 0 to 1")
        return value
    if kind == "datetime":
        parse_datetime(key, value)
        return value
    if kind in ("text", "long_text"):
        if not isinstance(value, str):
            raise AnswersError(key, f"expected text, got {value!r}")
        if len(value) > TEXT_LIMIT:
            raise AnswersError(key, f"is longer than {TEXT_LIMIT} characters")
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate from a JSON "\ud83d" escape
            raise AnswersError(key, "contains characters that are not valid text") from None
        # Invisible control characters (NUL, bell...) only break files made from the text.
        return "".join(ch for ch in value if ch in "\t\n" or unicodedata.category(ch) != "Cc")
    if kind == "choice":
        options = list(known_jurisdictions) if key == "jurisdiction" else list(question["options"])
        if value not in options:
            if key == "jurisdiction":
                raise UnknownJurisdiction(value, options)
            raise AnswersError(key, f"expected one of {', '.join(options)}, got {value!r}")
        return value
    if kind == "choices":
        options = list(question["options"])
        if not isinstance(value, list) or any(v not in options for v in value):
            raise AnswersError(key, f"expected a list drawn from {', '.join(options)}, got {value!r}")
        return sorted(set(value), key=options.index)
    raise AnswersError(key, f"cannot be answered directly (kind {kind})")


def clean_answers(raw: Any, questions: dict, known_jurisdictions: Iterable[str]) -> dict:
    """Validate answers against the vocabulary; returns a new dict. Raises AnswersError."""
    if not isinstance(raw, dict):
        raise AnswersError("answers", "expected a JSON object of answers")
    known = list(known_jurisdictions)
    cleaned: dict[str, Any] = {}
    for key, value in raw.items():
        question = questions.get(key)
        if question is None or question["kind"] == "flag_set":
            raise AnswersError(str(key), "is not a known answer key (see the vocabulary)")
        if value is None:
            continue
        cleaned[key] = _clean_one(key, question, value, known)
    if "starts_at" in cleaned and "ends_at" in cleaned:
        if parse_datetime("ends_at", cleaned["ends_at"]) < parse_datetime("starts_at", cleaned["starts_at"]):
            raise AnswersError("ends_at", "the event cannot end before it starts")
    return cleaned
