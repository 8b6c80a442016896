"""The task list (docs/decisions/0015-no-dead-ends-for-the-organizer.md) in Chromium, JavaScript on and
off: a festival reaches the task list from a question page, opens "The site" from it, answers its pages
and comes back to the list with the section done; the list offers "Email me the link", which arrives. axe
finds nothing on the list (fresh, with a section done, after the email) and on a page opened from it."""
from __future__ import annotations

import re

import pytest

from tests.support.organizer import festival_after_the_verdict
from tests.browser.audit import audit
from tests.support.stories import PATHS
from tests.browser.story import fill_page, submit_and_wait, wait_for_new_content

ADDRESS = "ann@example.org"


def states(page) -> dict[str, str]:
    return {row.locator(".task-list__name > :first-child").inner_text(): row.locator(".task-list__status").inner_text()
            for row in page.locator(".task-list__item").all()}


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_the_task_list_in_a_browser(browser, office, javascript):
    base, _, inbox, app = office
    ident, _ = festival_after_the_verdict(app)
    context = browser.new_context(java_script_enabled=javascript)
    context.javascript_enabled = javascript  # what audit() reads
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        page.goto(f"{base}/i/{ident}")
        wait_for_new_content(page, lambda: page.get_by_role("link", name="See every section of your application").click())
        assert page.url == f"{base}/i/{ident}/tasks"
        assert page.title() == "Your permit application – Mass Gathering Permit Wizard"
        assert states(page)["The site"].upper() == "NOT STARTED" and states(page)["Do you need a permit?"] == "Done"
        audit(page, f"task list ({javascript=})")

        wait_for_new_content(page, lambda: page.get_by_role("link", name="The site").click())
        assert re.search(r"/step/site\?return=tasks$", page.url)
        audit(page, f"a page opened from the task list ({javascript=})")
        story = PATHS["whitesboro-festival"][1]
        for _ in range(3):  # the site, the right to use the land, where the event will be
            fill_page(page, story)
            submit_and_wait(page)
            assert page.locator(".error-summary").count() == 0
        assert page.url == f"{base}/i/{ident}/tasks"
        assert states(page)["The site"] == "Done"
        assert page.get_by_text("2 of 5 sections done.").is_visible()
        audit(page, f"task list with a section done ({javascript=})")

        page.fill("#by-email-address", ADDRESS)
        wait_for_new_content(page, lambda: page.get_by_role("button", name="Email me the link", exact=True).click())
        assert page.url.split("#")[0] == f"{base}/i/{ident}/tasks"
        assert page.locator(".notice").first.inner_text().startswith(f"We sent the link to {ADDRESS}")
        (mail,) = inbox.wait_for(ADDRESS)
        assert f"/i/{ident}" in str(mail)
        audit(page, f"task list after the email ({javascript=})")
    finally:
        context.close()
