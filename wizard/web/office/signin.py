"""Clerks signing in and out of /office (Flask-Login), and choosing a password through the
one-time link `wizard clerk add` prints.

A session lasts OFFICE_SESSION_HOURS from sign-in and ends when the browser closes (no
"remember me"); signing out, changing the password and removing the account end every session
of the account, copies of its cookie included, on every server (the session version). Failed
sign-ins are counted per address and per account at an address: after a few, each further try
waits longer (a right password from another address still signs in, and the clerk is told of the
failures), and every success and failure is logged with short hashes instead of the email and
the address.
"""
from __future__ import annotations

import threading
import time
from urllib.parse import urlsplit

from flask import Blueprint, current_app, flash, redirect, request, session, url_for
from flask_login import LoginManager, UserMixin, current_user, login_user, logout_user

from ...office.accounts import (AccountError, Clerk, choose_password, clerk, link_email, sign_out_everywhere,
                                signed_in_clerk)
from ...store.server_state import SharedEvents, is_shared
from ..edge.clients import address_key
from ..edge.logs import security_event
from ..edge.logs import short_hash
from ..edge.pages import render_page
from ..edge.state import office_records

bp = Blueprint("signin", __name__)
login_manager = LoginManager()
FREE_FAILURES = 5  # failures of one account from one address in the window before its tries slow down
# One address (an office, a town hall behind one NAT) may fail more over all its accounts before it
# slows down: one clerk's typos do not keep a colleague out, a guesser trying many accounts is slowed.
ADDRESS_FREE_FAILURES = 20
WINDOW = 15 * 60  # seconds
LONGEST_WAIT = 15 * 60
NOTICE_WINDOW = 7 * 86400  # failures on an account told to its clerk at sign-in, up to a week back


class ClerkUser(UserMixin):
    def __init__(self, account: Clerk):
        self.account = account

    def get_id(self) -> str:
        # The session version is part of the id: a new password signs out every old session.
        return f"{self.account.session_version}:{self.account.email}"


@login_manager.user_loader
def load_clerk(user_id: str):
    version, _, email = (user_id or "").partition(":")
    account = clerk(office_records(), email) if email else None
    if account is None or str(account.session_version) != version:
        return None
    started = session.get("office_since", 0)
    if time.time() - started > current_app.config["OFFICE_SESSION_HOURS"] * 3600:
        return None
    return ClerkUser(account)


def wait_after(recent: list[float], now: float, free: int = FREE_FAILURES) -> int:
    """Seconds one key must wait after these failures of the window (oldest first)."""
    if len(recent) < free:
        return 0
    delay = min(2 ** (len(recent) - free + 1), LONGEST_WAIT)
    return max(int(recent[-1] + delay - now) + 1, 0)


class FailedSignIns:
    """Recent failures per key (an address, an account at an address), in memory: one server process."""

    def __init__(self, window: float = WINDOW):
        self._lock = threading.Lock()
        self._failures: dict[str, list[float]] = {}
        self.window = window

    def times(self, key: str, now: float) -> list[float]:
        with self._lock:
            recent = self._failures[key] = [t for t in self._failures.get(key, []) if t > now - self.window]
            return recent

    def wait(self, keys: dict[str, int], now: float) -> int:
        """Seconds until the next try is allowed (0: now); `keys` give each key's free failures."""
        return max(wait_after(self.times(key, now), now, free) for key, free in keys.items())

    def failed(self, keys, now: float) -> None:
        with self._lock:
            if len(self._failures) > 10_000:
                self._failures = {k: v for k, v in self._failures.items() if v and v[-1] > now - self.window}
            for key in keys:
                self._failures.setdefault(key, []).append(now)

    def succeeded(self, keys) -> None:
        with self._lock:
            for key in keys:
                self._failures.pop(key, None)


class SharedFailedSignIns:
    """The same policy over failures kept in a PostgreSQL database, so that servers sharing it
    count a guesser who alternates between them once (wizard/store/server_state.py)."""

    def __init__(self, store, kind: str = "sign_in_failure", window: float = WINDOW):
        self.events = SharedEvents(store, kind, window)

    def times(self, key: str, now: float) -> list[float]:
        return self.events.times(key, now)

    def wait(self, keys: dict[str, int], now: float) -> int:
        return max(wait_after(self.events.times(key, now), now, free) for key, free in keys.items())

    def failed(self, keys, now: float) -> None:
        for key in keys:
            self.events.add(key, now)

    def succeeded(self, keys) -> None:
        for key in keys:
            self.events.clear(key)


def counted_keys(email: str) -> dict[str, int]:
    """What a try is slowed by, with each one's free failures: the address (an IPv6 /64, as the other
    limits count it), and this account at this address. Not the account alone: then anyone who knew
    a clerk's email could keep the clerk out from anywhere by failing five times."""
    address = address_key()
    return {f"address:{address}": ADDRESS_FREE_FAILURES, f"account:{email}|{address}": FREE_FAILURES}


def told_failures(email: str, failed: bool) -> int:
    """Failures on the account from anywhere since its last sign-in: counted on a failure, and on a
    success the number to tell the clerk (then forgotten)."""
    notices, key = current_app.extensions["sign_in_notices"], f"account:{email}"
    if failed:
        if clerk(office_records(), email) is not None:  # no store of every email a guesser makes up
            notices.failed([key], time.time())
        return 0
    count = len(notices.times(key, time.time()))
    notices.succeeded([key])
    return count


