"""Drive an interview from a table of answers, as ALKiln's story tables do.

Whatever page appears, fill each field on it from the story; a field the story lacks fails the
test (so a question asked that should not be is caught). Returns the step ids shown, in order.
"""
from __future__ import annotations

import re

STEP_URL = re.compile(r"/i/[A-Za-z0-9_-]+/step/([a-z0-9-]+)")


PERSON_INPUT = re.compile(r"^[a-z_]+-\d+-(name|age|address)$")
ROW_BUTTONS = ("add_person", "remove_person")


def fill_people(page, key: str, people: list) -> None:
    """A people list: press "Add another person" until there is a row for each, then type them in."""
    for _ in range(len(people)):
        if page.locator(f"fieldset#{key} [data-person]").count() >= len(people):
            break
        wait_for_new_content(page, lambda: page.click(f"button[name=add_person][value={key}]"))
    for n, person in enumerate(people):
        for part in ("name", "age", "address"):
            value = person.get(part)
            page.fill(f"[name='{key}-{n}-{part}']", "" if value is None else str(value))


FIELDS = """els => [...new Set(els.map(e => e.name))].map(name => {
  const first = document.querySelector(`form.step-form [name='${CSS.escape(name)}']`);
  return [name, first.getAttribute("data-part"), first.getAttribute("type")];
})"""


def fill_page(page, story: dict) -> None:
    for key in page.eval_on_selector_all("form.step-form fieldset.people", "els => els.map(e => e.id)"):
        assert key in story, f"the page at {page.url} asks {key!r}, which the story does not answer"
        fill_people(page, key, story[key] or [])
    # Each name shown, with the data-part and type of the first element of that name (as
    # `page.locator(...).first` finds it), read in one call instead of two round trips a field.
    fields = page.eval_on_selector_all("form.step-form [name]:not([type=hidden])", FIELDS)
    for name, part, kind in fields:
        if name in ROW_BUTTONS or PERSON_INPUT.match(name):
            continue
        inputs = page.locator(f"form.step-form [name='{name}']")
        key = name.removesuffix("_time") if part == "time" else name  # a date and time as two fields
        assert key in story, f"the page at {page.url} asks {key!r}, which the story does not answer"
        value = story[key]
        if part:  # the story gives "2027-07-09T12:00": the date field takes the date, the time field the time
            inputs.first.fill("" if value is None else value.split("T")[0 if part == "date" else 1])
            continue
        if kind == "radio":
            choice = {True: "yes", False: "no"}.get(value, value)
            page.check(f"form.step-form input[name='{name}'][value='{choice}']")
        elif kind == "checkbox":
            for box in inputs.all():
                wanted = box.get_attribute("value") in value
                box.set_checked(wanted)
        else:
            inputs.first.fill("" if value is None else str(value))


MARK_STALE = "document.getElementById('content').insertAdjacentHTML('beforeend', '<i id=stale-marker></i>')"


def wait_for_new_content(page, action) -> None:
    """Run `action` and wait until the page content was replaced (htmx swap or full load).

    Waits with selectors, not wait_for_function, which would need eval and so break under the
    site's Content-Security-Policy; the browser tests run with the real CSP in force."""
    page.evaluate(MARK_STALE)
    action()
    page.wait_for_selector("#stale-marker", state="detached")
    page.wait_for_selector(".htmx-request, .htmx-swapping, .htmx-settling", state="detached")
    page.wait_for_load_state()


def submit_and_wait(page) -> None:
    wait_for_new_content(page, lambda: page.click("form.step-form > button[type=submit]"))


def run_story(page, base_url: str, jurisdiction: str, story: dict, max_steps: int = 30) -> list[str]:
    """From the clerk's link for `jurisdiction` to the result page; returns the steps shown."""
    page.goto(f"{base_url}/for/{jurisdiction}")
    wait_for_new_content(page, lambda: page.get_by_role("button", name="Start now").click())
    return answer_to_result(page, story, max_steps)


def answer_to_result(page, story: dict, max_steps: int = 30) -> list[str]:
    """From the interview's first step to the result page; returns the steps shown."""
    shown: list[str] = []
    for _ in range(max_steps):
        page.wait_for_selector("h1")
        match = STEP_URL.search(page.url)
        if match is None:
            break
        shown.append(match.group(1))
        fill_page(page, story)
        submit_and_wait(page)
        assert page.locator(".error-summary").count() == 0, (
            f"validation error on {shown[-1]}: {page.locator('.error-summary').inner_text()}")
    if page.url.endswith("/check"):
        wait_for_new_content(page, lambda: page.get_by_role("link", name="See your result").click())
        page.wait_for_selector(".panel h1")
    assert page.url.endswith("/result"), page.url
    return shown


def open_all_parts(page) -> None:
    """Open every part of the page that opens on demand (the result page's <details>)."""
    parts = page.locator("details")
    for n in range(parts.count()):
        if parts.nth(n).get_attribute("open") is None:
            parts.nth(n).locator("> summary").click()
