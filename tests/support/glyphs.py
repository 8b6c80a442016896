"""The CJK and emoji glyphs a PDF embeds, read outline by outline (fontTools) beside the project's own font pieces
(wizard/packet/fonts/): what a viewer or printer draws for each character the text layer gives."""
from __future__ import annotations

import re
from io import BytesIO
from pathlib import Path
from typing import Callable

import pikepdf
from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.ttLib import TTFont

from wizard.packet.model import CJK_PIECES, FONTS

NAMES = ("李小龍", "김민준", "東京")  # three pieces of the CJK font (6000, 4e00, 9000), two of Hangul (ac00, c200)
EMOJI_NAMES = ("Ana 🌽 Ruiz", "Tom 🚜")  # pictographs in names, as people type them
EMOJI = "🌽🚜"


def is_cjk(char: str) -> bool:
    return any(low <= ord(char) <= high for ranges in CJK_PIECES.values() for low, high in ranges)


def piece_of(char: str) -> str:
    return next(name for name, ranges in CJK_PIECES.items() if any(low <= ord(char) <= high for low, high in ranges))


def to_unicode(cmap: bytes) -> dict[int, str]:
    """A ToUnicode CMap's character codes and their text (bfchar and bfrange entries)."""
    text, codes = cmap.decode("latin-1"), {}
    for block in re.findall(r"beginbfchar(.*?)endbfchar", text, re.S):
        for code, chars in re.findall(r"<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>", block):
            codes[int(code, 16)] = bytes.fromhex(chars).decode("utf-16-be")
    for block in re.findall(r"beginbfrange(.*?)endbfrange", text, re.S):
        for low, high, first in re.findall(r"<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>", block):
            start = bytes.fromhex(first).decode("utf-16-be")
            for offset in range(int(high, 16) - int(low, 16) + 1):
                codes[int(low, 16) + offset] = start[:-1] + chr(ord(start[-1]) + offset)
    return codes


def outline(font: TTFont, glyph: str) -> list:
    """The glyph's outline as drawing operations, components drawn in place."""
    glyphs = font.getGlyphSet()
    pen = DecomposingRecordingPen(glyphs)
    glyphs[glyph].draw(pen)
    return pen.value


def cjk_font(char: str) -> Path | None:
    """The project's CJK piece that draws `char`, if it is a CJK or Hangul character."""
    return FONTS / "cjk" / f"NotoSansCJKsc-Regular-{piece_of(char)}.ttf" if is_cjk(char) else None


def emoji_font(char: str) -> Path | None:
    """The project's Noto Emoji, for a pictograph of the supplementary planes (🌽, 🚜)."""
    return FONTS / "NotoEmoji-Regular.ttf" if ord(char) >= 0x1F000 else None


def embedded_cjk_glyphs(data: bytes) -> list[tuple[str, str, list, list]]:
    return embedded_glyphs(data, cjk_font)


def embedded_glyphs(data: bytes, own: Callable[[str], Path | None]) -> list[tuple[str, str, list, list]]:
    """(font, character, embedded outline, the project's outline) for every character that a font embedded
    in the PDF maps its codes to and for which `own` names the project's font."""
    found, seen, fonts = [], set(), {}
    with pikepdf.open(BytesIO(data)) as pdf:
        for page in pdf.pages:
            for font in page.Resources.Font.values():
                if font.objgen in seen or font.Subtype != "/Type0":
                    continue
                seen.add(font.objgen)
                descendant = font.DescendantFonts[0]
                assert descendant.get("/CIDToGIDMap") == pikepdf.Name.Identity  # a code is its glyph's index
                embedded = TTFont(BytesIO(descendant.FontDescriptor.FontFile2.read_bytes()))
                order = embedded.getGlyphOrder()
                for code, text in to_unicode(font.ToUnicode.read_bytes()).items():
                    path = own(text) if len(text) == 1 else None
                    if path is None:
                        continue
                    project = fonts.setdefault(path, TTFont(path))
                    found.append((str(font.BaseFont), text, outline(embedded, order[code]),
                                  outline(project, project.getBestCmap()[ord(text)])))
    return found
