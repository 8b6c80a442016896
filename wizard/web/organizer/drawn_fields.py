"""A question of options (radios, checkboxes) drawn once for each way it can look.

Drawing one question of three radio buttons through its kind's macro took a seventh of a whole step page
(docs/decisions/0013-memos-only-where-they-pay.md): about twenty-five escaped values and five macro calls. Without
an error, such a question shows only what its rule file says and which options are chosen, so every organizer of a
jurisdiction sees one of a handful of drawings; they are remembered, keyed by everything
templates/fields/_parts.html's `options` macro reads, and the language its words are in. Questions that show typed
text (a name, a date, a number) and any question with an error are drawn each time.
"""
from __future__ import annotations

from flask import current_app
from markupsafe import Markup

from ... import language
from ...kinds import KINDS
from ...remembered import Remembered

OPTION_WIDGETS = {"radios", "checkboxes"}
_drawn = Remembered(4096, "drawn questions")


def question_field(field, q: dict, single: bool) -> Markup:
    """The question as `_fields.html`'s `question` macro draws it."""
    key = _drawing_key(field, q, single)
    if key is None:
        return _draw(field, q, single)
    return _drawn.get_or_make(key, lambda: _draw(field, q, single))


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
