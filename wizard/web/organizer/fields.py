"""WTForms fields for the answer kinds (wizard/kinds/), chosen by each kind's `widget`.

Kept out of the engine so that importing wizard.kinds loads no form library. A new kind that
uses an existing widget needs nothing here; each kind parses typed text with its own `parse_form`.
"""
from __future__ import annotations

from datetime import date

from wtforms import Field, IntegerField, RadioField, SelectChoice, SelectMultipleField, StringField, TextAreaField
from wtforms.utils import unset_value
from wtforms.validators import InputRequired, Length, NumberRange, Optional, ValidationError
from wtforms.widgets import CheckboxInput, ListWidget, TextInput

from ...engine.event_dates import day_problem
from ...kinds import KINDS, Kind
from ...kinds.typed_dates import TypedPartError, date_text, time_text
from ...language import gettext as _
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

    def _value(self) -> str:
        # What was typed stays in the box beside its error, to be corrected rather than typed again.
        typed = getattr(self, "raw_data", None)
        if getattr(self, "process_errors", None) and typed:
            return str(typed[0])
        shown: str = getattr(super(), "_value")()
        return shown


class NumberField(_KindParsed, IntegerField):
    """A text box, not `type="number"` (docs/decisions/0016-answers-are-typed.md): Chromium turned "about 3000" into
    3000, or into nothing, without a word; the kind's parser says what is wrong instead."""

    widget = TextInput()


class LineField(_KindParsed, StringField):
    """One line of text, read by the kind: an email question says there what is wrong with the address."""

    def process_formdata(self, valuelist):
        if valuelist:  # an absent field keeps its data, as StringField does
            super().process_formdata(valuelist)


class LinesField(_KindParsed, TextAreaField):
    """Several lines of text, read by the kind: a mailing address says there what part is missing."""

    def process_formdata(self, valuelist):
        if valuelist:  # an absent field keeps its data, as TextAreaField does
            super().process_formdata(valuelist)


class WhenField(Field):
    """A date and a time as two text inputs, `key` and `key_time`, typed the way people write them
    (docs/decisions/0003-event-dates.md: a `datetime-local` picker dropped "07162027" without a word). A single
    `key=2027-07-09T12:00` post still works: the time is then in the first value.

    With `today` (the interview's form), the date policy of `engine/event_dates.py` applies: a day
    before today is refused and a far one asked again; posting the same day a second time (the page
    sends it back in `key_confirmed`) confirms it. `bad_part` is the box the error is about."""

    TIME_SUFFIX = "_time"
    CONFIRM_SUFFIX = "_confirmed"

    def __init__(self, *args, kind: Kind, today: date | None = None, **kwargs):
        self.kind = kind
        self.today = today
        self.typed: tuple[str, str] | None = None
        self.bad_part: str | None = None  # "date", "time", or None for both (or neither)
        self.confirmed = ""
        self.asks_again = False
        super().__init__(*args, **kwargs)

    def process(self, formdata, data=unset_value, extra_filters=None):
        if formdata is None:
            return super().process(formdata, data, extra_filters)
        self.process_errors, self.object_data = [], data
        typed_date = formdata.get(self.name) or ""
        typed_time = formdata.get(self.name + self.TIME_SUFFIX)
        self.typed = (typed_date, typed_time or "")
        self.raw_data = [typed_date or typed_time or ""]
        self.confirmed = formdata.get(self.name + self.CONFIRM_SUFFIX) or ""
        try:
            self.data = (self.kind.parse_form(typed_date) if typed_time is None
                         else self.kind.parse_parts(typed_date, typed_time, self.today))
        except TypedPartError as error:
            self.data, self.bad_part = None, error.part
            self.process_errors.append(str(error))
        except ValueError as error:
            self.data = None
            self.process_errors.append(str(error))

    def pre_validate(self, form):
        if self.data is None or self.today is None:
            return
        problem = day_problem(self.name, self.data.date(), self.today, [self.confirmed])
        if problem is not None:
            self.bad_part, self.asks_again = "date", problem.reason == "far"
            raise ValidationError(problem.message(self.today))

    @property
    def error_anchor(self) -> str:
        """The box the error summary links to: the time's when only the time is wrong."""
        return self.time_name if self.bad_part == "time" else self.id

    @property
    def confirm_name(self) -> str:
        return self.name + self.CONFIRM_SUFFIX

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
        known = {choice.value for choice in self.choices}
        if any(v not in known for v in (self.data or [])):
            raise ValidationError(_("Choose only from the options shown."))


def _required(question: dict, message: str):
    if question.get("optional"):
        return Optional()
    return InputRequired(message=question.get("error") or message)


def _options(kind, question: dict) -> list[SelectChoice]:
    """The kind's (value, words) pairs as WTForms declares options (tuples go in WTForms 3.4)."""
    return [SelectChoice(value, label) for value, label in kind.choices(question)]


def _short(label: str) -> str:
    return label.rstrip("?").lower()


def make_field(key: str, question: dict, today: date | None = None):
    kind = KINDS[question["kind"]]
    label, description = question["label"], question.get("hint", "")
    required = _required(question, kind.required_message(_short(label)))
    if kind.widget == "radios" and len(question.get("options") or ()) > SEARCH_ABOVE:
        return PlaceField(label, options=question["options"], description=description, validators=[required])
    if kind.widget == "radios":
        return RadioField(label, choices=_options(kind, question), description=description, validators=[required])
    if kind.widget == "checkboxes":
        # No Optional(): it would also clear pre_validate's "choose only from the options" error
        # when the first value posted is blank, and the bad value would reach clean_answers.
        return CheckboxesField(label, choices=_options(kind, question), description=description, validators=[])
    if kind.widget == "number":
        low, high, message = kind.form_range
        least = question.get("at_least") or {}
        validators = [required, NumberRange(min=low, max=high, message=_(message))]
        if least:  # a count of 0 that means nothing (a crowd of nobody): its own words
            validators.append(NumberRange(min=least["value"], message=least["message"]))
        return NumberField(label, kind=kind, description=description, validators=validators)
    if kind.widget == "people":
        return PeopleField(label, description=description, optional=bool(question.get("optional")),
                           required_message=question.get("error") or kind.required_message(_short(label)),
                           needs=kind.needs(question))
    if kind.widget == "datetime":
        return WhenField(label, kind=kind, today=today, description=description, validators=[required])
    limit = kind.max_length(question)
    validators = [required, Length(max=limit, message=_("Use %(limit)s characters or fewer", limit=format(limit, ",")))]
    if kind.widget == "lines":
        return LinesField(label, kind=kind, description=description, validators=validators)
    return LineField(label, kind=kind, description=description, validators=validators)
