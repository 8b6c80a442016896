"""Clerks in a real browser: the link builder, a clerk's link opened fresh, a bad link, the office
card on the result page, in the packet and in the calendar (and without one), the print view,
and retention with `wizard purge`. Every new page is audited with axe-core at phone width."""
from __future__ import annotations

import sqlite3
from io import BytesIO
from pathlib import Path

import pytest
from click.testing import CliRunner
from icalendar import Calendar
from pypdf import PdfReader

from wizard.cli import main
from wizard.store.retention import moment_ago
from wizard.web.app import create_app

from tests.support.stories import PATHS
from tests.browser.story import run_story, STEP_URL, wait_for_new_content
from tests.browser.conftest import PHONE
from tests.browser.phone import audit
from tests.support.pdf_text import pdfium_page_texts

OFFICES = Path(__file__).resolve().parent.parent / "fixtures" / "offices.yaml"


@pytest.fixture
def phone(phone_pages):
    """A browser context at phone width: axe and the no-sideways-scrolling check both apply."""
    return phone_pages


def pdf_text(path) -> str:
    return " ".join(" ".join(text.split()) for text in pdfium_page_texts(Path(path).read_bytes()))


def test_the_builder_makes_a_link_that_opens_prefilled_in_a_fresh_browser(phone, live_server):
    page = phone()
    page.goto(f"{live_server}/clerks")
    audit(page, "clerks' link builder")
    assert page.input_value("#site") == live_server  # filled in from the address bar
    page.select_option("#jurisdiction", "baroda-mi")
    page.fill("input[name=event_name]", "Harvest Moon Fair")
    page.fill("input[name=max_attendance]", "2500")
    page.check("input[name=property_owner][value=private]")
    wait_for_new_content(page, lambda: page.get_by_role("button", name="Make the link").click())
    qr = page.locator("img.qr__image")
    assert qr.is_visible() and page.evaluate("document.querySelector('img.qr__image').naturalWidth") > 0
    link = page.input_value("#clerk-link-text")
    assert link.startswith(f"{live_server}/for/baroda-mi?") and "max_attendance=2500" in link
    assert page.get_by_role("button", name="Copy the link").is_visible()
    audit(page, "clerks' link builder with a link")
    page.get_by_role("link", name="Printable handout with the link and QR code").click()
    page.wait_for_selector("text=Have these at hand")
    assert page.locator("img.qr__image").is_visible() and page.get_by_text(link).count() == 1
    audit(page, "clerks' handout")

    organizer = phone()  # a fresh browser: the organizer's, with nothing of the clerk's
    organizer.goto(link)
    assert organizer.get_by_role("heading", name="Your clerk filled in: 3 answers").is_visible()
    assert organizer.input_value("input[name=event_name]") == "Harvest Moon Fair"
    assert organizer.is_checked("input[name=property_owner][value=private]")
    audit(organizer, "start page with the clerk's answers")
    organizer.fill("input[name=event_name]", "Harvest Moon Fair 2027")  # each answer can be changed
    wait_for_new_content(organizer, lambda: organizer.get_by_role("button", name="Start now").click())
    assert STEP_URL.search(organizer.url).group(1) == "setting"  # who owns the land is not asked again


def test_the_builder_works_with_javascript_off(browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport=PHONE)
    page = context.new_page()
    try:
        page.goto(f"{live_server}/clerks")
        page.select_option("#jurisdiction", "dekalb-il")
        page.fill("#site", live_server)  # this site's own address, as in the address bar
        page.check("input[name=setting][value=outdoors]")
        page.get_by_role("button", name="Make the link").click()
        page.wait_for_selector("img.qr__image")
        assert page.input_value("#clerk-link-text").startswith(f"{live_server}/for/dekalb-il?setting=outdoors&sig=")
        assert not page.get_by_role("button", name="Copy the link").is_visible()  # needs JavaScript
    finally:
        context.close()


