"""At most NEW_INTERVIEWS_PER_HOUR new interviews per client per hour, with a clear 429 page.

One client once made 97 interviews a second. Counted in memory per client address (behind a
proxy, the address the trusted proxy reports): one server process, as `wizard serve` runs it.
"""
from __future__ import annotations

import threading
import time
from collections import deque

from flask import abort, current_app, request
from werkzeug.exceptions import TooManyRequests

from .pages import render_page

WINDOW = 3600  # seconds
DEFAULT_PER_HOUR = 60


class NewInterviewCounter:
    """When each client started its recent interviews, over the last hour."""

    def __init__(self):
        self._lock = threading.Lock()
        self._starts: dict[str, deque] = {}

    def allow(self, client: str, limit: int, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        with self._lock:
            if len(self._starts) > 10_000:  # forget clients with nothing left in the window
                self._starts = {c: q for c, q in self._starts.items() if q and q[-1] > now - WINDOW}
            starts = self._starts.setdefault(client, deque())
            while starts and starts[0] <= now - WINDOW:
                starts.popleft()
            if len(starts) >= limit:
                return False
            starts.append(now)
            return True


def count_new_interview() -> None:
    """Call before creating an interview: 429 once this client has started its hourly allowance."""
    limit = current_app.config["NEW_INTERVIEWS_PER_HOUR"]
    if limit and not current_app.extensions["new_interviews"].allow(request.remote_addr or "", limit):
        abort(429)


def too_many(error: TooManyRequests):
    limit = current_app.config["NEW_INTERVIEWS_PER_HOUR"]
    message = (f"This computer has started {limit} interviews in the last hour, the most we allow. "
               "Please wait a while and try again. Interviews you already started still work: "
               "use their web addresses to go on.")
    response = current_app.make_response(
        (render_page("error.html", status=429, title="Too many new interviews", message=message), 429))
    response.headers["Retry-After"] = str(WINDOW // 4)
    return response


def init_app(app) -> None:
    app.extensions["new_interviews"] = NewInterviewCounter()
    app.register_error_handler(429, too_many)
