"""WTForms forms built from the question definitions of one interview step."""
from __future__ import annotations

from datetime import date
from typing import Any

from flask_wtf import FlaskForm

from ..interview import step_questions
from ..kinds import KINDS
from .fields import make_field


def form_for(step: dict, questions: dict, answers: dict, formdata=None, today: date | None = None) -> FlaskForm:
    """The step's form; with `today`, dates before it are refused (see WhenField)."""
    on_step = step_questions(step, questions)
    fields = {key: make_field(key, on_step[key], today) for key in step["questions"]}
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
