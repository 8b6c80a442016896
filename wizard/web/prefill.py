"""Answers passed in a link's query string (a clerk's prefilled link), read by each question's kind."""
from __future__ import annotations

from typing import Any, Iterable

from ..answers import clean_answers
from ..errors import AnswersError
from ..kinds import KINDS
from ..rulebook import RuleBook


def answers_from_query(args, book: RuleBook, skip: Iterable[str] = ("jurisdiction",),
                       jurisdiction_id: str | None = None) -> tuple[dict, list[str]]:
    """Keep every valid answer; describe each bad one instead of failing the whole link. The
    jurisdiction (from the link's path or its `jurisdiction` field) adds its own questions."""
    questions = book.questions_for(jurisdiction_id or args.get("jurisdiction"))
    answers: dict[str, Any] = {}
    problems: list[str] = []
    for key in args.keys():
        if key in skip:
            continue
        question = questions.get(key)
        if question is None or not KINDS[question["kind"]].answer_key:
            problems.append(f"The link included “{key}”, which we do not use. We ignored it.")
            continue
        try:
            value = KINDS[question["kind"]].parse_query(key, args.getlist(key))
            answers.update(clean_answers({key: value}, questions, book.jurisdictions))
        except AnswersError as error:
            problems.append(f"The link's answer for “{key}” was not usable ({error.message}). We will ask you instead.")
    return _consistent(answers, questions, book, problems), problems


def _consistent(answers: dict, questions: dict, book: RuleBook, problems: list[str]) -> dict:
    """Answers that contradict each other (visits below the crowd, an end before the start) are
    left out and asked instead (issue 9, item 2)."""
    while True:
        try:
            clean_answers(answers, questions, book.jurisdictions)
            return answers
        except AnswersError as error:
            if answers.pop(error.key, None) is None:
                return answers
            problems.append(f"The link's answer for “{error.key}” was not usable ({error.message}). "
                            "We will ask you instead.")
