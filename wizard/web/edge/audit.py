"""Security events in one log ("wizard.security"), redacted as the failure log is (see logs.py).

One line per event: what happened, the method and the path with any interview id replaced by a
short hash, no query string, the client as a short hash of its address: enough to tell one client's repeated failures from many clients', never
the address, an id that opens an interview, or an answer. Call `security_event` for anything a
deployment should be able to audit: CSRF failures, 429s, kiosk clears and enrolments, hand-off
claims, purges, and sign-ins (successes and failures) where accounts exist.
"""
from __future__ import annotations

import logging

from flask import has_request_context, request

from .logs import redact_path, short_hash

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
