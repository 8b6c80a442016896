"""The print view of an organizer who reads Spanish shows, before each part they
complete, its instruction sheet in Spanish (`lang="es"` inside the English packet), with the part's
English title marked `lang="en"`; axe finds nothing, and the PDF's order is the print view's."""
from __future__ import annotations

from tests.support.packet import FESTIVAL
from tests.browser.phone import AXE
from tests.browser.organizer_pages import open_result


def test_a_spanish_readers_print_view_has_each_sheet_before_its_part(page, live_server):
    open_result(page, live_server, {**FESTIVAL, "jurisdiction": "whitesboro-ny"})
    interview = page.url.split("/i/")[1].split("/")[0]
    page.goto(f"{live_server}/i/{interview}/print")
    assert page.locator(".sheet").count() == 0  # in English, none
    page.locator("nav.language-switch a").click()  # "Español": the same page, in Spanish
    page.wait_for_selector(".print-view .sheet")
    assert page.locator("html").get_attribute("lang") == "es"
    sheets = page.locator(".print-view .sheet")
    found = [sheets.nth(n).evaluate(
        """sheet => [sheet.lang, sheet.querySelector('.sheet__number').textContent,
                     sheet.querySelector('.sheet__part-title').lang, sheet.querySelector('.sheet__part-title').textContent,
                     sheet.nextElementSibling.querySelector('.part__title').textContent]""") for n in range(sheets.count())]
    assert [row[3] for row in found] == ["1. The application", "2. Signatures and oaths", "3. Checklist",
                                         "4. Facilities worksheet"]
    for n, (lang, number, title_lang, title, next_part) in enumerate(found, 1):
        assert (lang, number, title_lang, next_part) == ("es", f"Instrucciones, hoja {n} de 4", "en", title)
    results = AXE.run(page)
    assert results.violations_count == 0, results.generate_report()
