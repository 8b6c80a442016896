"""Answers passed in a link's query string (a clerk's prefilled link), read by each question's kind.

A bad value is explained to the organizer in plain words, by the question's label, never by its key."""
from __future__ import annotations

from typing import Any, Iterable

from flask_wtf import FlaskForm

from ..answers import clean_answers
from ..errors import AnswersError
from ..kinds import KINDS
from ..rulebook import RuleBook
from .clerks import answer_form, form_answers, linkable_keys
from .state import rulebook


def answers_from_query(args, book: RuleBook, skip: Iterable[str] = ("jurisdiction",)) -> tuple[dict, list[str]]:
    """Keep every valid answer; describe each bad one instead of failing the whole link."""
    answers: dict[str, Any] = {}
    problems: list[str] = []
    for key in args.keys():
        if key in skip:
            continue
        question = book.questions.get(key)
        if question is None or not KINDS[question["kind"]].answer_key:
            unknown = "The link had an answer we do not use. We left it out."
            if unknown not in problems:
                problems.append(unknown)
            continue
        try:
            value = KINDS[question["kind"]].parse_query(key, args.getlist(key))
            answers.update(clean_answers({key: value}, book.questions, book.jurisdictions))
        except AnswersError:
            problems.append(f"The link had an answer we could not use for “{question['label']}”. We will ask you.")
    return answers, problems


def clerk_prefill(prefill: dict) -> dict:
    """The start page's "Your clerk filled in: ..." part: each answer in its own editable widget."""
    book = rulebook()
    keys = linkable_keys(book, prefill)
    return {"prefill_form": answer_form(keys, book, prefill) if keys else None, "prefill_keys": keys,
            "questions": book.questions}


def posted_prefill(formdata) -> tuple[dict, FlaskForm]:
    """The clerk's answers as the organizer sent them from the start page (perhaps changed).

    The form lists them in `prefilled`; without it (an older form or a script), any answer keys
    posted are read the same way."""
    book = rulebook()
    listed = formdata.get("prefilled")
    keys = linkable_keys(book, listed.split(",") if listed is not None else formdata.keys())
    form = answer_form(keys, book, formdata=formdata)
    if not form.validate():
        return {}, form
    try:
        return form_answers(form, book), form
    except AnswersError:
        form.form_errors.append("These answers do not fit together. Check them and try again.")
        return {}, form
