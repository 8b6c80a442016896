"""Downloads for a saved interview (packet, answers file, calendar) and importing an answers file."""
from __future__ import annotations

import io
import json
from datetime import date, datetime, timedelta

import pytest
from icalendar import Calendar

from wizard.packet.browser_pages import css_string
from wizard.web.app import create_app
from wizard.engine.assess import assess_jurisdiction
from wizard.web.edge.state import store

from tests.support import html
from tests.support.packet import festival
from wizard.interview.flow import path_and_answers
from tests.support.packet import OPTIONAL_KEYS


def saved(app, answers: dict) -> str:
    with app.app_context():
        return store().create(answers).id


def stored_answers(app, interview_id: str) -> dict:
    with app.app_context():
        return store().get(interview_id).answers


def upload(client, body: bytes, filename: str = "answers.json"):
    return client.post("/import", data={"answers_file": (io.BytesIO(body), filename)},
                       content_type="multipart/form-data")


def test_packet_downloads_as_a_pdf(app, client, book):
    interview_id = saved(app, festival("baroda-mi", book))
    response = client.get(f"/i/{interview_id}/packet.pdf")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert response.data.startswith(b"%PDF-")
    disposition = response.headers["Content-Disposition"]
    assert disposition.startswith("attachment") and 'filename="baroda-mi-riverbend-music-festival-packet.pdf"' in disposition
    assert "no-store" in response.headers["Cache-Control"]


@pytest.mark.parametrize("path", ["packet.pdf", "answers.json", "event.ics"])
def test_unknown_interview_is_not_found(client, path):
    assert client.get(f"/i/{'A' * 43}/{path}").status_code == 404
    assert client.get(f"/i/nope/{path}").status_code == 404


def test_packet_needs_a_jurisdiction(app, client):
    interview_id = saved(app, {"event_name": "Street fair"})
    response = client.get(f"/i/{interview_id}/packet.pdf")
    assert response.status_code == 409
    assert "where your event takes place" in " ".join(html.texts(response, "main"))


def applying(book, answers: dict) -> dict:
    """The answers of the steps on the interview's path: what the check page and downloads show."""
    return path_and_answers(book.get(answers["jurisdiction"]), answers, book)[1]


def test_answers_file_is_the_answers(app, client, book):
    answers = festival("whitesboro-ny", book, applicant_name="Zoë Łukasiewicz-Núñez 李小龍")
    interview_id = saved(app, answers)
    response = client.get(f"/i/{interview_id}/answers.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert response.headers["Content-Disposition"] == (
        'attachment; filename="whitesboro-ny-riverbend-music-festival-answers.json"')
    assert json.loads(response.data.decode("utf-8")) == applying(book, answers)  # only answers that apply
    assert "李小龍".encode() in response.data  # readable UTF-8, not \u escapes


def test_export_then_import_gives_the_same_answers(app, client, book):
    answers = festival("wi-village-ch64", book, event_purpose="Line one\nLine two")
    original = saved(app, answers)
    exported = client.get(f"/i/{original}/answers.json").data
    response = upload(client, exported)
    assert response.status_code == 303
    new_id = response.headers["Location"].rstrip("/").split("/")[2]
    assert new_id != original
    assert stored_answers(app, new_id) == applying(book, answers)


def test_import_form_is_a_page_with_a_file_field(client):
    response = client.get("/import")
    assert response.status_code == 200
    assert {"answers_file", "csrf_token"} <= html.field_names(response)
    assert html.attributes(response, 'form:has(input[name="answers_file"])', "enctype") == ["multipart/form-data"]


@pytest.mark.parametrize("body, message", [
    (b"{not json", b"could not be read as JSON"),
    (b"\xff\xfe\x00garbage", b"could not be read as JSON"),
    (b"[1, 2]", b"expected a JSON object of answers"),
    (json.dumps({"max_attendance": -5}).encode(), b"max_attendance: must not be negative"),
    (json.dumps({"jurisdiction": "atlantis"}).encode(), b"unknown jurisdiction"),
    (json.dumps({"favourite_colour": "blue"}).encode(), b"favourite_colour: is not a known answer key"),
])
def test_import_explains_a_bad_file(client, body, message):
    response = upload(client, body)
    assert response.status_code == 400
    assert message.decode() in " ".join(html.texts(response, ".error-summary"))


