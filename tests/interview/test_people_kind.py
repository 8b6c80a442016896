"""The `people` answer kind: a list of {name, age, address}, cleaned the same for the form, an
imported answers file, the API and a clerk's link."""
from __future__ import annotations

import pytest

from wizard.engine.answers import clean_answers
from wizard.errors import AnswersError
from wizard.kinds import KINDS, PEOPLE_LIMIT


def clean(book, officers):
    return clean_answers({"jurisdiction": "baroda-mi", "officers": officers}, book.questions, book.jurisdictions)


def test_people_are_kept_in_order_with_text_trimmed(book):
    answers = clean(book, [{"name": " Ann Lee ", "age": 51, "address": "2 Oak St"}, {"name": "Bo Park"}])
    assert answers["officers"] == [{"name": "Ann Lee", "age": 51, "address": "2 Oak St"},
                                   {"name": "Bo Park", "age": None, "address": ""}]
    assert KINDS["people"].show({}, answers["officers"]) == "Ann Lee, age 51, 2 Oak St; Bo Park"


@pytest.mark.parametrize("officers, message", [
    ("Ann Lee", "expected a list"),
    ([{"age": 40}], "person 1: the name is missing"),
    ([{"name": "Ann", "age": -1}], "person 1: expected an age from 0 to 130"),
    ([{"name": "Ann", "age": True}], "person 1: expected an age"),
    ([{"name": "Ann", "phone": "555"}], "person 1: expected {name, age, address}"),
    ([{"name": "x" * 301}], "longer than 300 characters"),
    ([{"name": "Ann"}] * (PEOPLE_LIMIT + 1), f"up to {PEOPLE_LIMIT} people"),
])
def test_bad_people_get_a_clear_message(book, officers, message):
    with pytest.raises(AnswersError) as caught:
        clean(book, officers)
    assert caught.value.key == "officers" and message in str(caught.value)


def test_an_empty_list_means_no_one(book):
    assert clean(book, [])["officers"] == []
    assert KINDS["people"].show({}, []) == "None"
