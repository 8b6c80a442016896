"""Logging a failure without what it must not reveal.

An interview's id is the only key to it, and an error message may quote an answer (a name, an
address). So a 500 is logged with a short hash of the id (enough to match two log lines, useless
to open the interview), the path without its query string (a clerk's link carries answers), the
exception's type and where it was raised, and never the exception's message.

Every path logged (the access log, the security log, error logs) has each secret the route table
names (an interview's id, a token, a code: `is_secret_variable`) replaced by its short hash.

Security events go to one log ("wizard.security"), redacted the same way. One line per event:
what happened, the method and the path with its secrets replaced by short hashes, no query string, the client as a short hash of its address: enough to tell one client's repeated failures from many clients', never
the address, an id that opens an interview, or an answer. Call `security_event` for anything a
deployment should be able to audit: CSRF failures, 429s, kiosk clears and enrolments, hand-off
claims, purges, and sign-ins (successes and failures) where accounts exist.
"""
from __future__ import annotations

import hashlib
import json
import logging
import re
import traceback

from flask import has_request_context, request

_INTERVIEW_PATH = re.compile(r"/i/([^/]*)")
_KEY_LIKE = re.compile(r"(?<![^/])[A-Za-z0-9_-]{20,}(?![^/.])")  # a whole segment (a name before .ics)
_VARIABLE = re.compile(r"<(?:[^:<>]+:)?([^:<>]+)>")
# The paths of routes with a secret variable, as patterns whose groups are the secrets: taken from
# every app's route table (`init_app`), so a new route with a token cannot be logged in clear.
_secret_routes: dict[str, re.Pattern] = {}


def short_hash(interview_id: str) -> str:
    return hashlib.sha256(interview_id.encode("utf-8", "surrogatepass")).hexdigest()[:10]


def is_secret_variable(name: str) -> bool:
    """A URL variable that opens something by itself: an interview's id, and any token or code
    (a department's link, a calendar feed, a kiosk enrolment, a password link, a hand-off, a clerks'
    link's short code). A new route names its key so, and the logs hide it."""
    return name == "interview_id" or name.endswith(("token", "code"))


def secret_route_pattern(rule: str) -> re.Pattern | None:
    """A pattern for the start of a path of `rule` up to the end of the segment of its last secret
    variable (which may end in text: `<token>.ics`), each secret a group; None without a secret.
    Runs of slashes count as one, as the router's merge_slashes does."""
    parts = _VARIABLE.split(rule)  # static, name, static, name, ...
    secrets = [i for i in range(1, len(parts), 2) if is_secret_variable(parts[i])]
    if not secrets:
        return None
    pattern = []
    for i, part in enumerate(parts[:secrets[-1] + 2]):
        if i == secrets[-1] + 1:  # the rest of the last secret's segment: optional, so a mistyped
            pattern.append(f"(?:{re.escape(part.split('/', 1)[0])})?")  # "/feed/<token>" is hidden too
        elif i % 2 == 0:
            pattern.append("/+".join(re.escape(piece) for piece in part.split("/")))
        else:
            pattern.append("([^/]+?)" if i in secrets else "[^/]+?")
    return re.compile("".join(pattern) + "(?=/|$)")


def learn_secret_routes(rules) -> None:
    """Remember the secret-bearing paths of these rules (an app's url_map)."""
    for rule in rules:
        pattern = secret_route_pattern(rule.rule)
        if pattern is not None:
            _secret_routes.setdefault(pattern.pattern, pattern)


def redact_path(path: str) -> str:
    """/i/<id>/step/dates -> /i/#3f9a0c1d2e/step/dates, /r/<token> -> /r/#5b1e..., and so for every
    route with a secret variable; a path no route knows still has any /i/<id>, and any segment long
    and random enough to be a key (20 URL-safe characters), hashed."""
    matches = [m for m in (p.match(path) for p in _secret_routes.values()) if m is not None]
    if not matches:  # no route's: hide what looks like a key anyway (a mistyped link's token)
        path = _INTERVIEW_PATH.sub(lambda m: f"/i/#{short_hash(m.group(1))}", path)
        return _KEY_LIKE.sub(lambda m: "#" + short_hash(m.group(0)), path)[:200]
    best = max(matches, key=lambda m: m.end())  # the route that covers the most of the path
    redacted, last = [], 0
    for group in range(1, (best.lastindex or 0) + 1):
        start, end = best.span(group)
        redacted += [path[last:start], "#" + short_hash(path[start:end])]
        last = end
    return ("".join(redacted) + path[last:])[:200]


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
    learn_secret_routes(app.url_map.iter_rules())  # logs.init_app comes after every blueprint


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


class JsonLines(logging.Formatter):
    """`wizard serve --log-format json`: one JSON object per line (time, level, logger, message), for
    a log collector. The messages are the same redacted ones; a failure's frames (no message) are
    its `where` field."""

    def format(self, record: logging.LogRecord) -> str:
        message, _, where = record.getMessage().partition("\n")
        line = {"time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S%z"), "level": record.levelname,
                "logger": record.name, "message": message}
        if where:
            line["where"] = where
        if record.exc_info:  # a library's exception: its type only, never its message
            line["error"] = record.exc_info[0].__name__ if record.exc_info[0] else "error"
        return json.dumps(line, ensure_ascii=False)
