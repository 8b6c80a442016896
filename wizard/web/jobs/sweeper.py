"""The background sweeper: deletes what nobody may keep, whether or not a browser is still open.

It deletes a kiosk screen's interviews once KIOSK_IDLE_SECONDS pass with no
request from that session (a closed tab never fires its timer); for everyone it deletes
interviews not changed for RETENTION_DAYS, and queues the organizers' reminders due by today
(wizard/office/reminders.py). One daemon thread per app, started with the first
request (so it runs under waitress as under any server), sleeping between sweeps. On a PostgreSQL database
shared by several servers, each server's sweeper tries every round and one sweeps: the holder of
the sweeper's advisory lock (wizard/store/server_state.py), taken over by another when that server dies.
"""
from __future__ import annotations

import logging
import threading
import time
import weakref
from datetime import date, datetime, timedelta, timezone
from typing import Callable

from ...errors import StoreUnavailable
from ...office.keeping import purge_applications
from ...office.office_time import office_today
from ...office.records import OfficeRecords
from ...office.reminders import send_due_reminders
from ...rules.rulebook import RuleBook
from ...store.retention import moment_ago, purge
from ...store.server_state import turn_for
from ...store.interviews import InterviewStore
from ..edge.logs import security_event
from .background import BackgroundJob

RETENTION_EVERY = 600  # seconds between retention sweeps: a day's precision needs no more
log = logging.getLogger(__name__)


def kiosk_interval(idle_seconds: float) -> float:
    """Sweep often enough that an idle kiosk interview outlives its idle time by a few seconds at most."""
    return max(0.5, min(idle_seconds / 5, 10))


class Sweeper(BackgroundJob):
    thread_name = "wizard-sweeper"

    def __init__(self, store: InterviewStore, kiosk_idle: float | None, retention_days: float | None):
        super().__init__()
        # A weak reference: an app that is dropped (tests build hundreds) takes its store with it,
        # and the sweeper then ends instead of keeping the database open.
        self._store = weakref.ref(store)
        self.kiosk_idle, self.retention_days = kiosk_idle, retention_days
        self.stop = threading.Event()
        self._next_retention = 0.0
        self.last_round: float | None = None
        self.keep_applications_days: float | None = None  # closed applications (wizard/office/keeping.py)
        # A place's office day, by which its organizers' reminders are due (the app's TODAY in tests),
        # and the latest day anywhere (init_app sets both from the rule book and the settings).
        self.office_day: Callable[[str | None], date] = lambda place: date.today()
        self.latest_day: Callable[[], date] = date.today
        self.turn = turn_for(store, "sweeper")

    @property
    def store(self) -> InterviewStore | None:
        store = self._store()
        return None if store is None or store.closed else store

    def sweep_once(self, clock: float) -> None:
        store = self.store
        if store is None or not self.turn.held():
            return
        self.last_round = time.time()  # /metrics reports the time since (web/operations/watching.py)
        if self.kiosk_idle:
            cleared = store.delete_idle(moment_ago(self.kiosk_idle), moment_ago(0))
            if cleared:
                security_event("kiosk clear", reason="idle, by the sweeper", interviews=cleared)
        if self.retention_days and clock >= self._next_retention:
            done = purge(store, self.retention_days)
            if done.count:
                security_event("purge", interviews=done.count, days=self.retention_days)
            if self.keep_applications_days:
                purge_applications(OfficeRecords(store), self.keep_applications_days)
            send_due_reminders(OfficeRecords(store), self.office_day, self.latest_day())
            self._next_retention = clock + RETENTION_EVERY

    def _run(self) -> None:
        interval = kiosk_interval(self.kiosk_idle) if self.kiosk_idle else RETENTION_EVERY
        clock = 0.0
        while self.store is not None:
            try:
                self.sweep_once(clock)
            except StoreUnavailable as gone:  # the database is down or busy: one line a round, not a traceback
                log.warning("sweep skipped: %s", gone)
            except Exception:  # anything else: try again next time, never die
                log.exception("sweep failed")
            if self.stop.wait(interval):
                break
            clock += interval
        self.turn.release()


def place_day(book: RuleBook, place: str | None) -> date:
    """Today in a place's office, so that no reminder reaches an organizer before its day has begun
    where the event is (UTC's date is the next day in Chicago every evening); UTC's for a place no
    longer loaded."""
    j = book.get(place) if place else None
    return office_today(j.zone if j is not None else timezone.utc)


def latest_day() -> date:
    """The latest calendar day anywhere on Earth (UTC+14)."""
    return (datetime.now(timezone.utc) + timedelta(hours=14)).date()


def init_app(app) -> None:
    sweeper = Sweeper(app.extensions["interview_store"],
                      app.config["KIOSK_IDLE_SECONDS"],  # any browser may be an enrolled kiosk screen
                      app.config["RETENTION_DAYS"])
    sweeper.keep_applications_days = app.config["KEEP_APPLICATIONS_DAYS"]
    app.extensions["sweeper"] = sweeper
    config = app.config  # not the app: the running sweeper must not keep a dropped app's store open
    book = app.extensions["rulebook"]  # read per reminder due: a statewide host's files are not all read
    sweeper.office_day = lambda place: config.get("TODAY") or place_day(book, place)
    sweeper.latest_day = lambda: config.get("TODAY") or latest_day()
    if app.config["SWEEPER"]:
        app.before_request(sweeper.start)
