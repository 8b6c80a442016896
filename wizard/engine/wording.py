"""What the result says, in one place for the web pages and the packet: the headline for each
outcome, whether a permit applies, the checklist's phases and the deadline's status.

Templates receive a `ResultSummary` (built by `summarize`) instead of recomputing these rules.
Every sentence is written in English and said in the language in force (docs/decisions/0002-spanish-beside-the-law.md): the tables keep
the English (`N_`), translated where they are used, with the rule file's word for the permit said
the way the language needs it (`word_forms`: Spanish needs its article).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from ..language import N_, gettext as _
from .beyond_verdict import NOTE_LISTS
from .permit_word import WORD_FORMS, say, word_forms  # noqa: F401 (re-exported: the pages and packet import them here)
from .filing_days import (  # noqa: F401 (DeadlineStatus, SOON_DAYS and deadline_status re-exported)
    DeadlineStatus, SOON_DAYS, advice_line, deadline_status, decide_in_time, decision_if_filed, ordinance_line, status_of)

# A permit is needed, or may be: the application, fees, dates and checklist are shown.
APPLYING_OUTCOMES = ("required", "uncertain")

HEADLINES = {
    "required": N_("You need a {word}"),
    "not_required": N_("You do not need a {word} under this ordinance"),
    "exempt": N_("Your event is exempt from this {word}"),
    "uncertain": N_("The ordinance does not settle whether you need a {word}"),
}
MORE_ANSWERS_HEADLINE = N_("We need more answers to say whether you need a {word}")

# (`when` in the assessment's checklist, its heading)
CHECKLIST_PHASES = (
    ("with_application", N_("Send with your application")),
    ("before_license", N_("Before the {word} is issued")),
    ("before_event", N_("Before the event")),
    ("during_event", N_("During the event")),
    ("after_event", N_("After the event")),
)

# Said at the top of the next page when a change on Check your answers changes the outcome.
FLIP_NOTICES = {
    "required": N_("With this change, you need a {word}."),
    "not_required": N_("With this change, you no longer need a {word} under this ordinance."),
    "exempt": N_("With this change, your event is exempt from this {word}."),
    "uncertain": N_("With this change, the ordinance no longer settles whether you need a {word}."),
}

# The assessment's lists of what the ordinance says beyond the verdict, and their headings.
NOTE_HEADINGS = tuple((key, heading) for _list, key, heading in NOTE_LISTS)

# Where the text sets no threshold but leans one way (Wisconsin's 2,000): the lean, and whom to ask.
LEANS = {
    "required": N_("Likely required: plan to apply, and confirm with {office}"),
    "not_required": N_("Probably not covered: confirm with {office}"),
}

def permit_applies(outcome: str) -> bool:
    return outcome in APPLYING_OUTCOMES


def headline(assessment: dict, word: str) -> str:
    if assessment.get("missing"):
        return say(MORE_ANSWERS_HEADLINE, word)
    return say(HEADLINES[assessment["outcome"]], word)


def flip_notice(before: str, after: str, word: str) -> str | None:
    """What to say when a changed answer changes the outcome; None when it does not."""
    return None if before == after else say(FLIP_NOTICES[after], word)


def office_named(file_with: str) -> str:
    """The office without its explanation in brackets: "the Village Clerk"."""
    return file_with.split(" (")[0]


def office_short(file_with: str) -> str:
    """The office alone, without brackets or the clause after a comma: "the Village Clerk"."""
    return re.sub(r"\s*\([^)]*\)", "", file_with).split(",")[0].strip()


def lean_line(assessment: dict, file_with: str) -> str | None:
    """The lean of an unsettled verdict, when the text gives one and no answer is missing."""
    lean = LEANS.get(assessment.get("likely") or "")
    return _(lean).format(office=office_named(file_with)) if lean and not assessment.get("missing") else None


@dataclass(frozen=True)
class ChecklistPhase:
    title: str
    items: list[dict]  # the assessment's checklist entries: text, citation, when


# The checklist's phases whose items are papers and proofs to gather; the later ones are duties
# ("keep a competent person in charge", "clean up the site"), not documents (docs/decisions/0005-fees-due-at-their-moment.md).
TO_GATHER = ("with_application", "before_license")


def fees_due(assessment: dict) -> list[tuple[str, dict]]:
    """(when it is paid, fee) for the application fee and every further fee (`other_fees`): the
    application fee goes with the filing unless its `due` says otherwise (docs/decisions/0005-fees-due-at-their-moment.md)."""
    fees = assessment.get("fees") or {}
    entries = ([fees["application"]] if fees.get("application") else []) + list(assessment.get("other_fees") or [])
    return [(entry.get("due", "filing"), entry) for entry in entries]


def filing_fees(assessment: dict) -> int | float | None:
    """What is paid with the application: every fee due at filing that has a figure; None if none."""
    amounts = [e["amount"] for due, e in fees_due(assessment) if due == "filing" and e["amount"] is not None]
    return sum(amounts) if amounts else None


def checklist_phases(checklist: list[dict], word: str) -> list[ChecklistPhase]:
    """The checklist grouped by when each item is due, in order, leaving out empty phases."""
    phases = []
    for when, title in CHECKLIST_PHASES:
        items = [c for c in checklist if c["when"] == when]
        if items:
            phases.append(ChecklistPhase(say(title, word), items))
    return phases


@dataclass(frozen=True)
class ResultSummary:
    """The context the result page (and the packet's cover) reads.

    headline: the outcome in one sentence; lean: where the text leans when it does not settle it;
    applies: a permit is needed or may be; deadline: the status of the last day to file, or None
    without dates; checklist: the phases with their items; note_lists: (assessment key, heading)
    of the lists of what happens after filing, revocation and penalties; office: where to file, short."""

    headline: str
    lean: str | None
    applies: bool
    deadline: DeadlineStatus | None
    checklist: list[ChecklistPhase]
    note_lists: tuple = NOTE_HEADINGS
    office: str = ""  # where to file, in short: "the Village Clerk"
    to_gather: int = 0  # checklist items to gather before the permit, not the duties after it
    filing_fees: int | float | None = None  # every fee paid with the application
    # A day we advise, said as advice, with the ordinance's own last day beside it (filing_days.py).
    advice_line: str = ""
    ordinance_line: str = ""
    decide_in_time: str = ""  # Baroda past the advised day: the decision must come by the in-hand day
    decision_if_today: tuple | None = None  # (latest decision day if filed today, after the event starts)


def note_headings() -> tuple:
    """(assessment key, heading) of the lists of notes, the headings in the language in force."""
    return tuple((key, _(heading)) for key, heading in NOTE_HEADINGS)


def summarize(assessment: dict, word: str, today: date, starts: date | None = None) -> ResultSummary:
    """`starts`, the event's first day, says whether a decision asked for today comes after it."""
    applies = permit_applies(assessment["outcome"])
    deadline = status_of(assessment, today) if applies else None
    advice = bool(deadline and deadline.advice)
    return ResultSummary(
        headline=headline(assessment, word),
        lean=lean_line(assessment, assessment["file_with"]),
        applies=applies,
        deadline=deadline,
        checklist=checklist_phases(assessment.get("checklist") or [], word),
        note_lists=note_headings(),
        office=office_short(assessment["file_with"]),
        to_gather=sum(1 for c in assessment.get("checklist") or [] if c["when"] in TO_GATHER),
        filing_fees=filing_fees(assessment),
        advice_line=advice_line(assessment, word) if advice else "",
        ordinance_line=ordinance_line(assessment) if advice else "",
        decide_in_time=decide_in_time(assessment, word, deadline.decide_by) if advice and deadline and deadline.decide_by else "",
        decision_if_today=decision_if_filed(assessment, today, starts) if advice and deadline and deadline.state == "advice_gone" else None,
    )
