"""A phone answer is checked as a telephone number (docs/decisions/0016-answers-are-typed.md), on the
step and in an answers file."""
from __future__ import annotations

import pytest

from wizard.errors import AnswersError
from wizard.kinds import KINDS, NotAPhone, phone_number
from wizard.web.edge.filters import named_error

from tests.support.html import parse
from tests.support.interview import finished_interview
from tests.support.packet import festival


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
    inline = page.select_one("#applicant_phone-error").get_text()
    assert inline.endswith("Your phone number: enter a telephone number, like 315-555-0100")
    assert page.select_one(".error-summary a").get_text() in inline  # the summary says the same


def test_a_percentage_is_asked_like_a_percentage():
    """A share's example fits its range: "like 250" was the count's example, on a question that takes 0 to 100."""
    share = KINDS["share"]
    assert share.parse_form("25%") == 25 and share.parse_form(" 40 ") == 40
    with pytest.raises(ValueError, match="^Enter a whole number from 0 to 100, like 25$"):
        share.parse_form("about half")


def test_a_named_error_keeps_a_weekdays_capital():
    question = {"label": "Your start date", "form_label": "First opens"}
    assert named_error("Wednesday, July 7, 2027 is a long way off", question) == (
        "Your start date: Wednesday, July 7, 2027 is a long way off")
