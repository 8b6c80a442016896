"""Logging a failure without what it must not reveal.

An interview's id is the only key to it, and an error message may quote an answer (a name, an
address). So a 500 is logged with a short hash of the id (enough to match two log lines, useless
to open the interview), the path without its query string (a clerk's link carries answers), the
exception's type and where it was raised, and never the exception's message.

Security events go to one log ("wizard.security"), redacted the same way. One line per event: what happened, the method and the path with any interview id replaced by a
short hash, no query string, the client as a short hash of its address: enough to tell one client's repeated failures from many clients', never
the address, an id that opens an interview, or an answer. Call `security_event` for anything a
deployment should be able to audit: CSRF failures, 429s, kiosk clears and enrolments, hand-off
claims, purges, and sign-ins (successes and failures) where accounts exist.
"""
from __future__ import annotations

import hashlib
import logging
import re
import traceback

from flask import has_request_context, request

_INTERVIEW_PATH = re.compile(r"/i/([^/]*)")


def short_hash(interview_id: str) -> str:
    return hashlib.sha256(interview_id.encode("utf-8", "surrogatepass")).hexdigest()[:10]


def redact_path(path: str) -> str:
    """/i/<id>/step/dates -> /i/#3f9a0c1d2e/step/dates"""
    return _INTERVIEW_PATH.sub(lambda m: f"/i/#{short_hash(m.group(1))}", path)[:200]


def where_raised(exc_info) -> str:
    """The exception types and the frames they passed through, outermost first; no messages."""
    if not exc_info or exc_info[1] is None:
        return ""
    lines: list[str] = []
    error: BaseException | None = exc_info[1]
    seen = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        frames = traceback.extract_tb(error.__traceback__)
        lines.append(f"{type(error).__module__}.{type(error).__qualname__}")
        lines.extend(f"  at {f.filename}:{f.lineno} in {f.name}" for f in frames[-8:])
        error = error.__cause__ or error.__context__
    return "\n".join(lines)


def log_failure(logger: logging.Logger, environ: dict, exc_info, reason: str | None = None) -> None:
    method = str(environ.get("REQUEST_METHOD", "?"))[:10]
    path = redact_path(str(environ.get("PATH_INFO", "")))
    what = reason or "an unexpected error"
    details = where_raised(exc_info)
    logger.error("500 on %s %r: %s%s", method, path, what, "\n" + details if details else "")


def init_app(app) -> None:
    """Replace Flask's exception log (full URL, full message) with the redacted one."""
    def log_exception(exc_info) -> None:
        log_failure(app.logger, request.environ, exc_info)

    app.log_exception = log_exception


logger = logging.getLogger("wizard.security")
FAILURES = {"csrf failure", "too many requests", "kiosk enrolment refused", "hand-off refused",
            "sign-in failure"}


def _field(name: str, value) -> str:
    # Ids (a screen's, an interview's) are keys: only their hashes go to the log.
    if name in ("screen", "interview", "client") and value is not None:
        value = "#" + short_hash(str(value))
    return f"{name}={value}"


def security_event(event: str, **fields) -> None:
    """Log one security event; `fields` hold counts, reasons and ids (ids are hashed)."""
    parts = [event]
    if has_request_context():
        parts.append(f"{request.method[:10]} {redact_path(request.path)!r}")
        fields.setdefault("client", request.remote_addr or "")
    parts.extend(_field(name, value) for name, value in fields.items())
    logger.log(logging.WARNING if event in FAILURES else logging.INFO, " ".join(parts))
