"""Ticks that show in every viewer (docs/decisions/0017-tests-use-the-real-tools.md): a box ticked with
pypdf shows its tick in MuPDF (`mutool draw`, Debian's mupdf-tools: SumatraPDF, zathura-mupdf and many
phones) and in PDFium (pypdfium2: Chrome's and Edge's viewer, and many printers' drivers), as it does in
poppler (tests/packet/test_fields.py); and pdftk-java (Debian's pdftk-java, the filler of many offices'
scripts) fills every text field and flattens it legibly: the text read from the flattened page is what
was typed."""
from __future__ import annotations

import subprocess
from io import BytesIO
from xml.sax.saxutils import quoteattr, escape

import pikepdf
import pypdfium2
import pytest
from pypdf import PdfReader

from tests.support.walks import FESTIVAL_PATHS
from tests.support.pdf_pages import first_check_box, ticked

SCALE = 2  # 144 dpi


@pytest.fixture(scope="module")
def downloads(festival_downloads):
    return {jurisdiction: pdf.read_bytes() for jurisdiction, (pdf, _) in festival_downloads.items()}


def dark_share(pixels: bytes, width: int, stride: int, data: bytes, page: int, rect) -> float:
    """The share of dark pixels inside `rect` (a widget's /Rect, in points) of a grey rendering of
    page `page` (from 1) at SCALE, a pixel in from each edge so the box's own border is left out."""
    x1, y1, x2, y2 = (float(value) for value in rect)
    height = float(PdfReader(BytesIO(data)).pages[page - 1].mediabox.height)
    left, top = int(min(x1, x2) * SCALE + 2), int((height - max(y1, y2)) * SCALE + 2)
    wide, tall = int(abs(x2 - x1) * SCALE - 4), int(abs(y2 - y1) * SCALE - 4)
    assert left + wide <= width
    values = [pixels[(top + row) * stride + left + column] for row in range(tall) for column in range(wide)]
    return sum(1 for value in values if value < 128) / len(values)


def mupdf_ink(data: bytes, page: int, rect, tmp_path) -> float:
    source, drawn = tmp_path / "mupdf.pdf", tmp_path / "mupdf.pgm"
    source.write_bytes(data)
    subprocess.run(["mutool", "draw", "-q", "-r", str(72 * SCALE), "-c", "gray", "-o", str(drawn), str(source),
                    str(page)], check=True, capture_output=True)
    _, size, _, pixels = drawn.read_bytes().split(b"\n", 3)  # "P5", the size, the maximum value
    width = int(size.split()[0])
    return dark_share(pixels, width, width, data, page, rect)


def pdfium_ink(data: bytes, page: int, rect) -> float:
    document = pypdfium2.PdfDocument(data)
    try:
        document.init_forms()  # as a browser's viewer does: the form's widgets are drawn
        bitmap = document[page - 1].render(scale=SCALE, grayscale=True, may_draw_forms=True)
        return dark_share(bytes(bitmap.buffer), bitmap.width, bitmap.stride, data, page, rect)
    finally:
        document.close()


@pytest.mark.parametrize("jurisdiction", sorted(FESTIVAL_PATHS))
def test_a_box_ticked_with_pypdf_shows_in_mupdf_and_pdfium(downloads, jurisdiction, tmp_path):
    data = downloads[jurisdiction]
    page, name, rect = first_check_box(data)
    assert mupdf_ink(data, page, rect, tmp_path) == 0 and pdfium_ink(data, page, rect) == 0, "empty prints empty"
    for regenerate in (True, False):  # with and without NeedAppearances (see tests/packet/test_fields.py)
        filled = ticked(data, name, page, regenerate)
        assert mupdf_ink(filled, page, rect, tmp_path) > 0.1, f"MuPDF draws the tick (NeedAppearances {regenerate})"
        assert pdfium_ink(filled, page, rect) > 0.1, f"PDFium draws the tick (NeedAppearances {regenerate})"


def text_fields(data: bytes) -> list[str]:
    return [name for name, field in PdfReader(BytesIO(data)).get_fields().items() if field.get("/FT") == "/Tx"]


@pytest.mark.parametrize("jurisdiction", sorted(FESTIVAL_PATHS))
def test_pdftk_fills_and_flattens_every_text_field_legibly(downloads, jurisdiction, tmp_path):
    data = downloads[jurisdiction]
    names = text_fields(data)
    assert names
    # Each field its own answer, with letters beyond ASCII that WinAnsi holds (é, ñ, ü).
    values = {name: f"Answer {n} Zoë Núñez" for n, name in enumerate(names, 1)}
    (tmp_path / "packet.pdf").write_bytes(data)
    (tmp_path / "answers.xfdf").write_text(
        '<?xml version="1.0" encoding="UTF-8"?><xfdf xmlns="http://ns.adobe.com/xfdf/"><fields>'
        + "".join(f"<field name={quoteattr(name)}><value>{escape(value)}</value></field>" for name, value in values.items())
        + "</fields></xfdf>", encoding="utf-8")
    subprocess.run(["pdftk", str(tmp_path / "packet.pdf"), "fill_form", str(tmp_path / "answers.xfdf"),
                    "output", str(tmp_path / "flat.pdf"), "flatten"], check=True, capture_output=True)
    flat = (tmp_path / "flat.pdf").read_bytes()
    assert text_fields(flat) == []  # flattened: nothing left to fill
    shown = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(BytesIO(flat)).pages)
    missing = [value for value in values.values() if value not in shown]
    assert missing == [], f"{len(missing)} of {len(values)} typed answers not drawn legibly"


def drawn_sizes(data: bytes, text: str) -> list[float]:
    """The font sizes (`Tf`) of the flattened form XObjects that show `text`, on every page."""
    sizes = []
    with pikepdf.open(BytesIO(data)) as pdf:
        for page in pdf.pages:
            for xobject in page.Resources.get("/XObject", {}).values():
                if xobject.get("/Subtype") != "/Form":
                    continue
                size, shown = None, ""
                for operands, operator in pikepdf.parse_content_stream(xobject):
                    if str(operator) == "Tf":
                        size = float(operands[1])
                    elif str(operator) in ("Tj", "TJ"):
                        shown += "".join(bytes(o).decode("latin-1") for o in
                                         (operands[0] if str(operator) == "TJ" else operands)
                                         if isinstance(o, pikepdf.String))
                if text in shown and size is not None:
                    sizes.append(size)
    return sizes


def test_pdftk_fills_a_signature_date_at_a_readable_size(downloads, tmp_path):
    data = downloads["baroda-mi"]
    dates = [name for name in text_fields(data) if name.endswith("-date")]
    assert dates
    (tmp_path / "packet.pdf").write_bytes(data)
    (tmp_path / "answers.xfdf").write_text(
        '<?xml version="1.0" encoding="UTF-8"?><xfdf xmlns="http://ns.adobe.com/xfdf/"><fields>'
        + "".join(f"<field name={quoteattr(name)}><value>December 31, 2027</value></field>" for name in dates)
        + "</fields></xfdf>", encoding="utf-8")
    subprocess.run(["pdftk", str(tmp_path / "packet.pdf"), "fill_form", str(tmp_path / "answers.xfdf"),
                    "output", str(tmp_path / "flat.pdf"), "flatten"], check=True, capture_output=True)
    sizes = drawn_sizes((tmp_path / "flat.pdf").read_bytes(), "December 31, 2027")
    assert sizes and min(sizes) >= 8, sizes  # the packet's own 9 pt, not shrunk to fit
