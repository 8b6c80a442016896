"""A question of options (radios, checkboxes) drawn once for each way it can look.

Drawing one question of three radio buttons through its kind's macro took a seventh of a whole step page
(docs/decisions/0013-memos-only-where-they-pay.md): about twenty-five escaped values and five macro calls. Without
an error, such a question shows only what its rule file says and which options are chosen, so every organizer of a
jurisdiction sees one of a handful of drawings; they are remembered, keyed by everything
templates/fields/_parts.html's `options` macro reads, and the language its words are in. A question of one typed
value (a name, a number, a few lines) is drawn once with a mark where its value goes, the value put in, escaped, for
each page (docs/decisions/0031-the-step-draws-only-what-changes.md). A date, a list of people and any question with an
error are drawn each time.
"""
from __future__ import annotations

from typing import Callable, cast

from flask import current_app
from markupsafe import Markup, escape

from ... import language
from ...kinds import KINDS
from ...remembered import Remembered

OPTION_WIDGETS = {"radios", "checkboxes"}
# The kinds whose template is fields/_parts.html's `input` alone: one control showing one value.
ONE_VALUE_KINDS = {"text", "long_text", "count", "email", "phone", "share"}
VALUE_MARK = "wizard-answer-shown-here-5e0c9b"  # no character escaping changes; in no rule file
_drawn = Remembered(4096, "drawn questions")
_drawn_valueless: Remembered[Markup] = Remembered(1024, "drawn questions without their value")


def question_field(field, q: dict, single: bool) -> Markup:
    """The question as `_fields.html`'s `question` macro draws it."""
    key = _drawing_key(field, q, single)
    if key is not None:
        return _drawn.get_or_make(key, lambda: _draw(field, q, single))
    key = _valueless_key(field, q, single)
    if key is None:
        return _draw(field, q, single)
    drawn = _drawn_valueless.get_or_make(key, lambda: _draw(_WithoutValue(field), q, single))
    if drawn.count(VALUE_MARK) != 1:  # the value shown twice or not at all: not this drawing's shape
        return _draw(field, q, single)
    return Markup(drawn.replace(VALUE_MARK, escape(field._value())))


class _WithoutValue:
    """The field, showing the mark instead of its value."""

    def __init__(self, field):
        self._field = field

    def __getattr__(self, name: str):
        return getattr(self._field, name)

    def _value(self) -> str:
        return VALUE_MARK


def _valueless_key(field, q: dict, single: bool) -> tuple | None:
    """What the drawing of a one-value question depends on but its value (everything `input` of
    templates/fields/_parts.html reads); None for a question drawn each time."""
    if field.errors or q["kind"] not in ONE_VALUE_KINDS:
        return None
    flags = field.flags
    on_kiosk = bool(cast(Callable[[], bool], current_app.jinja_env.globals["kiosk_screen"])())  # what the template asks
    return (language.current(), on_kiosk, q["kind"], field.id, field.name, field.label.text, field.description,
            bool(single), bool(flags.required), getattr(flags, "maxlength", None), getattr(flags, "min", None),
            getattr(flags, "max", None), getattr(field.widget, "input_type", None), q.get("optional"),
            q.get("autocomplete"), q.get("input_type"))


def _drawing_key(field, q: dict, single: bool) -> tuple | None:
    """What the drawing of an option question depends on; None for a question drawn each time."""
    if field.errors or KINDS[q["kind"]].widget not in OPTION_WIDGETS:
        return None
    choices = tuple((c.value, c.label, bool(c.selected)) for c in field.iter_choices())
    # The language too: the macro's own words ("Select all that apply", "(optional)") are the page's.
    return (language.current(), q["kind"], field.id, field.name, field.label.text, field.description, bool(single),
            bool(field.flags.required), field.option_widget.input_type, choices)


def _draw(field, q: dict, single: bool) -> Markup:
    return current_app.jinja_env.get_template("_fields.html").module.question(field, q, single)


def init_app(app) -> None:
    app.add_template_global(question_field)
