"""Checking raw answers against the vocabulary, and the facts derived from them.

Answers arrive as JSON from the CLI, the API or a re-imported file, and as form
posts from the interview; all of them pass through `clean_answers`, which raises
`AnswersError` naming the first bad key.
"""
from __future__ import annotations

import math
import unicodedata
from datetime import date, datetime, timedelta
from fractions import Fraction
from typing import Any, Iterable

from .errors import AnswersError

DATETIME_FORMAT = "%Y-%m-%dT%H:%M"
TEXT_LIMIT = 20_000

COMMERCIAL_FLAGS = (
    "admission_fee", "sells_goods", "prizes", "for_profit_sponsor",
    "for_profit_premises", "taxable_sales", "flea_market", "for_gain",
)

# Values computed from answers. Closed set: rule files may name these, nothing else.
DERIVED_FACTS = {
    "event_days": "calendar days from the first day to the last, counted inclusively",
    "duration_hours": "hours from the first opening to the last closing",
    "multi_day": "the event runs from one day into another",
    "commercial": "any commercial feature is present (fee, sales, prizes, for-profit sponsor or premises, taxable sales, flea market)",
    "hazardous_activity": "at least one hazardous activity is planned",
    "female_attendance": "max_attendance times female_share (default one half)",
    "male_attendance": "max_attendance less female_attendance",
    "attendance_over_capacity": "max_attendance less venue_capacity",
    "total_attendance_or_max": "total_attendance, or max_attendance when it is not given",
    "open_overnight": "the event is open at some midnight: its hours cross midnight and it does not close each night",
}


# The answers each derived fact is computed from, for deciding which questions can change a verdict.
DERIVED_INPUTS = {
    "event_days": ("starts_at", "ends_at"),
    "duration_hours": ("starts_at", "ends_at"),
    "multi_day": ("starts_at", "ends_at"),
    "commercial": COMMERCIAL_FLAGS,
    "hazardous_activity": ("hazardous",),
    "female_attendance": ("max_attendance", "female_share"),
    "male_attendance": ("max_attendance", "female_share"),
    "attendance_over_capacity": ("max_attendance", "venue_capacity"),
    "total_attendance_or_max": ("total_attendance", "max_attendance"),
    "open_overnight": ("starts_at", "ends_at", "closes_overnight"),
}


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
                from .errors import UnknownJurisdiction
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


class Facts:
    """Answers plus derived facts, looked up by name. Missing values are None."""

    def __init__(self, answers: dict):
        self.answers = answers

    def get(self, name: str) -> Any:
        if name in DERIVED_FACTS:
            return getattr(self, "_" + name)()
        value = self.answers.get(name)
        if value is None and name == "female_share":
            return None
        return value

    def first_day(self) -> date | None:
        start = self.answers.get("starts_at")
        return parse_datetime("starts_at", start).date() if start else None

    def _span(self) -> tuple[datetime, datetime] | None:
        start, end = self.answers.get("starts_at"), self.answers.get("ends_at")
        if not start or not end:
            return None
        return parse_datetime("starts_at", start), parse_datetime("ends_at", end)

    def _event_days(self):
        span = self._span()
        return None if span is None else (span[1].date() - span[0].date()).days + 1

    def _duration_hours(self):
        span = self._span()
        return None if span is None else Fraction(int((span[1] - span[0]).total_seconds()), 3600)

    def _multi_day(self):
        days = self._event_days()
        return None if days is None else days > 1

    def _commercial(self):
        values = [self.answers.get(k) for k in COMMERCIAL_FLAGS]
        if any(v is True for v in values):
            return True
        return False if all(v is False for v in values) else None

    def _hazardous_activity(self):
        value = self.answers.get("hazardous")
        return None if value is None else len(value) > 0

    def _female_attendance(self):
        most = self.answers.get("max_attendance")
        if most is None:
            return None
        share = self.answers.get("female_share")
        # Fraction from the decimal text avoids 0.3 * 1000 = 300.00000000000006 adding a toilet.
        share = Fraction(1, 2) if share is None else Fraction(str(share))
        return most * share

    def _male_attendance(self):
        female = self._female_attendance()
        return None if female is None else self.answers["max_attendance"] - female

    def _attendance_over_capacity(self):
        most, capacity = self.answers.get("max_attendance"), self.answers.get("venue_capacity")
        return None if most is None or capacity is None else most - capacity

    def _total_attendance_or_max(self):
        total = self.answers.get("total_attendance")
        return total if total is not None else self.answers.get("max_attendance")

    def _open_overnight(self):
        # Midnight is dark everywhere, so an event open then runs "during hours of darkness"
        # (Wisconsin § 64-4B(6)) whatever the organizer answered about after dark (issue 9, item 20).
        span = self._span()
        if span is None:
            return None
        start, end = span
        next_midnight = datetime.combine(start.date(), datetime.min.time()) + timedelta(days=1)
        return next_midnight < end and self.answers.get("closes_overnight") is not True

    def depends_on(self, name: str) -> list[str]:
        """The answer keys a derived fact needs, for reporting what is missing."""
        return {
            "event_days": ["starts_at", "ends_at"],
            "duration_hours": ["starts_at", "ends_at"],
            "multi_day": ["starts_at", "ends_at"],
            "commercial": [k for k in COMMERCIAL_FLAGS if self.answers.get(k) is None],
            "hazardous_activity": ["hazardous"],
            "female_attendance": ["max_attendance"],
            "male_attendance": ["max_attendance"],
            "attendance_over_capacity": [k for k in ("max_attendance", "venue_capacity") if self.answers.get(k) is None],
            "total_attendance_or_max": ["max_attendance"],
            "open_overnight": ["starts_at", "ends_at"],
        }.get(name, [name])