def test_a_bad_link_is_explained_in_plain_words(phone, live_server):
    page = phone()
    page.goto(f"{live_server}/for/baroda-mi?overnight_stay=maybe&max_attendance=lots&colour=red")
    text = page.locator("main").inner_text()
    assert ("The link had an answer we could not use for “Will people sleep at the site, for example in "
            "tents or campers?”. We will ask you.") in text
    assert "The link had an answer we do not use." in text
    for key in ("overnight_stay", "max_attendance", "colour", "maybe", "expected"):
        assert key not in text
    audit(page, "start page after a bad link")


def test_error_states_of_the_builder_and_of_a_changed_clerks_answer(phone, live_server):
    page = phone()
    page.goto(f"{live_server}/clerks?jurisdiction=baroda-mi&max_attendance=lots&site=nowhere")
    assert page.locator(".error-summary").is_visible()
    audit(page, "clerks' link builder with errors")
    page.goto(f"{live_server}/for/baroda-mi?max_attendance=300")
    page.fill("input[name=max_attendance]", "20000000")
    wait_for_new_content(page, lambda: page.get_by_role("button", name="Start now").click())
    assert "Enter a whole number from 0 to 10,000,000" in (
        page.locator(".error-summary").inner_text())
    assert page.input_value("input[name=max_attendance]") == "20000000"  # nothing lost
    audit(page, "start page with a changed clerk's answer that cannot be used")


def finish_baroda(page, base: str) -> None:
    jurisdiction, story, _, _ = PATHS["baroda-festival"]
    run_story(page, base, jurisdiction, story)


def test_the_office_card_is_on_the_result_page_packet_calendar_and_print_view(phone, serve_app, book, tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "o.db"), "SECRET_KEY": "o", "RULEBOOK": book,
                      "OFFICES_FILE": str(OFFICES)})
    base = serve_app(app)
    page = phone(accept_downloads=True)
    finish_baroda(page, base)
    card = page.locator("section.office-card")
    assert "(555) 010-0199" in card.inner_text() and "Monday to Thursday, 9 a.m. to 3 p.m." in card.inner_text()
    assert card.get_by_role("link", name="clerk@example.org").is_visible()
    assert "We keep your answers for 90 days" in page.locator("main").inner_text()
    audit(page, "result page with an office card")
    with page.expect_download(timeout=60_000) as packet:  # WeasyPrint: a first packet takes seconds on a busy machine
        # A plain link (an attachment downloads and the page stays): not waiting for its "navigation",
        # which lasts while the packet is made.
        page.get_by_role("link", name="Download the packet (PDF)").click(no_wait_after=True)
    text = pdf_text(packet.value.path())
    assert "100 Test Street, Baroda, MI 49101" in text and "(555) 010-0199" in text
    with page.expect_download() as calendar:
        page.get_by_role("link", name="Add the deadlines to your calendar (.ics)").click()
    events = Calendar.from_ical(Path(calendar.value.path()).read_bytes()).walk("VEVENT")
    filing = next(e for e in events if str(e["summary"]).removeprefix("Our advice: ").lower().startswith("file"))
    assert "Phone: (555) 010-0199" in str(filing["description"]) and "100 Test Street" in str(filing["location"])

    wait_for_new_content(page, lambda: page.get_by_role("link", name="Print view of the packet and checklist").click())
    assert page.get_by_role("heading", name="Checklist").is_visible()
    assert "(555) 010-0199" in page.locator("section.office-card").inner_text()
    assert page.get_by_role("button", name="Print").is_visible()
    audit(page, "print view")
    page.emulate_media(media="print")
    assert not page.locator(".site-header").is_visible() and not page.get_by_role("button", name="Print").is_visible()
    assert page.get_by_role("heading", name="Checklist").is_visible()


