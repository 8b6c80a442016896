"""Packet text for what an ordinance says beyond the verdict (issue 9; the engine side is
wizard/engine/beyond_verdict.py): dates on checklist items, why the file-by date is what it is, and the
"After you apply", revocation and penalties notes. Plain data."""
from __future__ import annotations

from datetime import date

from ..rules.rulebook import Jurisdiction
from ..engine.wording import NOTE_HEADINGS
from ..readable import long_date


def with_due_date(item: dict) -> str:
    """An item's text, led by its date when the ordinance ties it to the event's first day."""
    when = item.get("due_date")
    return f"By {long_date(date.fromisoformat(when))}: {item['text']}" if when else item["text"]


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
