"""WTForms fields for the answer kinds (wizard/kinds/), chosen by each kind's `widget`.

Kept out of the engine so that importing wizard.kinds loads no form library. A new kind that
uses an existing widget needs nothing here; each kind parses typed text with its own `parse_form`.
"""
from __future__ import annotations

from wtforms import Field, IntegerField, RadioField, SelectMultipleField, StringField, TextAreaField
from wtforms.utils import unset_value
from wtforms.validators import InputRequired, Length, NumberRange, Optional, ValidationError
from wtforms.widgets import CheckboxInput, ListWidget

from ..kinds import KINDS, Kind
from ..typed_dates import date_text, time_text
from .choose import SEARCH_ABOVE
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


class WhenField(Field):
    """A date and a time as two text inputs, `key` and `key_time`, typed the way people write them
    (issue 11: a `datetime-local` picker dropped "07162027" without a word). A single
    `key=2027-07-09T12:00` post still works: the time is then in the first value."""

    TIME_SUFFIX = "_time"

    def __init__(self, *args, kind: Kind, **kwargs):
        self.kind = kind
        self.typed: tuple[str, str] | None = None
        super().__init__(*args, **kwargs)

    def process(self, formdata, data=unset_value, extra_filters=None):
        if formdata is None:
            return super().process(formdata, data, extra_filters)
        self.process_errors, self.object_data = [], data
        typed_date = formdata.get(self.name) or ""
        typed_time = formdata.get(self.name + self.TIME_SUFFIX)
        self.typed = (typed_date, typed_time or "")
        self.raw_data = [typed_date or typed_time or ""]
        try:
            self.data = (self.kind.parse_form(typed_date) if typed_time is None
                         else self.kind.parse_parts(typed_date, typed_time))
        except ValueError as error:
            self.data = None
            self.process_errors.append(str(error))

    @property
    def time_name(self) -> str:
        return self.name + self.TIME_SUFFIX

    def date_value(self) -> str:
        if self.typed is not None:
            return self.typed[0] if self.typed[1] or "T" not in self.typed[0] else self.typed[0].split("T")[0]
        return date_text(self.data) if self.data else ""

    def time_value(self) -> str:
        if self.typed is not None:
            return self.typed[1] if self.typed[1] or "T" not in self.typed[0] else self.typed[0].split("T")[1]
        return time_text(self.data) if self.data else ""


class PlaceField(RadioField):
    """The jurisdiction among more than a page of them: the page shows a search instead of a
    radio button each (choose.py), so the field builds no choice list and checks the answer by
    membership in the options mapping, at the same cost for four places or twenty thousand."""

    def __init__(self, *args, options, **kwargs):
        super().__init__(*args, choices=[], validate_choice=False, **kwargs)
        self.options = options

    def pre_validate(self, form):
        if self.data is not None and self.data not in self.options:
            raise ValidationError(self.gettext("Not a valid choice."))


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
    if kind.widget == "radios" and len(question.get("options") or ()) > SEARCH_ABOVE:
        return PlaceField(label, options=question["options"], description=description, validators=[required])
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
        return WhenField(label, kind=kind, description=description, validators=[required])
    field_class = TextAreaField if kind.widget == "lines" else StringField
    limit = kind.max_length(question)
    return field_class(label, description=description, validators=[
        required, Length(max=limit, message=f"Use {limit:,} characters or fewer")])
