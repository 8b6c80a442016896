"""Kiosk screens: one screen at village hall, used by strangers in turn.

A kiosk is a screen, not a whole server: a clerk enrols a screen with a one-time link
(`wizard kiosk-link`), which sets a long-lived signed cookie, and only that browser behaves as a
kiosk, while the same server serves organizers at home as usual. `wizard serve --kiosk` makes
every browser a kiosk screen (each gets the cookie on its first page), except a phone an interview
was handed off to.

On a kiosk screen an interview opens only in the browser session that started it, and the start
page or a new interview first clears whatever the screen had open. "Finish", the browser's idle
timer and the server's own sweeper (wizard/web/jobs/sweeper.py) delete the session's interviews: every
request from the session counts as use (the page pings while someone types, moves the pointer,
scrolls or touches), and once KIOSK_IDLE_SECONDS pass with none, the answers are deleted even if
the tab was closed. Nothing is downloaded on the screen: the result page offers a print view and
a hand-off to the organizer's phone (wizard/web/kiosk/handoff.py) instead.
"""
from __future__ import annotations

import secrets
import time
from typing import NoReturn

from flask import Blueprint, abort, current_app, flash, redirect, request, session, url_for

from ...store.retention import moment_ago
from ...store.interviews import ENROLMENT_MINUTES
from ...language import gettext as _
from ..edge.filters import N_
from ..edge.logs import security_event
from ..edge.clients import SCREEN_COOKIE, SCREEN_MAX_AGE, screen_cookie_value, screen_id
from ..edge.pages import render_page
from ..edge.languages import forget_choice
from ..edge.opening import Screen, register_screen
from ..edge.requests import safe_next
from ..edge.state import store

bp = Blueprint("kiosk", __name__, url_prefix="/kiosk")
SESSION_KEY = "kiosk_interviews"
PHONE_KEY = "phone_interviews"  # interviews handed off to this browser (a phone): private, not swept
WARN_SECONDS = 30
# A hand-off to a phone lasts one minute; unused, it ends the screen's session as Finish does (handoff.py).
HANDOFF_SECONDS = 60
DOWNLOADS = {"packet.packet", "packet.answers_file", "packet.calendar_file"}
# Offered to organizers at home, not on a shared screen: importing a file means a file left on it,
# and the clerks' builder copies links to a clipboard the next person pastes from. Sending an
# application means attaching files from this computer: the organizer sends from their own. An
# address typed for "email me a link" or reminders must not stay on a shared screen.
NOT_ON_SCREEN = {"packet.import_answers", "clerks.builder", "clerks.handout", "sending.send_page",
                 "sending.add_upload", "sending.send_application", "organizer_mail.by_email",
                 "review.organizers_permit"}
# The hand-off page reloads itself to see whether the phone took over, and the no-JavaScript
# "still there?" page shows because no one touched the screen: neither is someone using it.
NOT_USE = {"handoff.show", "handoff.waiting", "kiosk.still_there"}
IDLE_MESSAGE = N_("The screen was cleared because no one had used it for a while.")
HANDOFF_MESSAGE = N_("The screen was cleared because the code to continue on a phone was not used within a minute.")


class ScreenCleared(Exception):
    """A kiosk page asked for an interview that is gone: cleared, handed off, or never this session's."""


def server_kiosk() -> bool:
    """`wizard serve --kiosk`: every browser but a phone is a kiosk screen."""
    return bool(current_app.config.get("KIOSK"))


def on_screen() -> bool:
    """This browser is a kiosk screen (not a phone an interview was handed off to)."""
    if screen_id() is not None:
        return True
    return server_kiosk() and not session.get(PHONE_KEY)


def enabled() -> bool:
    """Kiosk rules apply to this request: a screen, or a phone of a kiosk-only server."""
    return on_screen() or server_kiosk()


