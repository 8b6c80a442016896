"""Abuse limits that fit real networks, each with a clear 429 page.

At most NEW_INTERVIEWS_PER_HOUR new interviews (starting and importing) and ANSWERS_PER_HOUR
answered pages (step POSTs) per client per hour. One client once made 97 interviews a second.
A client is an enrolled kiosk screen (a whole village hall shares one address), else its address
(behind a proxy, the address the trusted proxy reports), with an IPv6 address counted by its /64:
one home or phone gets a whole /64 and may use any address in it. Counted in memory with an SQLite
file (one server process, as `wizard serve` runs it); in the database with PostgreSQL, where several
servers share the clients (wizard/store/server_state.py).
"""
from __future__ import annotations

import threading
import time
from collections import OrderedDict, deque
from typing import Callable

from flask import abort, current_app, g
from werkzeug.exceptions import TooManyRequests

from ...store.server_state import DatabaseCounter, is_shared
from ...language import gettext as _
from .clients import client_key
from .logs import security_event
from .pages import render_page

WINDOW = 3600  # seconds
DEFAULT_PER_HOUR = 60
# An organizer answers about 40 pages; this lets 50 of them share one address (an office, a school).
DEFAULT_ANSWERS_PER_HOUR = 2000
# "Email me a link" and reminders (web/organizer/mail.py): a few for one person, too few to mail-bomb anyone.
DEFAULT_ORGANIZER_MAILS_PER_HOUR = 5


class NewInterviewCounter:
    """When each client did something counted, over the last hour.

    O(1) amortised per counted request however many clients count at once
    (docs/decisions/0018-servers-share-through-the-database.md): the clients are kept in the order they were last
    counted, so the ones idle for the whole window are at the front and are forgotten from there, each once, instead
    of the whole table being looked over."""

    def __init__(self):
        self._lock = threading.Lock()
        self._starts: OrderedDict[str, deque] = OrderedDict()

    def allow(self, client: str, limit: int, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        with self._lock:
            self._forget_idle(now)
            starts = self._starts.get(client)
            if starts is None:
                starts = self._starts[client] = deque()
            else:
                self._starts.move_to_end(client)
            while starts and starts[0] <= now - WINDOW:
                starts.popleft()
            if len(starts) >= limit:
                return False
            starts.append(now)
            return True

    def _forget_idle(self, now: float) -> None:
        while self._starts:
            oldest = next(iter(self._starts.values()))
            if oldest and oldest[-1] > now - WINDOW:
                return
            self._starts.popitem(last=False)

    def __len__(self) -> int:
        """How many clients are remembered."""
        return len(self._starts)




def _count(counter: str, setting: str) -> None:
    limit = current_app.config[setting]
    if limit and not current_app.extensions[counter].allow(client_key(), limit):
        g.limit_setting = setting
        abort(429)


def count_new_interview() -> None:
    """Call before creating an interview: 429 once this client has started its hourly allowance."""
    _count("new_interviews", "NEW_INTERVIEWS_PER_HOUR")


def count_answer() -> None:
    """Call before saving an answered page: 429 once this client has sent its hourly allowance."""
    _count("answers", "ANSWERS_PER_HOUR")


def save_counted_answer(save: Callable[[object, str, int], bool]) -> None:
    """Count an answered page and save it: `save(counter, client, limit)` saves unless the counter refuses
    (InterviewStore.save_counted: on PostgreSQL one statement for both); 429, nothing saved, once this client
    has sent its hourly allowance."""
    limit = current_app.config["ANSWERS_PER_HOUR"]
    if not limit:
        save(_UNCOUNTED, "", 0)
    elif not save(current_app.extensions["answers"], client_key(), limit):
        g.limit_setting = "ANSWERS_PER_HOUR"
        abort(429)


class _Uncounted:
    """The counter of a limit turned off (0): every request allowed, nothing kept."""

    def allow(self, client: str, limit: int) -> bool:
        return True


_UNCOUNTED = _Uncounted()


def allow_new_record() -> bool:
    """For a row anyone may add without an interview (a clerks' link's short code): counted with the
    new interviews, so one address stores at most NEW_INTERVIEWS_PER_HOUR of them an hour."""
    limit = current_app.config["NEW_INTERVIEWS_PER_HOUR"]
    return not limit or current_app.extensions["new_interviews"].allow(client_key(), limit)


def allow_organizer_mail(interview_id: str) -> bool:
    """True while this client, and this interview, have asked for fewer organizer emails than the limit."""
    limit = current_app.config["ORGANIZER_MAILS_PER_HOUR"]
    counter = current_app.extensions["organizer_mails"]
    return not limit or (counter.allow(client_key(), limit) and counter.allow(f"interview:{interview_id}", limit))


def too_many(error: TooManyRequests):
    setting = g.get("limit_setting", "NEW_INTERVIEWS_PER_HOUR")
    limit = current_app.config[setting]
    security_event("too many requests", limit=setting, client=client_key())
    if setting == "ANSWERS_PER_HOUR":
        title = _("Too many answers sent")
        message = _("This computer has sent %(limit)s answered pages in the last hour, the most we allow. "
                    "Your saved answers are kept: please wait a while and go on from the same web address.", limit=limit)
    else:
        title = _("Too many new interviews")
        message = _("This computer has started %(limit)s interviews in the last hour, the most we allow. "
                    "Please wait a while and try again. Interviews you already started still work: "
                    "use their web addresses to go on.", limit=limit)
    response = current_app.make_response((render_page("error.html", status=429, title=title, message=message), 429))
    response.headers["Retry-After"] = str(WINDOW // 4)
    return response


def init_app(app) -> None:
    store = app.extensions["interview_store"]
    # "handoff_tries": codes tried on a phone to take a kiosk's interview (wizard/web/kiosk/handoff.py)
    for kind in ("new_interviews", "answers", "organizer_mails", "handoff_tries"):
        app.extensions[kind] = DatabaseCounter(store, kind) if is_shared(store) else NewInterviewCounter()
    app.register_error_handler(429, too_many)
