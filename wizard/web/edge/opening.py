"""Opening a saved interview for a page: the loader every organizer page uses, and the rules of the
screen the request comes from.

Anyone with an interview's id may open it, on their own browser. A kiosk screen at village hall is
stricter (an interview opens only in the browser session that started it, and the next person's
start clears the last one's answers): the kiosk registers its rules at `init_app`
(`register_screen`, wizard/web/kiosk/screens.py), so the organizer's pages follow them without
knowing the kiosk.
"""
from __future__ import annotations

from typing import NoReturn

from flask import abort, current_app

from ...interview.flow import Interview, set_aside_unusable
from .languages import follow_interview
from .state import rulebook, store


class Screen:
    """What the browser a request comes from may open and must forget: a private browser opens
    any interview by its id and forgets nothing."""

    def allowed(self, interview: Interview) -> bool:
        return True

    def allowed_record(self, interview_id: str) -> bool:
        """The same rule for a record kept after its interview is gone (a sent application's status page)."""
        return True

    def refuse(self, interview_id: str) -> NoReturn:
        """An unknown id, or one this screen may not open."""
        abort(404)

    def remember(self, interview_id: str) -> None:
        """An interview started or taken over on this browser."""

    def clear_for_next_person(self) -> None:
        """The start page or a new interview: nothing of the last person's stays on a shared screen."""


PRIVATE = Screen()


def register_screen(app, screen: Screen) -> None:
    app.extensions["screen"] = screen


def this_screen() -> Screen:
    return current_app.extensions.get("screen", PRIVATE)


def load_interview(interview_id: str) -> Interview:
    """The saved interview, or the screen's refusal: unknown ids and ones this screen may not open."""
    interview = store().get(interview_id)
    if interview is None or not this_screen().allowed(interview):
        this_screen().refuse(interview_id)
    follow_interview(interview)  # the page speaks the interview's language
    return set_aside_unusable(interview, rulebook())