def remember(interview_id: str) -> None:
    if on_screen():
        session[SESSION_KEY] = session.get(SESSION_KEY, []) + [interview_id]
        store().mark_kiosk([interview_id])
    elif server_kiosk():  # a phone that took over an interview stays a private device
        session[PHONE_KEY] = session.get(PHONE_KEY, []) + [interview_id]


def remember_on_phone(interview_id: str) -> None:
    session[PHONE_KEY] = session.get(PHONE_KEY, []) + [interview_id]


def allowed(interview) -> bool:
    if on_screen():
        return interview.id in session.get(SESSION_KEY, [])
    if server_kiosk():
        return interview.id in session.get(PHONE_KEY, [])
    return not interview.kiosk  # a screen's interview opens on that screen only, whoever has its id


def allowed_record(interview_id: str) -> bool:
    """The same rule for a record kept after its interview is gone (a sent application's status
    page): a screen or a kiosk server opens only the ids its session holds."""
    if on_screen():
        return interview_id in session.get(SESSION_KEY, [])
    if server_kiosk():
        return interview_id in session.get(PHONE_KEY, [])
    return True


def clear_session(reason: str = "cleared") -> None:
    ids = session.pop(SESSION_KEY, [])
    count = store().clear(ids)
    session.pop("handoff", None)
    if ids:
        security_event("kiosk clear", reason=reason, interviews=count, screen=screen_id())


def clear_for_next_person() -> None:
    """The start page or a new interview on a screen: the last person's answers go first, so Back
    shows "This screen was cleared" instead of their name and address."""
    if on_screen():
        clear_session("new interview")


def idle_seconds() -> int:
    return current_app.config["KIOSK_IDLE_SECONDS"]


