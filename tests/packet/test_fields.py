"""Ticks and typed answers that show in every viewer and printer
(docs/decisions/0011-one-html-source-for-the-packet.md).

A box ticked by pypdf is found in poppler's rendering of its page (pdftoppm, Debian's poppler-utils,
the renderer of Evince, Okular and CUPS's PDF printing); the text fields' /DA font is one a filler can
encode Latin text in, and every field carries its own appearance."""
from __future__ import annotations

from io import BytesIO

import pikepdf
import pytest

from tests.support.walks import FESTIVAL_PATHS
from tests.support.pdf_pages import first_check_box, rendered, ticked, typed_into_worksheet


@pytest.fixture(scope="module")
def downloads(festival_downloads):
    return {jurisdiction: pdf.read_bytes() for jurisdiction, (pdf, _) in festival_downloads.items()}


def ink(data: bytes, page: int, rect) -> float:
    """The share of dark pixels poppler draws inside `rect` of page `page` (`rendered`)."""
    rows = rendered(data, page, rect)
    return sum(1 for row in rows for value in row if value < 128) / sum(len(row) for row in rows)


@pytest.mark.parametrize("jurisdiction", sorted(FESTIVAL_PATHS))
def test_a_box_ticked_with_pypdf_shows_the_tick_in_poppler(downloads, jurisdiction):
    data = downloads[jurisdiction]
    page, name, rect = first_check_box(data)
    assert ink(data, page, rect) == 0, "an empty box prints empty"
    # pypdf's default asks the viewer to draw the fields anew (NeedAppearances): poppler draws the
    # tick from the box's /DA and caption; otherwise it draws the box's own "on" appearance.
    for regenerate in (True, False):
        assert ink(ticked(data, name, page, regenerate), page, rect) > 0.1, f"tick drawn (NeedAppearances {regenerate})"


@pytest.mark.parametrize("jurisdiction", sorted(FESTIVAL_PATHS))
def test_every_field_has_an_appearance_and_a_font_fillers_can_encode(downloads, jurisdiction):
    with pikepdf.open(BytesIO(downloads[jurisdiction])) as pdf:
        form = pdf.Root.AcroForm
        assert "/NeedAppearances" not in form, "every field carries its own look"
        for field in form.Fields:
            assert "/N" in field.AP, field.T
            tag, size = str(field.DA).split()[:2]
            font = form.DR.Font[tag]
            if field.FT == "/Tx":
                # A simple font in WinAnsi, its program embedded: what pdftk and other fillers encode.
                assert (font.Subtype, font.Encoding) == ("/TrueType", "/WinAnsiEncoding"), field.T
                assert "/FontFile2" in font.FontDescriptor
            else:
                assert font.BaseFont == "/ZapfDingbats" and str(field.MK.CA) == "4", field.T
                assert set(field.AP.N.keys()) == {"/on", "/Off"}


def test_a_typed_answer_pypdf_fills_shows_in_poppler(downloads):
    data = downloads["wi-village-ch64"]
    page, rect, filled = typed_into_worksheet(data, "Zoë's 6 toilets")
    assert ink(data, page, rect) == 0 and ink(filled, page, rect) > 0.02
