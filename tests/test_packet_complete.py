"""Issue 11: after a full interview the packet has no FILL IN box for anything we could have asked.

The 3-day, 5,000-person festival is walked through the web pages of each municipality, one posted
form per step (the people list posted as rows, as the browser does). Then the packet is read back
with pypdf: what is left to complete is an ATTACH item, never a FILL IN box. Also here: the
people list's "Add another person" and "Remove" without JavaScript, a company as the applicant,
and the landowner's signable pages.
"""
from __future__ import annotations

import re

import pytest

from wizard.packet import build_packet

from .browser.stories import BIG_FESTIVAL, PATHS
from .posting import STEP, step_data
from .test_packet import body_text, festival

FESTIVAL_PATHS = {"whitesboro-ny": "whitesboro-festival", "wi-village-ch64": "wisconsin-festival",
                  "baroda-mi": "baroda-festival", "dekalb-il": "dekalb-festival"}


def walk(client, book, jurisdiction: str, story: dict) -> tuple[str, list[str]]:
    """Post every step the interview shows; returns the interview id and the steps shown."""
    location = client.post("/start", data={"jurisdiction": jurisdiction}).headers["Location"]
    shown = []
    for _ in range(40):
        match = STEP.search(location)
        if match is None:
            break
        step_id = match.group(2)
        shown.append(step_id)
        response = client.post(location, data=step_data(book, jurisdiction, location, story))
        assert response.status_code == 303, f"step {step_id} refused the story's answers"
        location = response.headers["Location"]
    assert location.endswith("/check"), location
    return re.search(r"/i/([^/]+)/", location).group(1), shown


@pytest.mark.parametrize("jurisdiction", sorted(FESTIVAL_PATHS))
def test_festival_packet_leaves_nothing_to_fill_in_that_we_could_ask(app, client, book, jurisdiction):
    _, story, expected_steps, _ = PATHS[FESTIVAL_PATHS[jurisdiction]]
    interview_id, shown = walk(client, book, jurisdiction, story)
    assert shown == expected_steps
    response = client.get(f"/i/{interview_id}/packet.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = body_text(response.data, "Application for a mass gathering")
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


def step_url(client, jurisdiction: str, step_id: str, story: dict, book) -> str:
    """An interview walked up to `step_id` (not answered yet)."""
    location = client.post("/start", data={"jurisdiction": jurisdiction}).headers["Location"]
    while not location.endswith(f"/step/{step_id}"):
        location = client.post(location, data=step_data(book, jurisdiction, location, story)).headers["Location"]
    return location


def test_people_rows_are_added_and_removed_without_javascript(client, book):
    url = step_url(client, "baroda-mi", "officers", BIG_FESTIVAL, book)
    first = {"officers-0-name": "Ann Lee", "officers-0-age": "51", "officers-0-address": "2 Oak St"}
    added = client.post(url, data={**first, "add_person": "officers"})
    assert added.status_code == 200  # the same step again, nothing saved
    page = added.get_data(as_text=True)
    assert 'name="officers-1-name"' in page and 'value="Ann Lee"' in page
    assert "There is a problem" not in page  # the new empty row is not an error
    two = {**first, "officers-1-name": "Bo Park", "officers-1-age": "", "officers-1-address": ""}
    wrong = client.post(url, data={**two, "officers-1-name": "", "officers-1-age": "7"},
                        follow_redirects=True).get_data(as_text=True)
    assert 'href="#officers-1"' in wrong and "Enter the name of person 2" in wrong
    removed = client.post(url, data={**two, "remove_person": "officers-0"}).get_data(as_text=True)
    assert 'value="Bo Park"' in removed and "Ann Lee" not in removed
    assert 'name="officers-1-name"' not in removed
    saved = client.post(url, data=two)
    assert saved.status_code == 303
    interview_id = STEP.search(url).group(1)
    page = client.get(f"/i/{interview_id}/step/officers").get_data(as_text=True)
    assert 'value="Ann Lee"' in page and 'value="Bo Park"' in page and 'name="officers-2-name"' not in page


@pytest.mark.parametrize("data, message", [
    ({"officers-0-name": "", "officers-0-age": "", "officers-0-address": ""},
     "Enter the name of at least one partner, officer or director"),
    ({"officers-0-name": "", "officers-0-age": "40", "officers-0-address": "2 Oak St"}, "Enter the name of person 1"),
    ({"officers-0-name": "Ann", "officers-0-age": "forty", "officers-0-address": ""},
     "Enter the age of person 1 as a whole number, like 42"),
])
def test_people_rows_say_what_is_wrong_and_keep_what_was_typed(client, book, data, message):
    url = step_url(client, "baroda-mi", "officers", BIG_FESTIVAL, book)
    page = client.post(url, data=data, follow_redirects=True).get_data(as_text=True)
    assert "There is a problem" in page and message in page
    assert 'href="#officers-0"' in page  # the summary links to the name box of the row in error
    assert all(f'value="{v}"' in page for v in data.values() if v)


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