def test_with_no_office_card_the_pages_say_whom_to_contact(phone, live_server, book):
    jurisdiction, story, _, _ = PATHS["whitesboro-one-day-fair"]
    office = book.jurisdictions[jurisdiction].file_with
    page = phone(accept_downloads=True)
    run_story(page, live_server, jurisdiction, story)
    card = page.locator("section.office-card").inner_text()
    assert f"contact {office} to ask for them" in card and "Phone" not in card
    audit(page, "result page without an office card")
    with page.expect_download(timeout=60_000) as packet:  # WeasyPrint: a first packet takes seconds on a busy machine
        # A plain link (an attachment downloads and the page stays): not waiting for its "navigation",
        # which lasts while the packet is made.
        page.get_by_role("link", name="Download the packet (PDF)").click(no_wait_after=True)
    assert f"Contact {office} to ask for its address" in pdf_text(packet.value.path())
    with page.expect_download() as calendar:
        page.get_by_role("link", name="Add the deadlines to your calendar (.ics)").click()
    ics = Calendar.from_ical(Path(calendar.value.path()).read_bytes())
    filing = next(e for e in ics.walk("VEVENT") if str(e["summary"]).removeprefix("Our advice: ").lower().startswith("file"))
    assert f"Contact {office}" in str(filing["description"]) and "location" not in filing


def start_interview(page, base: str) -> str:
    page.goto(f"{base}/for/baroda-mi")
    wait_for_new_content(page, lambda: page.get_by_role("button", name="Start now").click())
    return page.url


def test_retention_and_wizard_purge_delete_only_what_is_old(phone, live_app, live_server):
    page = phone()
    old, new = start_interview(page, live_server), start_interview(page, live_server)
    old_id = old.split("/i/")[1].split("/")[0]
    with sqlite3.connect(live_app.config["DATABASE"]) as db:
        db.execute("UPDATE interviews SET updated_at = ? WHERE id = ?", (moment_ago(100 * 86400), old_id))
    runner = CliRunner()
    dry = runner.invoke(main, ["purge", "--db", live_app.config["DATABASE"], "--dry-run"])
    assert "Would delete 1 interview" in dry.output
    page.goto(old)
    assert page.locator("h1").inner_text() != "Page not found"  # a dry run deletes nothing
    done = runner.invoke(main, ["purge", "--db", live_app.config["DATABASE"], "--older-than", "90"])
    assert done.exit_code == 0 and "Deleted 1 interview not changed for 90 days" in done.output
    page.goto(old)
    assert page.locator("h1").inner_text() == "Page not found"
    page.goto(new)
    assert STEP_URL.search(page.url) and page.locator("form.step-form").is_visible()


def test_the_handout_prints_on_one_letter_page_with_an_office_card_and_seven_answers(browser, serve_app, book,
                                                                                      tmp_path):
    """docs/office.md's promise: the clerks' handout, with the QR code, an eight-field
    office card and seven answers filled in, prints on one US Letter page."""
    app = create_app({"DATABASE": str(tmp_path / "h.db"), "SECRET_KEY": "h", "RULEBOOK": book,
                      "OFFICES_FILE": str(OFFICES), "PUBLIC_URL": "https://permits.example.org"})
    base = serve_app(app)
    seven = {"event_name": "Harvest+Moon+Fair", "starts_at": "2027-07-09T12:00", "ends_at": "2027-07-10T23:00",
             "max_attendance": "800", "site_address": "400+River+Road,+Baroda", "property_owner": "private",
             "setting": "outdoors"}
    page = browser.new_page()
    page.goto(f"{base}/clerks/handout?jurisdiction=baroda-mi&" + "&".join(f"{k}={v}" for k, v in seven.items()))
    assert page.locator(".handout > dl.summary-list .summary-list__row").count() == 7
    card = page.locator(".handout .office-card").inner_text()
    for value in ("Village Clerk's office", "100 Test Street", "Monday to Thursday", "(555) 010-0199",
                  "clerk@example.org", "Check payable", "The packet this wizard makes", "example.org/baroda/permits"):
        assert value in card, value
    pdf = page.pdf(format="Letter", print_background=True)
    page.close()
    assert len(PdfReader(BytesIO(pdf)).pages) == 1
