"""The repeatable people list (partners, officers, directors) in Chromium, with JavaScript on
(htmx swaps the step in place) and off (the same buttons reload the page)."""
from __future__ import annotations

import pytest

from .stories import BIG_FESTIVAL
from .story import STEP_URL, fill_page, submit_and_wait, wait_for_new_content


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
    page.get_by_label("Full name").nth(n).fill(name)
    page.get_by_label("Age (optional)").nth(n).fill(age)
    page.get_by_label("Home address (optional)").nth(n).fill(address)


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
    type_person(page, 2, "Cy Diaz", "38", "9 Pine Rd")
    press(page, "Remove person 2")
    assert rows(page) == [("Ann Lee", "51", "2 Oak St"), ("Cy Diaz", "38", "9 Pine Rd")]

    page.get_by_label("Age (optional)").nth(1).fill("thirty-eight")
    submit_and_wait(page)
    # the summary says what the row says (issue 35, item 7), not the packet's label for the list
    assert page.locator(".error-summary a").inner_text() == "Enter the age of person 2 as a whole number, like 42"
    assert page.locator("#officers-1-error").inner_text().endswith("Enter the age of person 2 as a whole number, like 42")
    assert rows(page)[1] == ("Cy Diaz", "thirty-eight", "9 Pine Rd")  # what was typed is kept
    page.get_by_label("Age (optional)").nth(1).fill("38")
    # Enter in a box continues (it must not press the row's "Remove" or "Add another person").
    wait_for_new_content(page, lambda: page.get_by_label("Age (optional)").nth(1).press("Enter"))
    assert page.url.endswith("/step/in-charge")  # the next step of "About you" (issue 23)

    page.goto(officers_url)
    assert rows(page) == [("Ann Lee", "51", "2 Oak St"), ("Cy Diaz", "38", "9 Pine Rd")]


@pytest.mark.parametrize("javascript", [True, False], ids=["javascript", "no-javascript"])
def test_back_after_adding_a_person_lands_on_a_page(request, live_server, javascript):
    """"Add another person" and "Remove" redirect after their post: Back and Forward never show
    Chromium's "Confirm Form Resubmission" (net::ERR_CACHE_MISS), and the rows typed are kept."""
    page = request.getfixturevalue("page" if javascript else "page_no_js")
    walk_to(page, live_server, "baroda-mi", "officers")
    officers_url = page.url
    type_person(page, 0, "Ann Lee", "51", "2 Oak St")
    press(page, "Add another person")
    type_person(page, 1, "Bo Park", "", "")
    press(page, "Add another person")
    press(page, "Remove person 3")
    assert rows(page) == [("Ann Lee", "51", "2 Oak St"), ("Bo Park", "", "")]
    page.reload()  # a reload repeats a GET, not the post
    assert page.locator("h1").inner_text().strip() == "Who are the partners, officers or directors?"
    page.go_back()
    page.wait_for_selector("h1")
    assert page.locator("h1").count() == 1
    page.go_forward()
    page.wait_for_selector("h1")
    assert page.url == officers_url
    assert page.locator("h1").inner_text().strip() == "Who are the partners, officers or directors?"
