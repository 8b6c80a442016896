"""Continue on your phone: a kiosk hands an interview to the organizer's own phone.

The result page on the kiosk offers a QR code of a one-time link. Opening it on a phone moves the
interview to a new private id that only that phone's session may open, and deletes it under the
old id: the kiosk screen, which asks every few seconds while it shows the code (a meta refresh
with JavaScript off), then finds it gone and shows "This screen was cleared".

Whoever scans the code has all the answers, and a person may walk away with it showing
(docs/decisions/0026-a-hand-off-ends-the-kiosk-session.md). So a hand-off lasts one minute from the
moment it is asked for: within it the code shows, "Show the code again" makes a new one (the old one
stops working) and "Back to your result" ends the hand-off; once the minute passes with the code unused,
the screen is cleared as Finish clears it (the page's script reloads it, the no-JavaScript refresh
comes back, any other request from the screen finds it so, and the sweeper deletes the interview of
a screen whose tab was closed). The link ends with the minute.

The link's code is short enough to type (eight letters and digits, no look-alikes), and it is
unguessable in its minute: tries to open codes are counted per client, and the database keeps only
an HMAC of the code under the site's secret key, so a copy of the database cannot be searched for it.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
import time

from flask import Blueprint, abort, current_app, redirect, session, url_for

from ...store.retention import moment_ago
from . import screens as kiosk
from ..edge.clients import client_key
from ..edge.logs import security_event
from ..edge.opening import load_interview
from ..edge.deployment import configured_public_url
from ..edge.pages import render_page
from ...language import gettext as _
from ..edge.qr import qr_svg_uri
from ..edge.state import store

bp = Blueprint("handoff", __name__)
REFRESH_SECONDS = 3  # how often the kiosk's page looks whether the phone has taken over
# Letters and digits that cannot be mistaken for one another when read off a screen (no 0/O, 1/I/L, U/V).
CODE_LETTERS = "23456789ABCDEFGHJKMNPQRSTWXYZ"
CODE_LENGTH = 8  # 29^8, about 5 * 10^11 codes, for one minute, at TRIES_PER_HOUR tries an hour from one client
TRIES_PER_HOUR = 20  # a phone that scans twice and a person who mistypes a few times


def new_code() -> str:
    code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
    return f"{code[:4]}-{code[4:]}"


def code_hash(code: str) -> str:
    """What is stored of a code: typed in any case, with or without its dash or spaces, it is the same code."""
    typed = "".join(code[:40].split()).replace("-", "").upper()
    key = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(key, b"handoff:" + typed.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()


def offered(interview_id: str) -> dict:
    """This screen's hand-off of the interview, or {}."""
    handoff = session.get("handoff") or {}
    return handoff if handoff.get("interview") == interview_id else {}


@bp.post("/i/<interview_id>/handoff")
def offer(interview_id: str):
    """"Continue on your phone", and within its minute "Show the code again": a new code, the same minute."""
    if not kiosk.on_screen():
        abort(404)
    interview = load_interview(interview_id)
    started = float(offered(interview.id).get("started_at") or time.time())
    code = new_code()
    store().drop_handoffs([interview.id])  # the earlier code opens nothing now
    store().add_handoff(code_hash(code), interview.id, moment_ago(-(started + kiosk.HANDOFF_SECONDS - time.time())))
    session["handoff"] = {"interview": interview.id, "token": code, "started_at": started}
    return redirect(url_for(".show", interview_id=interview.id), code=303)


@bp.post("/i/<interview_id>/handoff/back")
def back(interview_id: str):
    """The person at the screen chose not to move the answers: the hand-off ends, the result stays."""
    interview = load_interview(interview_id)
    store().drop_handoffs([interview.id])
    session.pop("handoff", None)
    return redirect(url_for("interview.result", interview_id=interview.id), code=303)


@bp.get("/i/<interview_id>/handoff")
def show(interview_id: str):
    interview = load_interview(interview_id)  # gone once the phone has it, or its minute passed: "cleared"
    handoff = offered(interview.id)
    if not handoff:
        return redirect(url_for("interview.result", interview_id=interview.id), code=303)
    base = configured_public_url()
    link = f"{base}{url_for('.claim', token=handoff['token'])}" if base else None
    seconds_left = max(0, int(float(handoff["started_at"]) + kiosk.HANDOFF_SECONDS - time.time()))
    return render_page("handoff.html", interview=interview, link=link, qr=qr_svg_uri(link) if link else None,
                       refresh=REFRESH_SECONDS, seconds_left=seconds_left, seconds=kiosk.HANDOFF_SECONDS)


@bp.get("/i/<interview_id>/handoff/waiting")
def waiting(interview_id: str):
    """The hand-off page asks every few seconds whether the phone took over (static/wizard.js):
    204 while the interview is still here; once it is gone, the "This screen was cleared" page."""
    load_interview(interview_id)
    return "", 204


def refused(title: str, message: str, status: int):
    return render_page("error.html", title=title, message=message), status


@bp.get("/handoff/<token>")
def claim(token: str):
    if kiosk.screen_id() is not None:  # under --kiosk too, every screen has its cookie from its first page
        # The page prints the link as text: typed into the kiosk itself, it must not make the
        # screen a private browser (no Finish, no idle clear). The link stays usable by the phone.
        security_event("hand-off refused", reason="opened on a kiosk screen", screen=kiosk.screen_id())
        return refused(_("Open this link on your phone"),
                       _("This link moves your answers to your own phone. This is the shared "
                         "screen, so it cannot take them. Scan the code or type the link on "
                         "your phone."), 403)
    if not current_app.extensions["handoff_tries"].allow(client_key(), TRIES_PER_HOUR):
        security_event("hand-off refused", reason="too many tries", client=client_key())
        return refused(_("Too many tries"),
                       _("This phone has tried too many codes. Ask the screen for a new code in a while, or "
                         "print your answers there instead."), 429)
    interview_id = store().claim_handoff(code_hash(token), moment_ago(0))
    moved = store().move(interview_id) if interview_id else None
    if moved is None:
        return refused(_("This link no longer works"),
                       _("A code to continue on your phone works once, for one minute. Ask the screen for a "
                         "new one, or start again."), 410)
    security_event("hand-off claimed", interview=moved.id)
    kiosk.remember_on_phone(moved.id)
    # Where the organizer was: the result (which sends an unfinished interview on to its next step).
    return redirect(url_for("interview.result", interview_id=moved.id), code=303)
