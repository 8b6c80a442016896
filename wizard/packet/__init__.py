"""The application packet: a PDF per jurisdiction, an answers file and a calendar file.

`content` decides what the packet says (no layout, no Flask); `document` shows it with the
templates in templates/packet/ and prints them as a tagged, fillable PDF (WeasyPrint, PDF/UA-1);
`calendar` writes the iCalendar file. Printing is not re-exported here: a packet is printed by
`wizard.packet.printing.packet_pdf` in a print worker, so importing the packet's content (as the web app
does) does not load WeasyPrint.
"""
from __future__ import annotations

from .content import Packet, build_packet

__all__ = ["Packet", "build_packet"]
