"""Settings for running behind a public address: PUBLIC_URL, TRUSTED_PROXIES, Secure cookies.

The app never builds an absolute link from the request's `Host` header (a client chooses it:
a forged one could put another site's address on the clerks' page, and a malformed one used to
crash it). Where an absolute address is wanted it comes from PUBLIC_URL; otherwise links are
relative.
"""
from __future__ import annotations

import ipaddress
import re
from urllib.parse import urlsplit

from flask import current_app, has_request_context, request
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.utils import redirect

from .requests import WizardRequest
from .security import ResponseGuard
from .signing import VerifiedOnceSessions


class DeploymentError(ValueError):
    """A setting that cannot work; the app refuses to start with it."""


def public_url(value: str | None) -> str | None:
    """'https://permits.example.org/' -> 'https://permits.example.org'; None stays None."""
    if not value:
        return None
    try:
        parts = urlsplit(value.strip())
        (parts.hostname or "").encode("idna")
        ok = parts.scheme in ("http", "https") and parts.hostname and parts.path in ("", "/") \
            and not parts.query and not parts.fragment and not parts.username
        parts.port  # raises ValueError on a port that is not a number
    except (UnicodeError, ValueError):
        ok = False
    if not ok:
        raise DeploymentError(f"PUBLIC_URL must be a scheme and host like https://permits.example.org, got {value!r}")
    return f"{parts.scheme}://{parts.netloc}"


def configured_public_url() -> str | None:
    """PUBLIC_URL as `init_app` normalised it at start-up (no trailing slash), or None."""
    return current_app.config["PUBLIC_URL"]
# What X-Forwarded-Prefix may say: a plain path like /permits. "//evil.example" made every form's
# action and every redirect a protocol-relative address on another site.
PLAIN_PREFIX = re.compile(r"(?:/[A-Za-z0-9._~-]+)*")


def plain_prefix(wsgi_app):
    """WSGI middleware inside ProxyFix: a SCRIPT_NAME that is not a plain path prefix is dropped."""
    def app(environ, start_response):
        if not PLAIN_PREFIX.fullmatch(environ.get("SCRIPT_NAME", "")):
            environ["SCRIPT_NAME"] = ""
        return wsgi_app(environ, start_response)
    return app


# With TRUSTED_PROXIES and no TRUSTED_PROXY: only a proxy on this machine is believed.
LOOPBACK = ("127.0.0.0/8", "::1/128")
FORWARDED = ("HTTP_X_FORWARDED_FOR", "HTTP_X_FORWARDED_PROTO", "HTTP_X_FORWARDED_HOST",
             "HTTP_X_FORWARDED_PORT", "HTTP_X_FORWARDED_PREFIX", "HTTP_FORWARDED")


def networks(value, setting: str, default: tuple = ()) -> tuple:
    """A setting of addresses or networks (several separated by commas, or in a list) as networks,
    `default` when unset; DeploymentError for anything else (TRUSTED_PROXY, METRICS_FROM)."""
    names = [value] if isinstance(value, str) else list(value or [])
    names = [part.strip() for name in names for part in str(name).split(",") if part.strip()]
    try:
        return tuple(ipaddress.ip_network(name, strict=False) for name in names or default)
    except ValueError as error:
        raise DeploymentError(f"{setting} must be addresses or networks like 10.0.0.5 or 10.0.0.0/24 ({error})") from None


def peer_in(allowed: tuple, address: str | None) -> bool:
    """The peer's address (an IPv6 one perhaps with its zone) is in one of these networks."""
    try:
        peer = ipaddress.ip_address(str(address or "").split("%")[0])
    except ValueError:
        return False
    return any(peer in network for network in allowed)


def only_from(trusted: tuple, believing, plain):
    """WSGI middleware: a request whose peer is in `trusted` (the proxy) goes through `believing`
    (ProxyFix); any other peer's X-Forwarded-* headers are dropped and it goes to `plain`, so a host
    that reaches the app port past the proxy cannot pick its own address."""
    def app(environ, start_response):
        if peer_in(trusted, environ.get("REMOTE_ADDR")):
            return believing(environ, start_response)
        for name in FORWARDED:
            environ.pop(name, None)
        return plain(environ, start_response)
    return app


def relative_location(response):
    """Every redirect stays on this site, as a path: werkzeug's own redirects (a doubled slash merged,
    a missing one added) write the request's Host into an absolute Location, and into the link of
    their page, which is made again for the path."""
    location = response.headers.get("Location")
    if location:
        parts = urlsplit(location)
        if parts.scheme or parts.netloc or location.startswith(("//", "/\\")):
            path = "/" + parts.path.lstrip("/\\")
            relative = f"{path}?{parts.query}" if parts.query else path
            response.headers["Location"] = relative
            if 300 <= response.status_code < 400:  # its page is only a link to the new address
                response.set_data(redirect(relative, response.status_code).get_data())
    return response


def operator_values(config) -> None:
    """Values that start a server which cannot work: retention that never runs (nan, inf), an idle
    time so long that every page failed computing the clear's moment."""
    days, idle = config.get("RETENTION_DAYS"), config.get("KIOSK_IDLE_SECONDS")
    if days is not None and not (isinstance(days, (int, float)) and 0 < days <= 36500):
        raise DeploymentError(f"RETENTION_DAYS must be a number of days above 0 and at most 36,500, got {days!r}")
    if idle is not None and not (isinstance(idle, int) and 1 <= idle <= 86400):
        raise DeploymentError(f"KIOSK_IDLE_SECONDS must be a whole number from 1 to 86,400, got {idle!r}")


class HttpsAwareSessions(VerifiedOnceSessions):
    """The session cookie (which holds the CSRF secret) is marked Secure whenever the request came
    over HTTPS, directly or through a trusted proxy, as well as when SESSION_COOKIE_SECURE says so."""

    def get_cookie_secure(self, app) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or (has_request_context() and request.is_secure)


def init_app(app) -> None:
    app.config["PUBLIC_URL"] = public_url(app.config.get("PUBLIC_URL"))
    if app.config.get("SESSION_COOKIE_SECURE") is None:
        app.config["SESSION_COOKIE_SECURE"] = (app.config["PUBLIC_URL"] or "").startswith("https://")
    proxies = int(app.config.get("TRUSTED_PROXIES") or 0)
    if proxies < 0:
        raise DeploymentError("TRUSTED_PROXIES must be 0 or more")
    app.config["TRUSTED_PROXIES"] = proxies
    app.session_interface = HttpsAwareSessions()
    app.request_class = WizardRequest  # drops unnamed form fields (see WizardRequest)

    wsgi_app = app.wsgi_app
    if proxies:
        # Believe X-Forwarded-For/-Proto/-Prefix from exactly this many proxies; not -Host:
        # nothing here needs the host, and links use PUBLIC_URL.
        # Only from TRUSTED_PROXY's addresses (default: this machine's loopback).
        wsgi_app = only_from(networks(app.config.get("TRUSTED_PROXY"), "TRUSTED_PROXY", LOOPBACK),
                             ProxyFix(plain_prefix(wsgi_app), x_for=proxies, x_proto=proxies, x_host=0, x_port=0,
                                      x_prefix=proxies), wsgi_app)
    app.wsgi_app = ResponseGuard(wsgi_app)
    app.after_request(relative_location)

    @app.context_processor
    def deployment_context():
        return {"public_url": app.config["PUBLIC_URL"]}