def warn_seconds() -> int:
    """The warning shows 30 seconds before the clear (less when the idle time itself is short)."""
    return min(WARN_SECONDS, idle_seconds() // 2)


def seen() -> None:
    """Every request from a kiosk session counts as use; one that comes too late finds nothing."""
    if request.endpoint == "static" or not enabled():
        return
    store().delete_idle(moment_ago(idle_seconds()), moment_ago(0))
    handoff = session.get("handoff")
    if handoff and time.time() > float(handoff.get("started_at") or 0) + HANDOFF_SECONDS:
        # Nobody took the answers to a phone in time: whoever is at the screen now may be someone else.
        clear_session("hand-off not used")
        forget_choice()
        flash(_(HANDOFF_MESSAGE), "success")
    ids = session.get(SESSION_KEY)
    if ids and request.endpoint not in NOT_USE:
        store().mark_kiosk(ids)


def not_here():
    """Files downloaded on a shared computer stay in its Downloads folder for the next person; the
    import and the clerks' builder are for a private computer."""
    if not on_screen():
        return None
    if request.endpoint in DOWNLOADS:
        return render_page("error.html", title=_("No downloads on this screen"),
                           message=_("This is a shared screen, so it does not save files. Use Print, or "
                                     "continue on your phone, from your result page.")), 404
    if request.endpoint in NOT_ON_SCREEN:
        return render_page("error.html", title=_("Not on this screen"),
                           message=_("This is a shared screen. Use your own computer or phone for this.")), 404
    return None


def screen_cookie(response, screen: str):
    response.set_cookie(SCREEN_COOKIE, screen_cookie_value(screen), max_age=SCREEN_MAX_AGE, httponly=True,
                        samesite="Lax",
                        secure=current_app.session_interface.get_cookie_secure(current_app))
    return response


def every_screen_enrolled(response):
    """Under --kiosk each screen gets its own cookie on its first page, so the new-interview limit
    counts per screen and a screen can be told from a phone (handoff.claim refuses a screen)."""
    if (server_kiosk() and screen_id() is None and not session.get(PHONE_KEY)
            and request.endpoint not in (None, "static", "handoff.claim")):
        screen_cookie(response, secrets.token_urlsafe(16))
    return response


@bp.post("/still-here")
def still_here():
    """The page's ping while someone uses it (see static/wizard.js); the request itself is the point."""
    return "", 204


@bp.get("/still-there")
def still_there():
    """With JavaScript off, the page's meta refresh comes here shortly before the idle clear."""
    if not on_screen():
        return redirect(url_for("interview.start"), code=303)
    return render_page("still_there.html", back=safe_next(request.args.get("next")))


@bp.post("/clear")
def clear():
    idle = request.form.get("reason") == "idle"
    clear_session("idle" if idle else "finished")
    forget_choice()  # the next person starts in the screen's own language
    flash(_(IDLE_MESSAGE) if idle else _("Your answers have been cleared from this screen. Thank you."), "success")
    return redirect(url_for("interview.start"), code=303)


@bp.get("/timeout")
def timeout():
    """The no-JavaScript idle timer lands here (a meta refresh cannot post)."""
    if enabled():
        clear_session("idle")
        forget_choice()
        flash(_(IDLE_MESSAGE), "success")
    return redirect(url_for("interview.start"), code=303)


@bp.route("/enrol/<token>", methods=["GET", "POST"])
def enrol(token: str):
    """A clerk's one-time link (`wizard kiosk-link`) makes this browser a kiosk screen."""
    if request.method == "GET":
        if not store().enrolment_open(token, moment_ago(0)):
            return enrol_refused()
        return render_page("enrol.html", action=url_for(".enrol", token=token))
    if not store().claim_enrolment(token, moment_ago(0)):
        return enrol_refused()
    screen = secrets.token_urlsafe(16)
    security_event("kiosk enrolment", screen=screen)
    flash(_("This screen is now a kiosk: it clears itself after each person."), "success")
    return screen_cookie(redirect(url_for("interview.start"), code=303), screen)


def enrol_refused():
    security_event("kiosk enrolment refused")
    return render_page("error.html", title=_("This link no longer works"),
                       message=_("A link to set up a kiosk screen works once, for %(minutes)d minutes. "
                                 "Make a new one with `wizard kiosk-link`.", minutes=ENROLMENT_MINUTES)), 410


def cleared_page(error: ScreenCleared):
    """Back or history into a cleared interview: say so kindly. Only an interview of this session
    that is gone (handed off, or cleared by the sweeper) clears the rest: pressing Back into an
    earlier person's pages never deletes the present person's work."""
    if error.args and error.args[0] in session.get(SESSION_KEY, []):
        clear_session("gone")
    return render_page("cleared.html"), 404


class KioskScreen(Screen):
    """The kiosk's rules for every page that opens an interview (wizard/web/edge/opening.py): a
    screen's interviews open in that screen's session only."""

    def allowed(self, interview) -> bool:
        return allowed(interview)

    def allowed_record(self, interview_id: str) -> bool:
        return allowed_record(interview_id)

    def refuse(self, interview_id: str) -> NoReturn:
        if enabled():  # Back or history after a clear: a kind page, not "not found"
            raise ScreenCleared(interview_id)
        abort(404)

    def remember(self, interview_id: str) -> None:
        remember(interview_id)

    def clear_for_next_person(self) -> None:
        clear_for_next_person()


def init_app(app) -> None:
    register_screen(app, KioskScreen())
    app.register_blueprint(bp)
    app.before_request(seen)
    app.before_request(not_here)
    app.after_request(every_screen_enrolled)
    app.register_error_handler(ScreenCleared, cleared_page)
    app.jinja_env.globals["kiosk_screen"] = on_screen  # for macros imported without the page's context

    @app.context_processor
    def kiosk_context():
        screen = on_screen()
        return {"kiosk": screen, "kiosk_idle": current_app.config["KIOSK_IDLE_SECONDS"],
                "kiosk_warn": warn_seconds() if screen else 0,
                # a phone can only reach the server at its public address
                "handoff_ready": bool(current_app.config.get("PUBLIC_URL"))}
