"""No dead ends for the organizer (docs/decisions/0015-no-dead-ends-for-the-organizer.md), in Chromium:
Back after an error lands on the question (JavaScript off), a past date is refused on the dates step, the
section indicator only moves forward in every festival story, and the result fits a phone: the answer,
the deadline and the next steps within two screens, the rest on demand; the costs page, check your
answers, the question to send and the link to keep. Screenshots go to /tmp/organizer-shots for people to
look at."""
from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

import pytest

from wizard.readable import long_date
from wizard.interview.flow import JURISDICTION_STEP
from wizard.web.edge.state import rulebook, store

from tests.support.office_days import office_day
from tests.support.walks import stored_answers
from tests.browser.conftest import PHONE
from tests.support.stories import PATHS
from tests.browser.story import fill_page, STEP_URL, submit_and_wait, wait_for_new_content
from tests.browser.phone import audit


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
    assert f"When does the event first open? That day has passed. Today is {long_date(office_day('whitesboro-ny'))}." in summary
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


SHOTS = Path("/tmp/organizer-shots")
SCREENS = 2  # the answer, the deadline and the next steps within two phone screens


def stored_result(live_app, story: str) -> str:
    """A finished interview of a story from the tables, stored as the interview would leave it."""
    jurisdiction, answers, steps, _ = PATHS[story]
    with live_app.app_context():
        book = rulebook()
        interview = store().create(stored_answers(book, jurisdiction, answers))
        interview.completed_steps = [JURISDICTION_STEP] + steps
        store().save(interview)
        return interview.id


APPLYING = ["whitesboro-festival", "wisconsin-festival", "baroda-festival", "dekalb-festival"]


@pytest.mark.parametrize("story", APPLYING)
def test_the_result_puts_the_answer_deadline_and_next_steps_in_two_phone_screens(
        phone_pages, live_app, live_server, story):
    SHOTS.mkdir(exist_ok=True)
    ident = stored_result(live_app, story)
    page = phone_pages()
    page.goto(f"{live_server}/i/{ident}/result")
    if page.locator("#prepare-anyway").count():  # Wisconsin: the question to the Village first, the steps on demand
        page.locator("#prepare-anyway summary").click()
    headline = page.locator(".panel h1").bounding_box()
    steps = page.locator(".next-steps ol").bounding_box()
    filing = page.locator(".next-steps li", has_text="File your application")
    assert filing.count() == 1 and " by " in filing.inner_text()  # the deadline, in the steps
    assert headline["y"] < PHONE["height"]
    assert steps["y"] + steps["height"] <= SCREENS * PHONE["height"], (story, steps)
    audit(page, f"{story} result at phone width")
    page.screenshot(path=str(SHOTS / f"result-{story}-phone.png"))
    # Everything else opens on demand: the closed parts take little room, and open without JavaScript too.
    height = page.evaluate("document.documentElement.scrollHeight")
    print(f"{story}: result page {height} px tall at {PHONE['width']} px, list of next steps ends at "
          f"{steps['y'] + steps['height']:.0f} px")
    assert height <= 8 * PHONE["height"], (story, height)  # was 16,700 px (about 24 screens) for Baroda
    for summary in page.locator("summary.more__summary").all():
        summary.click()
    audit(page, f"{story} result with every part open")
    assert page.locator("#checklist ul.checklist li").first.is_visible()


@pytest.mark.parametrize("story", APPLYING)
def test_the_costs_page_and_check_your_answers_at_phone_width(phone_pages, live_app, live_server, story):
    ident = stored_result(live_app, story)
    page = phone_pages()
    page.goto(f"{live_server}/i/{ident}/result")
    if page.locator("#prepare-anyway").count():  # Wisconsin: the question to the Village first, the steps on demand
        page.locator("#prepare-anyway summary").click()
    page.get_by_role("link", name="What it costs").first.click()
    page.wait_for_url("**/costs")
    assert page.locator("h1").inner_text() == "What it costs"
    audit(page, f"{story} costs page")
    page.screenshot(path=str(SHOTS / f"costs-{story}-phone.png"), full_page=True)
    page.goto(f"{live_server}/i/{ident}/check")
    sections = page.locator(".check-section h2").all_inner_texts()
    assert sections[0].startswith("Do you need a") and "About you" in sections
    assert page.get_by_role("link", name="Back").first.get_attribute("href").endswith(f"/step/{PATHS[story][2][-1]}")
    audit(page, f"{story} check your answers")


def test_an_uncertain_result_gives_the_question_to_send(page_no_js, live_app, live_server):
    ident = stored_result(live_app, "wisconsin-festival")
    page = page_no_js
    page.goto(f"{live_server}/i/{ident}/result")
    ask = page.locator(".ask-office")
    assert ("Does Chapter 64 require a license for our event, with this many people at one time, and is there an "
            "application form or a fee?") in " ".join(ask.inner_text().split())
    mailto = unquote(ask.get_by_role("link", name="Email the question").get_attribute("href"))
    assert mailto.startswith("mailto:?subject=Does our event need a license?")
    assert "Ch. 64, purpose" in mailto and "Harvest Moon Festival" in mailto and "5,000" in mailto
    ask.get_by_role("link", name="Print it as a letter").click()
    page.wait_for_url("**/question")
    letter = page.locator(".letter").inner_text()
    assert "Dear Village," in letter and "Clerk" not in letter and "Please reply in writing" in letter and "Zoë Núñez" in letter
    page.screenshot(path=str(SHOTS / "question-letter-desktop.png"), full_page=True)


def test_the_result_offers_the_link_to_come_back_with_a_copy_button(page, live_app, live_server):
    ident = stored_result(live_app, "dekalb-festival")
    page.goto(f"{live_server}/i/{ident}/result")
    field = page.locator("#own-link-text")
    assert field.input_value() == f"{live_server}/i/{ident}"  # made full from the address bar
    assert page.get_by_role("button", name="Copy the link").is_visible()
    page.screenshot(path=str(SHOTS / "result-dekalb-desktop.png"), full_page=True)
