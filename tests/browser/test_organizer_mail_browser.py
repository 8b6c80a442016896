"""Email me the link and reminders in Chromium, JavaScript on and off, with a real SMTP server
(aiosmtpd): the organizer finishes, types an address, asks for the link and reminders; the mails
arrive; the stop link in a reminder opens a page whose button stops them. axe finds nothing on the
result page's box and the reminders page."""
from __future__ import annotations

import re

import pytest

from tests.support.office import body
from tests.browser.audit import audit
from tests.support.stories import PATHS
from tests.browser.story import run_story, wait_for_new_content

ADDRESS = "ann@example.org"


def press(page, name: str) -> None:
    wait_for_new_content(page, lambda: page.get_by_role("button", name=name, exact=True).click())


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_the_link_and_reminders_by_email(browser, office, javascript):
    base, _, inbox, _ = office
    context = browser.new_context(java_script_enabled=javascript)
    context.javascript_enabled = javascript
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        jurisdiction, story, _, _ = PATHS["baroda-festival"]
        run_story(page, base, jurisdiction, story)
        result_url = page.url
        audit(page, "result page with the email box")
        page.fill("#by-email-address", "not an address")
        press(page, "Email me the link")
        assert page.locator(".notice").first.inner_text() == "Enter an email address like name@example.com."
        page.fill("#by-email-address", ADDRESS)
        press(page, "Email me the link and reminders")
        assert page.locator(".notice").first.inner_text().startswith(f"Reminders set. We will email {ADDRESS} on")
        assert page.url.split("#")[0] == result_url
        (confirmation,) = inbox.wait_for(ADDRESS)
        assert confirmation["Subject"] == "Your permit reminders are set"
        stop_link = re.search(r"http://\S+/reminders", body(confirmation)).group(0)
        assert result_url.rsplit("/", 1)[0] in body(confirmation)  # the interview's own link

        page.goto(stop_link)
        assert page.locator("h1").inner_text() == "Your reminders by email"
        assert page.locator(".reminder-days li").count() >= 2
        audit(page, "reminders page")
        press(page, "Stop the reminders")
        assert page.locator(".notice").inner_text() == "Reminders stopped. We deleted your email address."
        assert page.locator(".no-reminders").count() == 1
        audit(page, "reminders page, stopped")
    finally:
        context.close()
