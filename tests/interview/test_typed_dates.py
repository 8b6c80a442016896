"""Friendlier dates and times (docs/decisions/0003-event-dates.md). A date field and a time field with a
format hint; dates typed as people write them; an error that says what was wrong, with the typing
kept."""
from __future__ import annotations

from datetime import datetime

import pytest

from wizard.kinds.typed_dates import parse_date_and_time
from wizard.web.edge.state import store

from tests.support.html import field, field_names, field_values
from tests.support.authoring import problems_in, variant
from tests.support.interview import finished_interview, interview_id, start
from tests.support.packet import festival


@pytest.mark.parametrize("typed_date, typed_time, moment", [
    ("07162027", "2pm", datetime(2027, 7, 16, 14, 0)),
    ("7/16/2027", "14:00", datetime(2027, 7, 16, 14, 0)),
    ("2027-07-16", "12:00 PM", datetime(2027, 7, 16, 12, 0)),
    (" 07/16/2027 ", "2:30 p.m.", datetime(2027, 7, 16, 14, 30)),
    ("7/16/2027", "12am", datetime(2027, 7, 16, 0, 0)),
    ("7/16/2027", "noon", datetime(2027, 7, 16, 12, 0)),
])
def test_dates_and_times_as_people_type_them(typed_date, typed_time, moment):
    assert parse_date_and_time(typed_date, typed_time) == moment


@pytest.mark.parametrize("typed_date, typed_time, message", [
    ("2/30/2027", "10:00", "February 2027 has no day 30"),
    ("16/7/2027", "10:00", "There is no month 16: write the month first, like 7/16/2027"),
    ("7/16/27", "10:00", "Write the year in full, like 7/16/2027"),
    ("next Friday", "10:00", "Enter the date as month/day/year, like 7/16/2027"),
    ("7/16/2027", "", "Enter the time too, like 2:00 PM"),
    ("", "10:00", "Enter the date too, like 7/16/2027"),
    ("7/16/2027", "25:00", "The hour must be 0 to 23, or 1 to 12 with AM or PM"),
    ("7/16/2027", "10:75", "The minutes must be 00 to 59"),
])
def test_each_error_says_what_was_wrong(typed_date, typed_time, message):
    with pytest.raises(ValueError, match=message):
        parse_date_and_time(typed_date, typed_time)


def test_the_dates_step_takes_separate_typed_fields(client):
    url = start(client)
    page = client.get(url).get_data(as_text=True)
    assert {"starts_at", "starts_at_time", "ends_at", "ends_at_time"} <= field_names(page)
    assert "Month/day/year, like 7/16/2027" in page
    assert field(page, "starts_at")["type"] == "text" == field(page, "starts_at_time")["type"]  # no datetime-local
    response = client.post(url, data={"starts_at": "07162027", "starts_at_time": "2pm",
                                      "ends_at": "7/18/2027", "ends_at_time": "11:00 PM"})
    assert response.status_code == 303
    with client.application.app_context():
        answers = store().get(interview_id(url)).answers
    assert answers["starts_at"] == "2027-07-16T14:00" and answers["ends_at"] == "2027-07-18T23:00"


def test_a_wrong_date_is_explained_and_the_typing_kept(client):
    url = start(client)
    page = client.post(url, data={"starts_at": "2/30/2027", "starts_at_time": "10:00",
                                  "ends_at": "3/2/2027", "ends_at_time": "10:00"},
                       follow_redirects=True).get_data(as_text=True)
    assert "There is a problem" in page and "February 2027 has no day 30" in page
    assert field_values(page, "starts_at") == ["2/30/2027"] and field_values(page, "ends_at") == ["3/2/2027"]


def test_optional_fields_say_so_and_required_ones_do_not(app, client, book):
    ident = finished_interview(app, festival("whitesboro-ny", book))
    page = client.get(f"/i/{ident}/step/applicant").get_data(as_text=True)
    assert "Your phone number (optional)" in page
    page = client.get(f"/i/{ident}/step/dates").get_data(as_text=True)
    assert "(optional)" not in page


def test_the_applicant_details_the_ordinance_asks_for_are_required(app, client, book):
    # Whitesboro Permit B(1): "the name, age and residence address of the applicant".
    answers = {k: v for k, v in festival("whitesboro-ny", book).items()
               if k not in ("applicant_name", "applicant_age", "applicant_address")}
    ident = finished_interview(app, answers)
    page = client.get(f"/i/{ident}/step/applicant").get_data(as_text=True)
    assert "Your full name (optional)" not in page and "Your phone number (optional)" in page
    refused = client.post(f"/i/{ident}/step/applicant", data={"applicant_phone": "555-0100"}, follow_redirects=True)
    assert refused.status_code == 200 and "There is a problem" in refused.get_data(as_text=True)


def test_a_step_may_only_require_its_own_questions(tmp_path):
    def require_a_stranger(data):
        data["interview"][0]["required"] = ["applicant_email"]
    messages = [p.message for p in problems_in(variant(tmp_path, require_a_stranger))]
    assert any("required question 'applicant_email' is not asked on this step" in m for m in messages), messages
