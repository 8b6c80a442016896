"""Names print as themselves in every script (docs/decisions/0011-one-html-source-for-the-packet.md).
What a viewer or printer draws is the glyph embedded for each character code, not the text layer
(ToUnicode) a text extractor reads: the two disagreed when WeasyPrint merged the CJK font's pieces into
one font (李小龍 drew as 李渊潘).

Each CJK and Hangul glyph embedded in the packet is compared, outline against outline (fontTools),
with the glyph the project's own font piece draws for the character the font's ToUnicode map gives; an emoji with
the project's monochrome Noto Emoji; and each CJK name says its language in the PDF's structure (/Lang)."""
from __future__ import annotations

from collections import Counter
from io import BytesIO

import pikepdf
import pytest

from wizard.packet.printing import packet_pdf

from tests.support.glyphs import EMOJI, EMOJI_NAMES, NAMES, embedded_cjk_glyphs, embedded_glyphs, emoji_font
from tests.support.packet import festival
from tests.support.pdfua import pdfua_problems


def languages(data: bytes) -> Counter:
    """How many structure elements say each language (/Lang)."""
    found: Counter = Counter()
    with pikepdf.open(BytesIO(data)) as pdf:
        def visit(element) -> None:
            if isinstance(element, pikepdf.Dictionary):
                found.update([str(element.Lang)] if "/Lang" in element else [])
                kids = element.get("/K")
                for kid in kids if isinstance(kids, pikepdf.Array) else [kids]:
                    visit(kid)
        visit(pdf.Root.StructTreeRoot)
    return found


@pytest.mark.parametrize("jurisdiction", ["wi-village-ch64", "baroda-mi"])
def test_every_cjk_and_hangul_glyph_is_the_one_the_projects_font_draws(book, jurisdiction, tmp_path):
    officers = [{"name": name, "age": 40, "address": "1 Main Street"} for name in NAMES]
    answers = festival(jurisdiction, book, applicant_name=" ".join(NAMES), officers=officers)
    made = packet_pdf(answers, book)
    glyphs = embedded_cjk_glyphs(made)
    assert {char for _, char, _, _ in glyphs} == set("".join(NAMES))  # every character, each in its piece
    # Each officer's name says its language to a screen reader (the applicant's, of two scripts, says none).
    said = languages(made)
    assert said["zh"] >= 2 and said["ko"] >= 1 and set(said) <= {"zh", "ko"}, said
    (tmp_path / "cjk.pdf").write_bytes(made)
    assert pdfua_problems(tmp_path / "cjk.pdf") == []  # still PDF/UA-1 with the names' languages
    wrong = [f"{char} in {font}" for font, char, drawn, own in glyphs if drawn != own]
    assert wrong == [], "glyphs drawn differ from the character the text layer gives"
    fonts = {font.split("+")[1] for font, _, _, _ in glyphs}
    assert fonts == {f"NotoSansCJK-{piece}" for piece in ("6000", "4e00", "9000", "ac00", "c200")}


def test_an_emoji_in_a_name_is_drawn_from_the_projects_emoji_font(book):
    officers = [{"name": name, "age": 40, "address": "1 Main Street"} for name in EMOJI_NAMES]
    answers = festival("baroda-mi", book, applicant_name=EMOJI_NAMES[0], officers=officers)
    glyphs = embedded_glyphs(packet_pdf(answers, book), emoji_font)
    assert {char for _, char, _, _ in glyphs} == set(EMOJI)  # drawn, not a missing-glyph box
    wrong = [f"{char} in {font}" for font, char, drawn, own in glyphs if drawn != own or not own]
    assert wrong == [], "glyphs drawn differ from the emoji the text layer gives"
