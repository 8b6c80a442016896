"""Issue 23 in Chromium: Back after an error lands on the question (JavaScript off), a past date is
refused on the dates step, and the section indicator only moves forward in every festival story."""
from __future__ import annotations

from datetime import date

import pytest

from wizard.formatting import long_date

from .stories import PATHS
from .story import STEP_URL, fill_page, submit_and_wait, wait_for_new_content


def press_continue(page) -> None:
    page.locator("form.step-form > button[type=submit]").click()
    page.wait_for_load_state()


def test_back_after_an_error_and_its_correction_lands_on_the_question(page_no_js, live_server):
    page = page_no_js
    page.goto(f"{live_server}/for/whitesboro-ny")
    page.get_by_role("button", name="Start now").click()
    page.wait_for_url("**/step/dates")
    press_continue(page)  # empty dates: an error
    assert page.locator(".error-summary").is_visible()
    page.fill("input[name=starts_at]", "7/9/2027")
    page.fill("input[name=starts_at_time]", "12:00 PM")
    page.fill("input[name=ends_at]", "7/11/2027")
    page.fill("input[name=ends_at_time]", "11:00 PM")
    press_continue(page)
    page.wait_for_url("**/step/crowd")
    response = page.go_back()
    # Not Chromium's "Confirm Form Resubmission" (net::ERR_CACHE_MISS): the dates question again.
    assert response is not None and response.status == 200
    assert page.url.endswith("/step/dates")
    assert page.locator("input[name=starts_at]").input_value() == "7/9/2027"
    assert page.locator(".error-summary").count() == 0
    response = page.go_back()  # once more: the error page was a GET too, so it loads as the question
    assert response is not None and response.status == 200 and page.url.endswith("/step/dates")


@pytest.mark.parametrize("which", ["page", "page_no_js"])
def test_a_2025_date_is_refused_on_the_dates_step(request, live_server, which):
    page = request.getfixturevalue(which)
    page.goto(f"{live_server}/for/whitesboro-ny")
    page.get_by_role("button", name="Start now").click()
    page.wait_for_url("**/step/dates")
    page.fill("input[name=starts_at]", "7/9/2025")
    page.fill("input[name=starts_at_time]", "12:00 PM")
    page.fill("input[name=ends_at]", "7/11/2025")
    page.fill("input[name=ends_at_time]", "11:00 PM")
    if which == "page":
        submit_and_wait(page)
    else:
        press_continue(page)
    summary = page.locator(".error-summary").inner_text()
    assert f"First opens: that day has passed. Today is {long_date(date.today())}." in summary
    assert page.url.endswith("/step/dates")
    assert page.locator("input[name=starts_at]").input_value() == "7/9/2025"  # kept, to correct


def sections_seen(page, story: dict, max_steps: int = 30) -> list[tuple[str, int, list[str]]]:
    """(step, position of the current section, the sections listed) on each step to the end."""
    seen = []
    for _ in range(max_steps):
        page.wait_for_selector("h1")
        match = STEP_URL.search(page.url)
        if match is None:
            break
        items = page.locator(".sections__item")
        names = [text.replace("(done)", "").strip() for text in items.all_inner_texts()]
        classes = [items.nth(n).get_attribute("class") for n in range(items.count())]
        current = next(n for n, c in enumerate(classes) if "sections__item--current" in c)
        seen.append((match.group(1), current, names))
        fill_page(page, story)
        submit_and_wait(page)
    return seen


FESTIVALS = [name for name, (_, _, steps, _) in PATHS.items() if len(steps) > 8]


@pytest.mark.parametrize("story", FESTIVALS)
def test_the_section_indicator_never_moves_back(page, live_server, story):
    jurisdiction, answers, _steps, _heading = PATHS[story]
    page.goto(f"{live_server}/for/{jurisdiction}")
    wait_for_new_content(page, lambda: page.get_by_role("button", name="Start now").click())
    seen = sections_seen(page, answers)
    positions = [current for _, current, _ in seen]
    assert positions == sorted(positions), seen
    assert all(names == seen[-1][2] for _, _, names in seen), seen  # listed in the order they come
    left = page.context.pages[0]  # the last page was the result: nothing is left to ask
    assert left.url.endswith(("/check", "/result"))
