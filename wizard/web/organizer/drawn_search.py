"""The jurisdiction search (choose.py) drawn once for each way it looks before anything is typed.

With more than a dozen jurisdictions the start page and the "where" step show a search instead of
radio buttons. Drawn each time, its form (a select of every state) and its results (the answer so
far) made the "where" step with 20,000 files cost more than with the four built-in, whose radios
are drawn once (drawn_fields.py; issue 24). Before the organizer types, the search shows only the
states, the state chosen and the answer so far, so everyone sees one of a few drawings. Once a
name is typed or a state chosen the results are drawn each time: they are the organizer's own.

The form's address holds the interview's id, so it is drawn with a placeholder put back after:
the one drawing serves every organizer.
"""
from __future__ import annotations

from dataclasses import replace

from flask import current_app
from markupsafe import Markup, escape

from ...remembered import Remembered
from .choose import Search

TEMPLATE = "_jurisdiction_search.html"
_ACTION = "@@search-action@@"  # not changed by escaping: & < > ' " are all it escapes
_drawn = Remembered(1024, "drawn search")


def search_form(search: Search) -> Markup:
    """The search's GET form, as `_jurisdiction_search.html`'s `search_form` macro draws it."""
    if search.q:
        return _macro("search_form")(search)
    key = ("form", search.states, search.state, tuple(search.keep.items()))
    found = _drawn.get_or_make(key, lambda: str(_macro("search_form")(replace(search, action=_ACTION))))
    return Markup(found.replace(_ACTION, str(escape(search.action))))


def search_results(search: Search, error: str, checked: str | None, legend: str) -> Markup:
    """The results inside the page's form, as the `search_results` macro draws them."""
    if search.filtered:
        return _macro("search_results")(search, error, checked, legend)
    current = search.current
    key = ("results", current and (current.j.id, current.label), str(error), checked, legend)
    return _drawn.get_or_make(key, lambda: _macro("search_results")(search, error, checked, legend))


def _macro(name: str):
    return getattr(current_app.jinja_env.get_template(TEMPLATE).module, name)


def init_app(app) -> None:
    app.add_template_global(search_form, "drawn_search_form")
    app.add_template_global(search_results, "drawn_search_results")
