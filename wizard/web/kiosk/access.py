"""Who may open a saved interview: anyone with its id, or in kiosk mode only the session that started it."""
from __future__ import annotations

from flask import abort

from ...interview.flow import Interview, set_aside_unusable
from .screens import ScreenCleared, allowed, enabled as kiosk_mode
from ..edge.languages import follow_interview
from ..edge.state import rulebook, store


def load_interview(interview_id: str) -> Interview:
    """The saved interview, or 404: unknown ids and (in kiosk mode) other sessions' interviews."""
    interview = store().get(interview_id)
    if interview is None or not allowed(interview):
        if kiosk_mode():  # Back or history after a clear: a kind page, not "not found"
            raise ScreenCleared(interview_id)
        abort(404)
    follow_interview(interview)  # the page speaks the interview's language
    return set_aside_unusable(interview, rulebook())
