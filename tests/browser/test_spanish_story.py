"""Spanish beside the law (docs/decisions/0002-spanish-beside-the-law.md): a browser that asks for
Spanish (`Accept-Language: es-US`) finishes every built-in place in Spanish, `<html lang="es">` and no
axe violation on every page, and downloads the packet: a Spanish summary page in front, then the English
path's own packet, page for page.

Every place with JavaScript on and with it off: htmx's swaps and the plain pages each carry their own
`lang` and their own words (the title htmx puts in the tab, the out-of-band switch link)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from wizard.interview.flow import applicable_answers
from wizard.packet.printing import packet_pdf
from wizard.web.edge.state import office_card, rulebook, store, today

from tests.support.spanish import without_sheets
from tests.support.interview import interview_id
from tests.support.pdf_text import pdfium_page_texts
from tests.browser.audit import audit
from tests.support.stories import PATHS
from tests.browser.story import fill_page, STEP_URL, submit_and_wait, wait_for_new_content

# place -> its festival story
PLACES = {"baroda-mi": "baroda-festival", "whitesboro-ny": "whitesboro-festival",
          "dekalb-il": "dekalb-festival", "wi-village-ch64": "wisconsin-festival"}


def in_spanish(page, what: str) -> None:
    """The page as shown is Spanish (`<html lang>`) and axe finds nothing on it."""
    assert page.locator("html").get_attribute("lang") == "es", what
    audit(page, what)


# The English packet's pages by (place, answers, day): with JavaScript on and off a place's story gives
# the same answers, and printing their English packet once serves both (a second of CPU each).
ENGLISH: dict[tuple[str, str, str], list[str]] = {}


def english_packet(place: str, answers: dict, day) -> list[str]:
    """The text of each page of the English packet of `answers` (printed as the English path prints it)."""
    key = (place, json.dumps(answers, sort_keys=True, default=str), str(day))
    if key not in ENGLISH:
        # the answers that apply, as a download prints them (a State layer reads some the town's path skips)
        applying = applicable_answers(answers, rulebook())
        ENGLISH[key] = pdfium_page_texts(packet_pdf(applying, rulebook(), day, office_card(place), "en"))
    return ENGLISH[key]


def click(page, locator) -> None:
    """Follow a link or press a button: htmx swaps the content with JavaScript on, a page loads without."""
    if page.context.javascript_enabled:
        wait_for_new_content(page, locator.click)
    else:
        locator.click()
        page.wait_for_load_state()


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
@pytest.mark.parametrize("place", sorted(PLACES))
def test_a_spanish_reader_finishes_the_place_and_downloads_the_packet(browser, live_app, live_server, place,
                                                                      javascript):
    _place, story, expected_steps, _heading = PATHS[PLACES[place]]
    context = browser.new_context(viewport={"width": 1100, "height": 900}, locale="es-US",
                                  java_script_enabled=javascript, accept_downloads=True)
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.context.javascript_enabled = javascript  # what the audit reads (tests/browser/audit.py)
        page.goto(f"{live_server}/for/{place}")
        in_spanish(page, f"{place}: the start page")
        click(page, page.get_by_role("button", name="Empezar ahora"))
        shown = []
        while (match := STEP_URL.search(page.url)) is not None and len(shown) < 30:
            shown.append(match.group(1))
            in_spanish(page, f"{place}: step {shown[-1]}")
            fill_page(page, story)
            submit_and_wait(page) if javascript else click(page, page.locator("form.step-form > button[type=submit]"))
            assert page.locator(".error-summary").count() == 0, page.locator(".error-summary").inner_text()
        assert shown == expected_steps
        assert page.url.endswith("/check") and page.locator("h1").inner_text() == "Revise sus respuestas"
        in_spanish(page, f"{place}: the check page")
        click(page, page.get_by_role("link", name="Ver su resultado"))
        assert page.url.endswith("/result")
        in_spanish(page, f"{place}: the result")
        with page.expect_download(timeout=90_000) as download:  # WeasyPrint: seconds on a busy machine
            page.get_by_role("link", name="Descargar el paquete (PDF)").click(no_wait_after=True)
        spanish = pdfium_page_texts(Path(download.value.path()).read_bytes())
    finally:
        context.close()
    with live_app.app_context():  # the English path's packet of the same answers, on the same day
        interview = store().get(interview_id(page.url))
        assert interview.language == "es"  # the choice is kept with the interview
        english = english_packet(place, interview.answers, today(rulebook().get(place)))
    assert spanish[0].startswith("Resumen en español")
    assert without_sheets(spanish[1:]) == english  # the instruction sheets between the English pages left out
