"""Kiosk mode: one screen at village hall, used by strangers in turn.

With KIOSK on, an interview can only be opened from the browser session that started it, so the
next person cannot press Back into someone else's answers; "Finish" and an idle timer delete the
session's interviews and return to the start page.
"""
from __future__ import annotations

from flask import Blueprint, current_app, flash, redirect, request, session, url_for

from .state import store

bp = Blueprint("kiosk", __name__, url_prefix="/kiosk")
SESSION_KEY = "kiosk_interviews"


def enabled() -> bool:
    return bool(current_app.config.get("KIOSK"))


def remember(interview_id: str) -> None:
    if enabled():
        session[SESSION_KEY] = session.get(SESSION_KEY, []) + [interview_id]


def allowed(interview_id: str) -> bool:
    return not enabled() or interview_id in session.get(SESSION_KEY, [])


def _clear() -> None:
    for interview_id in session.pop(SESSION_KEY, []):
        store().delete(interview_id)


IDLE_MESSAGE = "The screen was cleared because no one had used it for a while."


@bp.post("/clear")
def clear():
    _clear()
    idle = request.form.get("reason") == "idle"
    flash(IDLE_MESSAGE if idle else "Your answers have been cleared from this screen. Thank you.", "success")
    return redirect(url_for("interview.start"), code=303)


@bp.get("/timeout")
def timeout():
    """The no-JavaScript idle timer lands here (a meta refresh cannot post)."""
    if enabled():
        _clear()
        flash(IDLE_MESSAGE, "success")
    return redirect(url_for("interview.start"), code=303)


def init_app(app) -> None:
    app.config.setdefault("KIOSK", False)
    app.config.setdefault("KIOSK_IDLE_SECONDS", 300)
    app.register_blueprint(bp)

    @app.context_processor
    def kiosk_context():
        return {"kiosk": enabled(), "kiosk_idle": current_app.config["KIOSK_IDLE_SECONDS"]}
