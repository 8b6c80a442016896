"""Redirect after a failed post too (docs/decisions/0015-no-dead-ends-for-the-organizer.md): a step posted with
errors is kept in storage and the browser is sent to the step's address, whose GET shows the posted values and their
errors.

The error page is then the answer to a GET, so Back from the next step (every page is `no-store`)
loads the question again instead of Chromium's "Confirm Form Resubmission" page. Only the step's
own fields are kept (a date's `_time` and `_confirmed` boxes and a people list's rows included),
never the CSRF token; a fresh token is added when the kept post is shown.
"""
from __future__ import annotations

from werkzeug.datastructures import MultiDict

from .people import people_fields
from flask_wtf.csrf import generate_csrf
from ..edge.state import store

ROWS_CHANGED = "people-rows-changed"  # marks kept rows from "Add another person"/"Remove", not errors;
# its value names the list a row was added to (the new row's name box takes focus)


def own_fields(form, posted: MultiDict) -> list[tuple[str, str]]:
    """The posted pairs that belong to the step's fields."""
    names = tuple(form.question_keys)
    return [(name, value) for name, value in posted.items(multi=True)
            if name in names or name.startswith(tuple(n + "_" for n in names) + tuple(n + "-" for n in names))]


def keep(interview_id: str, step_id: str, form, posted: MultiDict) -> None:
    store().keep_failed_post(interview_id, step_id, own_fields(form, posted))


def keep_rows(interview_id: str, step_id: str, form, posted: MultiDict) -> None:
    """Keep the step's values with the people lists as just changed, for the GET it redirects to."""
    lists = people_fields(form)
    prefixes = tuple(f"{field.name}-" for field in lists)
    others = [(name, value) for name, value in own_fields(form, posted) if not name.startswith(prefixes)]
    added = next((field.name for field in lists if field.added), "")
    rows = [pair for field in lists for pair in field.row_pairs()]
    store().keep_failed_post(interview_id, step_id, others + rows + [(ROWS_CHANGED, added)])


def rows_changed(kept: MultiDict | None, form) -> bool:
    """True when the kept values are a changed people list (show them without errors)."""
    if kept is None or ROWS_CHANGED not in kept:
        return False
    for field in people_fields(form):
        field.added = field.name == kept[ROWS_CHANGED]
    return True


def take(interview, step_id: str) -> MultiDict | None:
    """The failed post to show again, as form data with a valid CSRF token; None when there is none."""
    kept = store().take_failed_post(interview.id, step_id) if interview.has_kept_post else None
    return None if kept is None else MultiDict(kept + [("csrf_token", generate_csrf())])
