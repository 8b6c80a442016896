"""The switch to the other language in Chromium (docs/decisions/0002-spanish-beside-the-law.md), with
JavaScript on (htmx posts the step's form to the switch, which answers with a whole page load) and off
(the button posts the form): the page comes back in the other language, what was typed and not yet sent
still in its box, at the same step, `<html lang>` right, axe finds nothing; and back again."""
from __future__ import annotations

import pytest

from tests.browser.audit import audit
from tests.browser.story import wait_for_new_content


@pytest.mark.parametrize("javascript", [True, False], ids=["javascript", "no-javascript"])
def test_the_switch_keeps_the_typed_answer_and_the_step(request, live_server, javascript):
    page = request.getfixturevalue("page" if javascript else "page_no_js")
    page.context.javascript_enabled = javascript  # for the audit (tests/browser/audit.py)
    page.goto(f"{live_server}/for/dekalb-il")
    assert page.locator("html").get_attribute("lang") == "en"
    wait_for_new_content(page, lambda: page.get_by_role("button", name="Start now").click())
    step_url = page.url
    assert step_url.endswith("/step/dates")
    page.locator("#starts_at").fill("7/16/2027")
    page.locator("#starts_at_time").fill("2:00 PM")

    wait_for_new_content(page, lambda: page.get_by_role("button", name="Español").click())
    assert page.url == step_url
    assert page.locator("html").get_attribute("lang") == "es"
    assert page.locator("#starts_at").input_value() == "7/16/2027"
    assert page.locator("#starts_at_time").input_value() == "2:00 PM"
    assert page.get_by_role("button", name="Continuar").is_visible()
    assert page.locator(".why__title").inner_text() == "Por qué preguntamos"
    audit(page, "a step in Spanish")

    page.locator("#ends_at").fill("17 de julio de 2027")
    wait_for_new_content(page, lambda: page.get_by_role("button", name="English").click())
    assert page.url == step_url and page.locator("html").get_attribute("lang") == "en"
    assert page.locator("#starts_at").input_value() == "7/16/2027"
    assert page.locator("#ends_at").input_value() == "17 de julio de 2027"
    assert page.get_by_role("button", name="Continue").is_visible()


def dates_typed(page, live_server) -> str:
    """DeKalb's first step with both dates and times typed, not sent; its address."""
    page.goto(f"{live_server}/for/dekalb-il")
    wait_for_new_content(page, lambda: page.get_by_role("button", name="Start now").click())
    for box, value in (("starts_at", "7/16/2027"), ("starts_at_time", "2:00 PM"), ("ends_at", "7/17/2027"),
                       ("ends_at_time", "10:00 PM")):
        page.locator(f"#{box}").fill(value)
    return page.url


def test_a_step_swapped_in_by_htmx_brings_its_own_switch(page, live_server):
    """With JavaScript on, the next step arrives by htmx: the switch outside it must post that step."""
    page.context.javascript_enabled = True
    first = dates_typed(page, live_server)
    wait_for_new_content(page, lambda: page.click("form.step-form > button[type=submit]"))
    second = page.url
    assert second != first
    wait_for_new_content(page, lambda: page.get_by_role("button", name="Español").click())
    assert page.url == second and page.locator("html").get_attribute("lang") == "es"
    audit(page, "the next step in Spanish")


@pytest.mark.parametrize("javascript", [True, False], ids=["javascript", "no-javascript"])
def test_enter_in_a_box_still_continues_not_switches(request, live_server, javascript):
    page = request.getfixturevalue("page" if javascript else "page_no_js")
    step_url = dates_typed(page, live_server)
    wait_for_new_content(page, lambda: page.locator("#ends_at_time").press("Enter"))
    assert page.url != step_url and page.locator("html").get_attribute("lang") == "en"
