"""Continue on your phone: a kiosk hands an interview to the organizer's own phone.

The result page on the kiosk offers a QR code of a one-time link. Opening it on a phone moves the
interview to a new private id that only that phone's session may open, and deletes it under the
old id: the kiosk screen, which asks every few seconds while it shows the code (a meta refresh
with JavaScript off), then finds it gone and shows "This screen was cleared". Only its sha256 is
stored, so the database alone cannot be used to take the interview over.

Whoever scans the code has all the answers, and the screen may have been left with it showing
(docs/decisions/0010-the-kiosk-keeps-nothing-of-a-person.md): the code shows for two minutes (the page's script
takes it away then; with JavaScript off, the page's next refresh comes back without it), then the page offers "Show
the code again", which makes a new link and forgets the old one. A link works once, for a minute longer than its
code shows (time to tap the link the camera found); a new code or clearing the screen forgets it.
"""
from __future__ import annotations

import secrets
import time

from flask import Blueprint, abort, redirect, session, url_for

from ...store.interviews import token_hash
from ...store.retention import moment_ago
from . import screens as kiosk
from ..edge.logs import security_event
from ..edge.opening import load_interview
from ..edge.deployment import configured_public_url
from ..edge.pages import render_page
from ...language import gettext as _
from ..edge.qr import qr_svg_uri
from ..edge.state import store

bp = Blueprint("handoff", __name__)
SHOWN_SECONDS = 120  # how long the code stays on the screen
LIFETIME = SHOWN_SECONDS + 60  # seconds: a code scanned just before it went still opens on the phone
REFRESH_SECONDS = 3  # how often the kiosk's page looks whether the phone has taken over


@bp.post("/i/<interview_id>/handoff")
def offer(interview_id: str):
    if not kiosk.on_screen():
        abort(404)
    interview = load_interview(interview_id)
    token = secrets.token_urlsafe(32)
    store().drop_handoffs([interview.id])  # "Show the code again": the earlier code opens nothing now
    store().add_handoff(token_hash(token), interview.id, moment_ago(-LIFETIME))
    session["handoff"] = {"interview": interview.id, "token": token, "shown_at": time.time()}
    return redirect(url_for(".show", interview_id=interview.id), code=303)


@bp.get("/i/<interview_id>/handoff")
def show(interview_id: str):
    interview = load_interview(interview_id)  # gone once the phone has it: "This screen was cleared"
    offered = session.get("handoff") or {}
    if offered.get("interview") != interview.id:
        return redirect(url_for("interview.result", interview_id=interview.id), code=303)
    base = configured_public_url()
    full = f"{base}{url_for('.claim', token=offered['token'])}" if base else None
    seconds_left = int(SHOWN_SECONDS - (time.time() - float(offered.get("shown_at") or 0)))
    again = bool(full) and seconds_left <= 0  # the code is off the screen; its link ends with LIFETIME
    link = None if again else full
    return render_page("handoff.html", interview=interview, link=link, again=again,
                       qr=qr_svg_uri(link) if link else None, refresh=REFRESH_SECONDS,
                       seconds_left=max(0, seconds_left), minutes=SHOWN_SECONDS // 60)


@bp.get("/i/<interview_id>/handoff/waiting")
def waiting(interview_id: str):
    """The hand-off page asks every few seconds whether the phone took over (static/wizard.js):
    204 while the interview is still here; once it is gone, the "This screen was cleared" page."""
    load_interview(interview_id)
    return "", 204


@bp.get("/handoff/<token>")
def claim(token: str):
    if kiosk.screen_id() is not None:  # under --kiosk too, every screen has its cookie from its first page
        # The page prints the link as text: typed into the kiosk itself, it must not make the
        # screen a private browser (no Finish, no idle clear). The link stays usable by the phone.
        security_event("hand-off refused", reason="opened on a kiosk screen", screen=kiosk.screen_id())
        return render_page("error.html", title=_("Open this link on your phone"),
                           message=_("This link moves your answers to your own phone. This is the shared "
                                     "screen, so it cannot take them. Scan the code or type the link on "
                                     "your phone.")), 403
    interview_id = store().claim_handoff(token_hash(token), moment_ago(0)) if len(token) <= 100 else None
    moved = store().move(interview_id) if interview_id else None
    if moved is None:
        return render_page("error.html", title=_("This link no longer works"),
                           message=_("A link to continue on your phone works once, within a few minutes of "
                                     "its code being shown. Ask the screen for a new one, or start again.")), 410
    security_event("hand-off claimed", interview=moved.id)
    kiosk.remember_on_phone(moved.id)
    # Where the organizer was: the result (which sends an unfinished interview on to its next step).
    return redirect(url_for("interview.result", interview_id=moved.id), code=303)
