"""What the clerk needs next, at the top of an application's page: what is outstanding, said once and short (the
checklist items themselves are listed only in the checklist), and the one next thing to do, with where on the page
it is done. Read from what the page has worked out already; nothing is assessed again here."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from ..readable import money as dollars
from .money import Line

NOT_TICKED = "not ticked: "  # how office.review.outstanding names a checklist item or document not ticked


@dataclass(frozen=True)
class NextStep:
    outstanding: tuple[str, ...]  # short lines: "12 checklist items not ticked", "Bond: $100,000"
    action: str
    anchor: str  # the part of the page where it is done


def unticked(outstanding: tuple[str, ...]) -> int:
    return sum(1 for item in outstanding if item.startswith(NOT_TICKED))


def others(outstanding: tuple[str, ...]) -> list[str]:
    """What an approval would leave outstanding besides the checklist's items (departments, an inspection)."""
    return [item for item in outstanding if not item.startswith(NOT_TICKED)]


def next_step(status: str, outstanding: tuple[str, ...], lines: list[Line], open_conditions: int, closed: bool,
              ends_at: str | None, today: date) -> NextStep:
    left = unticked(outstanding)
    owed = [f"{line.owed.label}: {dollars(line.outstanding / 100)}" for line in lines if line.outstanding]
    over = [f"{line.owed.label} overpaid by {dollars(line.overpaid / 100)}: a refund is due" for line in lines
            if line.overpaid]
    said = tuple(over + ([f"{left} checklist item{'s' if left != 1 else ''} not ticked"] if left else [])
                 + [f"Money: {o}" for o in owed] + [item[:1].upper() + item[1:] for item in others(outstanding)])
    if over:
        return NextStep(said, "Record the refund of the overpayment", "#money")
    if status in ("denied", "withdrawn"):
        return NextStep(said, f"Nothing waits: the application is {status}.", "")
    if status == "approved":
        if open_conditions:
            return NextStep(said, "Tick the conditions met before issuance", "#before-issuance")
        if owed:
            return NextStep(said, "Record the money received", "#money")
        if ends_at and not closed and ends_at[:10] < today.isoformat():
            return NextStep(said, "Close the application after the event", "#after-event")
        return NextStep(said, "Nothing waits until the event is over.", "")
    if left:
        return NextStep(said, "Tick what you have received in the checklist", "#checklist")
    if owed:
        return NextStep(said, "Record the money received", "#money")
    return NextStep(said, "Record the decision", "#decision")
