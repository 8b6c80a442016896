"""WTForms fields for the answer kinds (wizard/kinds.py), chosen by each kind's `widget`.

Kept out of the engine so that importing wizard.kinds loads no form library. A new kind that
uses an existing widget needs nothing here; each kind parses typed text with its own `parse_form`.
"""
from __future__ import annotations

from wtforms import (DateTimeLocalField, IntegerField, RadioField, SelectMultipleField,
                     StringField, TextAreaField)
from wtforms.validators import InputRequired, Length, NumberRange, Optional, ValidationError
from wtforms.widgets import CheckboxInput, ListWidget

from ..kinds import DATETIME_FORMAT, KINDS, Kind
from .people import PeopleField


class _KindParsed:
    """Reads the typed text with the kind's own parser, which says plainly what is wrong."""

    def __init__(self, *args, kind: Kind, **kwargs):
        self.kind = kind
        super().__init__(*args, **kwargs)

    def process_formdata(self, valuelist):
        try:
            self.data = self.kind.parse_form((valuelist[0] if valuelist else "") or "")
        except ValueError:
            self.data = None
            raise


class NumberField(_KindParsed, IntegerField):
    pass


class WhenField(_KindParsed, DateTimeLocalField):
    pass


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
    kind = KINDS[question["kind"]]
    label, description = question["label"], question.get("hint", "")
    required = _required(question, kind.required_message(_short(label)))
    if kind.widget == "radios":
        return RadioField(label, choices=kind.choices(question), description=description, validators=[required])
    if kind.widget == "checkboxes":
        # No Optional(): it would also clear pre_validate's "choose only from the options" error
        # when the first value posted is blank, and the bad value would reach clean_answers.
        return CheckboxesField(label, choices=kind.choices(question), description=description, validators=[])
    if kind.widget == "number":
        low, high, message = kind.form_range
        return NumberField(label, kind=kind, description=description,
                           validators=[required, NumberRange(min=low, max=high, message=message)])
    if kind.widget == "people":
        return PeopleField(label, description=description, optional=bool(question.get("optional")),
                           required_message=question.get("error") or kind.required_message(_short(label)))
    if kind.widget == "datetime":
        return WhenField(label, kind=kind, format=DATETIME_FORMAT, description=description, validators=[required])
    field_class = TextAreaField if kind.widget == "lines" else StringField
    limit = kind.max_length(question)
    return field_class(label, description=description, validators=[
        required, Length(max=limit, message=f"Use {limit:,} characters or fewer")])
