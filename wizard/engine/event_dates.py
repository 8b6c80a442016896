"""When an event may be: the date policy every way in meets (the interview's form, an answers file,
`POST /api/assess`, a clerk's prefilled link).

A day before today is refused: an assessment of a past event says the deadline passed long ago
(a 2025 date once went through and the result said so, 540 days late; docs/decisions/0003-event-dates.md). A day more than three
years ahead is most often a slip of the year (2207 for 2027), so it is asked again: the organizer
confirms it (the form's second press of Continue; `confirmed_far_dates` in a file or an API call).

Stored answers are not re-checked against today: an application sent last year is still its record.
`wizard assess` assesses any file as it is, for the same reason."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any, Iterable

from ..errors import AnswersError
from ..kinds import KINDS
from ..kinds.base import parse_datetime
from ..language import gettext as _
from ..readable import long_date

YEARS_AHEAD = 3
# An answers file and an API call name the far days the organizer confirmed (ISO dates): the
# interview's "press Continue again", for answers that do not come through its form.
CONFIRMED_KEY = "confirmed_far_dates"


@dataclass(frozen=True)
class DateProblem:
    key: str
    day: date
    reason: str  # "past" or "far"

    def message(self, today: date, confirm_by: str | None = None) -> str:
        """What the organizer is told; `confirm_by` says how to confirm a far day where they are."""
        if self.reason == "past":
            return _("That day has passed. Today is %(today)s. Enter a date from today on.", today=long_date(today))
        return _("%(day)s is more than %(years)s years away. Check the year. If it is right, %(confirm_by)s.",
                 day=long_date(self.day), years=YEARS_AHEAD, confirm_by=confirm_by or _("press Continue again"))


def far_limit(today: date) -> date:
    """The last day accepted without asking again: three years from today."""
    try:
        return today.replace(year=today.year + YEARS_AHEAD)
    except ValueError:  # February 29 three years on
        return today.replace(year=today.year + YEARS_AHEAD, day=28)


def day_problem(key: str, day: date, today: date, confirmed: Iterable[str] = ()) -> DateProblem | None:
    """The problem with one event day, if any; `confirmed` holds the ISO days already confirmed."""
    if day < today:
        return DateProblem(key, day, "past")
    if day > far_limit(today) and day.isoformat() not in set(confirmed):
        return DateProblem(key, day, "far")
    return None


def date_problems(answers: dict, questions: dict, today: date, confirmed: Iterable[str] = ()) -> list[DateProblem]:
    """Every date answer that breaks the policy, in the answers' order (answers already cleaned)."""
    confirmed = set(confirmed)
    problems = []
    for key, value in answers.items():
        question = questions.get(key)
        if question is None or KINDS[question["kind"]].compare_as != "datetime":
            continue
        problem = day_problem(key, parse_datetime(key, value).date(), today, confirmed)
        if problem is not None:
            problems.append(problem)
    return problems


def confirmed_days(raw: Any) -> list[str]:
    """The `confirmed_far_dates` of a raw answers object, or AnswersError when it is not a list of days."""
    days = raw.get(CONFIRMED_KEY, []) if isinstance(raw, dict) else []
    if not isinstance(days, list) or not all(isinstance(d, str) and len(d) <= 10 for d in days):
        raise AnswersError(CONFIRMED_KEY, "must be a list of dates like 2031-07-09")
    return days


def check_event_dates(raw: Any, answers: dict, questions: dict, today: date) -> None:
    """Raise AnswersError for the first date that breaks the policy (the API's way in)."""
    for problem in date_problems(answers, questions, today, confirmed_days(raw)):
        confirm = f"send it again with \"{problem.day.isoformat()}\" in {CONFIRMED_KEY}"
        raise AnswersError(problem.key, problem.message(today, confirm))


def far_days(answers: dict, questions: dict, today: date) -> list[str]:
    """The far days of answers that passed the policy, for an answers file to carry as confirmed."""
    return sorted({p.day.isoformat() for p in date_problems(answers, questions, today) if p.reason == "far"})
