"""WTForms forms built from the question definitions of one interview step."""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from flask_wtf import FlaskForm

from ..interview import step_questions
from ..kinds import KINDS
from .fields import make_field


# Form classes already built: (the step, the question dicts it was built from, the class), by the
# ids of the step and those dicts. Holding the objects keeps their ids from being reused while the
# entry lives. Building a class costs more than a whole rendered field (0.09 ms a request).
FORM_CLASSES = 4096
_form_classes: OrderedDict[tuple, tuple] = OrderedDict()
_form_classes_lock = threading.Lock()


def form_for(step: dict, questions: dict, answers: dict, formdata=None) -> FlaskForm:
    used = tuple(questions[key] for key in step["questions"])
    key = (id(step), *map(id, used))
    with _form_classes_lock:
        found = _form_classes.get(key)
        if found is not None:
            _form_classes.move_to_end(key)
    form_class = found[2] if found is not None else _remember(key, step, used, form_class_for(step, questions))
    return form_class(formdata=formdata, data=stored_to_form(step, questions, answers))


def _remember(key: tuple, step: dict, used: tuple, form_class: type) -> type:
    with _form_classes_lock:
        _form_classes[key] = (step, used, form_class)
        while len(_form_classes) > FORM_CLASSES:
            _form_classes.popitem(last=False)
    return form_class


def form_class_for(step: dict, questions: dict) -> type:
    """The WTForms class of one step: a field per question, and the answers that must fit together."""
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

    return type("StepForm", (FlaskForm,), {**fields, "validate": validate, "question_keys": keys})


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
