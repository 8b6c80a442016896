"""The application packet: a PDF per jurisdiction, an answers file and a calendar file.

`content` decides what the packet says (no layout, no Flask); `pdf` and `sections` set it in
type with fpdf2; `calendar` writes the iCalendar file.
"""
from __future__ import annotations

from datetime import date

from ..rulebook import RuleBook
from .content import Packet, build_packet
from .sections import render_packet


def packet_pdf(answers: dict, book: RuleBook, today: date | None = None) -> bytes:
    """The PDF packet for cleaned answers that name a jurisdiction."""
    j = book.jurisdictions[answers["jurisdiction"]]
    return render_packet(build_packet(answers, j, book.questions_for(j.id), today=today))


__all__ = ["Packet", "build_packet", "packet_pdf"]
