"""Checking raw answers against the vocabulary, and the facts derived from them.

Answers arrive as JSON from the CLI, the API or a re-imported file, and as form
posts from the interview; all of them pass through `clean_answers`, which raises
`AnswersError` naming the first bad key.
"""
from __future__ import annotations

from datetime import date, datetime
from fractions import Fraction
from typing import Any, Iterable

from .errors import AnswersError
from .kinds import DATETIME_FORMAT, KINDS, parse_datetime  # noqa: F401 - DATETIME_FORMAT is imported from here too

COMMERCIAL_FLAGS = (
    "admission_fee", "sells_goods", "prizes", "for_profit_sponsor",
    "for_profit_premises", "taxable_sales", "flea_market",
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
}


def _clean_one(key: str, question: dict, value: Any, known_jurisdictions: Iterable[str]) -> Any:
    return KINDS[question["kind"]].clean(key, question, value, known_jurisdictions)


def usable_answers(answers: dict, questions: dict, known_jurisdictions: Iterable[str]) -> tuple[dict, list[str]]:
    """Stored answers that still clean, and the keys of those that do not (a date out of range saved
    before the range was checked): the interview opens without them and asks them again."""
    known = list(known_jurisdictions)
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


def clean_answers(raw: Any, questions: dict, known_jurisdictions: Iterable[str]) -> dict:
    """Validate answers against the vocabulary; returns a new dict. Raises AnswersError."""
    if not isinstance(raw, dict):
        raise AnswersError("answers", "expected a JSON object of answers")
    known = list(known_jurisdictions)
    cleaned: dict[str, Any] = {}
    for key, value in raw.items():
        question = questions.get(key)
        if question is None or not KINDS[question["kind"]].answer_key:
            raise AnswersError(str(key), "is not a known answer key (see the vocabulary)")
        if value is None:
            continue
        cleaned[key] = _clean_one(key, question, value, known)
    if "starts_at" in cleaned and "ends_at" in cleaned:
        if parse_datetime("ends_at", cleaned["ends_at"]) < parse_datetime("starts_at", cleaned["starts_at"]):
            raise AnswersError("ends_at", "the event cannot end before it starts")
    return cleaned


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
        }.get(name, [name])
