"""The packet printed from the browser's print view (a kiosk's only way to print), from the packet's one
HTML source (docs/decisions/0011-one-html-source-for-the-packet.md). Chromium prints it on as many US
Letter pages as the PDF packet has, and with background graphics off (a browser's default) the cover band
and the tables' header rows still print as they look, not white on white; axe finds nothing on the print
view."""
from __future__ import annotations

import subprocess
from io import BytesIO

import pytest
from pypdf import PdfReader

from tests.support.packet import FESTIVAL
from tests.browser.phone import AXE
from tests.browser.organizer_pages import open_result


def darkness(pdf: bytes, page: int, top: float, bottom: float) -> float:
    """The share of dark pixels in a band of page `page` (from 1), `top` to `bottom` as shares of its height."""
    pgm = subprocess.run(["pdftoppm", "-f", str(page), "-l", str(page), "-r", "30", "-gray", "-"],
                         input=pdf, capture_output=True, check=True).stdout
    _, size, _, pixels = pgm.split(b"\n", 3)
    width, height = (int(n) for n in size.split())
    rows = pixels[int(height * top) * width:int(height * bottom) * width]
    return sum(1 for value in rows if value < 100) / len(rows)


@pytest.mark.parametrize("jurisdiction", ["baroda-mi", "dekalb-il", "whitesboro-ny", "wi-village-ch64"])
def test_the_print_view_prints_as_the_pdf_does(page, live_server, jurisdiction):
    answers = {**FESTIVAL, "jurisdiction": jurisdiction, "bathing_beach": False, "swimming_pool": False, "for_gain": False,
               "is_auction": False, "is_fair": False}
    open_result(page, live_server, answers)
    interview = page.url.split("/i/")[1].split("/")[0]
    packet = page.request.get(f"{live_server}/i/{interview}/packet.pdf", timeout=120_000).body()
    page.goto(f"{live_server}/i/{interview}/print")
    results = AXE.run(page)
    assert results.violations_count == 0, results.generate_report()
    page.emulate_media(media="print")
    pages = len(PdfReader(BytesIO(packet)).pages)
    for backgrounds in (True, False):
        printed = page.pdf(format="Letter", print_background=backgrounds, prefer_css_page_size=True)
        assert len(PdfReader(BytesIO(printed)).pages) == pages, f"background graphics {backgrounds}"
        assert darkness(printed, 1, 0.10, 0.18) > 0.5, "the cover band prints dark"  # its text white on it
        facilities = next((n for n, p in enumerate(PdfReader(BytesIO(printed)).pages, 1)
                           if "4. Facilities worksheet" in p.extract_text()), None)
        if facilities:  # the header row of its table, under the part's title and introduction
            assert darkness(printed, facilities, 0.16, 0.22) > 0.3, "the table's header row prints dark"
