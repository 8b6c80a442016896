"""The application packet: a PDF per jurisdiction, an answers file and a calendar file.

`content` decides what the packet says (no layout, no Flask); `document` shows it with the
templates in templates/packet/ and prints them as a tagged, fillable PDF (WeasyPrint, PDF/UA-1);
`calendar` writes the iCalendar file.
"""
from __future__ import annotations

from datetime import date

from ..offices import OfficeCard
from ..rulebook import RuleBook
from .content import Packet, build_packet
from .document import render_packet


def packet_pdf(answers: dict, book: RuleBook, today: date | None = None, office: OfficeCard | None = None) -> bytes:
    """The PDF packet for cleaned answers that name a jurisdiction (with the office card, if any)."""
    j = book.jurisdictions[answers["jurisdiction"]]
    return render_packet(build_packet(answers, j, book.questions_for(j.id), today=today, office=office))


__all__ = ["Packet", "build_packet", "packet_pdf"]
