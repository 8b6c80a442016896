"""After a full interview the packet has no FILL IN box for anything we could have asked.

The 3-day, 5,000-person festival is walked through the web pages of each municipality, one posted
form per step (the people list posted as rows, as the browser does). Then the packet is read back
with pypdf: what is left to complete is an ATTACH item, never a FILL IN box. Also here: the
people list's "Add another person" and "Remove" without JavaScript, a company as the applicant,
and the landowner's signable pages.
"""
from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime, timedelta, timezone

import pytest

from wizard.engine.assess import assess_jurisdiction
from wizard.authoring.checks.schema import schema
from wizard.packet import build_packet
from wizard.packet.calendar import calendar_events
from wizard.packet.content import SIGNER_ROLES

from tests.support import html
from tests.support.stories import BIG_FESTIVAL, ONE_DAY as ONE_DAY_STORY, PATHS
from tests.support.posting import STEP
from tests.support.packet import body_text, festival
from wizard.engine.answers import clean_answers
from wizard.interview.flow import applicable_answers
from tests.support.walks import FESTIVAL_PATHS, people_names, step_url, walk


@pytest.mark.parametrize("jurisdiction", sorted(FESTIVAL_PATHS))
def test_festival_packet_leaves_nothing_to_fill_in_that_we_could_ask(festival_downloads, jurisdiction):
    _, story, expected_steps, _ = PATHS[FESTIVAL_PATHS[jurisdiction]]
    # Walked with `walk` and downloaded (a 200 PDF) once for the run: tests/conftest.py, festival_downloads.
    pdf, shown = festival_downloads[jurisdiction]
    assert shown == expected_steps
    text = body_text(pdf.read_bytes(), "Application for a mass gathering")
    assert "The application" in text and "ATTACH:" in text  # documents still go with it
    assert "FILL IN" not in text.replace("Complete each shaded FILL IN box", "")
    # What used to be left blank is now printed from the answers.
    for person in story["officers"] if jurisdiction != "dekalb-il" else []:
        assert person["name"] in text and person["address"] in text


def test_whitesboro_application_prints_prices_hours_and_vehicles(app, client, book):
    interview_id, _ = walk(client, book, "whitesboro-ny", BIG_FESTIVAL)
    text = body_text(client.get(f"/i/{interview_id}/packet.pdf").data, "Application for a mass gathering")
    assert "Admission fee to be charged $40 a day, $100 for all three days" in text
    assert "Saturday, July 10: 10 am to 11 pm" in text
    assert "Vehicles over the whole event 3,000" in text
    assert "Zoë Núñez, age 41, 12 Elm St, Utica NY; Sam Lee, age 55, 3 Oak St, Utica NY" in text


def test_people_rows_are_added_and_removed_without_javascript(client, book):
    url = step_url(client, "baroda-mi", "officers", BIG_FESTIVAL, book)
    first = {"officers-0-name": "Ann Lee", "officers-0-age": "51", "officers-0-address": "2 Oak St"}
    added = client.post(url, data={**first, "add_person": "officers"})
    assert added.status_code == 303 and added.headers["Location"] == url  # redirect after post: Back works
    page = client.get(url)  # the same step again, nothing saved
    assert people_names(page) == {"officers-0-name": ["Ann Lee"], "officers-1-name": [""]}
    assert html.parse(page).select(".error-summary") == []  # the new empty row is not an error
    two = {**first, "officers-1-name": "Bo Park", "officers-1-age": "60", "officers-1-address": "4 Elm St"}
    wrong = client.post(url, data={**two, "officers-1-name": "", "officers-1-age": "7"}, follow_redirects=True)
    assert "#officers-1" in html.links(wrong, ".error-summary a")
    assert "Enter the name of person 2" in " ".join(html.texts(wrong, ".error-message"))  # beside the row's box
    removed = client.post(url, data={**two, "remove_person": "officers-0"}, follow_redirects=True)
    assert people_names(removed) == {"officers-0-name": ["Bo Park"]}
    saved = client.post(url, data=two)
    assert saved.status_code == 303 and not saved.headers["Location"].endswith("/step/officers")
    interview_id = STEP.search(url).group(1)
    page = client.get(f"/i/{interview_id}/step/officers")
    assert people_names(page) == {"officers-0-name": ["Ann Lee"], "officers-1-name": ["Bo Park"]}


