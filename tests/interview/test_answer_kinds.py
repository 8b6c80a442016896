"""Answer kinds: one registry, one wording, and the inputs that used to crash
(docs/decisions/0016-answers-are-typed.md)."""
from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from wizard.engine.answers import clean_answers
from wizard.authoring.checks.runtime import sample_answer_sets
from wizard.errors import AnswersError
from wizard.interview.flow import JURISDICTION_STEP
from wizard.kinds import KINDS, show_answer
from wizard.packet.formatting import answer_text, field_label
from wizard.web.edge.state import rulebook, store

from tests.support.html import field, texts

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
BARODA = {"jurisdiction": "baroda-mi", "property_owner": "private", "setting": "outdoors",
          "organizer_type": "individual", "max_attendance": 400, "starts_at": "2027-07-09T12:00",
          "ends_at": "2027-07-09T20:00"}
EXTREME_DATES = ["0001-01-01T00:00", "9999-12-31T23:59", "0999-06-05T10:00", "1999-12-31T23:59", "2200-01-01T00:00"]


def start(client, jurisdiction):
    url = client.post("/start", data={"jurisdiction": jurisdiction}).headers["Location"]
    return re.search(r"/i/([^/]+)/", url).group(1)


def saved(app, answers, completed=None):
    """An interview stored as it is, bypassing the checks: data saved before a check existed."""
    with app.app_context():
        interview = store().create(answers)
        j = rulebook().get(answers["jurisdiction"])
        interview.completed_steps = completed or [JURISDICTION_STEP] + [s["step"] for s in j.steps]
        store().save(interview)
        return interview.id


# ---------------------------------------------------------------- one registry

def test_every_kind_in_the_vocabulary_has_a_class_and_a_macro(book):
    for question in book.questions.values():
        assert question["kind"] in KINDS
    for name in KINDS:
        assert (TEMPLATES / "fields" / f"{name}.html").is_file(), f"add templates/fields/{name}.html"


def test_check_page_and_packet_say_every_answer_the_same_way(book):
    for answers in sample_answer_sets(book.questions, "baroda-mi").values():
        for key, value in answers.items():
            if key != "jurisdiction":
                assert show_answer(key, answers, book.questions) == answer_text(key, value, book.questions), key


def test_unified_wording_for_an_empty_list_and_a_share(book):
    q = book.questions
    assert show_answer("hazardous", {"hazardous": []}, q) == "None" == answer_text("hazardous", [], q)
    assert show_answer("commercial_features", {}, q) == "None"
    assert show_answer("female_share", {"female_share": 0.5}, q) == "50%" == answer_text("female_share", 0.5, q)


def test_packet_labels_and_autofill_hints_come_from_the_questions_file(client, book):
    assert field_label("max_attendance", book.questions) == "Most people at one time"
    ident = start(client, "whitesboro-ny")
    page = client.get(f"/i/{ident}/step/applicant").get_data(as_text=True)
    email = field(page, "applicant_email")
    assert (email["type"], email["autocomplete"], email["spellcheck"]) == ("email", "email", "false")
    assert field(page, "applicant_phone")["autocomplete"] == "tel"


# ---------------------------------------------------------------- cause 1: extreme dates

@pytest.mark.parametrize("moment", EXTREME_DATES)
def test_a_date_outside_2000_to_2199_is_refused_with_a_message(book, moment):
    with pytest.raises(AnswersError, match="years 2000 to 2199"):
        clean_answers({"starts_at": moment}, book.questions, book.jurisdictions)


def test_the_first_and_last_allowed_years_are_accepted(book):
    answers = {"starts_at": "2000-01-01T00:00", "ends_at": "2199-12-31T23:59"}
    assert clean_answers(answers, book.questions, book.jurisdictions) == answers


@pytest.mark.parametrize("moment", EXTREME_DATES)
def test_api_refuses_extreme_dates(client, moment):
    response = client.post("/api/assess", json={**BARODA, "starts_at": moment, "ends_at": moment})
    assert response.status_code == 400 and "years 2000 to 2199" in response.get_json()["error"]


