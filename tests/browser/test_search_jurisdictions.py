"""Among 200 jurisdictions, an organizer finds theirs by state and name and completes the
interview, with JavaScript (the list filters as they type) and without (a plain search form)."""
from __future__ import annotations

import threading

import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server

from wizard.web.app import create_app

from tests.support.stories import PATHS
from tests.browser.story import answer_to_result, MARK_STALE, wait_for_new_content
from tests.browser.conftest import PHONE
from tests.browser.phone import audit

PLACE = "Town 0040 (Village of Baroda, Michigan)"  # a copy of Baroda's rule file


@pytest.fixture(scope="module")
def many_server(tmp_path_factory, many_book):
    app = create_app({"DATABASE": str(tmp_path_factory.mktemp("many") / "wizard.db"),
                      "SECRET_KEY": "browser-test-secret", "RULEBOOK": many_book})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


def finish(page) -> None:
    jurisdiction, story, expected_steps, heading = PATHS["baroda-festival"]
    assert jurisdiction == "baroda-mi"
    page.get_by_label(PLACE).check()
    wait_for_new_content(page, lambda: page.get_by_role("button", name="Start now").click())
    assert answer_to_result(page, story) == expected_steps
    assert page.locator("h1").inner_text().strip() == heading


def test_choose_by_typing_with_javascript_then_finish(page, many_server):
    page.goto(many_server + "/")
    page.evaluate(MARK_STALE)  # stays unless the whole content is replaced
    page.select_option("#state", "MI")
    expect(page.locator("#jurisdiction-results .search-count")).to_have_text("Showing 25 of 50 places. Type more of the name to narrow the list.")
    page.fill("#q", "town 0040")
    expect(page.locator("#jurisdiction-results label")).to_have_text([PLACE])
    assert page.locator("#stale-marker").count() == 1 and page.url == many_server + "/"
    finish(page)


def test_choose_with_a_plain_search_without_javascript_then_finish(page_no_js, many_server):
    page = page_no_js
    page.goto(many_server + "/")
    page.select_option("#state", "MI")
    page.fill("#q", "town 0040")
    page.get_by_role("button", name="Search").click()
    page.wait_for_url("**/?state=MI&q=town+0040")
    expect(page.locator("#jurisdiction-results label")).to_have_text([PLACE])
    finish(page)


def test_the_search_pages_pass_axe_at_phone_width(browser, many_server):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        page.goto(many_server + "/?state=MI&q=town+004")
        audit(page, "search results")
        wait_for_new_content(page, lambda: page.get_by_role("button", name="Start now").click())
        audit(page, "search with no place chosen")
        page.get_by_label("Town 0004 (Village of Baroda, Michigan)").check()
        wait_for_new_content(page, lambda: page.get_by_role("button", name="Start now").click())
        page.goto(page.url.rsplit("/step/", 1)[0] + "/step/where")
        audit(page, "the where step as a search")
    finally:
        context.close()
