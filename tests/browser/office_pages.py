"""Browser helpers for the office's stories: a clerk's first sign-in, clicks that wait, audits."""
from __future__ import annotations

from tests.browser.story import wait_for_new_content


def click(page, name: str, role: str = "button") -> None:
    wait_for_new_content(page, lambda: page.get_by_role(role, name=name).click())


PASSWORD = "a long and private passphrase"


def new_page(browser, javascript: bool):
    page = browser.new_context(java_script_enabled=javascript).new_page()
    page.context.javascript_enabled = javascript
    page.set_default_timeout(20_000)
    return page


def first_sign_in(clerk, password_link: str, application_url: str, email: str, password: str = PASSWORD) -> None:
    """A new clerk sets a password from the emailed link, then signs in on the way to an application."""
    clerk.goto(password_link)
    clerk.fill("#password", password)
    clerk.fill("#again", password)
    click(clerk, "Set my password")
    clerk.goto(application_url)
    clerk.fill("#email", email)
    clerk.fill("#password", password)
    click(clerk, "Sign in")
