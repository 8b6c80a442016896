"""Nothing off the page, nothing cut off. Every form field of the four festival
packets lies inside its page's margins, and an answer typed into the facilities worksheet is drawn
whole (wrapped and sized to its box), not cut at the box's right edge."""
from __future__ import annotations

import re
import subprocess
from io import BytesIO

import pikepdf
import pytest

from wizard.packet.printing import packet_pdf

from tests.support.packet import festival
from tests.support.walks import FESTIVAL_PATHS
from tests.support.pdf_pages import rendered, typed_into_worksheet

MARGIN = 20 * 72 / 25.4  # 20 mm on every side (static/packet-pages.css, @page), in points


@pytest.fixture(scope="module")
def downloads(festival_downloads):
    return {jurisdiction: pdf.read_bytes() for jurisdiction, (pdf, _) in festival_downloads.items()}


@pytest.mark.parametrize("jurisdiction", sorted(FESTIVAL_PATHS))
def test_every_widget_is_inside_the_margins_of_its_page(downloads, jurisdiction):
    outside = []
    with pikepdf.open(BytesIO(downloads[jurisdiction])) as pdf:
        for number, page in enumerate(pdf.pages, 1):
            width, height = float(page.MediaBox[2]), float(page.MediaBox[3])
            for widget in page.get("/Annots", []):
                if widget.get("/Subtype") != "/Widget":
                    continue
                x1, y1, x2, y2 = (float(value) for value in widget.Rect)
                past = max(MARGIN - min(x1, x2), max(x1, x2) - (width - MARGIN),
                           MARGIN - min(y1, y2), max(y1, y2) - (height - MARGIN))
                if past > 0.01:
                    outside.append(f"page {number}: {widget.TU} is {past:.1f} pt past the margin")
    assert outside == []


@pytest.mark.parametrize("jurisdiction", sorted(set(FESTIVAL_PATHS) - {"dekalb-il"}))  # DeKalb sets no counts
def test_a_long_answer_in_the_worksheet_is_drawn_whole(downloads, jurisdiction):
    page, rect, filled = typed_into_worksheet(downloads[jurisdiction], "15 flush, 3 ADA portable")
    rows = rendered(filled, page, rect)
    dark = [[value < 128 for value in row] for row in rows]
    assert sum(map(sum, dark)) > 0, "the answer is drawn"
    edge = max(2, len(rows[0]) // 25)  # the box's last few pixels on the right and at the foot
    assert not any(any(row[-edge:]) for row in dark), "text runs to the right edge: cut off"
    assert not any(any(row) for row in dark[-edge:]), "text runs to the bottom edge: cut off"


def page_number(pdf: pikepdf.Pdf, element) -> int | None:
    """The page (from 1) an element of the structure tree starts on."""
    page = element.get("/Pg") if isinstance(element, pikepdf.Dictionary) else None
    if page is None:
        kids = element.get("/K") if isinstance(element, pikepdf.Dictionary) else None
        for kid in kids if isinstance(kids, pikepdf.Array) else [kids]:
            found = page_number(pdf, kid) if isinstance(kid, pikepdf.Dictionary) else None
            if found:
                return found
        return None
    return next(n for n, p in enumerate(pdf.pages, 1) if p.objgen == page.objgen)


def headings_left_behind(pdf: pikepdf.Pdf) -> list[str]:
    """Each /H2 or /H3 whose page is not the page its content starts on: the heading (and its
    citation, the paragraph right after an application item's heading) stranded at a page's foot."""
    stranded = []

    def visit(element) -> None:
        kids = element.get("/K")
        kids = list(kids) if isinstance(kids, pikepdf.Array) else [kids]
        elements = [kid for kid in kids if isinstance(kid, pikepdf.Dictionary) and "/S" in kid]
        for at, kid in enumerate(elements):
            if str(kid.S) in ("/H2", "/H3") and at + 1 < len(elements):
                after = elements[at + 1:at + 3] if str(kid.S) == "/H3" else elements[at + 1:at + 2]
                if page_number(pdf, kid) != page_number(pdf, after[-1]):
                    stranded.append(f"page {page_number(pdf, kid)}: {str(kid.S)} followed on page {page_number(pdf, after[-1])}")
            visit(kid)

    visit(pdf.Root.StructTreeRoot)
    return stranded


@pytest.mark.parametrize("jurisdiction", sorted(FESTIVAL_PATHS))
def test_headings_stay_with_what_they_head(downloads, jurisdiction):
    """No heading and its citation at a page's foot, their content on the next."""
    with pikepdf.open(BytesIO(downloads[jurisdiction])) as pdf:
        assert headings_left_behind(pdf) == []


def words_past_the_margins(data: bytes) -> list[str]:
    """Every word poppler finds (pdftotext -bbox) further left or right than the page's margins."""
    boxes = subprocess.run(["pdftotext", "-bbox", "-", "-"], input=data, capture_output=True, check=True).stdout.decode()
    outside = []
    for number, page in enumerate(boxes.split("<page ")[1:], 1):
        width = float(re.search(r'width="([\d.]+)"', page).group(1))
        for left, right, word in re.findall(r'<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>', page):
            if float(left) < MARGIN - 1 or float(right) > width - MARGIN + 1:
                outside.append(f"page {number}: {word[:30]} from {float(left):.0f} to {float(right):.0f} pt")
    return outside


@pytest.mark.parametrize("jurisdiction", sorted(FESTIVAL_PATHS))
def test_a_word_longer_than_its_line_stays_inside_the_margins(book, jurisdiction):
    """An answer with a word longer than a line (a pasted address, a name typed
    without spaces) is broken inside the margins; the event's name ran past the page's edge on the
    cover and past the margin in every page's running header."""
    answers = festival(jurisdiction, book, event_name="Riverbend " + "Music" * 25, organization_name="Riverbend" + "Events" * 15,
                       applicant_email="jane.q.organizer.longest.address.anyone.types@riverbend-music-festival-example.org",
                       site_address="400 County Road 9 " + "X" * 100, property_owner_name="Pat " + "F" * 70)
    assert words_past_the_margins(packet_pdf(answers, book)) == []
