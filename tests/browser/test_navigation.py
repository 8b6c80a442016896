"""Moving around: keyboard only, back/forward/reload with htmx, and changing an earlier answer."""
from __future__ import annotations

from tests.support.stories import BIG_FESTIVAL
from tests.browser.story import fill_page, run_story, STEP_URL, submit_and_wait, wait_for_new_content


def tab_to(page, selector: str, limit: int = 60) -> None:
    for _ in range(limit):
        if page.evaluate("(s) => document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"could not reach {selector} with the Tab key")


def keyboard_submit(page) -> None:
    tab_to(page, "form.step-form button[type=submit]")
    wait_for_new_content(page, lambda: page.keyboard.press("Enter"))


def test_keyboard_only_interview(page, live_server):
    # The clerk's link carries the dates, so the interview opens on the land step.
    page.goto(f"{live_server}/for/dekalb-il?starts_at=2027-07-09T12:00&ends_at=2027-07-09T20:00")
    tab_to(page, "button[type=submit]")
    wait_for_new_content(page, lambda: page.keyboard.press("Enter"))
    # After each swap, focus lands on the new step's heading, announced to screen readers.
    assert page.evaluate("document.activeElement.matches('[data-step-heading]')")
    tab_to(page, "input[name=property_owner]")  # land: first option; arrows move the choice
    page.keyboard.press("ArrowDown")
    assert page.is_checked("input[name=property_owner][value=municipal]")
    keyboard_submit(page)
    assert "/step/money" in page.url
    keyboard_submit(page)  # money: no commercial features
    tab_to(page, "input[name=speech_event]")
    page.keyboard.press("Space")  # yes
    keyboard_submit(page)
    tab_to(page, "input[name=is_auction]")  # auction: first option; the arrow moves to "no"
    page.keyboard.press("ArrowDown")
    assert page.is_checked("input[name=is_auction][value=no]")  # so no question about the auctioneer
    keyboard_submit(page)
    keyboard_submit(page)  # hazards: none
    keyboard_submit(page)  # streets: nothing chosen yet, so an error
    assert page.evaluate("document.activeElement.matches('.error-summary')")
    page.keyboard.press("Tab")  # the error summary's link
    page.keyboard.press("Enter")  # moves focus to the field in error
    assert page.evaluate("document.activeElement.name") == "street_closure"
    page.keyboard.press("ArrowRight")  # no
    keyboard_submit(page)
    # The State's questions, asked whatever the City decides: no alcohol sold, no food stands.
    assert page.url.endswith("/step/illinois-alcohol-sold")
    tab_to(page, "input[name=alcohol_sold]")
    page.keyboard.press("ArrowDown")
    assert page.is_checked("input[name=alcohol_sold][value=no]")
    keyboard_submit(page)
    tab_to(page, "input[name=food_stands]")
    page.keyboard.type("0")
    keyboard_submit(page)
    assert page.url.endswith("/result")
    assert page.locator("h1").inner_text() == "Your event is exempt from this permit"


def test_back_forward_and_reload_keep_the_interview(page, live_server):
    page.goto(f"{live_server}/for/baroda-mi")
    wait_for_new_content(page, lambda: page.get_by_role("button", name="Start now").click())
    fill_page(page, BIG_FESTIVAL)
    submit_and_wait(page)
    fill_page(page, BIG_FESTIVAL)
    submit_and_wait(page)
    assert "/step/organizer" in page.url
    wait_for_new_content(page, page.go_back)
    assert page.url.endswith("/step/setting")
    assert page.is_checked("input[name=setting][value=outdoors]")
    wait_for_new_content(page, page.go_forward)
    assert page.url.endswith("/step/organizer")
    page.reload()
    assert page.locator("h1").inner_text() == "Who is applying?"
    wait_for_new_content(page, lambda: page.get_by_role("link", name="Back").click())
    assert page.url.endswith("/step/setting")
    assert page.is_checked("input[name=setting][value=outdoors]")


def test_changing_an_answer_keeps_later_answers_and_asks_only_what_is_new(page, live_server):
    story = {**BIG_FESTIVAL, "resides_locally": True}
    shown = run_story(page, live_server, "whitesboro-ny", story)
    assert "agent" not in shown
    check_url = page.url.replace("/result", "/check")
    page.goto(check_url)
    page.get_by_role("link", name="Change are you, or the group you apply for, based in the village?").click()
    page.wait_for_selector("input[name=resides_locally]")
    page.check("input[name=resides_locally][value=no]")
    submit_and_wait(page)
    assert STEP_URL.search(page.url).group(1) == "agent"  # newly relevant, and nothing else
    fill_page(page, story)
    submit_and_wait(page)
    assert page.url.endswith("/check")
    text = page.locator("main").inner_text()
    for kept in ("Harvest Moon Festival", "Zoë Núñez", "Ann Oneida", "5,000"):
        assert kept in text