def test_import_without_a_file_asks_for_one(client):
    response = client.post("/import", data={}, content_type="multipart/form-data")
    assert response.status_code == 400
    assert "Choose the answers file" in " ".join(html.texts(response, ".error-summary"))


def test_import_is_csrf_protected(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "csrf.db"), "SECRET_KEY": "s"})
    response = upload(app.test_client(), b"{}")
    assert response.status_code == 400
    with app.app_context():
        assert store().connect()["interviews"].count == 0


def calendar_for(app, client, answers: dict) -> Calendar:
    response = client.get(f"/i/{saved(app, answers)}/event.ics")
    assert response.status_code == 200
    assert response.mimetype == "text/calendar"
    assert response.headers["Content-Disposition"].startswith("attachment")
    return Calendar.from_ical(response.data)


def test_calendar_has_file_by_decision_and_event(app, client, book):
    answers = festival("whitesboro-ny", book)
    a = assess_jurisdiction(book.jurisdictions["whitesboro-ny"], answers)
    events = calendar_for(app, client, answers).walk("VEVENT")
    # The State's permits beside the village's are in the same calendar, named with the State (layer files).
    state = [e for e in events if str(e["SUMMARY"]).endswith(": New York State")]
    assert [str(e["SUMMARY"]) for e in state] == ["Mass gathering permit (State Sanitary Code): New York State",
                                                  "Fireworks display permit: New York State"]
    assert state[0].decoded("DTSTART") == date(2027, 5, 25)  # 45 days before 9 July (10 NYCRR 7-4.2(b))
    events = [e for e in events if e not in state]
    # The plan to the day. "Within 5 days after" cleanup and "within 10 days" deposit (Permit E, F).
    assert len(events) == 6
    file_by, decision, ready, event, cleanup, deposit = events
    assert ready.decoded("DTSTART") == decision.decoded("DTSTART")
    assert "$500 deposit" in str(ready["DESCRIPTION"])
    assert cleanup.decoded("DTSTART") == date(2027, 7, 16) and deposit.decoded("DTSTART") == date(2027, 7, 21)
    assert str(file_by["SUMMARY"]) == "File permit application with the Village Clerk"
    assert file_by.decoded("DTSTART") == date.fromisoformat(a["file_by"])  # all day: a date, not a time
    assert file_by.decoded("DTEND") == date.fromisoformat(a["file_by"]) + timedelta(days=1)
    assert decision.decoded("DTSTART") == date.fromisoformat(a["file_by"]) + timedelta(days=20)
    start = event.decoded("DTSTART")
    zone = book.jurisdictions["whitesboro-ny"].zone  # the place's time zone, not floating time
    assert start == datetime(2027, 7, 9, 12, 0, tzinfo=zone) and start.tzinfo.key == "America/New_York"
    assert event.decoded("DTEND") == datetime(2027, 7, 11, 23, 0, tzinfo=zone)
    assert str(event["SUMMARY"]) == "Riverbend Music Festival"
    assert str(event["LOCATION"]) == "400 County Road 9"
    assert len({str(e["UID"]) for e in events}) == 6
    for entry in events:  # a reminder a week and a day before each
        assert sorted(alarm.decoded("TRIGGER") for alarm in entry.walk("VALARM")) == [
            timedelta(days=-7), timedelta(days=-1)]


def test_calendar_without_a_decision_period(app, client, book):
    events = calendar_for(app, client, festival("dekalb-il", book)).walk("VEVENT")
    state = [e for e in events if str(e["SUMMARY"]).endswith(": State of Illinois")]
    assert [str(e["SUMMARY"]) for e in state] == ["Written notice of a gathering on a roadway: State of Illinois"]
    events = [e for e in events if e not in state]
    assert [str(e["SUMMARY"]) for e in events] == [
        "File permit application with the City of DeKalb", "Riverbend Music Festival"]


def test_calendar_uids_do_not_reveal_the_interview_id(app, client, book):
    interview_id = saved(app, festival("baroda-mi", book))
    body = client.get(f"/i/{interview_id}/event.ics").data.decode()
    assert interview_id not in body


def test_calendar_needs_dates(app, client):
    interview_id = saved(app, {"jurisdiction": "baroda-mi"})
    response = client.get(f"/i/{interview_id}/event.ics")
    assert response.status_code == 409


