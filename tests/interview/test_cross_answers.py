"""Rules between answers are declared once, as data (`must_be:` in questions.yaml), and say the same
thing wherever the answers come from: a step, an answers file or the API, a
clerk's builder."""
from __future__ import annotations

from pathlib import Path

import pytest

from wizard.engine.answers import clean_answers
from wizard.authoring.checks.vocabulary import vocabulary_problems
from wizard.errors import AnswersError

from tests.support.html import texts

CLOSES_BEFORE = "The event must close after it opens"
FEWER_VISITS = "The visits over the whole event cannot be fewer than the most people at the same time."
QUESTIONS = Path(__file__).resolve().parents[2] / "interviews" / "questions.yaml"


@pytest.mark.parametrize("answers, key, message", [
    ({"starts_at": "2027-07-09T12:00", "ends_at": "2027-07-09T11:00"}, "ends_at", CLOSES_BEFORE),
    ({"max_attendance": 5000, "total_attendance": 100}, "total_attendance", FEWER_VISITS),
])
def test_an_answers_file_gets_the_declared_message(book, answers, key, message):
    with pytest.raises(AnswersError) as error:
        clean_answers({"jurisdiction": "baroda-mi", **answers}, book.questions, book.jurisdictions)
    assert error.value.key == key and error.value.message.startswith(message)


def test_answers_that_fit_pass(book):
    fine = {"jurisdiction": "baroda-mi", "starts_at": "2027-07-09T12:00", "ends_at": "2027-07-09T13:00",
            "max_attendance": 100, "total_attendance": 100}
    assert clean_answers(fine, book.questions, book.jurisdictions) == fine


def test_the_clerks_builder_says_the_same_as_the_step(client):
    page = client.get("/clerks?jurisdiction=baroda-mi&starts_at=2027-07-09T12:00&ends_at=2027-07-09T10:00")
    # The declared message names what it is about, the same under the field.
    assert texts(page, ".error-summary__list li") == [CLOSES_BEFORE] == [t.removeprefix("Error: ") for t in texts(page, "#ends_at-error")]


def test_the_api_says_the_same(client):
    response = client.post("/api/assess", json={"jurisdiction": "baroda-mi", "max_attendance": 10,
                                                "total_attendance": 5})
    assert response.status_code == 400 and response.get_json()["key"] == "total_attendance"
    assert FEWER_VISITS in response.get_json()["error"]


@pytest.mark.parametrize("old, new, message", [
    ("must_be: {after: starts_at,", "must_be: {after: no_such_question,", "'no_such_question' is not another question"),
    ("must_be: {after: starts_at,", "must_be: {before: starts_at,", "must_be is one test (after, at_least)"),
    ("must_be: {after: starts_at,", "must_be: {after: event_name,", "must both be counts or both dates"),
])
def test_a_rule_between_answers_that_cannot_work_is_refused(tmp_path, old, new, message):
    broken = tmp_path / "questions.yaml"
    broken.write_text(QUESTIONS.read_text().replace(old, new, 1))
    problems = vocabulary_problems(broken)
    assert [p.message for p in problems if message in p.message], [p.message for p in problems]
