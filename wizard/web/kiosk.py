"""Kiosk mode: one screen at village hall, used by strangers in turn.

With KIOSK on, an interview can only be opened from the browser session that started it, so the
next person cannot press Back into someone else's answers. "Finish", the browser's idle timer
and the server's own sweeper (wizard/web/sweeper.py) delete the session's interviews: every
request from the session counts as use (the page pings while someone types, moves the pointer,
scrolls or touches), and once KIOSK_IDLE_SECONDS pass with none, the answers are deleted even if
the tab was closed. Nothing is downloaded on the kiosk: the result page offers a print view and
a hand-off to the organizer's phone (wizard/web/handoff.py) instead.
"""
from __future__ import annotations

from flask import Blueprint, current_app, flash, redirect, request, session, url_for

from ..retention import moment_ago
from .pages import render_page
from .state import store

bp = Blueprint("kiosk", __name__, url_prefix="/kiosk")
SESSION_KEY = "kiosk_interviews"
PHONE_KEY = "phone_interviews"  # interviews handed off to this browser (a phone): private, not swept
WARN_SECONDS = 30
DOWNLOADS = {"packet.packet", "packet.answers_file", "packet.calendar_file"}
# The hand-off page reloads itself to see whether the phone took over: that is not someone using it.
NOT_USE = {"handoff.show", "handoff.waiting"}
IDLE_MESSAGE = "The screen was cleared because no one had used it for a while."


class ScreenCleared(Exception):
    """A kiosk page asked for an interview that is gone: cleared, handed off, or never this session's."""


def enabled() -> bool:
    return bool(current_app.config.get("KIOSK"))


def remember(interview_id: str) -> None:
    if not enabled():
        return
    if session.get(PHONE_KEY):  # a phone that took over an interview stays a private device
        session[PHONE_KEY] = session[PHONE_KEY] + [interview_id]
        return
    session[SESSION_KEY] = session.get(SESSION_KEY, []) + [interview_id]
    store().mark_kiosk([interview_id])


def remember_on_phone(interview_id: str) -> None:
    session[PHONE_KEY] = session.get(PHONE_KEY, []) + [interview_id]


def on_screen() -> bool:
    """This browser is the kiosk's screen (not a phone an interview was handed off to)."""
    return enabled() and not session.get(PHONE_KEY)


def allowed(interview_id: str) -> bool:
    return not enabled() or interview_id in session.get(SESSION_KEY, []) + session.get(PHONE_KEY, [])


def clear_session() -> None:
    store().clear(session.pop(SESSION_KEY, []))
    session.pop("handoff", None)


def idle_seconds() -> int:
    return current_app.config["KIOSK_IDLE_SECONDS"]


def warn_seconds() -> int:
    """The warning shows 30 seconds before the clear (less when the idle time itself is short)."""
    return min(WARN_SECONDS, idle_seconds() // 2)


def seen() -> None:
    """Every request from a kiosk session counts as use; one that comes too late finds nothing."""
    if not enabled() or request.endpoint == "static":
        return
    store().delete_idle(moment_ago(idle_seconds()))
    ids = session.get(SESSION_KEY)
    if ids and request.endpoint not in NOT_USE:
        store().mark_kiosk(ids)


def no_downloads():
    """Files downloaded on a shared computer stay in its Downloads folder for the next person."""
    if on_screen() and request.endpoint in DOWNLOADS:
        return render_page("error.html", title="No downloads on this screen",
                           message="This is a shared screen, so it does not save files. Use Print, or "
                                   "continue on your phone, from your result page."), 404
    return None


@bp.post("/still-here")
def still_here():
    """The page's ping while someone uses it (see static/wizard.js); the request itself is the point."""
    return "", 204


@bp.post("/clear")
def clear():
    clear_session()
    idle = request.form.get("reason") == "idle"
    flash(IDLE_MESSAGE if idle else "Your answers have been cleared from this screen. Thank you.", "success")
    return redirect(url_for("interview.start"), code=303)


@bp.get("/timeout")
def timeout():
    """The no-JavaScript idle timer lands here (a meta refresh cannot post)."""
    if enabled():
        clear_session()
        flash(IDLE_MESSAGE, "success")
    return redirect(url_for("interview.start"), code=303)


def cleared_page(error: ScreenCleared):
    """Back or history into a cleared interview: say so kindly, and clear anything left."""
    clear_session()
    return render_page("cleared.html"), 404


def init_app(app) -> None:
    app.register_blueprint(bp)
    app.before_request(seen)
    app.before_request(no_downloads)
    app.register_error_handler(ScreenCleared, cleared_page)

    @app.context_processor
    def kiosk_context():
        return {"kiosk": on_screen(), "kiosk_idle": current_app.config["KIOSK_IDLE_SECONDS"],
                "kiosk_warn": warn_seconds() if enabled() else 0,
                # a phone can only reach the server at its public address
                "handoff_ready": bool(current_app.config.get("PUBLIC_URL"))}
