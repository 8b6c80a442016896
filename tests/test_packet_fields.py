"""Issue 37, item 2: ticks and typed answers that show in every viewer and printer.

A box ticked by pypdf is found in poppler's rendering of its page (pdftoppm, Debian's poppler-utils,
the renderer of Evince, Okular and CUPS's PDF printing); the text fields' /DA font is one a filler can
encode Latin text in, and every field carries its own appearance."""
from __future__ import annotations

import subprocess
from io import BytesIO

import pikepdf
import pytest
from pypdf import PdfReader, PdfWriter

from .test_packet_complete import FESTIVAL_PATHS

DPI = 144


@pytest.fixture(scope="module")
def downloads(festival_downloads):
    return {jurisdiction: pdf.read_bytes() for jurisdiction, (pdf, _) in festival_downloads.items()}


def rendered(data: bytes, page: int, rect) -> list[bytes]:
    """The rows of grey pixels poppler draws inside `rect` (a widget's /Rect) of page `page` (from 1),
    a pixel in from each edge, so the box's own border drawn on the page is left out."""
    x1, y1, x2, y2 = (float(value) for value in rect)
    height = float(PdfReader(BytesIO(data)).pages[page - 1].mediabox.height)
    scale = DPI / 72
    left, top = min(x1, x2) * scale + 2, (height - max(y1, y2)) * scale + 2
    width, tall = int(abs(x2 - x1) * scale - 4), int(abs(y2 - y1) * scale - 4)
    pgm = subprocess.run(["pdftoppm", "-f", str(page), "-l", str(page), "-r", str(DPI), "-gray",
                          "-x", str(int(left)), "-y", str(int(top)), "-W", str(width), "-H", str(tall), "-"],
                         input=data, capture_output=True, check=True).stdout
    pixels = pgm.split(b"\n", 3)[3]  # after "P5", the size and the maximum value
    return [pixels[row * width:(row + 1) * width] for row in range(tall)]


def ink(data: bytes, page: int, rect) -> float:
    """The share of dark pixels poppler draws inside `rect` of page `page` (`rendered`)."""
    rows = rendered(data, page, rect)
    return sum(1 for row in rows for value in row if value < 128) / sum(len(row) for row in rows)


def first_check_box(data: bytes) -> tuple[int, str, list]:
    """(page from 1, field name, /Rect) of the packet's first check box."""
    for number, page in enumerate(PdfReader(BytesIO(data)).pages, 1):
        for annotation in page.get("/Annots", []):
            widget = annotation.get_object()
            if widget.get("/FT") == "/Btn":
                return number, str(widget["/T"]), list(widget["/Rect"])
    raise AssertionError("no check box in the packet")


def ticked(data: bytes, name: str, page: int, regenerate: bool) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(BytesIO(data)))
    writer.update_page_form_field_values(writer.pages[page - 1], {name: "/on"}, auto_regenerate=regenerate)
    out = BytesIO()
    writer.write(out)
    return out.getvalue()


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


def typed_into_worksheet(data: bytes, answer: str) -> tuple[int, list, bytes]:
    """The packet with `answer` typed by pypdf into its first "You will provide" field: (page from 1,
    the field's /Rect, the filled PDF)."""
    reader = PdfReader(BytesIO(data))
    page, name, rect = next((number, str(w["/T"]), list(w["/Rect"]))
                            for number, p in enumerate(reader.pages, 1) for w in (a.get_object() for a in p.get("/Annots", []))
                            if str(w.get("/TU", "")).startswith("You will provide: "))
    writer = PdfWriter(clone_from=reader)
    writer.update_page_form_field_values(writer.pages[page - 1], {name: answer})
    out = BytesIO()
    writer.write(out)
    return page, rect, out.getvalue()


def test_a_typed_answer_pypdf_fills_shows_in_poppler(downloads):
    data = downloads["wi-village-ch64"]
    page, rect, filled = typed_into_worksheet(data, "Zoë's 6 toilets")
    assert ink(data, page, rect) == 0 and ink(filled, page, rect) > 0.02
