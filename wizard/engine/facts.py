"""Derived facts: values computed from the answers, each declared once with `@fact`.

A rule file may name a derived fact wherever it names an answer key. The registry below is the
only list of them: the loader's name check, `wizard check`'s type checks, the interview's "which
answers can change the verdict", the vocabulary page and the "what is still missing" report all
read it. A fact is computed at most once per `Facts` object (the dates are parsed once).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from fractions import Fraction
from typing import Any, Callable

from ..kinds import parse_datetime

COMMERCIAL_FLAGS = (
    "admission_fee", "sells_goods", "prizes", "for_profit_sponsor",
    "for_profit_premises", "taxable_sales", "flea_market", "for_gain",
)


@dataclass(frozen=True)
class DerivedFact:
    name: str
    inputs: tuple[str, ...]  # every answer the fact reads: answering one may change it
    required: tuple[str, ...]  # the inputs without which it stays unknown (others have defaults)
    kind: str  # "number" or "yes_no", for the rule-file type checks
    doc: str
    compute: Callable[["Facts"], Any]
    counts: str = ""  # what a number of it counts, for the packet's worksheet ("days")


FACTS: dict[str, DerivedFact] = {}


def fact(name: str, *, inputs: tuple[str, ...], kind: str, doc: str, optional: tuple[str, ...] = (), counts: str = ""):
    """Register a derived fact; `optional` inputs have a default when unanswered."""
    def register(compute: Callable[["Facts"], Any]) -> Callable[["Facts"], Any]:
        required = tuple(k for k in inputs if k not in optional)
        FACTS[name] = DerivedFact(name, tuple(inputs), required, kind, doc, compute, counts)
        return compute
    return register


class Facts:
    """Answers plus derived facts, looked up by name. Missing values are None."""

    def __init__(self, answers: dict):
        self.answers = answers
        self._memo: dict[str, Any] = {}

    def get(self, name: str) -> Any:
        derived = FACTS.get(name)
        if derived is None:
            return self.answers.get(name)
        if name not in self._memo:
            self._memo[name] = derived.compute(self)
        return self._memo[name]

    def depends_on(self, name: str) -> list[str]:
        """The unanswered answer keys a name needs, for reporting what is missing."""
        derived = FACTS.get(name)
        if derived is None:
            return [name]
        unanswered = [k for k in derived.required if self.answers.get(k) is None]
        return unanswered or list(derived.required)

    def span(self) -> tuple[datetime, datetime] | None:
        if "_span" not in self._memo:
            start, end = self.answers.get("starts_at"), self.answers.get("ends_at")
            self._memo["_span"] = (None if not start or not end else
                                   (parse_datetime("starts_at", start), parse_datetime("ends_at", end)))
        return self._memo["_span"]

    def first_day(self) -> date | None:
        start = self.answers.get("starts_at")
        return parse_datetime("starts_at", start).date() if start else None


def inputs_of(name: str) -> tuple[str, ...]:
    """The answers a name is computed from: itself for an answer key."""
    derived = FACTS.get(name)
    return derived.inputs if derived else (name,)


def required_inputs(name: str) -> list[str]:
    """The answers without which a name stays unknown."""
    derived = FACTS.get(name)
    return list(derived.required) if derived else [name]


def fact_kind(name: str) -> str | None:
    derived = FACTS.get(name)
    return derived.kind if derived else None


# ---------------------------------------------------------------- the facts

_DATES = ("starts_at", "ends_at")


@fact("event_days", counts="days", inputs=_DATES, kind="number",
      doc="calendar days from the first day to the last, counted inclusively")
def _event_days(facts: Facts):
    span = facts.span()
    return None if span is None else (span[1].date() - span[0].date()).days + 1


@fact("duration_hours", counts="hours", inputs=_DATES, kind="number", doc="hours from the first opening to the last closing")
def _duration_hours(facts: Facts):
    span = facts.span()
    return None if span is None else Fraction(int((span[1] - span[0]).total_seconds()), 3600)


@fact("multi_day", inputs=_DATES, kind="yes_no", doc="the event runs from one day into another")
def _multi_day(facts: Facts):
    days = facts.get("event_days")
    return None if days is None else days > 1


@fact("commercial", inputs=COMMERCIAL_FLAGS, kind="yes_no",
      doc="any commercial feature is present (fee, sales, prizes, for-profit sponsor or premises, "
          "taxable sales, flea market, someone's gain)")
def _commercial(facts: Facts):
    values = [facts.answers.get(k) for k in COMMERCIAL_FLAGS]
    if any(v is True for v in values):
        return True
    return False if all(v is False for v in values) else None


@fact("hazardous_activity", inputs=("hazardous",), kind="yes_no", doc="at least one hazardous activity is planned")
def _hazardous_activity(facts: Facts):
    value = facts.answers.get("hazardous")
    return None if value is None else len(value) > 0


@fact("female_attendance", counts="women and girls at one time", inputs=("max_attendance", "female_share"), optional=("female_share",), kind="number",
      doc="max_attendance times female_share (default one half)")
def _female_attendance(facts: Facts):
    most = facts.answers.get("max_attendance")
    if most is None:
        return None
    share = facts.answers.get("female_share")
    # Fraction from the decimal text avoids 0.3 * 1000 = 300.00000000000006 adding a toilet.
    share = Fraction(1, 2) if share is None else Fraction(str(share))
    return most * share


@fact("male_attendance", counts="men and boys at one time", inputs=("max_attendance", "female_share"), optional=("female_share",), kind="number",
      doc="max_attendance less female_attendance")
def _male_attendance(facts: Facts):
    female = facts.get("female_attendance")
    return None if female is None else facts.answers["max_attendance"] - female


@fact("attendance_over_capacity", inputs=("max_attendance", "venue_capacity"), kind="number",
      doc="max_attendance less venue_capacity")
def _attendance_over_capacity(facts: Facts):
    most, capacity = facts.answers.get("max_attendance"), facts.answers.get("venue_capacity")
    return None if most is None or capacity is None else most - capacity


@fact("total_attendance_or_max", counts="visits over the whole event", inputs=("total_attendance", "max_attendance"), optional=("total_attendance",),
      kind="number", doc="total_attendance, or max_attendance when it is not given")
def _total_attendance_or_max(facts: Facts):
    total = facts.answers.get("total_attendance")
    return total if total is not None else facts.answers.get("max_attendance")


@fact("open_overnight", inputs=("starts_at", "ends_at", "closes_overnight"), optional=("closes_overnight",),
      kind="yes_no",
      doc="the event is open at some midnight: its hours cross midnight and it does not close each night")
def _open_overnight(facts: Facts):
    # Midnight is dark everywhere, so an event open then runs "during hours of darkness"
    # (Wisconsin § 64-4B(6)) whatever the organizer answered about after dark.
    span = facts.span()
    if span is None:
        return None
    start, end = span
    next_midnight = datetime.combine(start.date(), datetime.min.time()) + timedelta(days=1)
    return next_midnight < end and facts.answers.get("closes_overnight") is not True


@fact("longest_open_hours", inputs=(*_DATES, "closes_overnight"), optional=("closes_overnight",), kind="number",
      doc="the longest stretch in hours the event stays open without closing: from first opening to last "
          "closing, unless it closes each night (closes_overnight), when each day is taken to run from the "
          "first day's opening time to the last day's closing time (past midnight if that time is earlier)")
def _longest_open_hours(facts: Facts):
    span = facts.span()
    if span is None:
        return None
    start, end = span
    whole = Fraction(int((end - start).total_seconds()), 3600)
    # Only the nightly-closing answer is asked, not each day's hours. Unanswered, the event is taken
    # to stay open throughout: the longest stretch it could have (the reading that does not let an
    # organizer skip a permit the ordinance may require).
    if facts.answers.get("closes_overnight") is not True or start.date() == end.date():
        return whole
    opens = start.hour * 60 + start.minute
    closes = end.hour * 60 + end.minute
    daily = Fraction((closes - opens) % (24 * 60) or 24 * 60, 60)
    return min(daily, whole)


@fact("daily_visits", inputs=("total_attendance", "max_attendance", *_DATES), optional=("total_attendance",),
      kind="number", doc="visits over the event (total_attendance, or max_attendance when not given) divided by "
                         "event_days, but never less than max_attendance: the busiest day has at least that many")
def _daily_visits(facts: Facts):
    visits, days, most = facts.get("total_attendance_or_max"), facts.get("event_days"), facts.answers.get("max_attendance")
    if visits is None or days is None or most is None:
        return None
    return max(Fraction(visits, max(days, 1)), Fraction(most))


@fact("location_count", inputs=("locations",), optional=("locations",), kind="number",
      doc="the number of separate locations (the locations answer; 1 when the interview does not ask it)")
def _location_count(facts: Facts):
    value = facts.answers.get("locations")
    return 1 if value is None else max(value, 1)


def _asked_only_if(answer: str, gate: str) -> Callable[[Facts], Any]:
    """A yes/no answer asked only when `gate` is yes: No when the gate is No. An answers file or an
    API call may give the answer without the gate, and then it counts as given."""
    def compute(facts: Facts):
        given = facts.answers.get(answer)
        if given is not None:
            return given
        return False if facts.answers.get(gate) is False else None
    return compute


fact("licensed_auction_held", inputs=("is_auction", "licensed_auction"), kind="yes_no",
     doc="the event is an auction run by a licensed auctioneer: licensed_auction, or No when the event is "
         "not an auction (the auctioneer question is asked only of auctions)",
     )(_asked_only_if("licensed_auction", "is_auction"))

fact("government_fair_held", inputs=("is_fair", "government_fair_on_fairgrounds"), kind="yes_no",
     doc="the event is a government fair on regular fairgrounds: government_fair_on_fairgrounds, or No when "
         "the event is not a fair (only a fair is asked who runs it and where)",
     )(_asked_only_if("government_fair_on_fairgrounds", "is_fair"))
