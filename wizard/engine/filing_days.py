"""The last day to file as the ordinance sets it, apart from the day we advise.

Two kinds of date are shown to an organizer and a clerk, and they must never be confused:

- the ordinance's own last day (`last_day`): DeKalb's "not less than thirty (30) days prior", and
  Baroda's "at least 60 days prior" (License (a): the application made *and* the license obtained
  by then, so no application after that day can meet it). Only this day makes an application late.
- our advice (`file_by` when `file_by_advice` is true): a day worked out so that the office's own
  decision period fits before a date, where the text sets none of its own (Wisconsin ch. 64: 21 days
  before, leaving the 20 days to process it) or sets a later one (Baroda: 105 days, leaving the
  Village its 45 days and the license in hand 60 days before). Once it is behind us the organizer
  is told to file now, never that anything has passed.

`file_by` keeps its contract meaning (the day the page tells the organizer to file by); the keys
here are additions (docs/contract-additions.md). No Flask here.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from ..language import N_, gettext as _
from ..readable import long_date
from .permit_word import say

SOON_DAYS = 14


def ordinance_days(j, first_day: date | None, file_by: str | None, basis: str | None) -> dict:
    """`last_day` (the text's own last day to file, ISO, or None), its citation, and whether
    `file_by` is our advice. With a lead time to have the license in hand (Baroda's 60 days), that
    day is also the last day to apply, and the longer lead time is advice."""
    if file_by is None:
        return {"last_day": None, "last_day_citation": None, "file_by_advice": False}
    if basis == "decision_period":  # no lead time in the text: the day leaves the decision period
        return {"last_day": None, "last_day_citation": None, "file_by_advice": True}
    in_hand = j.license_in_hand_days
    if in_hand is not None and first_day is not None:
        last = (first_day - timedelta(days=in_hand)).isoformat()
        return {"last_day": last, "last_day_citation": lead_section(j.filing_citation), "file_by_advice": last != file_by}
    return {"last_day": file_by, "last_day_citation": j.filing_citation, "file_by_advice": False}


def lead_section(citation: str) -> str:
    """The section of the lead time alone: a filing citation with the day to have the license in hand
    names that section first and the decision period's after it ("Ord. 171, License (a); Application (h)")."""
    return citation.split(";")[0].strip()


def last_day(a: dict) -> str | None:
    """The ordinance's last day of an assessment; an assessment kept from before `last_day` existed
    reads `file_by` for it unless that day came from the decision period."""
    if "last_day" in a:
        return a["last_day"]
    return a.get("file_by") if a.get("file_by_basis") == "ordinance" and not a.get("license_by") else a.get("license_by")


def advised(a: dict) -> bool:
    if "file_by_advice" in a:
        return bool(a["file_by_advice"])
    return bool(a.get("file_by")) and last_day(a) != a.get("file_by")


@dataclass(frozen=True)
class DeadlineStatus:
    """How the day to file stands today: `open`, `soon` (within SOON_DAYS), `advice_gone` (the day we
    advised is behind us, the ordinance's own last day is not, or there is none) or `passed` (the
    ordinance's own last day is behind us). `day` is the day counted from: the ordinance's last day
    once passed, else `file_by`. `decide_by`: the day the office must decide by for the permit to be
    in hand as the text requires (Baroda), when the advice is gone."""

    state: str
    days: int  # days left (negative: days since `day`)
    advice: bool = False
    day: date | None = None
    decide_by: date | None = None

    @property
    def days_ago(self) -> int:
        return -self.days


def deadline_status(file_by: str | None, today: date, last: str | None = None,
                    advice: bool = False, license_by: str | None = None) -> DeadlineStatus | None:
    if not file_by:
        return None
    day = date.fromisoformat(file_by)
    days = (day - today).days
    if days >= 0:
        return DeadlineStatus("soon" if days <= SOON_DAYS else "open", days, advice, day)
    if not advice:
        return DeadlineStatus("passed", days, False, day)
    if last and date.fromisoformat(last) < today:
        return DeadlineStatus("passed", (date.fromisoformat(last) - today).days, True, date.fromisoformat(last))
    return DeadlineStatus("advice_gone", days, True, day, date.fromisoformat(license_by) if license_by else None)


def status_of(a: dict, today: date) -> DeadlineStatus | None:
    return deadline_status(a.get("file_by"), today, last_day(a), advised(a), a.get("license_by"))


def because(a: dict, word: str) -> str:
    """Why we advise the day we do: the decision period, and the day the permit must be in hand."""
    issuer = a["issuer"]
    within = a.get("decision_within_days")
    if a.get("license_by"):
        return say(N_("to leave {issuer} its {days} days to decide and have {the_word} in hand by {day}"), word,
                   issuer=issuer, days=str(within), day=long_date(a["license_by"]))
    return _("so that %(issuer)s has its whole %(days)s-day decision period before your event",
             issuer=issuer, days=within)


def advice_line(a: dict, word: str) -> str:
    """"Our advice: file by ..., because ..." with the sections behind it."""
    return _("Our advice: file by %(day)s, %(because)s (%(citation)s).", day=long_date(a["file_by"]),
             because=because(a, word), citation=a["file_by_citation"])


def ordinance_line(a: dict) -> str:
    """The ordinance's own last day, or that it sets none."""
    last = last_day(a)
    if last:
        return _("The ordinance's last day to file: %(day)s (%(citation)s).", day=long_date(last),
                 citation=a.get("last_day_citation") or a["file_by_citation"])
    return _("The ordinance sets no last day to file (%(citation)s).", citation=a["file_by_citation"])


def decide_in_time(a: dict, word: str, decide_by: date) -> str:
    """Baroda after the advised day: the decision must come by the day the license must be in hand."""
    issuer = a["issuer"][:1].upper() + a["issuer"][1:]
    citation = a.get("last_day_citation") or lead_section(a.get("license_by_citation") or "")
    return say(N_("{issuer} must decide by {day} for {the_word} to be in hand as {citation} requires."), word,
               issuer=issuer, day=long_date(decide_by), citation=citation)


def decision_if_filed(a: dict, today: date, starts: date | None) -> tuple[date, bool] | None:
    """The latest decision day if the organizer files today, and whether it falls on or after the
    event's first day; None without a decision period."""
    within = a.get("decision_within_days")
    if within is None:
        return None
    decided = today + timedelta(days=within)
    return decided, starts is not None and decided >= starts
