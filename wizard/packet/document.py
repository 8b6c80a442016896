"""The packet as one HTML document (templates/packet/), printed by WeasyPrint as a tagged PDF (PDF/UA-1).

The print view shows the same templates in the browser; here they are rendered with the engine's
own Jinja environment (no Flask) and the print stylesheet `static/packet.css` (paged media:
US Letter, running header and footer, page numbers, blocks kept whole). Everything the organizer
still has to write is an `<input>` or `<textarea>`, which WeasyPrint makes a PDF form field named by
its `title`.
"""
from __future__ import annotations

import logging
import re
from functools import lru_cache
from pathlib import Path

import pydyf
from fontTools.ttLib import TTFont
from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration

from ..formatting import long_date, money, number
from ..resources import resource_dir
from .model import Packet

FONTS = Path(__file__).resolve().parent / "fonts"
LATIN_REGULAR = FONTS / "NotoSans-Regular.ttf"
LATIN_BOLD = FONTS / "NotoSans-Bold.ttf"
# Noto Sans CJK SC in pieces by code point, so a packet loads only the few it uses (the whole
# 40,000-glyph font would take longer to read than the rest of the packet to make).
CJK_PIECES = {
    "kana": ((0x1100, 0x11FF), (0x3000, 0x30FF), (0x3100, 0x318F), (0x31F0, 0x31FF), (0xF900, 0xFAFF),
             (0xFF00, 0xFFEF)),
    "3400": ((0x3400, 0x4DBF),),
    "4e00": ((0x4E00, 0x5FFF),),
    "6000": ((0x6000, 0x6FFF),),
    "7000": ((0x7000, 0x7FFF),),
    "8000": ((0x8000, 0x8FFF),),
    "9000": ((0x9000, 0x9FFF),),
    "ac00": ((0xAC00, 0xC1FF),),
    "c200": ((0xC200, 0xD7AF),),
}
STYLESHEETS = ("packet.css", "packet-pages.css")  # shared with the print view; paged media

# WeasyPrint reports a missing alt text or language on its logger: a packet must have neither fault,
# and its other messages (fonts it looked up) are not the organizer's concern.
logging.getLogger("weasyprint").setLevel(logging.ERROR)


@lru_cache(maxsize=1)
def latin_coverage() -> frozenset[int]:
    """Code points Noto Sans draws; anything else goes to the CJK fallback."""
    with TTFont(LATIN_REGULAR, lazy=True) as font:
        return frozenset(font.getBestCmap())


def cjk_pieces(texts) -> list[str]:
    """The CJK font pieces that draw the characters Noto Sans lacks in `texts`."""
    covered = latin_coverage()
    wanted = {ord(ch) for text in texts for ch in text} - covered
    return [name for name, ranges in CJK_PIECES.items()
            if any(low <= code <= high for code in wanted for low, high in ranges)]


def font_faces(packet: Packet) -> str:
    """@font-face rules for the vendored fonts: Noto Sans, then only the CJK pieces this packet needs."""
    rules = [f'@font-face {{ font-family: "NotoSans"; font-weight: {weight}; src: url("{path.as_uri()}"); }}'
             for weight, path in (("normal", LATIN_REGULAR), ("bold", LATIN_BOLD))]
    for piece in cjk_pieces(packet.strings()):
        path = FONTS / "cjk" / f"NotoSansCJKsc-Regular-{piece}.ttf"
        ranges = ", ".join(f"U+{low:04X}-{high:04X}" for low, high in CJK_PIECES[piece])
        rules += [f'@font-face {{ font-family: "NotoSansCJK"; font-weight: {weight}; src: url("{path.as_uri()}"); '
                  f'unicode-range: {ranges}; }}' for weight in ("normal", "bold")]
    return "\n".join(rules)


@lru_cache(maxsize=1)
def environment() -> Environment:
    """The templates folder the web app uses, with the filters the packet's templates need."""
    env = Environment(loader=FileSystemLoader(resource_dir("templates")), autoescape=select_autoescape(["html"]),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.filters.update(long_date=long_date, money=money, number=number)
    return env


def packet_html(packet: Packet) -> str:
    """The packet as a standalone HTML document: what WeasyPrint prints."""
    return environment().get_template("packet/document.html").render(p=packet)


@lru_cache(maxsize=1)
def _stylesheet_text() -> str:
    return "\n".join((resource_dir("static") / name).read_text(encoding="utf-8") for name in STYLESHEETS)


def _header_scopes(document, pdf) -> None:
    """Give every table header cell a /Scope (PDF/UA-1, 7.5): /Row for a row's own header (the
    templates write scope="row"), /Column for the headers of a `<thead>` row. WeasyPrint links data
    cells to their headers but leaves the scope out."""
    by_number = {obj.number: obj for obj in pdf.objects if isinstance(obj, pydyf.Dictionary)}

    def parent(element):
        match = re.match(rb"(\d+) 0 R", bytes(element.get("P", b"")))
        return by_number.get(int(match.group(1))) if match else None

    for obj in by_number.values():
        if obj.get("S") != "/TH" or "A" not in obj:
            continue
        row = parent(obj)
        group = parent(row) if row is not None else None
        obj["A"]["Scope"] = "/Column" if group is not None and group.get("S") == "/THead" else "/Row"


def render_packet(packet: Packet) -> bytes:
    """The whole packet as tagged, fillable PDF bytes (PDF/UA-1)."""
    fonts = FontConfiguration()
    stylesheets = [CSS(string=font_faces(packet), font_config=fonts),
                   CSS(string=_stylesheet_text(), font_config=fonts)]
    html = HTML(string=packet_html(packet), base_url=str(resource_dir("static")))
    return html.write_pdf(stylesheets=stylesheets, font_config=fonts, pdf_variant="pdf/ua-1", pdf_forms=True,
                          finisher=_header_scopes, uncompressed_pdf=False)
