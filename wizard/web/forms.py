"""WTForms forms built from the question definitions of one interview step."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from flask_wtf import FlaskForm
from wtforms import (DateTimeLocalField, IntegerField, RadioField, SelectMultipleField,
                     StringField, TextAreaField)
from wtforms.validators import InputRequired, Length, NumberRange, Optional, ValidationError
from wtforms.widgets import CheckboxInput, ListWidget

from ..answers import DATETIME_FORMAT, TEXT_LIMIT

YES_NO = [("yes", "Yes"), ("no", "No")]
TEXT_MAX = 300


class CountField(IntegerField):
    """A whole number; accepts "1,500" and says plainly what is wrong otherwise."""

    def process_formdata(self, valuelist):
        text = (valuelist[0] if valuelist else "") or ""
        text = text.strip().replace(",", "").replace(" ", "")
        if not text:
            self.data = None
            return
        if not text.isdigit():
            self.data = None
            raise ValueError("Enter a whole number using digits only, like 250")
        self.data = int(text)


class WhenField(DateTimeLocalField):
    """A date and time; also accepts a space instead of the T, for browsers without a picker."""

    def process_formdata(self, valuelist):
        text = ((valuelist[0] if valuelist else "") or "").strip().replace(" ", "T", 1)
        if not text:
            self.data = None
            return
        for fmt in (DATETIME_FORMAT, DATETIME_FORMAT + ":%S"):
            try:
                self.data = datetime.strptime(text, fmt)
                return
            except ValueError:
                continue
        self.data = None
        raise ValueError("Enter a real date and time, like 2027-07-09 12:00")


class CheckboxesField(SelectMultipleField):
    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()

    def pre_validate(self, form):
        # Unknown values are a tampered post; say so plainly instead of WTForms' generic message.
        known = {value for value, _ in self.choices}
        if any(v not in known for v in (self.data or [])):
            raise ValidationError("Choose only from the options shown.")


def _required(question: dict, message: str):
    if question.get("optional"):
        return Optional()
    return InputRequired(message=question.get("error") or message)


def _short(label: str) -> str:
    return label.rstrip("?").lower()


def make_field(key: str, question: dict):
    kind, label = question["kind"], question["label"]
    description = question.get("hint", "")
    if kind == "yes_no":
        return RadioField(label, choices=YES_NO, description=description,
                          validators=[_required(question, f"Select yes or no: {_short(label)}")])
    if kind == "choice":
        return RadioField(label, choices=list(question["options"].items()), description=description,
                          validators=[_required(question, f"Select an answer: {_short(label)}")])
    if kind in ("choices", "flag_set"):
        return CheckboxesField(label, choices=list(question["options"].items()), description=description,
                               validators=[Optional()])
    if kind == "count":
        return CountField(label, description=description, validators=[
            _required(question, f"Enter a number: {_short(label)}"),
            NumberRange(min=0, max=10_000_000, message="Enter a whole number from 0 to 10,000,000"),
        ])
    if kind == "share":
        return CountField(label, description=description, validators=[
            _required(question, "Enter a percentage"),
            NumberRange(min=0, max=100, message="Enter a whole number from 0 to 100"),
        ])
    if kind == "datetime":
        return WhenField(label, format=DATETIME_FORMAT, description=description,
                                  validators=[_required(question, f"Enter a date and time: {_short(label)}")])
    limit = TEXT_LIMIT if kind == "long_text" else TEXT_MAX
    field_class = TextAreaField if kind == "long_text" else StringField
    return field_class(label, description=description, validators=[
        _required(question, f"Enter {_short(label)}"),
        Length(max=limit, message=f"Use {limit:,} characters or fewer"),
    ])


def form_for(step: dict, questions: dict, answers: dict, formdata=None) -> FlaskForm:
    fields = {key: make_field(key, questions[key]) for key in step["questions"]}
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
        kind = question["kind"]
        if kind == "flag_set":
            data[key] = [flag for flag in question["options"] if answers.get(flag) is True]
            continue
        value = answers.get(key)
        if value is None:
            continue
        if kind == "yes_no":
            data[key] = "yes" if value else "no"
        elif kind == "share":
            data[key] = round(value * 100)
        elif kind == "datetime":
            data[key] = datetime.strptime(value, DATETIME_FORMAT)
        else:
            data[key] = value
    return data


def form_to_answers(form: FlaskForm, questions: dict) -> tuple[dict, list[str]]:
    """New answer values from a valid form, and keys to clear (optional fields left empty)."""
    values: dict[str, Any] = {}
    cleared: list[str] = []
    for key in form.question_keys:
        question, data = questions[key], form[key].data
        kind = question["kind"]
        if kind == "flag_set":
            chosen = set(data or [])
            values.update({flag: flag in chosen for flag in question["options"]})
        elif data is None or data == "":
            cleared.append(key)
        elif kind == "yes_no":
            values[key] = data == "yes"
        elif kind == "share":
            values[key] = data / 100
        elif kind == "datetime":
            values[key] = data.strftime(DATETIME_FORMAT)
        elif kind == "choices":
            values[key] = list(data or [])
        elif kind in ("text", "long_text"):
            if data.strip():
                values[key] = data.strip()
            else:
                cleared.append(key)
        else:
            values[key] = data
    return values, cleared
