"""Answers that must fit together: a rule between two answers (it closes after it opens; the visits
over the whole event are at least the crowd at once), declared once, as data, on the question it
is about (`must_be:` in interviews/questions.yaml or a rule file's own questions):

    ends_at:
      must_be: {after: starts_at, message: The event must close after it opens}

`clean_answers` (an answers file, the API, `wizard assess`, a clerk's link) and the web forms (a
step, the clerks' builder) read the same declaration, so each gives the same message. No Flask here.
"""
from __future__ import annotations

import operator
from typing import Any, Callable, Iterator

from ..errors import AnswersError
from ..kinds import KINDS, parse_datetime

# The test's name in `must_be:` -> how the answer compares with the other answer.
TESTS: dict[str, Callable[[Any, Any], bool]] = {"after": operator.gt, "at_least": operator.ge}


def declared(question: dict) -> tuple[str, str, str] | None:
    """(test, the other answer's key, message) of a question's `must_be:`, or None."""
    rule = question.get("must_be")
    if not isinstance(rule, dict):
        return None
    test = next((name for name in TESTS if name in rule), None)
    return None if test is None else (test, rule[test], rule.get("message", ""))


def _comparable(key: str, question: dict, value: Any) -> Any:
    return parse_datetime(key, value) if KINDS[question["kind"]].compare_as == "datetime" else value


def broken(answers: dict, questions: dict) -> Iterator[tuple[str, str]]:
    """(key, message) for each declared rule the answers break; a rule with an answer missing holds."""
    for key, question in questions.items():
        rule = declared(question) if key in answers else None
        if rule is None or answers.get(rule[1]) is None or answers[key] is None:
            continue
        test, other, message = rule
        value = _comparable(key, question, answers[key])
        if not TESTS[test](value, _comparable(other, questions[other], answers[other])):
            yield key, message


def check_cross_answers(answers: dict, questions: dict) -> None:
    """Raise AnswersError, naming the answer and the rule's message, for the first rule broken."""
    for key, message in broken(answers, questions):
        raise AnswersError(key, message)
