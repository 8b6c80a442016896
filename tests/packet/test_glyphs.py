"""Names print as themselves in every script (docs/decisions/0011-one-html-source-for-the-packet.md).
What a viewer or printer draws is the glyph embedded for each character code, not the text layer
(ToUnicode) a text extractor reads: the two disagreed when WeasyPrint merged the CJK font's pieces into
one font (李小龍 drew as 李渊潘).

Each CJK and Hangul glyph embedded in the packet is compared, outline against outline (fontTools),
with the glyph the project's own font piece draws for the character the font's ToUnicode map gives."""
from __future__ import annotations

import re
from io import BytesIO

import pikepdf
import pytest
from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.ttLib import TTFont

from wizard.packet.document import CJK_PIECES, FONTS
from wizard.packet.printing import packet_pdf

from tests.support.packet import festival

NAMES = ("李小龍", "김민준", "東京")  # three pieces of the CJK font (6000, 4e00, 9000), two of Hangul (ac00, c200)


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


def embedded_cjk_glyphs(data: bytes) -> list[tuple[str, str, list, str]]:
    """(font, character, embedded outline, the project's outline) for every CJK or Hangul character that
    a font embedded in the PDF maps its codes to."""
    found, seen, pieces = [], set(), {}
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
                    if len(text) != 1 or not is_cjk(text):
                        continue
                    piece = piece_of(text)
                    if piece not in pieces:
                        pieces[piece] = TTFont(FONTS / "cjk" / f"NotoSansCJKsc-Regular-{piece}.ttf")
                    project = pieces[piece]
                    found.append((str(font.BaseFont), text, outline(embedded, order[code]),
                                  outline(project, project.getBestCmap()[ord(text)])))
    return found


@pytest.mark.parametrize("jurisdiction", ["wi-village-ch64", "baroda-mi"])
def test_every_cjk_and_hangul_glyph_is_the_one_the_projects_font_draws(book, jurisdiction):
    officers = [{"name": name, "age": 40, "address": "1 Main Street"} for name in NAMES]
    answers = festival(jurisdiction, book, applicant_name=" ".join(NAMES), officers=officers)
    glyphs = embedded_cjk_glyphs(packet_pdf(answers, book))
    assert {char for _, char, _, _ in glyphs} == set("".join(NAMES))  # every character, each in its piece
    wrong = [f"{char} in {font}" for font, char, drawn, own in glyphs if drawn != own]
    assert wrong == [], "glyphs drawn differ from the character the text layer gives"
    fonts = {font.split("+")[1] for font, _, _, _ in glyphs}
    assert fonts == {f"NotoSansCJK-{piece}" for piece in ("6000", "4e00", "9000", "ac00", "c200")}
