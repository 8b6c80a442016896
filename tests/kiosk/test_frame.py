"""A screen is a kiosk (docs/decisions/0010-the-kiosk-keeps-nothing-of-a-person.md) from the moment it is
enrolled. htmx swaps only `#content`, and the kiosk's frame (Finish, the idle clear, the no-JavaScript
refresh) lies outside it: enrolment ends with a whole page, and a page whose frame differs from the one
on screen loads whole."""
from __future__ import annotations

import re

from click.testing import CliRunner

from wizard.cli import main

from tests.support.html import parse
from tests.support.kiosk import enrol, public_app, SECRET_NAME, started

# What htmx sends for a boosted link or form of a page drawn in the site's frame (base.html's hx-headers).
FROM_SITE_PAGE = {"HX-Request": "true", "HX-Boosted": "true", "X-Wizard-Frame": "site"}
FROM_KIOSK_PAGE = {**FROM_SITE_PAGE, "X-Wizard-Frame": "kiosk"}


def kiosk_link(app) -> str:
    """The path of a one-time link from `wizard kiosk-link`, as the clerk runs it."""
    result = CliRunner().invoke(main, ["kiosk-link", "--db", app.config["DATABASE"]])
    assert result.exit_code == 0, result.output
    return re.search(r"/kiosk/enrol/\S+", result.output).group(0)


def frame_of(page) -> tuple[str, str]:
    body = parse(page).body
    return body["data-frame"], body["hx-headers"]


def test_enrolling_through_htmx_ends_with_the_kiosk_page_loaded_whole(tmp_path, book):
    app = public_app(tmp_path, book)
    screen = app.test_client()
    path = kiosk_link(app)
    form = parse(screen.get(path)).select_one(f'form[action="{path}"]')
    assert form["hx-boost"] == "false"  # the button loads the next page whole
    # Even sent by htmx (a page from before), the page it leads to is not swapped into the site's frame.
    enrolled = screen.post(path, headers=FROM_SITE_PAGE)
    assert enrolled.status_code == 303
    start = enrolled.headers["Location"]
    swapped = screen.get(start, headers=FROM_SITE_PAGE)
    assert swapped.headers["HX-Redirect"] == start and swapped.get_data() == b""
    assert "X-Wizard-Frame" in swapped.headers["Vary"]
    whole = screen.get(start).get_data(as_text=True)
    assert "This screen is now a kiosk" in whole  # the message waited for the whole page
    assert "Finish and clear the screen" in whole
    assert frame_of(whole) == ("kiosk", '{"X-Wizard-Frame": "kiosk"}')


def test_a_page_of_the_frame_on_screen_is_swapped_and_of_the_other_loads_whole(tmp_path, book):
    app = public_app(tmp_path, book)
    home, screen = app.test_client(), app.test_client()
    assert frame_of(home.get("/")) == ("site", '{"X-Wizard-Frame": "site"}')
    at_home = home.get("/", headers=FROM_SITE_PAGE)
    assert "HX-Redirect" not in at_home.headers and "<body" not in at_home.get_data(as_text=True)
    enrol(app, screen)
    on_screen = screen.get("/", headers=FROM_KIOSK_PAGE)
    assert "HX-Redirect" not in on_screen.headers and "<body" not in on_screen.get_data(as_text=True)
    assert screen.get("/for/baroda-mi", headers=FROM_SITE_PAGE).headers["HX-Redirect"] == "/for/baroda-mi"
    # A kiosk page in a browser that is not a screen (its cookie deleted since) loads the site's frame.
    assert home.get("/?x=1", headers=FROM_KIOSK_PAGE).headers["HX-Redirect"] == "/?x=1"


def test_a_form_sent_from_a_page_of_the_other_frame_does_its_work_then_reloads_whole(tmp_path, book):
    app = public_app(tmp_path, book)
    screen = app.test_client()
    enrol(app, screen)
    ident = started(screen)
    step = f"/i/{ident}/step/applicant"
    refused = screen.post("/start", data={"jurisdiction": ""}, headers=FROM_SITE_PAGE)  # drawn, not redirected
    assert refused.headers["HX-Refresh"] == "true" and refused.get_data() == b""
    assert "Select where your event" in screen.post("/start", data={"jurisdiction": ""}).get_data(as_text=True)
    saved = screen.post(step, data={
        "applicant_name": SECRET_NAME, "applicant_age": "40", "applicant_address": "9 Secret Lane, Baroda, MI 49101",
        "applicant_phone": "555-0199", "applicant_email": "quentin@example.org"}, headers=FROM_SITE_PAGE)
    assert saved.status_code == 303  # saved; htmx follows the redirect, and that page loads whole
    assert screen.get(saved.headers["Location"], headers=FROM_SITE_PAGE).headers["HX-Redirect"] == saved.headers["Location"]
    assert SECRET_NAME in screen.get(step).get_data(as_text=True)
