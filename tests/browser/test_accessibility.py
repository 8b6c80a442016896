"""axe-core on every distinct page (each step clean and in its error state, check answers, each
outcome's result, errors), at 320 px wide, with no horizontal scrolling."""
from __future__ import annotations

import pytest

from tests.browser.conftest import PHONE  # noqa: F401
from tests.support.stories import PATHS
from tests.browser.story import fill_page, STEP_URL, submit_and_wait, wait_for_new_content
from tests.browser.phone import audit


@pytest.fixture
def phone_page(browser):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def walk_and_audit(page, base_url, jurisdiction, story):
    page.goto(f"{base_url}/for/{jurisdiction}")
    audit(page, f"start page for {jurisdiction}")
    wait_for_new_content(page, lambda: page.get_by_role("button", name="Start now").click())
    audited = []
    for _ in range(30):
        page.wait_for_selector("h1")
        match = STEP_URL.search(page.url)
        if match is None:
            break
        step = match.group(1)
        audit(page, f"{jurisdiction} step {step}")
        step_url = page.url
        submit_and_wait(page)  # nothing filled: the error state, where a step has required questions
        if page.locator(".error-summary").count():
            audit(page, f"{jurisdiction} step {step} with errors")
        else:  # every question on the step was optional and it moved on; come back to answer it
            page.goto(step_url)
        fill_page(page, story)
        submit_and_wait(page)
        audited.append(step)
    if page.url.endswith("/check"):
        audit(page, f"{jurisdiction} check your answers")
        wait_for_new_content(page, lambda: page.get_by_role("link", name="See your result").click())
        page.wait_for_selector(".panel h1")
    audit(page, f"{jurisdiction} result")
    return audited


@pytest.mark.parametrize("path_id", ["whitesboro-festival", "wisconsin-festival", "baroda-festival",
                                     "dekalb-festival", "whitesboro-small", "dekalb-rally"])
def test_every_page_has_no_axe_violations(phone_page, live_server, path_id):
    jurisdiction, story, expected_steps, _ = PATHS[path_id]
    assert walk_and_audit(phone_page, live_server, jurisdiction, story) == expected_steps


def test_start_and_error_pages_have_no_axe_violations(phone_page, live_server):
    phone_page.goto(live_server + "/")
    audit(phone_page, "start page")
    phone_page.get_by_role("button", name="Start now").click()
    phone_page.wait_for_selector(".error-summary")
    audit(phone_page, "start page with error")
    phone_page.goto(live_server + "/i/not-a-real-interview")
    audit(phone_page, "not found page")
    phone_page.goto(live_server + "/clerks")
    audit(phone_page, "clerks' links page")
    phone_page.goto(live_server + "/import")
    audit(phone_page, "import page")
