"""Headers every response carries, and a WSGI guard for the failures Flask's error pages cannot catch.

Flask's error handlers cover what happens inside a view. A few failures happen outside them: a
`Host` header that is not a host name (werkzeug cannot even build the URL map, so the error page
itself fails), a header value the server cannot send (non-Latin-1 text), an error page that fails
in turn. Without the guard, each of these reaches waitress, which answers with its own bare 500
page: no security headers, and the full path (an interview id) in its log. The guard answers
them with a short page of its own that carries the same headers as every other page.
"""
from __future__ import annotations

import logging
import sys
from functools import lru_cache

from flask import current_app
from werkzeug.wsgi import get_host

from .logs import log_failure

# One list for the app's pages, the guard's own pages and waitress's error pages (see serving.py).
SECURITY_HEADERS = {
    # Nothing a user types can run as code: scripts only from our own static files.
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'"),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # interview ids live in URLs
}

logger = logging.getLogger("wizard.web")

_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title} – Mass Gathering Permit Wizard</title></head>
<body><main><h1>{title}</h1><p>{message}</p><p><a href="/">Go to the start page</a></p></main></body></html>
"""


def with_security_headers(headers: list[tuple[str, str]], no_store: bool = False) -> list[tuple[str, str]]:
    """The headers plus any security header they lack (a view may set a stricter one itself)."""
    return list(headers) + missing_security_headers(headers, no_store)


def missing_security_headers(headers, no_store: bool = False) -> list[tuple[str, str]]:
    """The security headers (and no-store, if asked) that `headers`, a list of pairs, lacks."""
    present = {name.lower() for name, _ in headers}
    extra = [(name, value) for name, value in SECURITY_HEADERS.items() if name.lower() not in present]
    if no_store and "cache-control" not in present:
        extra.append(("Cache-Control", "no-store"))
    return extra


def add_vary(response, name: str) -> None:
    """Add `name` to the response's Vary header. Written directly, as Flask-Compress does:
    `response.vary` parses the header into a set and writes it back, on every page."""
    vary = response.headers.get("Vary")
    if not vary:
        response.headers["Vary"] = name
    elif name.lower() not in (part.strip().lower() for part in vary.split(",")):
        response.headers["Vary"] = f"{vary}, {name}"


def plain_page(status: str, title: str, message: str) -> tuple[str, list[tuple[str, str]], bytes]:
    body = _PAGE.format(title=title, message=message).encode("utf-8")
    headers = [("Content-Type", "text/html; charset=utf-8"), ("Content-Length", str(len(body)))]
    return status, with_security_headers(headers, no_store=True), body


def host_is_valid(environ: dict) -> bool:
    """False for a Host werkzeug cannot bind a URL map to (an IDNA label over 63 characters, an
    empty label), nor turn back into text for `request.url` (a broken xn-- label): every page, the
    error page included, would fail on it."""
    try:
        host = get_host(environ)
    except Exception:  # a header werkzeug itself refuses
        return False
    return _name_is_valid(host)


@lru_cache(maxsize=64)  # a server is asked by one or a few names: the IDNA codec was 2% of a step page
def _name_is_valid(host: str) -> bool:
    try:
        name = host.lower().partition(":")[0]
        name.encode("idna").decode("ascii")
        if name.isascii():
            name.encode("ascii").decode("idna")
    except Exception:  # UnicodeError from the idna codec
        return False
    return True


def ascii_query(query: str) -> str:
    """The query string with any raw non-ASCII byte percent-encoded, as a browser would have sent it:
    werkzeug decodes the raw query as strict UTF-8 for `request.args`, so one stray byte failed
    every page that reads its query."""
    if query.isascii():
        return query
    return "".join(c if c.isascii() else "".join(f"%{b:02X}" for b in c.encode("latin-1" if ord(c) < 256 else "utf-8"))
                   for c in query)


def _sendable(status: str, headers: list[tuple[str, str]]) -> bool:
    """What waitress will accept: Latin-1 text without line breaks (PEP 3333)."""
    try:
        for text in [status, *(part for header in headers for part in header)]:
            if not isinstance(text, str) or "\r" in text or "\n" in text:
                return False
            text.encode("latin-1")
    except UnicodeEncodeError:
        return False
    return True


class ResponseGuard:
    """WSGI middleware: every response leaves with the security headers, and nothing the app does
    leaves as waitress's own 500 page."""

    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        if not host_is_valid(environ):
            return self._answer(start_response, *plain_page(
                "400 Bad Request", "Something went wrong with that request",
                "The address this request was sent to is not a valid host name."))
        environ["QUERY_STRING"] = ascii_query(environ.get("QUERY_STRING", ""))
        captured: list = []

        def capture(status, headers, exc_info=None):
            captured[:] = [status, headers]
            return _no_write

        try:
            body = self.app(environ, capture)
        except Exception:
            log_failure(logger, environ, sys.exc_info())
            return self._server_error(start_response)
        if not captured or not _sendable(*captured):
            if hasattr(body, "close"):
                body.close()
            log_failure(logger, environ, None, "the response had a header the server cannot send")
            return self._server_error(start_response)
        status, headers = captured
        start_response(status, with_security_headers(headers))
        return body

    @staticmethod
    def _answer(start_response, status, headers, body):
        start_response(status, headers)
        return [body]

    def _server_error(self, start_response):
        return self._answer(start_response, *plain_page(
            "500 Internal Server Error", "Sorry, something went wrong on our side",
            "Your saved answers are safe. Please try again in a moment."))


def _no_write(data: bytes) -> None:
    # PEP 3333's write() callable: Flask never uses it, and a body written before the guard has
    # seen the headers could not be checked.
    raise RuntimeError("the wizard's WSGI guard does not support write()")


def vary_on_htmx(response):
    """The same URL is a whole page or, for htmx, one block of it: caches must keep both."""
    add_vary(response, "HX-Request")
    return response


def security_headers(response):
    """Nothing a user types can run as code (see SECURITY_HEADERS)."""
    # A kiosk's next user must not see answers: no page is kept in the browser's cache.
    response.headers.extend(missing_security_headers(response.headers, no_store=response.mimetype == "text/html"))
    if (current_app.config.get("PUBLIC_URL") or "").startswith("https://"):
        # The site is served over HTTPS: a browser that has seen it never tries plain HTTP again.
        response.headers.setdefault("Strict-Transport-Security", "max-age=31536000")
    return response


def init_app(app) -> None:
    app.after_request(security_headers)
    app.after_request(vary_on_htmx)