@pytest.mark.parametrize("data, message, box", [
    ({"officers-0-name": "", "officers-0-age": "", "officers-0-address": ""},
     "Enter the name of at least one partner, officer or director", "officers-0"),
    ({"officers-0-name": "", "officers-0-age": "40", "officers-0-address": "2 Oak St"}, "Enter the name of person 1",
     "officers-0"),
    ({"officers-0-name": "Ann", "officers-0-age": "forty", "officers-0-address": ""},
     "Enter the age of person 1 as a whole number, like 42", "officers-0-age"),
])
def test_people_rows_say_what_is_wrong_and_keep_what_was_typed(client, book, data, message, box):
    url = step_url(client, "baroda-mi", "officers", BIG_FESTIVAL, book)
    page = client.post(url, data=data, follow_redirects=True)
    assert html.texts(page, ".error-summary__title") == ["There is a problem"]
    assert message in " ".join(html.texts(page, ".error-message"))
    assert html.links(page, ".error-summary a") == [f"#{box}"]  # the summary links to the box in error
    assert {key: html.field_values(page, key) for key, value in data.items() if value} == {
        key: [value] for key, value in data.items() if value}


def test_a_company_is_the_applicant_and_its_officer_signs(book):
    answers = festival("whitesboro-ny", book)
    packet = build_packet(answers, book.jurisdictions["whitesboro-ny"], book.questions)
    cover = {row.label: row.value for row in packet.organizer}
    assert cover["Applicant"] == "Riverbend Events Inc." and cover["Signing for it"] == "Jane Q. Organizer"
    applicant = packet.application[0].rows
    assert (applicant[0].label, applicant[0].value) == ("Applicant (name of the organization)", "Riverbend Events Inc.")
    assert ("Officer signing for it", "Jane Q. Organizer") in [(r.label, r.value) for r in applicant]
    petition = next(b for b in packet.signatures if b.title == "Verification of petition")
    assert petition.lines[0].role.endswith("an officer signing for Riverbend Events Inc.")
    assert petition.lines[0].printed_name == "Jane Q. Organizer" and petition.lines[0].capacity


def test_the_officer_signing_gives_the_title_asked_in_the_interview(book):
    """The signer's title or office is asked (the company step), not left as a box."""
    for jurisdiction in ("whitesboro-ny", "dekalb-il", "baroda-mi"):
        assert "signer_title" in [q for s in book.jurisdictions[jurisdiction].data["interview"] if s["step"] == "company"
                                  for q in s["questions"]]
        answers = festival(jurisdiction, book, signer_title="President")
        packet = build_packet(answers, book.jurisdictions[jurisdiction], book.questions_for(jurisdiction))
        officer = next(line for block in packet.signatures for line in block.lines if "officer signing" in line.role)
        assert (officer.printed_name, officer.title) == ("Jane Q. Organizer", "President")


def test_who_signs_is_the_rule_files_data_not_its_words(book):
    """A signature line's role is a field of the rule file (`lines:`), one of the roles
    the packet knows; the schema and the packet know the same roles."""
    line_schema = schema()["properties"]["signatures"]["items"]["properties"]["lines"]["items"]
    assert set(line_schema["properties"]["role"]["enum"]) == set(SIGNER_ROLES)
    j = book.jurisdictions["baroda-mi"]
    spec = next(s for s in j.signatures if s["id"] == "operator-owner")
    spec_copy = dict(spec, lines=[{"role": "someone_else", "label": "The operator and the property owner"}])
    answers = festival("baroda-mi", book, organizer_type="individual", applicant_is_owner=True)
    packet = build_packet(answers, j, book.questions_for("baroda-mi"))
    (block,) = [b for b in packet.signatures if b.title == spec["title"]]
    assert [(line.role, line.printed_name) for line in block.lines] == [
        ("The operator, who is also the property owner", "Jane Q. Organizer")]
    changed = replace(j, data={**j.data, "signatures": [spec_copy if s is spec else s for s in j.signatures]})
    (block,) = [b for b in build_packet(answers, changed, book.questions_for("baroda-mi")).signatures
                if b.title == spec["title"]]
    # "and" in a label is no longer read as two signers: the data says one line, nobody's name.
    assert [(line.role, line.printed_name) for line in block.lines] == [("The operator and the property owner", "")]


def test_a_person_applying_stays_the_applicant(book):
    answers = festival("whitesboro-ny", book, organizer_type="individual", organization_name=None, officers=None)
    packet = build_packet({k: v for k, v in answers.items() if v is not None},
                          book.jurisdictions["whitesboro-ny"], book.questions)
    cover = {row.label: row.value for row in packet.organizer}
    assert cover["Applicant"] == "Jane Q. Organizer" and "Signing for it" not in cover
    assert not packet.signatures[0].lines[0].capacity


@pytest.mark.parametrize("jurisdiction, title, citation", [
    ("whitesboro-ny", "Owner's authorization to inspect the property", "Ch. 40, Permit D"),
    ("dekalb-il", "Owner's consent to the use of the property", "§ 34.06(b)"),
    ("baroda-mi", "Joint application of operator and property owner", "Ord. 171, License (a)"),
])
def test_landowner_signs_a_page_of_their_own(book, jurisdiction, title, citation):
    answers = festival(jurisdiction, book, applicant_is_owner=False, has_use_contract=False)
    packet = build_packet(answers, book.jurisdictions[jurisdiction], book.questions)
    block = next(b for b in packet.signatures if b.title == title)
    assert block.citation == citation
    assert "Pat Farmer" in [line.printed_name for line in block.lines]


