"""The organizer's flow in a real browser: a finished answers file lands on Check your
answers, and a change that flips the outcome is announced, with JavaScript on and off."""
from __future__ import annotations

import json

import pytest

from wizard.web.edge.state import rulebook

from tests.support.packet import festival, with_state_answers
from tests.support.packet import OPTIONAL_KEYS
from tests.browser.story import wait_for_new_content
from tests.browser.organizer_pages import finished


@pytest.mark.parametrize("which", ["page", "page_no_js"])
def test_a_finished_answers_file_lands_on_check_your_answers(request, live_app, live_server, tmp_path, which):
    page = request.getfixturevalue(which)
    with live_app.app_context():
        answers = with_state_answers(festival("whitesboro-ny", rulebook()), rulebook())
    saved = tmp_path / "whitesboro-ny-riverbend-music-festival-answers.json"
    saved.write_text(json.dumps({k: v for k, v in answers.items() if k not in OPTIONAL_KEYS}), encoding="utf-8")
    page.goto(live_server + "/import")
    page.set_input_files("#answers_file", str(saved))
    page.get_by_role("button", name="Continue").click()
    page.wait_for_url("**/check")
    assert page.locator("h1").inner_text() == "Check your answers"


@pytest.mark.parametrize("which", ["page", "page_no_js"])
def test_a_change_that_flips_the_outcome_is_announced(request, live_app, live_server, which):
    page = request.getfixturevalue(which)
    ident = finished(live_app, "baroda-mi")
    page.goto(f"{live_server}/i/{ident}/check")
    change = page.locator("a[href*='/step/crowd']").first
    if which == "page":
        wait_for_new_content(page, change.click)
    else:
        change.click()
        page.wait_for_load_state()
    page.fill("input[name=max_attendance]", "150")
    page.fill("input[name=total_attendance]", "150")
    button = page.locator("form.step-form > button[type=submit]")
    if which == "page":
        wait_for_new_content(page, button.click)
    else:
        button.click()
        page.wait_for_load_state()
    notice = page.locator(".notice--important")
    assert notice.inner_text() == "With this change, you no longer need a license under this ordinance."
