"""The print view's pages as the PDF's (docs/decisions/0029-the-print-view-paged-as-the-pdf.md): what Chromium
needs to print a packet's running header, footer and page numbers, as a small stylesheet of its own.

A browser has no running elements (WeasyPrint's `element()`), so the packet's words for its header and
footer go in custom properties that the page margin boxes of static/packet-print.css show. The pages in the
organizer's language (the summary in front, an instruction sheet before each part, the other permits'
pages) carry their own number,
as in the PDF, and are not counted as the English packet's pages: `counter-increment: page 0` leaves them out
of "Page N", and a counter style that counts from past them leaves them out of "of M" (CSS cannot subtract).
"""
from __future__ import annotations

from .model import Packet

MOST_PAGES = 300  # beyond this "of M" shows the printed total: far past any packet (a dozen pages)


def css_string(text: str) -> str:
    """`text` as a CSS string: quotes, backslashes and control characters escaped, nothing else changed."""
    return '"' + "".join(ch if ch.isprintable() and ch not in '"\\' else f"\\{ord(ch):x} " for ch in text) + '"'


def browser_pages_css(packet: Packet) -> str:
    """The stylesheet: the header's and footer's words, the English pages' count, the organizer's pages."""
    summary = packet.summary
    sheets = summary.sheets if summary else []
    # One page each (the PDF numbers a sheet "sheet 2 of 4" on every page it takes; each takes one), and
    # a page for each other permit in the organizer's language (other_permits.py).
    said = summary.other_permits if summary else []
    others = (1 if summary else 0) + len(sheets) + len(said)
    symbols = " ".join(f'"{n}"' for n in range(1, MOST_PAGES + 1))
    lines = [
        f"@counter-style packet-pages {{ system: fixed {others + 1}; symbols: {symbols}; }}",
        f":root {{ --packet-title: {css_string(packet.title)}; --packet-place: {css_string(packet.jurisdiction_name)};"
        f" --packet-foot: {css_string(f'{packet.short_name} · {packet.event_name}')};"
        f" --packet-front-number: {css_string(summary.number if summary else '')}; }}",
    ]
    # The sheets' running header and footer are the summary's, in the organizer's language, as in the PDF.
    heads = (f" @top-left {{ content: {css_string(summary.running_title)}; }}"
             f" @top-right {{ content: {css_string(summary.running_place)}; }}"
             f" @bottom-left {{ content: {css_string(f'{summary.running_short} · {packet.event_name}')}; }}"
             if summary and summary.running_title else "")
    for n, sheet in enumerate(sheets, 1):
        lines += [f"@page packet-sheet-{n} {{ counter-increment: page 0;{heads}"
                  f" @bottom-right {{ content: {css_string(sheet.number)}; }} }}",
                  f"@media print {{ .print-view #sheet-{sheet.anchor} {{ page: packet-sheet-{n}; }} }}"]
    if said:
        lines += [f"@page packet-permits-said {{ counter-increment: page 0;{heads}"
                  f" @bottom-right {{ content: {css_string(summary.other_permits_number)}; }} }}",
                  "@media print { .print-view .permits-said { page: packet-permits-said; } }"]
    return "\n".join(lines) + "\n"
