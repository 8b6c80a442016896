"""Where the office's letter puts the address: inside the window of a #10 envelope, whatever was typed.

A #10 window envelope shows the folded US Letter sheet through a window 4.5 by 1.125 inches, 0.875 inch
from the sheet's left edge and from about 2 inches below its top edge (templates/office/letter_document.html).
The sheet moves in the envelope, so the address keeps 0.125 inch clear of the window on every side: a
box of 4.25 by 0.875 inches. Each line is measured here with Noto Sans' own advance widths (the font the
letter is printed in), wrapped at spaces to the box's width, and the largest size from 11 down to 8 points
whose lines all fit is chosen. The letter then sets exactly these lines at that size without wrapping,
so what is measured is what is drawn: nothing is cut off by the window, as a fixed box with hidden
overflow used to do with a long organization name, an "Attn:" line and a three-line address.

When even 8 points does not fit, the "Attn:" line goes first; when that is not enough either, the
clerk is told before printing and asked to shorten the address (`AddressDoesNotFit`).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .model import FONTS

POINTS_PER_INCH = 72
CLEAR = 0.125  # inches kept clear of the window's edges on every side
WINDOW_WIDTH, WINDOW_HEIGHT = 4.5, 1.125
BOX_WIDTH = (WINDOW_WIDTH - 2 * CLEAR) * POINTS_PER_INCH  # 306 pt
BOX_HEIGHT = (WINDOW_HEIGHT - 2 * CLEAR) * POINTS_PER_INCH  # 63 pt
SIZES = (11.0, 10.0, 9.0, 8.0)  # points; below 8 the USPS's readers and people both struggle
# Advance widths ignore kerning, which only narrows a line; this keeps a margin for the shaper's rounding.
WIDTH_SLACK = 0.97
ATTN = "Attn:"


class AddressDoesNotFit(ValueError):
    """The address cannot be drawn inside the window at the smallest size, even without its Attn: line."""

    def __init__(self, lines: list[str]):
        self.lines = lines
        super().__init__("The address does not fit the window of a #10 envelope.")


@dataclass(frozen=True)
class WindowFit:
    lines: tuple[str, ...]  # as drawn, one per printed line, wrapped where needed
    size: float  # points
    dropped: tuple[str, ...] = ()  # the lines left out to fit (an Attn: line)

    @property
    def line_height(self) -> float:
        return self.size * line_extent()


@lru_cache(maxsize=1)
def _metrics() -> tuple[dict[int, int], int, float]:
    """Noto Sans Regular's advance width of each character, its units per em, and the height of a line's
    glyph box (ascender to descender) in ems. A character it lacks (drawn from a CJK face) counts one em."""
    from fontTools.ttLib import TTFont  # only when a letter is laid out: a page that shows none loads nothing

    with TTFont(FONTS / "NotoSans-Regular.ttf") as font:
        metrics, cmap = font["hmtx"].metrics, font.getBestCmap()
        widths = {code: metrics[glyph][0] for code, glyph in cmap.items()}
        units = font["head"].unitsPerEm
        extent = (font["hhea"].ascent - font["hhea"].descent) / units
    return widths, units, extent


def line_extent() -> float:
    """A printed line's height in ems: the glyph box itself (1.36 for Noto Sans), so that no line's
    ascenders or descenders reach past the box, as they would with a tighter line-height."""
    return _metrics()[2]


def text_width(text: str, size: float) -> float:
    widths, units, _ = _metrics()
    return sum(widths.get(ord(ch), units) for ch in text) * size / units


def wrap(line: str, size: float) -> list[str]:
    """`line` broken at spaces into pieces no wider than the box; a word wider than the box alone is
    broken between characters (a long e-mail-like name with no space)."""
    room = BOX_WIDTH * WIDTH_SLACK
    pieces: list[str] = []
    current = ""
    for word in line.split():
        tried = f"{current} {word}" if current else word
        if text_width(tried, size) <= room:
            current = tried
            continue
        if current:
            pieces.append(current)
        current = ""
        for ch in word:
            if current and text_width(current + ch, size) > room:
                pieces.append(current)
                current = ""
            current += ch
    if current:
        pieces.append(current)
    return pieces


def _fit_at(lines: list[str], size: float) -> tuple[str, ...] | None:
    drawn = [piece for line in lines for piece in wrap(line, size)]
    return tuple(drawn) if drawn and len(drawn) * size * line_extent() <= BOX_HEIGHT else None


def fit_window(lines: list[str]) -> WindowFit:
    """The lines and size that put the whole address inside the window; AddressDoesNotFit otherwise."""
    lines = [" ".join(line.split()) for line in lines if line.strip()]
    tries: list[tuple[list[str], tuple[str, ...]]] = [(lines, ())]
    attn = [line for line in lines if line.startswith(ATTN)]
    if attn:
        tries.append(([line for line in lines if not line.startswith(ATTN)], tuple(attn)))
    for kept, dropped in tries:
        for size in SIZES:
            drawn = _fit_at(kept, size)
            if drawn:
                return WindowFit(drawn, size, dropped)
    raise AddressDoesNotFit(lines)
