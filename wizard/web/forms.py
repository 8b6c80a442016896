"""WTForms forms built from question definitions: one interview step's (`form_for`), and a form of
any answer questions, each optional (`answer_form`: the clerks' builder and a clerk's prefilled link)."""
from __future__ import annotations

from typing import Any

from flask_wtf import FlaskForm

from ..answers import clean_answers
from ..interview import step_questions
from ..kinds import KINDS
from ..rulebook import RuleBook
from .fields import make_field


def form_for(step: dict, questions: dict, answers: dict, formdata=None) -> FlaskForm:
    on_step = step_questions(step, questions)
    fields = {key: make_field(key, on_step[key]) for key in step["questions"]}
    keys = list(fields)

    def validate(self, extra_validators=None):
        ok = FlaskForm.validate(self, extra_validators)
        start = getattr(self, "starts_at", None)
        end = getattr(self, "ends_at", None)
        if ok and start is not None and end is not None and start.data and end.data and end.data <= start.data:
            end.errors.append("The closing time must be after the opening time")
            ok = False
        most, total = getattr(self, "max_attendance", None), getattr(self, "total_attendance", None)
        if ok and most is not None and total is not None and None not in (most.data, total.data) \
                and total.data < most.data:
            total.errors.append("The visits over the whole event cannot be fewer than the most people "
                                "at the same time. Everyone there at the busiest time counts as a visit.")
            ok = False
        return ok

    form_class = type("StepForm", (FlaskForm,), {**fields, "validate": validate, "question_keys": keys})
    return form_class(formdata=formdata, data=stored_to_form(step, questions, answers))


def stored_to_form(step: dict, questions: dict, answers: dict) -> dict:
    data: dict[str, Any] = {}
    for key in step["questions"]:
        question = questions[key]
        value = KINDS[question["kind"]].to_form(key, question, answers)
        if value is not None:
            data[key] = value
    return data


def form_to_answers(form: FlaskForm, questions: dict) -> tuple[dict, list[str]]:
    """New answer values from a valid form, and keys to clear (optional fields left empty)."""
    values: dict[str, Any] = {}
    cleared: list[str] = []
    for key in form.question_keys:
        question = questions[key]
        found = KINDS[question["kind"]].from_form(key, question, form[key].data)
        if found is None:
            cleared.append(key)
        else:
            values.update(found)
    return values, cleared


def answer_form(keys, questions: dict, answers: dict | None = None, formdata=None) -> FlaskForm:
    """A form of the given questions, each optional, drawn with the interview's widgets."""
    fields = {key: make_field(key, {**questions[key], "optional": True}) for key in keys}
    form_class = type("AnswerForm", (FlaskForm,), {**fields, "question_keys": list(keys)})
    data = {}
    for key in keys:
        question = questions[key]
        value = KINDS[question["kind"]].to_form(key, question, answers or {})
        if value is not None:
            data[key] = value
    return form_class(formdata=formdata, data=data, meta={"csrf": False})


def form_answers(form: FlaskForm, questions: dict, book: RuleBook) -> dict:
    """The answers a valid form gives, cleaned as every answer is."""
    values: dict[str, Any] = {}
    for key in form.question_keys:
        question = questions[key]
        found = KINDS[question["kind"]].from_form(key, question, form[key].data)
        values.update(found or {})
    return clean_answers(values, questions, book.jurisdictions)


def linkable_keys(questions: dict, keys) -> list[str]:
    """Question keys a link may carry: answer keys of the interview's questions, not the municipality."""
    return [k for k in keys if k != "jurisdiction" and k in questions
            and KINDS[questions[k]["kind"]].answer_key]
