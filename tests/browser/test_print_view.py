"""The packet printed from the browser's print view (a kiosk's only way to print), from the packet's one
HTML source (docs/decisions/0011-one-html-source-for-the-packet.md, 0029-the-print-view-paged-as-the-pdf.md).
Chromium prints it on as many US Letter pages as the PDF packet has, each with the PDF's running header and
page number ("Page 3 of 12", a sheet's "Instrucciones, hoja 2 de 4", the summary's own), in English and for
an organizer who reads Spanish; with background graphics off (a browser's default) the cover band and the
tables' header rows still print as they look, not white on white; a name in Chinese or Korean, or with an
emoji, prints as itself from the packet's own fonts (this machine has no CJK or emoji font); axe finds nothing on the print view."""
from __future__ import annotations

import re
import subprocess
from io import BytesIO

import pytest
from pypdf import PdfReader

from wizard.packet.content import place_today
from wizard.packet.summary import packet_for

from tests.browser.phone import AXE
from tests.support.glyphs import EMOJI, EMOJI_NAMES, NAMES, embedded_cjk_glyphs, embedded_glyphs, emoji_font
from tests.support.packet import festival, saved
from tests.support.pdf_text import pdfium_page_texts
from tests.support.spanish import festival_packets

NUMBER = re.compile(r"Page \d+ of \d+|Instrucciones, hoja \d+ de \d+|Resumen, página \d+ de \d+")


def darkness(pdf: bytes, page: int, top: float, bottom: float) -> float:
    """The share of dark pixels in a band of page `page` (from 1), `top` to `bottom` as shares of its height."""
    pgm = subprocess.run(["pdftoppm", "-f", str(page), "-l", str(page), "-r", "30", "-gray", "-"],
                         input=pdf, capture_output=True, check=True).stdout
    _, size, _, pixels = pgm.split(b"\n", 3)
    width, height = (int(n) for n in size.split())
    rows = pixels[int(height * top) * width:int(height * bottom) * width]
    return sum(1 for value in rows if value < 100) / len(rows)


def heads_and_numbers(pages: list[str], title: str) -> list[tuple[bool, str]]:
    """Each page's running header (the packet's title, which only the cover has otherwise) and its number."""
    return [(title in text, (NUMBER.findall(text) or ["none"])[-1]) for text in pages]


def printed(page, server: str, interview: str, backgrounds: bool = True) -> bytes:
    """The print view as Chromium prints it; a page already showing it prints it again as it is (a person
    prints twice without reloading), not after loading the whole packet's page anew."""
    if page.url != f"{server}/i/{interview}/print":
        page.goto(f"{server}/i/{interview}/print")
    page.evaluate("document.fonts.ready")  # the CJK pieces the page's names need (a person waits as long)
    page.emulate_media(media="print")
    return page.pdf(format="Letter", print_background=backgrounds, prefer_css_page_size=True)


@pytest.fixture(scope="module")
def spanish_page(browser, live_server):
    """A browser whose organizer switched to Spanish (the switch's cookie), for every place's print view."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{live_server}/")
    page.locator("nav.language-switch a").click()
    page.wait_for_selector("html[lang=es]")
    yield page
    context.close()


@pytest.mark.parametrize("jurisdiction", ["baroda-mi", "dekalb-il", "whitesboro-ny", "wi-village-ch64"])
def test_the_print_view_prints_as_the_pdf_does(page, spanish_page, live_app, live_server, book, jurisdiction):
    today = place_today(book.jurisdictions[jurisdiction])  # the server's day: the PDF's dates are the view's
    answers, english, _, spanish = festival_packets(book, jurisdiction, today)
    interview = saved(live_app, answers)
    page.goto(f"{live_server}/i/{interview}/print")
    results = AXE.run(page)
    assert results.violations_count == 0, results.generate_report()
    title = packet_for(answers, book, today).title
    for backgrounds in (True, False):
        made = printed(page, live_server, interview, backgrounds)
        pages = pdfium_page_texts(made)
        assert len(pages) == len(english), f"background graphics {backgrounds}"
        assert darkness(made, 1, 0.10, 0.18) > 0.5, "the cover band prints dark"  # its text white on it
        facilities = next((n for n, text in enumerate(pages, 1) if "4. Facilities worksheet" in text), None)
        if facilities:  # the header row of its table, under the part's title and introduction
            assert darkness(made, facilities, 0.16, 0.22) > 0.3, "the table's header row prints dark"
    assert heads_and_numbers(pages, title) == heads_and_numbers(english, title)
    assert not pages[0].startswith(("English", "Español")) and "Prepared " in pages[0]  # no navigation
    in_spanish = pdfium_page_texts(printed(spanish_page, live_server, interview))
    assert heads_and_numbers(in_spanish, title) == heads_and_numbers(spanish, title)
    assert "Resumen en español" in in_spanish[0]
    prepared = next(line for line in in_spanish[1].splitlines() if line.startswith("Prepared "))
    assert re.fullmatch(r"Prepared \w+day, \w+ \d+, \d{4} from the organizer's answers", prepared)  # English, as the PDF


def test_a_cjk_or_emoji_name_prints_as_itself_from_the_packets_own_fonts(page, live_app, live_server, book):
    officers = [{"name": name, "age": 40, "address": "1 Main Street"} for name in NAMES + EMOJI_NAMES]
    answers = festival("wi-village-ch64", book, applicant_name=" ".join(NAMES), officers=officers)
    made = printed(page, live_server, saved(live_app, answers))
    assert page.locator(".print-view span[lang=ko]").first.text_content() == "김민준"  # its language, as in the PDF
    for glyphs, chars in ((embedded_cjk_glyphs(made), "".join(NAMES)), (embedded_glyphs(made, emoji_font), EMOJI)):
        assert {char for _, char, _, _ in glyphs} == set(chars)
        wrong = [f"{char} in {font}" for font, char, drawn, own in glyphs if drawn != own]
        assert wrong == [], "glyphs drawn differ from the packet's own font"