@pytest.mark.parametrize("jurisdiction, changes, not_asked", [
    ("whitesboro-ny", {"security_personnel": False, "security_plan": None}, "Number, duties, hours and areas"),
    ("dekalb-il", {"street_closure": False}, "Will the event close or interrupt a public street"),
    ("dekalb-il", {"street_closure": True, "public_street_closure": True}, None),  # one of DeKalb's own questions
    ("baroda-mi", {**ONE_DAY_STORY, "max_attendance": 450, "total_attendance": 450, "tickets": 450},
     "Most attendants expected each day"),
    ("wi-village-ch64", {}, None),
])
def test_packet_asks_nothing_unasked_or_already_answered(book, jurisdiction, changes, not_asked):
    """What the organizer already answered is not asked again as a blank, and a question the
    interview skips for these answers is not a box to fill in."""

    questions = book.questions_for(jurisdiction)
    story = {k: v for k, v in {**BIG_FESTIVAL, "female_share": 0.5, **changes}.items()
             if v is not None and k in questions and k != "commercial_features"}  # a form-only key
    for flag in (k for k, q in questions.items() if q.get("part_of") == "commercial_features"):
        story[flag] = flag in BIG_FESTIVAL["commercial_features"]  # the flag set, as the form posts it
    answers = applicable_answers(clean_answers(dict(story, jurisdiction=jurisdiction), questions,
                                               book.jurisdictions), book)
    packet = build_packet(answers, book.jurisdictions[jurisdiction], questions)
    blanks = [f"{item.ref} {row.label}" for item in packet.application for row in item.rows if row.value is None]
    assert blanks == []
    if not_asked:
        assert not any(row.label.startswith(not_asked) for item in packet.application for row in item.rows)


@pytest.mark.parametrize("jurisdiction, note", [
    ("dekalb-il", "approved by the City Manager"), ("whitesboro-ny", "addressed to the Board of Trustees"),
    ("wi-village-ch64", "not the office that receives applications"), ("baroda-mi", None)])
def test_the_office_reads_in_a_sentence_and_its_note_is_said_apart(book, jurisdiction, note):
    """The office card: "Contact the City of DeKalb to ask for its address", never "Contact the City
    of DeKalb, on an application form approved by the City Manager to ask..."; the note is said once."""
    j = book.jurisdictions[jurisdiction]
    assert "(" not in j.file_with and "," not in j.file_with
    packet = build_packet(festival(jurisdiction, book), j, book.questions_for(jurisdiction))
    facts = {f.label: f for f in packet.filing}
    assert facts["Before you file"].value.startswith(f"Contact {j.file_with} to ask for its address")
    said = [f.label for f in packet.filing if note and note in f"{f.value} {f.detail}"]
    assert said == (["File with"] if note else []) and facts["File with"].value == j.file_with[:1].upper() + j.file_with[1:]


def test_the_calendar_makes_no_reminder_in_the_past(book):
    """A reminder whose day has gone is left out, and a passed step says it passed."""
    answers = festival("baroda-mi", book)
    j = book.jurisdictions["baroda-mi"]
    assessment = assess_jurisdiction(j, answers)
    first_day = date.fromisoformat(answers["starts_at"][:10])
    now = datetime.combine(first_day - timedelta(days=3), datetime.min.time(), timezone.utc)
    events = calendar_events(answers, assessment, j, "seed", now=now)
    for event in events:
        day = event.decoded("dtstart")
        day = day.date() if isinstance(day, datetime) else day
        for alarm in event.walk("VALARM"):
            assert day + alarm.decoded("trigger") >= now.date(), (str(event["summary"]), alarm["description"])
        if day < now.date():
            assert str(event["summary"]).startswith("Passed: "), str(event["summary"])
    event = next(e for e in events if e.decoded("dtstart") == first_day
                 or getattr(e.decoded("dtstart"), "date", lambda: None)() == first_day)
    assert [str(a["description"]).split(":")[0] for a in event.walk("VALARM")] == ["Tomorrow"]
    assert any(str(e["summary"]).startswith("Passed: ") for e in events), "the last day to file has passed"


def test_baroda_asks_each_days_maximum_in_the_ordinances_words(book):
    """Application (e) wants "the maximum number of attendants expected at the
    gathering for each day it is conducted"; the packet's (e) prints the answer under those words."""
    answers = festival("baroda-mi", book, daily_attendance="Friday, July 9: 3,000 attendants")
    packet = build_packet(answers, book.jurisdictions["baroda-mi"], book.questions_for("baroda-mi"))
    (item,) = [i for i in packet.application if i.ref == "(e)"]
    rows = {row.label: row.value for row in item.rows}
    assert rows["Maximum attendants expected, for each day it is conducted"] == "Friday, July 9: 3,000 attendants"
