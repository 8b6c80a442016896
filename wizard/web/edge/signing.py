"""Signed values the server checks on most pages: the session cookie, verified once per cookie
text, and a clerk's prefilled link.

Every organizer's page opens the session cookie (verifying its signature: itsdangerous derives a key and runs an
HMAC). A browser sends the same cookie on every page, so the result of the first check is remembered, bounded, and
tied to the secret keys: 0.08-0.15 ms a page (scripts/bench_memos.py). The CSRF token each form carries was
remembered the same way until it was measured saving under 0.02 ms a page
(docs/decisions/0013-memos-only-where-they-pay.md): Flask-WTF signs it, once per request.
"""
from __future__ import annotations

import copy
import time
from urllib.parse import urlencode

from flask import current_app
from flask.sessions import SecureCookieSessionInterface
from itsdangerous import BadSignature, Signer

from ...remembered import Remembered
from .security import add_vary

# Cookies verified, remembered at once: a statewide host's busy hour.
SESSIONS = 8192


class VerifiedOnceSessions(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions; a cookie whose signature was checked is not checked again.

    What is remembered is the exact cookie text the signature was checked on, with the data and
    the time it was signed: any other text (one byte changed) is checked in full, an expired
    cookie still opens as a new session, and changing SECRET_KEY or its fallbacks forgets all."""

    def get_signing_serializer(self, app):
        """Flask's serializer, built once per key and fallbacks instead of twice a request (opening
        and saving the session): building one encodes a test value to see what it makes."""
        return self._signing(app)[0]

    def _signing(self, app) -> tuple:
        """The serializer for the app's keys and the cookies verified with it, taken together: a
        cookie checked with one set of keys is never remembered for another (a key changed by a
        deployer while a request is between the two)."""
        keys = (app.secret_key, *(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        cached = getattr(self, "_signed_with", None)
        if cached is None or cached[0] != keys:
            cached = self._signed_with = (keys, super().get_signing_serializer(app),
                                                Remembered(SESSIONS, "session cookies verified"))
        return cached[1:]

    def open_session(self, app, request):
        serializer, verified = self._signing(app)
        if serializer is None:
            return None
        value = request.cookies.get(self.get_cookie_name(app))
        if not value:
            return self.session_class()
        max_age = int(app.permanent_session_lifetime.total_seconds())
        found = verified.get(value)
        if found is None:
            try:
                data, signed_at = serializer.loads(value, max_age=max_age, return_timestamp=True)
            except BadSignature:  # SignatureExpired too: a new, empty session, as Flask's own
                return self.session_class()
            found = (data, signed_at.timestamp())
            verified.put(value, found)
        elif time.time() - found[1] > max_age:
            return self.session_class()
        # A copy: a page may change the session's lists in place; the remembered data must not.
        return self.session_class(copy.deepcopy(found[0]))

    def save_session(self, app, session, response) -> None:
        """Flask's; a session left as it came (most pages) only adds `Vary: Cookie` if it was read."""
        if session.modified or (session.permanent and app.config["SESSION_REFRESH_EACH_REQUEST"]):
            super().save_session(app, session, response)
        elif session.accessed:
            add_vary(response, "Cookie")


# A clerk's prefilled link (wizard/web/clerks/) carries its answers in the query string and this
# signature over them, so the interview can tell the site's own link from answers typed into a URL.
SIGNATURE = "sig"


def _link_signer() -> Signer:
    return Signer(current_app.secret_key, salt="permit-wizard clerk link")


def _canonical(jurisdiction_id: str, pairs) -> bytes:
    """The same text for the same answers in whatever order the query string lists them."""
    return f"{jurisdiction_id}?{urlencode(sorted(pairs))}".encode()


def sign(jurisdiction_id: str, pairs: list[tuple[str, str]]) -> str:
    return _link_signer().get_signature(_canonical(jurisdiction_id, pairs)).decode()


def signed_by_site(jurisdiction_id: str, args) -> bool:
    """True when the query's answers are exactly the ones this site signed for this municipality."""
    signature = args.get(SIGNATURE, "")
    if not signature or len(signature) > 200:
        return False
    pairs = [(key, value) for key, value in args.items(multi=True) if key != SIGNATURE]
    try:
        return _link_signer().verify_signature(_canonical(jurisdiction_id, pairs), signature.encode())
    except BadSignature:
        return False
