"""Redirect after a failed post too (issue 23): a step posted with errors is kept in storage and
the browser is sent to the step's address, whose GET shows the posted values and their errors.

The error page is then the answer to a GET, so Back from the next step (every page is `no-store`)
loads the question again instead of Chromium's "Confirm Form Resubmission" page. Only the step's
own fields are kept (a date's `_time` and `_confirmed` boxes and a people list's rows included),
never the CSRF token; a fresh token is added when the kept post is shown.
"""
from __future__ import annotations

from flask_wtf.csrf import generate_csrf
from werkzeug.datastructures import MultiDict

from .state import store


def own_fields(form, posted: MultiDict) -> list[tuple[str, str]]:
    """The posted pairs that belong to the step's fields."""
    names = tuple(form.question_keys)
    return [(name, value) for name, value in posted.items(multi=True)
            if name in names or name.startswith(tuple(n + "_" for n in names) + tuple(n + "-" for n in names))]


def keep(interview_id: str, step_id: str, form, posted: MultiDict) -> None:
    store().keep_failed_post(interview_id, step_id, own_fields(form, posted))


def take(interview_id: str, step_id: str) -> MultiDict | None:
    """The failed post to show again, as form data with a valid CSRF token; None when there is none."""
    kept = store().take_failed_post(interview_id, step_id)
    return None if kept is None else MultiDict(kept + [("csrf_token", generate_csrf())])
