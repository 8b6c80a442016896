"""The repeatable people list (partners, officers, directors) in Chromium, with JavaScript on
(htmx swaps the step in place) and off (the same buttons reload the page)."""
from __future__ import annotations

import pytest

from tests.support.stories import BIG_FESTIVAL
from tests.browser.story import fill_page, STEP_URL, submit_and_wait, wait_for_new_content


def walk_to(page, base_url: str, jurisdiction: str, step_id: str) -> None:
    page.goto(f"{base_url}/for/{jurisdiction}")
    wait_for_new_content(page, lambda: page.get_by_role("button", name="Start now").click())
    for _ in range(30):
        page.wait_for_selector("h1")
        if page.url.endswith(f"/step/{step_id}"):
            return
        assert STEP_URL.search(page.url), page.url
        fill_page(page, BIG_FESTIVAL)
        submit_and_wait(page)
    raise AssertionError(f"never reached {step_id}")


def rows(page) -> list[tuple[str, str, str]]:
    return [tuple(row.locator("input").nth(n).input_value() for n in range(3))
            for row in page.locator("fieldset#officers [data-person]").all()]


def type_person(page, n: int, name: str, age: str, address: str) -> None:
    """Baroda (a) needs each officer's age and address: the boxes say "Age", "Home address"."""
    page.get_by_label("Full name").nth(n).fill(name)
    page.get_by_label("Age", exact=True).nth(n).fill(age)
    page.get_by_label("Home address", exact=True).nth(n).fill(address)


def press(page, name: str) -> None:
    wait_for_new_content(page, lambda: page.get_by_role("button", name=name, exact=True).click())


@pytest.mark.parametrize("javascript", [True, False], ids=["javascript", "no-javascript"])
def test_people_are_added_removed_and_saved(request, live_server, javascript):
    page = request.getfixturevalue("page" if javascript else "page_no_js")
    walk_to(page, live_server, "baroda-mi", "officers")
    officers_url = page.url
    assert page.locator("h1").inner_text().strip() == "Who are the partners, officers or directors?"
    assert rows(page) == [("", "", "")]
    assert page.get_by_role("button", name="Remove", exact=False).count() == 0  # nothing to remove from one row

    type_person(page, 0, "Ann Lee", "51", "2 Oak St")
    if javascript:
        page.evaluate("window.stillTheSamePage = true")
    press(page, "Add another person")
    assert rows(page) == [("Ann Lee", "51", "2 Oak St"), ("", "", "")]
    assert page.locator(".error-summary").count() == 0  # the new empty row is not an error
    assert page.url == officers_url  # nothing saved, still on this step
    if javascript:
        assert page.evaluate("window.stillTheSamePage === true")  # htmx swapped the step in place
        assert page.evaluate("document.activeElement.id") == "officers-1"  # typing goes on in the new row

    type_person(page, 1, "Bo Park", "", "")
    press(page, "Add another person")
    assert page.locator(".error-summary").count() == 0  # a row still being typed is not an error yet
    type_person(page, 2, "Cy Diaz", "38", "9 Pine Rd")
    press(page, "Remove person 2")
    assert rows(page) == [("Ann Lee", "51", "2 Oak St"), ("Cy Diaz", "38", "9 Pine Rd")]

    page.get_by_label("Age", exact=True).nth(1).fill("thirty-eight")
    submit_and_wait(page)
    # the summary says what the row says, not the packet's label for the list
    assert page.locator(".error-summary a").inner_text() == "Enter the age of person 2 as a whole number, like 42"
    assert page.locator("#officers-1-error").inner_text().endswith("Enter the age of person 2 as a whole number, like 42")
    assert rows(page)[1] == ("Cy Diaz", "thirty-eight", "9 Pine Rd")  # what was typed is kept
    page.get_by_label("Age", exact=True).nth(1).fill("38")
    # Enter in a box continues (it must not press the row's "Remove" or "Add another person").
    wait_for_new_content(page, lambda: page.get_by_label("Age", exact=True).nth(1).press("Enter"))
    assert page.url.endswith("/step/in-charge")  # the next step of "About you"

    page.goto(officers_url)
    assert rows(page) == [("Ann Lee", "51", "2 Oak St"), ("Cy Diaz", "38", "9 Pine Rd")]


def ann_and_bo(request, live_server, javascript: bool):
    """Baroda's officers page with Ann Lee typed in full and Bo Park's row added, name only."""
    page = request.getfixturevalue("page" if javascript else "page_no_js")
    walk_to(page, live_server, "baroda-mi", "officers")
    officers_url = page.url
    type_person(page, 0, "Ann Lee", "51", "2 Oak St")
    press(page, "Add another person")
    type_person(page, 1, "Bo Park", "", "")
    return page, officers_url


@pytest.mark.parametrize("javascript", [True, False], ids=["javascript", "no-javascript"])
def test_back_after_adding_a_person_lands_on_a_page(request, live_server, javascript):
    """"Add another person" and "Remove" redirect after their post: Back and Forward never show
    Chromium's "Confirm Form Resubmission" (net::ERR_CACHE_MISS), and the rows typed are kept."""
    page, officers_url = ann_and_bo(request, live_server, javascript)
    press(page, "Add another person")
    press(page, "Remove person 3")
    assert rows(page) == [("Ann Lee", "51", "2 Oak St"), ("Bo Park", "", "")]  # kept, not yet refused
    page.reload()  # a reload repeats a GET, not the post
    assert page.locator("h1").inner_text().strip() == "Who are the partners, officers or directors?"
    page.go_back()
    page.wait_for_selector("h1")
    assert page.locator("h1").count() == 1
    page.go_forward()
    page.wait_for_selector("h1")
    assert page.url == officers_url
    assert page.locator("h1").inner_text().strip() == "Who are the partners, officers or directors?"


@pytest.mark.parametrize("javascript", [True, False], ids=["javascript", "no-javascript"])
def test_an_officer_without_age_and_address_is_refused_in_place(request, live_server, javascript):
    """Baroda (a) asks every officer's age and address; a row with a name and a
    blank age gets its error beside the age box, the summary links there, and every row is kept."""
    page, officers_url = ann_and_bo(request, live_server, javascript)
    submit_and_wait(page)
    assert page.url == officers_url
    message = "Enter the age and home address of person 2 (Bo Park)"
    assert page.locator(".error-summary a").inner_text() == message
    assert page.locator("#officers-1-error").inner_text().endswith(message)
    assert page.locator("#officers-1-age").get_attribute("aria-describedby") == "officers-1-error"
    assert rows(page) == [("Ann Lee", "51", "2 Oak St"), ("Bo Park", "", "")]
    page.locator(".error-summary a").click()
    assert page.evaluate("document.activeElement.id") == "officers-1-age"  # the link takes you to the box
    type_person(page, 1, "Bo Park", "60", "4 Elm St")
    submit_and_wait(page)
    assert page.url.endswith("/step/in-charge")
    page.goto(officers_url)
    assert rows(page) == [("Ann Lee", "51", "2 Oak St"), ("Bo Park", "60", "4 Elm St")]
