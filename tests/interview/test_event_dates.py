"""The date policy (not before today; asked again beyond three years; docs/decisions/0003-event-dates.md)
is the engine's, and every way in meets it: the interview's form, `POST /api/assess`, an answers file, a
clerk's prefilled link and the clerks' link builder."""
from __future__ import annotations

import io
import json
from datetime import date

import pytest

from wizard.engine.event_dates import CONFIRMED_KEY, date_problems, far_limit

from tests.support.html import parse, texts

TODAY = date(2027, 1, 15)
FAR = "2031-07-09T12:00"  # more than three years after TODAY
DEKALB = {"jurisdiction": "dekalb-il", "starts_at": "2027-07-09T12:00", "ends_at": "2027-07-11T23:00",
          "max_attendance": 5000, "property_owner": "private", "setting": "outdoors",
          "admission_fee": True, "licensed_auction": False, "hazardous": []}


@pytest.fixture
def dated(app):
    app.config["TODAY"] = TODAY
    return app


def test_the_policy_refuses_past_days_and_asks_again_for_far_ones(book):
    questions = book.questions_for("dekalb-il")
    answers = {**DEKALB, "starts_at": "2027-01-14T09:00", "ends_at": FAR}
    found = [(p.key, p.reason) for p in date_problems(answers, questions, TODAY)]
    assert found == [("starts_at", "past"), ("ends_at", "far")]
    assert date_problems(answers, questions, TODAY, confirmed=["2031-07-09"])[0].reason == "past"
    assert [p.key for p in date_problems({**DEKALB, "starts_at": "2027-01-15T00:00"}, questions, TODAY)] == []
    assert far_limit(date(2028, 2, 29)) == date(2031, 2, 28)


def test_the_api_refuses_a_past_start_naming_the_key(dated):
    response = dated.test_client().post("/api/assess", json={**DEKALB, "starts_at": "2026-07-09T12:00"})
    assert response.status_code == 400
    assert response.get_json()["key"] == "starts_at"
    assert "That day has passed. Today is Friday, January 15, 2027." in response.get_json()["error"]


def test_the_api_asks_for_a_far_day_to_be_confirmed(dated):
    client = dated.test_client()
    far = {**DEKALB, "ends_at": FAR}
    refused = client.post("/api/assess", json=far)
    assert refused.status_code == 400 and refused.get_json()["key"] == "ends_at"
    assert f'"2031-07-09" in {CONFIRMED_KEY}' in refused.get_json()["error"]
    confirmed = client.post("/api/assess", json={**far, CONFIRMED_KEY: ["2031-07-09"]})
    assert confirmed.status_code == 200 and confirmed.get_json()["outcome"] == "required"
    malformed = client.post("/api/assess", json={**far, CONFIRMED_KEY: "2031-07-09"})
    assert malformed.status_code == 400 and malformed.get_json()["key"] == CONFIRMED_KEY


def stored(app, ident: str) -> dict:
    return app.extensions["interview_store"].get(ident).answers


def imported(client, answers: dict):
    return client.post("/import", data={"answers_file": (io.BytesIO(json.dumps(answers).encode()), "a.json")},
                       follow_redirects=True)


def test_last_years_answers_file_keeps_the_rest_and_asks_the_dates_again(dated):
    client = dated.test_client()
    page = imported(client, {**DEKALB, "starts_at": "2026-07-10T12:00", "ends_at": "2026-07-12T23:00"})
    text = page.get_data(as_text=True)
    assert page.status_code == 200
    assert "That day has passed. Today is Friday, January 15, 2027." in text
    assert page.request.path.endswith("/step/dates")  # the step of the dates is asked again
    ident = page.request.path.split("/")[2]
    answers = stored(dated, ident)
    assert "starts_at" not in answers and "ends_at" not in answers
    assert answers["max_attendance"] == 5000  # the rest of the file is kept


def test_a_confirmed_far_day_goes_out_in_the_answers_file_and_back_in(dated):
    client = dated.test_client()
    far = {**DEKALB, "starts_at": "2031-07-09T12:00", "ends_at": "2031-07-11T23:00"}
    refused = imported(client, far)
    assert "is more than 3 years away. Check the year. If it is right, enter it again." in refused.get_data(as_text=True)
    ident = imported(client, {**far, CONFIRMED_KEY: ["2031-07-09", "2031-07-11"]}).request.path.split("/")[2]
    assert stored(dated, ident)["starts_at"] == "2031-07-09T12:00"
    saved = json.loads(client.get(f"/i/{ident}/answers.json").get_data(as_text=True))
    assert saved[CONFIRMED_KEY] == ["2031-07-09", "2031-07-11"]
    again = imported(client, saved).request.path.split("/")[2]
    assert stored(dated, again)["ends_at"] == "2031-07-11T23:00"


def test_a_clerks_link_with_a_past_date_asks_it_instead(dated):
    page = dated.test_client().get("/for/dekalb-il?starts_at=2026-07-09T12:00&max_attendance=800")
    text = page.get_data(as_text=True)
    assert page.status_code == 200
    assert "has passed. We will ask you." in text
    assert not parse(text).select('input[name="starts_at"]')  # not offered as the clerk's answer
    assert parse(text).select('input[name="max_attendance"]')


def test_the_link_builder_refuses_a_past_date(dated):
    page = dated.test_client().get("/clerks?jurisdiction=dekalb-il&starts_at=2026-07-09&starts_at_time=12:00")
    assert any("That day has passed" in t for t in texts(page.get_data(as_text=True), ".error-message"))
