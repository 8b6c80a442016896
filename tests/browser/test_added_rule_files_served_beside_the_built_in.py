"""Three more jurisdictions served beside the built-in ones with `wizard serve --add-rules` (no
Python changed, interviews/questions.yaml untouched) and interviewed in the browser: a question
of the file's own with reworded shared options, consecutive hours with a per-period,
per-location fee, and fee classes by daily attendance."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.served import served_wizard
from tests.browser.story import open_all_parts, run_story

MORE = Path(__file__).resolve().parent.parent / "fixtures" / "more-jurisdictions"
PERSON = {"event_name": "Lakefront Days", "applicant_name": "Pat Lee"}


@pytest.fixture(scope="module")
def more_server(tmp_path_factory):
    db = tmp_path_factory.mktemp("more") / "w.db"
    with served_wizard("--db", str(db), "--add-rules", str(MORE)) as url:
        yield url


def test_the_added_jurisdictions_are_listed_with_the_built_in_ones(page, more_server):
    page.goto(more_server + "/")
    labels = page.locator("label").all_inner_texts()
    assert {"Town of Brownville (test fixture)", "Union County (test fixture)"} <= set(labels)
    assert any("Whitesboro" in label for label in labels)


def test_brownville_asks_its_own_question_in_its_own_words_and_an_exempt_event_can_sign(page, more_server):
    story = {"local_exempt_organizer": "religious_corporation_local", "sole_financial_benefit": True}
    shown = run_story(page, more_server, "brownville-ny", story)
    assert shown == ["organizer", "benefit"]
    assert page.locator("h1").inner_text() == "Your event is exempt from this permit"
    text = page.locator("main").inner_text()
    assert "§ 4(a)" in text and "the Town Clerk decides" in text  # the reason; a warning on an exempt outcome
    assert page.get_by_role("link", name="Download the summary with signature blocks (PDF)").count() == 1
    page.goto(page.url.replace("/result", "/step/organizer"))
    options = page.locator("form.step-form label").all_inner_texts()
    assert "A religious corporation in the town" in options and not any("village" in o for o in options)
    page.goto(page.url.replace("/step/organizer", "/step/benefit"))
    assert "Is the event held for the sole financial benefit of that group?" in page.locator("main").inner_text()


def test_pleasant_prairie_counts_consecutive_hours_periods_and_locations(page, more_server):
    story = {"max_attendance": 1500, "starts_at": "2027-07-01T10:00", "ends_at": "2027-07-03T23:00",
             "closes_overnight": True, "locations": 2, **PERSON}
    shown = run_story(page, more_server, "pleasant-prairie-wi", story)
    assert shown == ["crowd", "dates", "nights", "locations", "event"]
    assert page.locator("h1").inner_text() == "You need a license"
    open_all_parts(page)
    text = page.locator("main").inner_text()
    assert "Licence fee" in text and "$1,200" in text  # 6 periods of 12 hours, 2 locations
    assert "No deadline stated" in text and "Enter your event dates" not in text


def test_union_county_charges_by_daily_attendance(page, more_server):
    story = {"max_attendance": 3000, "total_attendance": 24000, "starts_at": "2027-07-01T10:00",
             "ends_at": "2027-07-03T23:00", **PERSON}
    shown = run_story(page, more_server, "union-county-il", story)
    assert shown == ["crowd", "dates", "event"]
    assert page.locator("h1").inner_text() == "You need a permit"
    open_all_parts(page)
    text = page.locator("main").inner_text()
    assert "Permit fee (by class)" in text and "$750" in text  # 8,000 a day: class B