@pytest.mark.parametrize("moment", EXTREME_DATES)
def test_import_refuses_extreme_dates(client, moment):
    body = json.dumps({**BARODA, "starts_at": moment, "ends_at": moment}).encode()
    response = client.post("/import", data={"answers_file": (io.BytesIO(body), "answers.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 400 and b"years 2000 to 2199" in response.data


def test_a_clerks_link_with_an_extreme_date_starts_without_it(app, client):
    page = client.get("/for/baroda-mi?starts_at=9999-12-31T10:00&max_attendance=300").get_data(as_text=True)
    assert "could not use for “When does the event first open?”" in page and "starts_at" not in page
    # The organizer types an extreme date into the clerk's answers: told so, nothing started.
    refused = client.post("/start", data={"jurisdiction": "baroda-mi", "starts_at": "0001-01-01T00:00",
                                          "ends_at": "9999-12-31T23:59", "max_attendance": "300"})
    assert refused.status_code == 200 and "years 2000 to 2199" in refused.get_data(as_text=True)
    response = client.post("/start", data={"jurisdiction": "baroda-mi", "max_attendance": "300"})
    assert response.status_code == 303
    ident = re.search(r"/i/([^/]+)", response.headers["Location"]).group(1)
    exported = client.get(f"/i/{ident}/answers.json").get_json()
    assert exported["max_attendance"] == 300 and "starts_at" not in exported and "ends_at" not in exported


@pytest.mark.parametrize("typed, message", [
    ("0999-06-05T10:00", "Enter a date in the years 2000 to 2199"),  # was saved as "999-06-05T10:00": a 500
    ("9999-12-31T23:59", "Enter a date in the years 2000 to 2199"),
    ("0001-01-01 00:00", "Enter a date in the years 2000 to 2199"),
    ("999-06-05 10:00", "Enter a real date and time"),
])
def test_the_dates_step_refuses_extreme_years(client, typed, message):
    ident = start(client, "whitesboro-ny")
    response = client.post(f"/i/{ident}/step/dates", data={"starts_at": typed, "ends_at": "2027-07-09T20:00"},
                           follow_redirects=True)
    assert response.status_code == 200
    assert message in response.get_data(as_text=True)


@pytest.mark.parametrize("moment", ["9999-12-31T23:59", "0001-01-01T00:00"])
def test_an_interview_holding_a_stored_extreme_date_still_opens_and_asks_again(app, client, moment):
    ident = saved(app, {**BARODA, "ends_at": moment} if moment > "2" else {**BARODA, "starts_at": moment})
    for tail in ("check", "result", "packet.pdf", "event.ics", "answers.json"):
        assert client.get(f"/i/{ident}/{tail}").status_code in (200, 303, 409), tail
    response = client.get(f"/i/{ident}")
    assert response.status_code == 303 and response.headers["Location"].endswith("/step/dates")
    assert client.get(response.headers["Location"]).status_code == 200
    fixed = client.post(f"/i/{ident}/step/dates", data={"starts_at": "2027-07-09T12:00", "ends_at": "2027-07-09T20:00"})
    assert fixed.status_code == 303
    assert client.get(f"/i/{ident}/answers.json").get_json()["ends_at"] == "2027-07-09T20:00"
    assert client.get(f"/i/{ident}/event.ics").status_code == 200


# ---------------------------------------------------------------- cause 2: numbers in a clerk's link

@pytest.mark.parametrize("number", ["%C2%B2", "1" * 5000, "%D9%A3"])  # superscript 2, 5,000 digits, Arabic-Indic 3
def test_a_clerks_link_with_an_odd_number_is_ignored_with_a_warning(client, number):
    response = client.get(f"/for/baroda-mi?max_attendance={number}&setting=outdoors")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    warnings = " ".join(texts(page, ".notice--warning"))
    assert "could not use for “What is the most people you expect at the same time?”" in warnings
    assert "max_attendance" not in warnings  # no key names in the message
    assert "1" * 100 not in page  # the value is not echoed back whole
    started = client.post("/start", data={"jurisdiction": "baroda-mi", "max_attendance": number.replace("%C2%B2", "²")})
    assert started.status_code == 200 and "There is a problem" in started.get_data(as_text=True)


@pytest.mark.parametrize("typed", ["²", "1" * 5000, "٣"])
def test_the_crowd_step_refuses_odd_numbers_with_a_message(client, typed):
    ident = start(client, "whitesboro-ny")
    response = client.post(f"/i/{ident}/step/crowd", data={"max_attendance": typed, "total_attendance": "10"},
                           follow_redirects=True)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "Enter a whole number" in page


# ---------------------------------------------------------------- cause 3: checkbox whitespace

@pytest.mark.parametrize("posted", [[" ", "evil"], [" "], ["", "combat"], ["evil"]])
def test_a_tampered_checkbox_post_gets_a_message_not_a_500(app, client, posted):
    ident = saved(app, {"jurisdiction": "dekalb-il"}, completed=[JURISDICTION_STEP])
    response = client.post(f"/i/{ident}/step/hazards", data={"hazardous": posted}, follow_redirects=True)
    assert response.status_code == 200
    assert "Choose only from the options shown." in response.get_data(as_text=True)


def test_no_hazards_ticked_is_still_an_answer(app, client):
    ident = saved(app, {"jurisdiction": "dekalb-il"}, completed=[JURISDICTION_STEP])
    assert client.post(f"/i/{ident}/step/hazards", data={}).status_code == 303
    assert client.get(f"/i/{ident}/answers.json").get_json()["hazardous"] == []
