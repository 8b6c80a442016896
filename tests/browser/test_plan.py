"""Deadlines first, and a plan to the day on the result page and in the calendar file."""
from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

from icalendar import Calendar

from tests.support.office_days import office_day
from tests.support.packet import FESTIVAL
from tests.browser.story import open_all_parts, wait_for_new_content
from tests.browser.phone import AXE
from tests.browser.conftest import PHONE
from tests.browser.organizer_pages import open_result

SHOTS = "/tmp/words11-shots"


def festival_on(first_day: date, jurisdiction: str = "whitesboro-ny") -> dict:
    last_day = first_day + timedelta(days=2)
    return {**FESTIVAL, "jurisdiction": jurisdiction, "starts_at": f"{first_day}T12:00",
            "ends_at": f"{last_day}T23:00", "bathing_beach": False, "swimming_pool": False, "for_gain": False}


def test_a_passed_deadline_leads_what_to_do_next(page, live_server):
    # Whitesboro: file 30 days before the first day. An event 10 days away missed it by 20 days.
    open_result(page, live_server, festival_on(office_day("whitesboro-ny") + timedelta(days=10)))
    next_steps = page.locator(".next-steps")
    lead = next_steps.locator(".notice").first
    assert lead.is_visible()
    # It comes before the list of steps, straight under the heading.
    assert next_steps.locator("h2 + .notice").count() == 1
    text = lead.inner_text()
    assert "The last day to file has passed" in text and "20 days ago" in text
    assert "Ask the Village Clerk whether a late application can be considered" in text
    # The steps no longer tell the organizer to file "by" a day already gone.
    assert " by " not in next_steps.locator("ol li").nth(1).inner_text()
    assert page.locator(".notice--danger").count() == 1  # said once, first; not again under Dates
    next_steps.screenshot(path=f"{SHOTS}/result-late-desktop.png")


def test_a_near_deadline_says_how_many_days_are_left(page, live_server):
    open_result(page, live_server, festival_on(office_day("whitesboro-ny") + timedelta(days=35)))
    lead = page.locator(".next-steps h2 + .notice--warning")
    assert "File soon: 5 days left." in lead.inner_text()


def test_the_plan_to_the_day_and_its_calendar_reminders(page, live_server):
    first_day = office_day("whitesboro-ny") + timedelta(days=120)
    open_result(page, live_server, festival_on(first_day))
    open_all_parts(page)  # the plan opens on demand
    plan = page.locator("ol.timeline > li")
    steps = [" ".join(text.split()) for text in plan.all_inner_texts()]
    assert steps[0].startswith("Today")
    file_by = first_day - timedelta(days=30)
    assert any(s.startswith(f"{file_by:%A, %B} {file_by.day}, {file_by.year} Last day to file your application")
               for s in steps), steps
    titles = steps
    expected_order = ["Last day to file", "Latest day for the decision", "Have everything ready for the permit",
                      "Riverbend Music Festival opens", "Riverbend Music Festival ends", "Remove all trash",
                      "The $500 deposit is returned"]
    positions = [next(i for i, s in enumerate(titles) if want in s) for want in expected_order]
    assert positions == sorted(positions), steps
    cleanup = next(s for s in steps if "Remove all trash" in s)
    last_day = first_day + timedelta(days=2)
    cleanup_day = last_day + timedelta(days=5)
    assert cleanup.startswith(f"{cleanup_day:%A, %B} {cleanup_day.day}, {cleanup_day.year}")
    page.locator("ol.timeline").screenshot(path=f"{SHOTS}/result-plan-desktop.png")
    assert page.locator(".glossary dt").first.inner_text() == "Verified petition"
    page.locator(".glossary").screenshot(path=f"{SHOTS}/result-glossary-desktop.png")
    page.set_viewport_size({"width": 360, "height": 800})
    page.locator("ol.timeline").screenshot(path=f"{SHOTS}/result-plan-phone.png")

    with page.expect_download() as download:
        page.get_by_role("link", name="Add the deadlines to your calendar (.ics)").click()
    calendar = Calendar.from_ical(Path(download.value.path()).read_bytes())
    events = {str(e["SUMMARY"]): e for e in calendar.walk("VEVENT")}
    assert events["File permit application with the Village Clerk"].decoded("DTSTART") == file_by
    cleanup_event = next(e for s, e in events.items() if "Remove all trash" in s)
    assert cleanup_event.decoded("DTSTART") == cleanup_day
    for summary, event in events.items():
        alarms = event.walk("VALARM")
        assert sorted(a.decoded("TRIGGER") for a in alarms) == [timedelta(days=-7), timedelta(days=-1)], summary
        assert all(str(a["ACTION"]) == "DISPLAY" for a in alarms)


