"""Packet text for what an ordinance says beyond the verdict (docs/decisions/0012-readings-never-invented.md; the
engine side is wizard/engine/beyond_verdict.py): dates on checklist items, why the file-by date is what it is, and
the "After you apply", revocation and penalties notes. Plain data."""
from __future__ import annotations

from datetime import date

from ..engine.filing_days import because, decide_in_time, ordinance_line, status_of
from ..rules.rulebook import Jurisdiction
from .model import Fact
from ..engine.wording import NOTE_HEADINGS
from ..readable import long_date


def with_due_date(item: dict) -> str:
    """An item's text, led by its date when the ordinance ties it to the event's first day."""
    when = item.get("due_date")
    return f"By {long_date(date.fromisoformat(when))}: {item['text']}" if when else item["text"]


def last_day_detail(j: Jurisdiction, word: str) -> str:
    """Why the ordinance's own last day is what it is: the day the permit must be obtained by (Baroda)."""
    in_hand = j.license_in_hand_days
    if in_hand is None:
        return "The ordinance's own last day to file."
    return (f"The ordinance's own last day to file: the {word} must be obtained at least {in_hand} days before "
            "the event, so the application cannot be made later.")


def filing_detail(j: Jurisdiction, word: str, within: int | None) -> str | None:
    """Why the file-by date is what it is, where the permit must be in hand by a lead time."""
    in_hand = j.license_in_hand_days
    if in_hand is None:
        return None
    return (f"The ordinance requires the {word} to be obtained at least {in_hand} days before the event, and "
            f"the decision may take {within} days, so file at least {j.filing_lead_days} days before.")


def counted_from_detail(j: Jurisdiction, questions: dict, answers: dict) -> str | None:
    """Why the file-by date is what it is, where the lead time counts back from another day than
    the event's first (`filing.counted_from`, "15 days before the first day of advertising")."""
    key = j.filing_counted_from
    if key is None or not answers.get(key):
        return None
    question = questions.get(key) or {}
    what = question.get("form_label") or question.get("label") or key
    day = long_date(date.fromisoformat(str(answers[key])[:10]))
    return (f"The ordinance counts the {j.filing_lead_days} days back from the day you gave for "
            f"\u201c{what}\u201d ({day}), not from your event's first day.")


def note_lists(assessment: dict) -> list[tuple[str, list[tuple[str, str]]]]:
    """(title, [(text, citation)]) for each of After you apply, Revocation and Penalties that has notes."""
    return [(title, [(n["text"], n["citation"]) for n in assessment.get(key, [])])
            for key, title in NOTE_HEADINGS if assessment.get(key)]


def advised_facts(a: dict, word: str, today: date, office: str) -> list[Fact]:
    """The cover's line for a day we advise: said as advice, with the ordinance's own last day (or
    that it sets none); once behind us, "file now", never "passed" (only the text's own day passes)."""
    status = status_of(a, today)
    day = date.fromisoformat(a["file_by"])
    why = because(a, word)
    detail = f"{why[:1].upper()}{why[1:]} ({a['file_by_citation']}). {ordinance_line(a)}"
    if status is not None and status.state == "advice_gone":
        if status.decide_by:
            detail += " " + decide_in_time(a, word, status.decide_by)
        return [Fact("Our advice was to file by", f"{long_date(day)} (behind us: file now)",
                     f"File with {office} as soon as you can. {detail}", a["file_by_citation"])]
    if status is not None and status.state == "passed":  # the ordinance's own day is gone: the advice is moot
        return []
    return [Fact("Our advice: file by", long_date(day), detail, a["file_by_citation"])]
