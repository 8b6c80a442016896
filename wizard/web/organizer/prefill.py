"""Answers passed in a link's query string (a clerk's prefilled link), read by each question's kind.

A bad value is explained to the organizer in plain words, by the question's label, never by its key."""
from __future__ import annotations

from typing import Any, Iterable

from flask_wtf import FlaskForm

from ...engine.answers import clean_answers
from ...engine.event_dates import date_problems
from ...errors import AnswersError
from ...kinds import KINDS
from ...language import gettext as _
from ...rules.rulebook import RuleBook
from .forms import answer_form, form_answers, linkable_keys
from ..edge.state import rulebook, today


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
            unknown = _("The link had an answer we do not use. We left it out.")
            if unknown not in problems:
                problems.append(unknown)
            continue
        try:
            value = KINDS[question["kind"]].parse_query(key, args.getlist(key))
            answers.update(clean_answers({key: value}, questions, book.jurisdictions))
        except AnswersError:
            problems.append(unusable(question))
    answers = _consistent(answers, questions, book, problems)
    for problem in date_problems(answers, questions, today(book.get(jurisdiction_id or ""))):  # last year's link
        answers.pop(problem.key)
        problems.append(_("The link's date for “%(label)s” has passed. We will ask you.", label=questions[problem.key]["label"])
                        if problem.reason == "past" else
                        _("The link's date for “%(label)s” is more than three years away. We will ask you.",
                          label=questions[problem.key]["label"]))
    return answers, problems


def unusable(question: dict) -> str:
    """A bad value in a link, said by the question's label: the inquirer never sees a key name."""
    return _("The link had an answer we could not use for “%(label)s”. We will ask you.", label=question["label"])


def _consistent(answers: dict, questions: dict, book: RuleBook, problems: list[str]) -> dict:
    """Answers that contradict each other (visits below the crowd, an end before the start) are
    left out and asked instead: an answer is never guessed from the other."""
    while True:
        try:
            clean_answers(answers, questions, book.jurisdictions)
            return answers
        except AnswersError as error:
            if answers.pop(error.key, None) is None:
                return answers
            problems.append(unusable(questions[error.key]))


def clerk_prefill(prefill: dict, jurisdiction_id: str) -> dict:
    """The start page's "Your clerk filled in: ..." part: each answer in its own editable widget."""
    questions = rulebook().questions_for(jurisdiction_id)
    keys = linkable_keys(questions, prefill)
    return {"prefill_form": answer_form(keys, questions, prefill) if keys else None, "prefill_keys": keys,
            "questions": questions}


def posted_prefill(formdata) -> tuple[dict, FlaskForm]:
    """The clerk's answers as the organizer sent them from the start page (perhaps changed).

    The form lists them in `prefilled`; without it (an older form or a script), any answer keys
    posted are read the same way."""
    book = rulebook()
    questions = book.questions_for(formdata.get("jurisdiction"))
    listed = formdata.get("prefilled")
    keys = linkable_keys(questions, listed.split(",") if listed is not None else formdata.keys())
    form = answer_form(keys, questions, formdata=formdata,
                       today=today(book.get(formdata.get("jurisdiction") or "")))
    if not form.validate():
        return {}, form
    try:
        return form_answers(form, questions, book), form
    except AnswersError as error:  # answers that contradict each other: shown on the field
        field = getattr(form, error.key, None)
        (field.errors if field is not None else form.form_errors).append(
            f"{error.message[:1].upper()}{error.message[1:]}. Check it and try again." if field is not None
            else "These answers do not fit together. Check them and try again.")
        return {}, form
