"""Notices by mail: the letters the office prints and posts (docs/decisions/0014-the-office-paper-trail.md).

Where the rule file's `decision.mailed_notice` says a notice goes by mail (Baroda (h): conditions
before issuance, or a denial, "within five days of such action ... by certified mail"), recording that
decision adds a letter to post, due `within_days` after it; a suspension or revocation adds one too,
which the text dates nowhere, so it is never flagged. The page records when the letter was
printed and posted, and the certified-mail number when the clerk types it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta

from ..packet.envelope_window import AddressDoesNotFit, WindowFit, fit_window
from ..packet.letter import window_lines
from ..rules.rulebook import Jurisdiction
from .records import OfficeRecords, now_text
from .review import ReviewError

ABOUT = {"conditions": "Conditions before issuance", "denial": "Denial", "suspended": "Suspension",
         "reinstated": "Suspension lifted", "revoked": "Revocation"}
SOON_DAYS = 2  # a site choice: a letter due within this many days is flagged as running out
CERTIFIED_NUMBER = re.compile(r"[0-9A-Z ]{8,40}")  # USPS tracking numbers: 20-22 digits, often typed in groups


def notice_due(records: OfficeRecords, reference: str, j: Jurisdiction, decision: dict, with_conditions: bool) -> None:
    """The letter a decision needs by mail, where the text says so."""
    mailed = j.mailed_notice
    about = "denial" if decision["decision"] == "denied" else "conditions" if with_conditions else None
    if not mailed or about not in mailed["of"]:
        return
    due = date.fromisoformat(decision["decided_on"]) + timedelta(days=mailed["within_days"]) \
        if mailed.get("within_days") else None
    records.trail.add_mailed_notice(dict(reference=reference, about=about, dated=decision["decided_on"],
                                         due_on=due.isoformat() if due else None, certified=mailed.get("certified")))


def action_letter(records: OfficeRecords, reference: str, row: dict) -> None:
    """A suspension, its lifting or a revocation is posted as a letter too; the text gives it no period."""
    records.trail.add_mailed_notice(dict(reference=reference, about=row["action"], dated=row["acted_on"]))


@dataclass(frozen=True)
class Flag:
    state: str  # "past", "soon" or ""
    words: str


def flag(notice: dict, today: date) -> Flag:
    """A letter not posted by its day is flagged past; one due within SOON_DAYS, running out."""
    if notice["posted_on"] or not notice["due_on"]:
        return Flag("", "")
    due = date.fromisoformat(notice["due_on"])
    if due < today:
        return Flag("past", f"Not posted, and the days to mail it ended on {due.isoformat()}")
    if (due - today).days <= SOON_DAYS:
        return Flag("soon", f"Post it by {due.isoformat()}: {(due - today).days} day(s) left")
    return Flag("", f"Post it by {due.isoformat()}")


def record_posted(records: OfficeRecords, reference: str, notice: dict, form: dict, today: date, who: str) -> str:
    """The day the letter was posted and its certified-mail number (when typed); the history's line."""
    try:
        day = date.fromisoformat(form.get("posted_on") or "")
    except ValueError:
        raise ReviewError("Enter the day the letter was posted, like 2027-06-03.") from None
    if day > today or day < date.fromisoformat(notice["dated"]):
        raise ReviewError(f"The day it was posted must be between {notice['dated']} and today ({today.isoformat()}).")
    number = " ".join((form.get("certified_number") or "").upper().split())
    if number and not CERTIFIED_NUMBER.fullmatch(number):
        raise ReviewError("Enter the certified-mail number as it is printed on the receipt: its digits (and "
                          "letters), like 9407 1000 0000 0000 0000 00.")
    records.trail.notice_posted(reference, notice["id"], day.isoformat(), number, who)
    line = f"{ABOUT[notice['about']]}: posted on {day.isoformat()}" + (f", certified mail {number}" if number else "")
    records.applications.add_history(reference, who, "Letter posted", line)
    return line


def printed(records: OfficeRecords, reference: str, notice: dict, who: str) -> None:
    records.trail.notice_printed(reference, notice["id"], now_text(), who)
    records.applications.add_history(reference, who, "Letter printed", ABOUT[notice["about"]])


def envelope_window(notice: dict, answers: dict) -> WindowFit | AddressDoesNotFit:
    """How the letter's address sits in the envelope's window, or why it cannot: the page says so before printing."""
    try:
        return fit_window(window_lines(notice.get("address_lines"), answers))
    except AddressDoesNotFit as too_long:
        return too_long


def shorten_address(records: OfficeRecords, reference: str, notice: dict, form: dict, who: str) -> str:
    """The address the clerk typed for the window, kept with the letter when it fits; the history's line."""
    lines = [" ".join(line.split()) for line in (form.get("address_lines") or "").splitlines() if line.strip()]
    if len(lines) < 2:
        raise ReviewError("Enter the address on two lines or more: the name, then the street, city, state and ZIP code.")
    try:
        fit = fit_window(lines)
    except AddressDoesNotFit:
        raise ReviewError("That address still does not fit the envelope's window: shorten the longest lines "
                          "(abbreviate Street, Suite, the organization's name) or leave out a line.") from None
    records.trail.notice_address(reference, notice["id"], "\n".join(lines))
    line = f"{ABOUT[notice['about']]}: the address for the window is {' / '.join(fit.lines)}"
    records.applications.add_history(reference, who, "Letter's address shortened", line)
    return line
