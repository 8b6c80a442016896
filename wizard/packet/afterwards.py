"""Packet content for issue 9: the lean of an unsettled verdict, the license-in-hand date, dates on
checklist items, and the "After you apply", revocation and penalties sections. Plain data."""
from __future__ import annotations

from datetime import date

from .formatting import long_date

LEAN_TITLES = {
    "required": "Likely required: plan to apply, and confirm with {office}",
    "not_required": "Probably not covered: confirm with {office}",
}
SECTION_TITLES = (("after_you_apply", "After you apply"), ("revocation", "Revocation"), ("penalties", "Penalties"))


def office_named(file_with: str) -> str:
    """The office without its explanation in brackets: "the Village Clerk"."""
    return file_with.split(" (")[0]


def lean_title(assessment: dict, file_with: str) -> str | None:
    title = LEAN_TITLES.get(assessment.get("likely") or "")
    return title.format(office=office_named(file_with)) if title else None


def with_due_date(item: dict) -> str:
    """An item's text, led by its date when the ordinance ties it to the event's first day."""
    when = item.get("due_date")
    return f"By {long_date(date.fromisoformat(when))}: {item['text']}" if when else item["text"]


def filing_detail(filing: dict, word: str, within: int | None) -> str | None:
    """Why the file-by date is what it is, where the permit must be in hand by a lead time."""
    in_hand = filing.get("license_in_hand_days")
    if in_hand is None:
        return None
    return (f"The ordinance requires the {word} to be obtained at least {in_hand} days before the event, and "
            f"the decision may take {within} days, so file at least {filing['lead_days']} days before.")


def sections(assessment: dict) -> list[tuple[str, list[tuple[str, str]]]]:
    """(title, [(text, citation)]) for each of After you apply, Revocation and Penalties that has notes."""
    return [(title, [(n["text"], n["citation"]) for n in assessment.get(key, [])])
            for key, title in SECTION_TITLES if assessment.get(key)]