# The page to come back to after signing in, as `next` in the sign-in link: its path and a query of at
# most NEXT_QUERY characters, else the path alone (and the inbox for a path longer than NEXT_LONGEST).
# Flask-Login's own kept the whole address: a 4,000-character query became a Location header three
# times as long (percent-encoded), over nginx's default 4 KB buffer for a response's headers: a 502.
NEXT_QUERY = 512
NEXT_LONGEST = 600


def short_next() -> str:
    target = request.script_root + request.path
    query = request.query_string.decode("latin-1")
    if query and len(query) <= NEXT_QUERY:
        target += "?" + query
    return target if len(target) <= NEXT_LONGEST else request.script_root + "/office"


def sign_in_first():
    """A signed-out request of an office page: to the sign-in page, which comes back to it after."""
    flash(login_manager.login_message, login_manager.login_message_category)
    return redirect(url_for(login_manager.login_view, next=short_next()))


def safe_next(target: str | None) -> str:
    """Only a path on this site: never another host after signing in."""
    if target and target.startswith("/office") and not target.startswith("//") and not urlsplit(target).netloc:
        return target
    return url_for("office.inbox")


@bp.route("/office/sign-in", methods=["GET", "POST"])
def sign_in():
    if current_user.is_authenticated:
        return redirect(url_for("office.inbox"), code=303)
    next_url = safe_next(request.values.get("next"))
    if request.method == "GET":
        return render_page("office/sign_in.html", error=None, next_url=next_url, email="")
    email = request.form.get("email", "")[:254]
    keys = counted_keys(email.strip().lower())
    counter = current_app.extensions["failed_sign_ins"]
    wait = counter.wait(keys, time.time())
    account_hash = "#" + short_hash(email.strip().lower())  # never the email itself (web/edge/logs.py)
    if wait:
        security_event("sign-in failure", account=account_hash, reason="too many failures, refused")
        minutes = max(1, round(wait / 60))
        return render_page("office/sign_in.html", next_url=next_url, email=email,
                           error=f"Too many failed sign-ins. Wait {minutes} minute{'' if minutes == 1 else 's'} "
                                 "and try again."), 429
    account = signed_in_clerk(office_records(), email, request.form.get("password", "")[:500])
    if account is None:
        counter.failed(keys, time.time())
        told_failures(email.strip().lower(), failed=True)
        security_event("sign-in failure", account=account_hash)
        return render_page("office/sign_in.html", next_url=next_url, email=email,
                           error="The email or the password is not right."), 401
    counter.succeeded(keys)
    failures = told_failures(account.email, failed=False)
    security_event("sign-in", account=account_hash)
    session.clear()  # a fresh session: nothing from before the sign-in carries over
    session["office_since"] = time.time()
    login_user(ClerkUser(account))
    if failures:  # someone else may be guessing: the clerk should know
        flash(f"{failures} failed sign-in attempt{'' if failures == 1 else 's'} on your account since your "
              "last sign-in. If that was not you, tell whoever runs this site.", "warning")
    return redirect(next_url, code=303)


@bp.post("/office/sign-out")
def sign_out():
    # Dropping the user from this cookie is not enough: a copy taken before (another tab, a shared
    # computer's profile, a stolen cookie) would still open /office until OFFICE_SESSION_HOURS.
    if current_user.is_authenticated:
        sign_out_everywhere(office_records(), current_user.account.email)
    logout_user()
    session.pop("office_since", None)
    flash("You are signed out.", "success")
    return redirect(url_for(".sign_in"), code=303)


@bp.route("/office/password/<token>", methods=["GET", "POST"])
def password(token: str):
    email = link_email(office_records(), token)
    if email is None:
        return render_page("error.html", status=404, title="This link does not work",
                           message="This link has expired (it works for 24 hours) or was used already. "
                                   "Ask whoever runs this site for a new one (`wizard clerk add`)."), 404
    if request.method == "GET":
        return render_page("office/password.html", email=email, error=None)
    try:
        choose_password(office_records(), token, request.form.get("password", "")[:500],
                        request.form.get("again", "")[:500], current_app.config["PASSWORD_HASH_METHOD"])
    except AccountError as error:
        return render_page("office/password.html", email=email, error=str(error)), 400
    security_event("password chosen", account="#" + short_hash(email))
    flash("Your password is set. Sign in with it.", "success")
    return redirect(url_for(".sign_in"), code=303)


def init_app(app) -> None:
    store = app.extensions["interview_store"]
    shared = is_shared(store)
    app.extensions["failed_sign_ins"] = SharedFailedSignIns(store) if shared else FailedSignIns()
    app.extensions["sign_in_notices"] = (SharedFailedSignIns(store, "sign_in_notice", NOTICE_WINDOW) if shared
                                         else FailedSignIns(NOTICE_WINDOW))
    # No `current_user` in every template: no template uses it, and the context processor looked the
    # user up on every organizer's page too.
    login_manager.init_app(app, add_context_processor=False)
    login_manager.login_view = "signin.sign_in"
    login_manager.login_message = "Sign in to open the office pages."
    login_manager.login_message_category = "info"
    login_manager.unauthorized_handler(sign_in_first)
    app.register_blueprint(bp)
