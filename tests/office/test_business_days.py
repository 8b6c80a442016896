"""Business days (docs/decisions/0004-office-days.md) with the US federal and state calendars, and a last
day to file that falls on a day the office is likely closed."""
from __future__ import annotations

from datetime import date

from wizard.engine.assess import assess_jurisdiction
from wizard.engine.office_days import business_days_before, closed_because, working_day_before
from wizard.interview.timeline import build_timeline

from tests.support.stories import PATHS


def test_dekalb_auction_notice_skips_the_observed_independence_day(book):
    # § 34.03(d): the auctioneer "must provide not less than 5 business days notice to the City".
    # Tuesday 2027-07-06; Monday July 5 is the observed Independence Day: due Monday 2027-06-28.
    jurisdiction, answers, _, _ = PATHS["dekalb-licensed-auction"]
    answers = {**answers, "starts_at": "2027-07-06T10:00", "ends_at": "2027-07-06T18:00",
               "auction_outside": True}
    a = assess_jurisdiction(book.jurisdictions[jurisdiction], answers)
    dated = [n for key in ("checklist", "still_applies") for n in a[key] if "5 business days" in n["text"]]
    assert dated and {n["due_date"] for n in dated} == {"2027-06-28"}


def test_state_holidays_count():
    assert closed_because(date(2027, 7, 5), "IL") == "Independence Day (observed)"
    assert closed_because(date(2027, 2, 12), "IL")  # Lincoln's Birthday, an Illinois holiday
    assert closed_because(date(2027, 2, 12), "NY")  # and a New York one
    assert not closed_because(date(2027, 2, 12), "WI")
    assert closed_because(date(2027, 7, 10), None) == "a Saturday"
    assert working_day_before(date(2027, 7, 6), "IL") == date(2027, 7, 2)
    # Feb 15 is Presidents' Day, Feb 12 Lincoln's Birthday in Illinois: two business days before the 16th is the 10th.
    assert business_days_before(date(2027, 2, 16), 2, "IL") == date(2027, 2, 10)


def test_a_last_day_to_file_on_a_weekend_gives_the_working_day_before(book):
    # Whitesboro Ch. 40, Permit B: "at least 30 days prior to the date"; an event on Monday 2027-08-09
    # makes the last day Saturday 2027-07-10: the office is likely closed, file by Friday 2027-07-09.
    jurisdiction, answers, _, _ = PATHS["whitesboro-festival"]
    answers = {**answers, "starts_at": "2027-08-09T12:00", "ends_at": "2027-08-09T23:00"}
    a = assess_jurisdiction(book.jurisdictions[jurisdiction], answers)
    assert a["file_by"] == "2027-07-10" and a["file_by_office_closed"] == "a Saturday"
    assert a["file_by_working_day"] == "2027-07-09"
    plan = build_timeline(a, answers, "permit", date(2026, 12, 1))
    file_by = next(m for m in plan.milestones if m.key == "file-by")
    assert "likely closed" in file_by.detail and "July 9, 2027" in file_by.detail
    # Independence Day observed on Monday 2027-07-05 in every state.
    answers = {**answers, "starts_at": "2027-08-04T12:00", "ends_at": "2027-08-04T23:00"}
    a = assess_jurisdiction(book.jurisdictions[jurisdiction], answers)
    assert a["file_by"] == "2027-07-05" and a["file_by_working_day"] == "2027-07-02"
