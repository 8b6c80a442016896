"""HTTP edge: blueprints that turn engine results and typed errors into pages and JSON."""
from __future__ import annotations

from flask import abort, current_app

from ..answers import usable_answers
from ..loader import RuleBook, expand_questions
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
    return set_aside_unusable(interview)


def set_aside_unusable(interview):
    """Open an interview without the stored answers that no longer clean (a year 9999 saved before
    dates were checked), and ask again the steps that held them, so the organizer can correct them."""
    book = rulebook()
    answers, set_aside = usable_answers(interview.answers, book.questions, book.jurisdictions)
    if set_aside:
        j = book.get(answers.get("jurisdiction", ""))
        asking = {s["step"] for s in (j.steps if j else [])
                  if set(expand_questions(s["questions"], book.questions)) & set(set_aside)}
        interview.answers = answers
        interview.completed_steps = [s for s in interview.completed_steps if s not in asking]
    return interview
