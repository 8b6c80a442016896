"""Issue 35, item 7: a phone answer is checked as a telephone number, on the step and in an answers file."""
from __future__ import annotations

import pytest

from wizard.errors import AnswersError
from wizard.kinds import KINDS, NotAPhone, phone_number

from .html import parse
from .test_interview_http import finished_interview
from .test_packet import festival


@pytest.mark.parametrize("typed", ["315-555-0100", "(269) 555-0142", "+44 20 7946 0958", "269.555.0142 ext. 12",
                                   "5550142", " 315 555 0100 x7 "])
def test_numbers_as_people_write_them_are_kept(typed):
    assert phone_number(typed) == typed.strip()


@pytest.mark.parametrize("typed", ["tomorrow", "555-01", "call me", "315-555-0100 or 315-555-0101",
                                   "zoe@example.org", "1234567890123456"])
def test_what_is_not_a_number_is_refused_with_an_example(typed):
    with pytest.raises(NotAPhone, match="Enter a telephone number, like 315-555-0100"):
        phone_number(typed)


def test_an_answers_file_with_a_bad_number_is_refused_and_an_empty_one_kept(book):
    phone = KINDS["phone"]
    question = book.questions["applicant_phone"]
    assert question["kind"] == "phone"
    with pytest.raises(AnswersError):
        phone.clean("applicant_phone", question, "tomorrow", set())
    assert phone.clean("applicant_phone", question, "", set()) == ""


def test_the_applicant_step_refuses_a_phone_that_is_not_one_and_says_so_at_the_box(app, client, book):
    answers = festival("whitesboro-ny", book)
    ident = finished_interview(app, answers)
    posted = {k: answers[k] for k in ("applicant_name", "applicant_age", "applicant_address")}
    refused = client.post(f"/i/{ident}/step/applicant", data={**posted, "applicant_phone": "tomorrow"},
                          follow_redirects=True)
    page = parse(refused.get_data(as_text=True))
    assert [a["href"] for a in page.select(".error-summary a")] == ["#applicant_phone"]
    assert "Enter a telephone number, like 315-555-0100" in page.select_one("#applicant_phone-error").get_text()
