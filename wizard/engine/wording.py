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

# The words rule files use for the permit (`license_word`), and each with its article: Spanish
# says "un permiso" but "una licencia", so a sentence takes the form it needs ({a_word}, {the_word}).
WORD_FORMS = {
    "permit": (N_("permit"), N_("a permit"), N_("the permit")),
    "license": (N_("license"), N_("a license"), N_("the license")),
}


def word_forms(word: str) -> dict[str, str]:
    """The permit's word in the language in force, bare and with its articles (`The_word` to begin a
    sentence), for `str.format`."""
    forms = WORD_FORMS.get(word)
    said = ((word, word, word) if forms is None  # a word no catalog knows: as the rule file writes it
            else (_(forms[0]), _(forms[1]), _(forms[2])))
    return {"word": said[0], "a_word": said[1], "the_word": said[2], "The_word": said[2][:1].upper() + said[2][1:]}


def say(sentence: str, word: str, **variables: str) -> str:
    """One of the tables' sentences in the language in force, with the permit's word in it."""
    return _(sentence).format(**word_forms(word), **variables)

SOON_DAYS = 14  # from this many days before the last day to file, the result warns "apply soon"


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
class DeadlineStatus:
    """How the last day to file stands today: `passed`, `soon` (within SOON_DAYS) or `open`."""

    state: str
    days: int  # days left (negative: days since it passed)

    @property
    def days_ago(self) -> int:
        return -self.days


def deadline_status(file_by: str | None, today: date) -> DeadlineStatus | None:
    if not file_by:
        return None
    days = (date.fromisoformat(file_by) - today).days
    state = "passed" if days < 0 else "soon" if days <= SOON_DAYS else "open"
    return DeadlineStatus(state, days)


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


def note_headings() -> tuple:
    """(assessment key, heading) of the lists of notes, the headings in the language in force."""
    return tuple((key, _(heading)) for key, heading in NOTE_HEADINGS)


def summarize(assessment: dict, word: str, today: date) -> ResultSummary:
    applies = permit_applies(assessment["outcome"])
    return ResultSummary(
        headline=headline(assessment, word),
        lean=lean_line(assessment, assessment["file_with"]),
        applies=applies,
        deadline=deadline_status(assessment.get("file_by"), today) if applies else None,
        checklist=checklist_phases(assessment.get("checklist") or [], word),
        note_lists=note_headings(),
        office=office_short(assessment["file_with"]),
        to_gather=sum(1 for c in assessment.get("checklist") or [] if c["when"] in TO_GATHER),
        filing_fees=filing_fees(assessment),
    )