@pytest.mark.parametrize("jurisdiction", ["whitesboro-ny", "wi-village-ch64", "baroda-mi", "dekalb-il"])
def test_a_finished_answers_file_lands_on_check_your_answers(app, client, book, jurisdiction):
    """Steps of optional questions left blank must not send the organizer through them again."""
    # Answers this festival leaves to particular municipalities (a beach, a pool, private gain) are No.
    full = festival(jurisdiction, book, bathing_beach=False, swimming_pool=False, for_gain=False, is_auction=False,
                    is_fair=False)
    answers = {k: v for k, v in full.items() if k not in OPTIONAL_KEYS}
    # A file saved before the State's questions were asked skips the town's blank optional pages too, and
    # resumes on the State's first question.
    response = upload(client, json.dumps(answers).encode())
    resumed = client.get(response.headers["Location"])
    assert resumed.status_code == 303
    j = book.jurisdictions[jurisdiction]
    state_steps = {step["step"] for step in j.steps if step not in j.own_steps}
    assert resumed.headers["Location"].rsplit("/step/", 1)[-1] in state_steps, resumed.headers["Location"]
    # With the State's answers too (nothing sold, no stands, no fireworks, no camping), it lands on Check your answers.
    state = {"alcohol_sold": False, "food_stands": 0, "fireworks": False, "camping": False}
    response = upload(client, json.dumps({**answers, **{k: v for k, v in state.items()
                                                        if k in book.questions_for(jurisdiction)}}).encode())
    resumed = client.get(response.headers["Location"])
    assert resumed.status_code == 303
    assert resumed.headers["Location"].endswith("/check"), resumed.headers["Location"]


def test_a_half_finished_answers_file_asks_the_optional_steps_in_between(app, client, book):
    answers = {k: festival("baroda-mi", book)[k] for k in ("jurisdiction", "starts_at", "ends_at", "event_name")}
    response = upload(client, json.dumps(answers).encode())
    resumed = client.get(response.headers["Location"])
    assert "/step/" in resumed.headers["Location"]


def test_a_clerks_link_with_only_the_place_asks_every_step(client):
    response = client.post("/start", data={"jurisdiction": "baroda-mi"})
    with client.application.app_context():
        interview = store().get(response.headers["Location"].split("/")[2])
    assert interview.completed_steps == ["where"]


def test_baroda_calendar_has_the_day_the_license_must_be_in_hand_and_the_mowing(app, client, book):
    # "Obtain a valid license ... at least 60 days prior"; mow "one week prior".
    events = calendar_for(app, client, festival("baroda-mi", book)).walk("VEVENT")
    by_summary = {str(e["SUMMARY"]): e.decoded("DTSTART") for e in events}
    # The 105-day day is our advice, named so in the calendar.
    assert by_summary["Our advice: file license application with the Village Clerk"] == date(2027, 3, 26)
    assert by_summary["License must be in hand for Riverbend Music Festival"] == date(2027, 5, 10)
    mowing = [day for summary, day in by_summary.items() if "Mow all grass" in summary]
    assert mowing == [date(2027, 7, 2)]


def test_the_print_view_gets_the_packets_own_font_and_nothing_else_from_its_folder(client):
    """The print view's Noto Sans, CJK pieces and Noto Emoji (static/packet-print.css), kept a year; no other file."""
    with client.get("/packet-fonts/NotoSans-Regular.ttf") as font:  # a file response: closed after
        assert font.status_code == 200 and font.mimetype == "font/ttf" and font.data[:4] == b"\x00\x01\x00\x00"
        assert "max-age=31536000" in font.headers["Cache-Control"]
    for same in ("NotoSansCJKsc-Regular-kana.ttf", "NotoSansCJKsc-Regular-4e00.ttf", "NotoEmoji-Regular.ttf"):
        with client.get(f"/packet-fonts/{same}") as font:  # the PDF's CJK pieces and emoji face, by name only
            assert font.status_code == 200 and "max-age=31536000" in font.headers["Cache-Control"], same
    for other in ("NotoSans-Fields.ttf", "OFL.txt", "README.md", "..%2Fcontent.py", "cjk%2FNotoSansCJKsc-Regular-kana.ttf"):
        assert client.get(f"/packet-fonts/{other}").status_code == 404, other


def test_an_event_name_in_the_print_views_page_words_stays_a_css_string():
    """The running footer's words (wizard/packet/browser_pages.py) are the organizer's: a quote, a backslash or
    a line break in them ends nothing."""
    assert css_string('Fair "Day" \\ } body { display: none }\n') == \
        '"Fair \\22 Day\\22  \\5c  } body { display: none }\\a "'
