"""The packet as a PDF (fpdf2): the document, its fonts, running header and footer, and the
drawing primitives the sections use. What is drawn where, and `render_packet`, are in `sections.py`."""
from __future__ import annotations

import copy
import threading
from functools import lru_cache
from pathlib import Path

from fontTools import ttLib
from fpdf import FPDF
from fontTools.ttLib import TTFont  # fpdf2's own font library
from fpdf.enums import XPos, YPos
from fpdf.fonts import SubsetMap, TTFFont

from .model import Packet

FONTS = Path(__file__).resolve().parent / "fonts"
LATIN_REGULAR = FONTS / "NotoSans-Regular.ttf"
LATIN_BOLD = FONTS / "NotoSans-Bold.ttf"
# Noto Sans CJK SC in pieces by code point, so a packet loads only the few it uses (parsing
# the whole 40,000-glyph font would take longer than the rest of the packet).
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

INK = (33, 37, 41)
NAVY = (23, 54, 93)
MUTED = (96, 103, 112)
RULE = (196, 202, 210)
SHADE = (240, 243, 247)
FILL_IN = (255, 248, 214)
FILL_IN_EDGE = (214, 170, 60)
FILL_IN_TEXT = (140, 98, 0)
OUTCOME_COLORS = {
    "required": (23, 54, 93),
    "uncertain": (176, 110, 0),
    "not_required": (36, 122, 70),
    "exempt": (36, 122, 70),
}

LINE = 5.0  # body line height, mm
SMALL_LINE = 4.0
LABEL_WIDTH = 52.0


@lru_cache(maxsize=1)
def latin_coverage() -> frozenset[int]:
    """Code points Noto Sans draws; anything else goes to the CJK fallback."""
    with TTFont(LATIN_REGULAR, lazy=True) as font:
        return frozenset(font.getBestCmap())


def needs_fallback(texts) -> bool:
    covered = latin_coverage()
    return any(ord(ch) not in covered for text in texts for ch in text if ch not in "\n")


def cjk_pieces(texts) -> list[str]:
    """The CJK font pieces that draw the characters Noto Sans lacks in `texts`."""
    covered = latin_coverage()
    wanted = {ord(ch) for text in texts for ch in text} - covered
    return [name for name, ranges in CJK_PIECES.items()
            if any(low <= code <= high for code in wanted for low, high in ranges)]


@lru_cache(maxsize=None)
def _parsed_font(family: str, style: str, path: Path) -> TTFFont:
    """A font's metrics and character map, read once per process (most of `add_font`'s time)."""
    return TTFFont(FPDF(), path, f"{family.lower()}{style}", style)


_font_lock = threading.Lock()


def add_shared_font(pdf: FPDF, family: str, style: str, path: Path) -> None:
    """`pdf.add_font`, reusing the parsed font; only what one document changes is made anew."""
    with _font_lock:
        font = copy.copy(_parsed_font(family, style, path))
    font.i = len(pdf.fonts) + 1
    # Writing the PDF subsets the font's tables in place, so each document gets its own file handle
    # (opened lazily: nearly free); the glyphs it used, and its largest size, are its own too.
    font.ttfont = ttLib.TTFont(path, recalcTimestamp=False, lazy=True)
    font._hbfont = None
    font.subset = SubsetMap(font)
    font.missing_glyphs = []
    font.biggest_size_pt = 0
    font.color_font = None  # Noto Sans and Noto Sans CJK have no colour glyphs
    pdf.fonts[font.fontkey] = font


