"""HTTP edge: blueprints that turn engine results and typed errors into pages and JSON."""
from __future__ import annotations

from flask import abort, current_app

from ..rulebook import RuleBook
from ..storage import InterviewStore


def rulebook() -> RuleBook:
    return current_app.extensions["rulebook"]


def store() -> InterviewStore:
    return current_app.extensions["interview_store"]


def load_interview(interview_id: str):
    """The saved interview, or 404: unknown ids and (in kiosk mode) other sessions' interviews."""
    from .kiosk import allowed
    interview = store().get(interview_id)
    if interview is None or not allowed(interview.id):
        abort(404)
    return interview