def test_an_early_end_prints_a_one_page_summary(page, live_server):
    answers = {**festival_on(office_day("baroda-mi") + timedelta(days=200), "baroda-mi"), "property_owner": "municipal"}
    open_result(page, live_server, answers)
    wait_for_new_content(page, lambda: page.get_by_role("link", name="Print a one-page summary").click())
    assert page.url.endswith("/summary")
    assert page.locator("h1").inner_text() == "You do not need a license under this ordinance"
    assert page.locator(".reasons .citation").count() >= 1
    assert AXE.run(page).violations_count == 0
    page.screenshot(path=f"{SHOTS}/summary-desktop.png", full_page=True)
    page.emulate_media(media="print")
    assert not page.locator(".site-header").is_visible() and not page.locator(".no-print").is_visible()
    page.screenshot(path=f"{SHOTS}/summary-print.png", full_page=True)
    page.emulate_media(media="screen")
    page.set_viewport_size(PHONE)
    assert AXE.run(page).violations_count == 0
    page.screenshot(path=f"{SHOTS}/summary-phone.png", full_page=True)


def test_the_step_pages_name_the_sections(page, live_server):
    page.goto(f"{live_server}/for/baroda-mi")
    wait_for_new_content(page, lambda: page.get_by_role("button", name="Start now").click())
    current = page.locator(".sections [aria-current=step]")
    # Baroda asks first whose land it is, among the questions that settle the verdict
    # (docs/decisions/0006-sections-and-the-road.md).
    assert current.inner_text() == "Do you need a license?"
    names = page.locator(".sections li").all_inner_texts()
    assert names == ["Do you need a license?", "Your event", "About you", "The site", "Facilities"]
    assert AXE.run(page).violations_count == 0
    page.screenshot(path=f"{SHOTS}/step-sections-desktop.png")
    page.set_viewport_size(PHONE)
    page.screenshot(path=f"{SHOTS}/step-sections-phone.png")


def test_dates_are_typed_as_people_write_them(page, live_server):
    page.goto(f"{live_server}/for/whitesboro-ny")
    wait_for_new_content(page, lambda: page.get_by_role("button", name="Start now").click())
    page.get_by_label("Date").first.fill("2/30/2027")
    page.locator("[name=starts_at_time]").fill("10am")
    page.locator("[name=ends_at]").fill("07182027")
    page.locator("[name=ends_at_time]").fill("11:00 PM")
    wait_for_new_content(page, lambda: page.click("form.step-form button[type=submit]"))
    assert "February 2027 has no day 30" in page.locator(".error-summary").inner_text()
    assert page.locator("[name=starts_at]").input_value() == "2/30/2027"  # the typing is kept to correct
    assert AXE.run(page).violations_count == 0
    page.screenshot(path=f"{SHOTS}/dates-error-desktop.png")
    page.set_viewport_size(PHONE)
    page.screenshot(path=f"{SHOTS}/dates-error-phone.png", full_page=True)
    page.locator("[name=starts_at]").fill("07162027")
    wait_for_new_content(page, lambda: page.click("form.step-form button[type=submit]"))
    assert page.locator(".error-summary").count() == 0 and "/step/dates" not in page.url