class PacketPDF(FPDF):
    """US Letter, Noto Sans, a running header and a "page N of M" footer."""

    def __init__(self, packet: Packet):
        super().__init__(orientation="portrait", unit="mm", format="letter")
        self.packet = packet
        self.part = 0  # numbered parts after the cover
        self.continued: str | None = None  # the block in progress, named atop a page it runs onto
        self.footer_label: str | None = None
        self.set_margins(20, 20, 20)
        self.set_auto_page_break(True, margin=20)
        self.alias_nb_pages("{nb}")
        add_shared_font(self, "Noto", "", LATIN_REGULAR)
        add_shared_font(self, "Noto", "B", LATIN_BOLD)
        self.cjk: list[str] = []  # families of the CJK pieces this packet loads
        for piece in cjk_pieces(packet.strings()):
            add_shared_font(self, f"notocjk{piece}", "", FONTS / "cjk" / f"NotoSansCJKsc-Regular-{piece}.ttf")
            self.cjk.append(f"notocjk{piece}")
        self.set_title(f"{packet.title}: {packet.event_name}")
        self.set_subject(f"{packet.jurisdiction_name}, {packet.ordinance}")
        self.set_creator("Mass Gathering Permit Wizard")
        self.set_lang("en-US")
        self.set_display_mode("fullwidth")
        self.font(10)

    # The CJK fallback, switched on only for text that needs it: with fallback fonts set, fpdf2
    # looks every character up one by one, which slows all text down.

    def _fallback_for(self, text: str) -> None:
        if self.cjk:
            self.set_fallback_fonts(self.cjk if needs_fallback((text,)) else [], exact_match=False)

    def cell(self, w=None, h=None, text="", *args, **kwargs):
        self._fallback_for(text)
        return super().cell(w, h, text, *args, **kwargs)

    def multi_cell(self, w, h=None, text="", *args, **kwargs):
        self._fallback_for(text)
        return super().multi_cell(w, h, text, *args, **kwargs)

    def write(self, h=None, text="", *args, **kwargs):
        self._fallback_for(text)
        return super().write(h, text, *args, **kwargs)

    def get_string_width(self, s, *args, **kwargs):
        self._fallback_for(s)
        return super().get_string_width(s, *args, **kwargs)

    # Running header and footer ---------------------------------------------------------

    def header(self) -> None:
        if self.page_no() == 1:
            return
        self.font(7.5, color=MUTED)
        self.set_xy(self.l_margin, 10)
        self.cell(self.epw / 2, 4, self.packet.title)
        self.cell(self.epw / 2, 4, self.fit(self.packet.jurisdiction_name, self.epw / 2), align="R")
        self.hrule(15, RULE)
        self.set_y(self.t_margin)
        if self.continued:  # a block that runs over: say what it is at the top of the new page
            self.font(9, bold=True, color=MUTED)
            self.cell(0, 5, self.fit(f"{self.continued} (continued)", self.epw), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
            self.set_y(self.get_y() + 2)

    def footer(self) -> None:
        self.hrule(self.h - 14, RULE)
        self.set_xy(self.l_margin, self.h - 12.5)
        self.font(7.5, color=MUTED)
        if self.footer_label is None:  # the same on every page: fit it once
            self.footer_label = self.fit(f"{self.packet.short_name}  ·  {self.packet.event_name}", self.epw - 35)
        self.cell(self.epw - 30, 4, self.footer_label)
        self.cell(30, 4, f"Page {self.page_no()} of {{nb}}", align="R")

    # Primitives ---------------------------------------------------------------------------

    def font(self, size: float, bold: bool = False, color=INK) -> None:
        self.set_font("Noto", "B" if bold else "", size)
        self.set_text_color(*color)

    def fit(self, text: str, width: float) -> str:
        """Shorten one line of text with an ellipsis so it fits `width`."""
        text = text[:400]  # more than a line holds at any size used here
        if self.get_string_width(text) <= width:
            return text
        low, high = 0, len(text)  # the longest prefix that fits with the ellipsis: a binary search
        while low < high:
            middle = (low + high + 1) // 2
            if self.get_string_width(text[:middle] + "…") <= width:
                low = middle
            else:
                high = middle - 1
        return text[:low].rstrip() + "…"

    def hrule(self, y: float, color=RULE, width: float = 0.2) -> None:
        self.set_draw_color(*color)
        self.set_line_width(width)
        self.line(self.l_margin, y, self.w - self.r_margin, y)

    def room(self) -> float:
        return self.page_break_trigger - self.get_y()

    def ensure(self, height: float) -> None:
        """Start a new page unless `height` fits on this one (blocks that must stay together)."""
        if height > self.room() and height < self.page_break_trigger - self.t_margin:
            self.add_page()

    def gap(self, height: float) -> None:
        if self.room() > height:
            self.set_y(self.get_y() + height)

    def para(self, text: str, size: float = 10, bold: bool = False, color=INK, line: float = LINE,
             x: float | None = None, width: float = 0, align: str = "L") -> None:
        self.font(size, bold, color)
        if x is not None:
            self.set_x(x)
        self.multi_cell(width, line, text, align=align, new_x=XPos.LMARGIN, new_y=YPos.NEXT)

    def cited(self, text: str, citation: str, x: float, width: float, size: float = 9,
              line: float = 4.4) -> None:
        """Text followed on the same line by its citation in grey, wrapped within [x, x + width]."""
        left, right = self.l_margin, self.r_margin
        self.set_left_margin(x)
        self.set_right_margin(self.w - x - width)
        self.set_x(x)
        self.font(size)
        if text:
            self.write(line, text + "  ")
        self.font(size - 1.5, color=MUTED)
        if self.get_string_width(citation) > x + width - self.get_x():
            self.ln(line)  # the citation whole on the next line, never split mid-word
        self.write(line, citation)
        self.ln(line)
        self.set_left_margin(left)
        self.set_right_margin(right)

    def height_of(self, text: str, width: float, size: float = 10, bold: bool = False, line: float = LINE) -> float:
        self.font(size, bold)
        return self.multi_cell(width, line, text, align="L", dry_run=True, output="HEIGHT")

    def needs(self, text: str, width: float, size: float = 10, bold: bool = False, line: float = LINE) -> float:
        """Height of `text` for deciding a page break: a quick upper bound while the page has plenty
        of room (fpdf2's line breaking is slow), the exact height near the bottom of a page."""
        self.font(size, bold)
        wide = sum(1 for ch in text if ord(ch) not in latin_coverage())  # CJK: about 1 em each
        span = self.get_string_width(text) + wide * size * 0.3528
        bound = (span * 1.25 / max(width - 2, 1) + text.count("\n") + 1) * line
        if bound < self.room() - 40:
            return bound
        return self.height_of(text, width, size, bold, line)

    def checkbox(self, x: float, y: float, size: float = 3.6) -> None:
        self.set_draw_color(*INK)
        self.set_line_width(0.3)
        self.rect(x, y, size, size)

    def section(self, title: str, intro: str = "") -> None:
        """A numbered part of the packet: always on a new page, listed in the PDF outline."""
        self.continued = None
        self.add_page()
        self.part += 1
        title = f"{self.part}. {title}"
        self.start_section(title)
        self.font(17, bold=True, color=NAVY)
        self.cell(0, 9, title, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.hrule(self.get_y() + 1, NAVY, 0.5)
        self.set_y(self.get_y() + 4)
        if intro:
            self.para(intro, 9.5, color=MUTED, line=4.6)
            self.gap(3)

    def subheading(self, text: str, color=NAVY, size: float = 11) -> None:
        self.ensure(16)
        self.font(size, bold=True, color=color)
        self.multi_cell(0, 6, text, align="L", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.gap(1)

    def caps(self, text: str) -> None:
        """A small capitals label over a group of rows on the cover."""
        self.ensure(14)
        self.font(8, bold=True, color=MUTED)
        self.cell(0, 5, text.upper(), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.hrule(self.get_y(), RULE)
        self.gap(1.5)

    def fill_in_box(self, x: float, y: float, width: float, lines: int, label: str = "FILL IN") -> float:
        """A shaded box with ruled lines for the organizer to write on; returns its bottom."""
        height = lines * 7.0 + 2
        self.set_fill_color(*FILL_IN)
        self.set_draw_color(*FILL_IN_EDGE)
        self.set_line_width(0.25)
        self.rect(x, y, width, height, style="DF")
        self.set_draw_color(*RULE)
        for n in range(1, lines):
            self.line(x + 2, y + 1 + n * 7.0, x + width - 2, y + 1 + n * 7.0)
        self.font(6.5, bold=True, color=FILL_IN_TEXT)
        self.set_xy(x + 1.2, y + 0.6)
        self.cell(20, 3, label)
        return y + height

    def row(self, label: str, value: str | None, note: str = "", long: bool = False,
            label_width: float = LABEL_WIDTH, size: float = 10, x: float | None = None,
            width: float | None = None) -> None:
        """A form line: label on the left, the answer (or a box to fill in) on the right."""
        x = self.l_margin if x is None else x
        width = self.epw if width is None else width
        if long and value is not None:
            self.ensure(SMALL_LINE + 3 * LINE)
            self.para(label, 8.5, bold=True, color=MUTED, line=SMALL_LINE, x=x, width=width)
            self.para(value, size, x=x, width=width)
            self.gap(2)
            return
        value_x, value_w = x + label_width, width - label_width
        label_h = self.height_of(label, label_width - 3, 8.5, True, SMALL_LINE)
        blank_lines = 3 if long else 1
        value_h = blank_lines * 7.0 + 2 if value is None and not note else self.height_of(value or note, value_w, size)
        self.ensure(max(label_h + 1, value_h) + 1.5)
        top = self.get_y()
        self.set_xy(x, top + 0.8)
        self.para(label, 8.5, bold=True, color=MUTED, line=SMALL_LINE, x=x, width=label_width - 3)
        bottom = self.get_y()
        self.set_xy(value_x, top)
        if value is not None:
            self.para(value, size, x=value_x, width=value_w)
        elif note:
            self.para(note, 9, color=MUTED, x=value_x, width=value_w)
        else:
            self.set_y(self.fill_in_box(value_x, top, value_w, blank_lines))
        self.set_y(max(bottom, self.get_y()) + 1.5)

    def attach(self, text: str) -> None:
        """An "ATTACH:" marker with a box to tick when the document is in the envelope."""
        height = self.needs("ATTACH:  " + text, self.epw - 8, 9.5)
        self.ensure(height + 2)
        top = self.get_y()
        self.checkbox(self.l_margin, top + 0.7)
        self.set_xy(self.l_margin + 6, top)
        self.font(9.5, bold=True, color=NAVY)
        label = "ATTACH:  "
        self.cell(self.get_string_width(label), LINE, label)
        self.font(9.5)
        self.multi_cell(self.epw - 6 - self.get_string_width(label), LINE, text, align="L",
                        new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.gap(1.5)

