"""Before you start and sending (docs/decisions/0015-no-dead-ends-for-the-organizer.md) in Chromium, with
JavaScript on and off: from the home page every place's first question shows "Before you start" open;
sending without the declaration gives the error summary linking to the box, and sending gives the
confirmation panel; axe finds nothing on each. At 390x844 the first question comes first."""
from __future__ import annotations

import pytest

from wizard.web.edge.state import rulebook

from tests.browser.audit import audit
from tests.browser.organizer_pages import finished

BOTH = ["page", "page_no_js"]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1100, "height": 900}  # tests/browser/conftest.py's desktop_page


def open_page(request, which: str):
    page = request.getfixturevalue(which)
    page.context.javascript_enabled = which == "page"  # what audit() reads
    return page


def press(page, name: str) -> None:
    """Press a button and wait for what it brings (an htmx swap or a whole page)."""
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.get_by_role("button", name=name).click()
    page.wait_for_load_state()


@pytest.mark.parametrize("which", BOTH)
def test_from_the_home_page_every_places_first_question_shows_before_you_start_open(request, live_app,
                                                                                      live_server, which):
    page = open_page(request, which)
    with live_app.app_context():
        places = [(j.id, j.name) for j in rulebook().listing()]
    assert len(places) >= 4
    for place_id, name in places:
        page.goto(live_server + "/")
        page.get_by_label(name, exact=True).check()
        press(page, "Start now")
        page.wait_for_url("**/step/**")
        box = page.locator("details#before-you-start")
        assert box.get_attribute("open") is not None, place_id
        assert box.locator(".before-you-start li").first.is_visible(), place_id
        # above the question: it comes before the Continue button in the page
        assert page.evaluate("""() => !!(document.querySelector('#before-you-start').compareDocumentPosition(
            document.querySelector('form.step-form')) & Node.DOCUMENT_POSITION_FOLLOWING)"""), place_id
        audit(page, f"{place_id}: first question from the home page ({which})")
        on_a_phone(page, place_id, which)


def on_a_phone(page, place_id: str, which: str) -> None:
    """The same page on a phone: the question first, within the first screen, and "Before you start" one tap
    away above it (GOV.UK's heading first), chosen by CSS alone, so with JavaScript off too."""
    page.set_viewport_size(PHONE)
    try:
        heading = page.locator("h1").first.bounding_box()
        assert heading["y"] + heading["height"] <= PHONE["height"], (place_id, which, heading)
        assert not page.locator("details#before-you-start").is_visible()
        folded = page.locator("details#before-you-start-folded")
        assert folded.is_visible() and folded.get_attribute("open") is None, place_id
        folded.locator("summary").click()
        assert folded.locator(".before-you-start li").first.is_visible(), place_id
        audit(page, f"{place_id}: first question on a phone ({which})")
    finally:
        page.set_viewport_size(DESKTOP)


@pytest.mark.parametrize("which", BOTH)
def test_sending_without_the_declaration_then_with_it(request, live_app, live_server, which):
    page = open_page(request, which)
    ident = finished(live_app, "baroda-mi")
    page.goto(f"{live_server}/i/{ident}/send")
    audit(page, f"send page ({which})")
    press(page, "Send to the Village Clerk")
    summary = page.locator(".error-summary")
    summary.wait_for()
    link = summary.locator("a[href='#declaration']")
    assert link.inner_text() == page.locator("#declaration-error").inner_text().replace("Error:", "").strip()
    audit(page, f"send page with the declaration's error ({which})")
    link.click()
    assert page.evaluate("document.activeElement.id") == "declaration" or which == "page_no_js"
    assert page.locator("#declaration").is_visible()
    page.check("#declaration")
    press(page, "Send to the Village Clerk")
    page.wait_for_url("**/application")
    panel = page.locator(".panel--confirmation")
    panel.wait_for()
    assert panel.locator("h1").inner_text() == "Application sent"
    assert page.locator(".what-happens-next").is_visible() and page.locator(".sent-documents").is_visible()
    audit(page, f"confirmation panel ({which})")
