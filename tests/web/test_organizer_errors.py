"""A failed post redirects too (docs/decisions/0015-no-dead-ends-for-the-organizer.md), a past date is
refused, a far one asked again (docs/decisions/0003-event-dates.md), and each line of the error summary
names its field; "July 11th" and "9 July 2027" are dates."""
from __future__ import annotations

from datetime import date

import pytest

from wizard.kinds.typed_dates import TypedPartError, parse_date_and_time, parse_typed_date
from wizard.web.edge.state import store

from tests.support.html import field, field_names, field_values, parse, texts
from tests.support.interview import FESTIVAL_STEP_POSTS, interview_id, start

TODAY = date(2026, 12, 1)


def summary_lines(page) -> list[str]:
    """The lines of the error summary at the top of the page, as read."""
    return texts(page, ".error-summary__list li")


def is_red(page, name: str) -> bool:
    return "input--error" in field(page, name).get("class", [])


@pytest.fixture
def dated_client(app):
    app.config["TODAY"] = TODAY
    return app.test_client()


def dates_post(start_date="7/9/2027", start_time="12:00 PM", end_date="7/11/2027", end_time="11:00 PM", **extra):
    return {"starts_at": start_date, "starts_at_time": start_time, "ends_at": end_date, "ends_at_time": end_time,
            **extra}


def test_a_failed_post_redirects_to_the_question_which_shows_the_errors_once(dated_client):
    client = dated_client
    url = start(client)
    failed = client.post(url, data=dates_post(start_date="", end_date="7/40/2027"))
    assert failed.status_code == 303 and failed.headers["Location"] == url  # never a page answering a POST
    shown = client.get(url).get_data(as_text=True)
    assert "There is a problem" in shown and field_values(shown, "ends_at") == ["7/40/2027"]  # the typing is kept
    again = client.get(url).get_data(as_text=True)  # Back or reload later: the question, without old errors
    assert "There is a problem" not in again
    assert client.post(url, data=dates_post()).status_code == 303
    assert field_values(client.get(url), "starts_at") == ["7/9/2027"]


def test_a_failed_post_from_check_your_answers_returns_there(dated_client):
    client = dated_client
    url = start(client)
    client.post(url, data=dates_post())
    changing = url + "?return=check"
    failed = client.post(changing, data=dates_post(start_date="tomorrow"))
    assert failed.status_code == 303 and failed.headers["Location"] == changing
    assert "starts_at_time" in field_names(client.get(changing))  # the dates question again


def test_a_date_in_the_past_is_refused_saying_which_day_it_is(dated_client):
    client = dated_client
    url = start(client)
    page = client.post(url, data=dates_post("7/9/2025", end_date="7/11/2025"),
                       follow_redirects=True).get_data(as_text=True)
    assert "That day has passed. Today is Tuesday, December 1, 2026." in page
    with client.application.app_context():
        assert "starts_at" not in store().get(interview_id(url)).answers
    assert client.post(url, data=dates_post("12/1/2026", end_date="12/1/2026")).status_code == 303  # today is fine


def test_a_date_more_than_three_years_ahead_is_asked_again(dated_client):
    client = dated_client
    url = start(client)
    far = dates_post("7/9/2030", end_date="7/11/2030")
    page = client.post(url, data=far, follow_redirects=True).get_data(as_text=True)
    assert "Tuesday, July 9, 2030 is more than 3 years away. Check the year." in page
    (confirm,) = field_values(page, "starts_at_confirmed")
    assert confirm == "2030-07-09"
    assert client.post(url, data={**far, "starts_at_confirmed": confirm, "ends_at_confirmed": "2030-07-11"}
                       ).status_code == 303  # the same day, a second time: accepted


def test_summary_lines_name_their_field_and_only_the_wrong_box_turns_red(dated_client):
    client = dated_client
    url = start(client)
    page = client.post(url, data=dates_post(start_date="next Friday", end_date="someday"), follow_redirects=True)
    assert summary_lines(page)[0].startswith("When does the event first open? Enter the date as month/day/year")
    assert summary_lines(page)[1].startswith("When does the event finally close? Enter the date as month/day/year")
    assert is_red(page, "starts_at") and not is_red(page, "starts_at_time")
    page = client.post(url, data=dates_post(start_time="25 o'clock"), follow_redirects=True)
    assert is_red(page, "starts_at_time") and not is_red(page, "starts_at") and not is_red(page, "ends_at")
    assert summary_lines(page) == ["When does the event first open? Enter the time like 2:00 PM or 14:00"]


def test_no_field_is_a_number_input_that_could_drop_words(dated_client):
    client = dated_client
    url = start(client)
    client.post(url, data=dates_post())
    crowd = url.replace("/step/dates", "/step/crowd")
    page = client.get(crowd).get_data(as_text=True)
    assert all(box.get("type") != "number" for box in parse(page).select("input"))
    refused = client.post(crowd, data={"max_attendance": "about 3000"}, follow_redirects=True).get_data(as_text=True)
    assert "Enter a whole number using digits only" in refused and field_values(refused, "max_attendance") == ["about 3000"]


@pytest.mark.parametrize("typed, meant", [
    ("July 11th", date(2027, 7, 11)), ("9 July 2027", date(2027, 7, 9)), ("July 11, 2027", date(2027, 7, 11)),
    ("Dec 5", date(2026, 12, 5)), ("Nov 30", date(2027, 11, 30)), ("11th of July 2027", date(2027, 7, 11)),
    ("sept 3rd 2027", date(2027, 9, 3)),
])
def test_dates_written_with_the_months_name_are_understood(typed, meant):
    assert parse_typed_date(typed, TODAY) == meant


def test_a_named_date_without_a_year_and_no_today_asks_for_the_year():
    with pytest.raises(ValueError, match="Write the year too, like July 11, 2027"):
        parse_typed_date("July 11th")


@pytest.mark.parametrize("typed_date, typed_time, part", [("Julu 11", "2pm", "date"), ("7/11/2027", "2xm", "time"),
                                                          ("", "2pm", "date"), ("7/11/2027", "", "time")])
def test_an_error_says_which_part_is_wrong(typed_date, typed_time, part):
    with pytest.raises(TypedPartError) as error:
        parse_date_and_time(typed_date, typed_time, TODAY)
    assert error.value.part == part


def test_the_festival_dates_still_go_through(dated_client):
    url = start(dated_client)
    assert dated_client.post(url, data=FESTIVAL_STEP_POSTS["dates"]).status_code == 303


def test_a_summary_line_keeps_a_months_capital(dated_client):
    url = start(dated_client)
    page = dated_client.post(url, data=dates_post(start_date="2/30/2027"), follow_redirects=True)
    assert summary_lines(page) == ["When does the event first open? February 2027 has no day 30"]


def test_a_crowd_of_nobody_is_refused_in_its_own_words_and_nothing_is_lost(dated_client):
    client = dated_client
    url = start(client)
    client.post(url, data=dates_post())
    crowd = url.replace("/step/dates", "/step/crowd")
    refused = client.post(crowd, data={"max_attendance": "0", "total_attendance": "0"}, follow_redirects=True)
    (line,) = summary_lines(refused)
    assert line.endswith("Enter at least 1 for the most people you expect at the same time")
    assert field_values(refused, "max_attendance") == ["0"] and is_red(refused, "max_attendance")
    with client.application.app_context():
        kept = store().get(interview_id(url)).answers
    assert "max_attendance" not in kept and "starts_at" in kept  # the dates answered before are kept
    assert client.post(crowd, data={"max_attendance": "1", "total_attendance": "1"}).status_code == 303
