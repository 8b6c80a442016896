"""The applicant's address is where the office's letters go (Baroda (h): "by certified mail"): typed on the
step, it must end with a US state and a ZIP code, and is refused at its box, with the field named, when it
does not; an answers file keeps what it holds, as the contract's vocabulary takes any text."""
from __future__ import annotations

import pytest

from wizard.kinds import KINDS, NotAnAddress, mailing_address

from tests.support.html import parse
from tests.support.interview import finished_interview
from tests.support.packet import festival


@pytest.mark.parametrize("typed", ["10 Elm Street, Baroda, MI 49101", "1 Main St\nBaroda MI 49101-1234",
                                   "PO Box 7\nWhitesboro, New York 13492", "4 Pine Rd\nDeKalb, IL 60115\n",
                                   "12 Oak St, Washington, DC 20001"])
def test_addresses_as_people_write_them_are_kept(typed):
    assert mailing_address(typed) == "\n".join(line.strip() for line in typed.strip().splitlines())


@pytest.mark.parametrize("typed, message", [
    ("12 Elm Street, Springfield", "with its ZIP code at the end"),
    ("12 Elm Street, Springfield, 62701", "Write the US state before the ZIP code"),
    ("12 Elm Street, Toronto, ON 62701", "Write the US state before the ZIP code"),
    ("12 Elm Street, Baroda, MI 4910", "with its ZIP code at the end"),
])
def test_an_address_without_a_zip_code_or_a_us_state_is_refused_with_an_example(typed, message):
    with pytest.raises(NotAnAddress, match=message):
        mailing_address(typed)


def test_an_answers_file_keeps_an_address_as_it_was_typed(book):
    question = book.questions["applicant_address"]
    assert question["kind"] == "mailing_address"
    assert KINDS["mailing_address"].clean("applicant_address", question, "12 Elm Street", set()) == "12 Elm Street"


def test_the_applicant_step_refuses_an_address_without_a_zip_code_at_its_box_and_keeps_the_rest(app, client, book):
    answers = festival("whitesboro-ny", book)
    ident = finished_interview(app, answers)
    posted = {"applicant_name": "Jane Q. Organizer", "applicant_age": "42", "applicant_phone": "315-555-0100",
              "applicant_address": "12 Elm Street\nSpringfield"}
    page = parse(client.post(f"/i/{ident}/step/applicant", data=posted, follow_redirects=True).get_data(as_text=True))
    assert [a["href"] for a in page.select(".error-summary a")] == ["#applicant_address"]
    inline = page.select_one("#applicant_address-error").get_text()
    assert "Your home address: enter the address with its ZIP code at the end, like 10 Elm Street, Baroda, MI 49101" \
        in inline
    assert page.select_one("#applicant_address").get_text().removeprefix("\r\n") == "12 Elm Street\nSpringfield"
    assert page.select_one("#applicant_phone")["value"] == "315-555-0100"

    posted["applicant_address"] = "12 Elm Street\nSpringfield, IL 62701"
    done = client.post(f"/i/{ident}/step/applicant", data=posted)
    assert done.status_code in (302, 303)
