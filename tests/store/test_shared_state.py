"""Two servers on one PostgreSQL database share what one process used to keep to itself: a client's
limit (and a password guesser's failures) counts once across both, both sign with one secret key, one
sweeper runs at a time (and another takes over when it goes), and a packet downloaded from one server
shows the answers saved on the other."""
from __future__ import annotations

import pytest

from wizard.store.postgres import TurnLock
from wizard.store.server_state import MIGRATION_SET, MIGRATIONS, WINDOW, DatabaseCounter
from wizard.store.interviews import InterviewStore
from wizard.web.app import create_app

from tests.support.html import csrf_token
from tests.support.office import clerk, sign_in
from tests.support.postgres import fresh_schema
from tests.support.packet import festival
from tests.support.packet import text_of


@pytest.fixture
def url():
    with fresh_schema() as url:
        yield url


def two_apps(url: str, book, **config) -> tuple:
    return tuple(create_app({"TESTING": True, "RULEBOOK": book, "DATABASE": url, "WTF_CSRF_ENABLED": False,
                             "SWEEPER": False, **config}) for _ in range(2))


def closed(*apps) -> None:
    for app in apps:
        app.extensions["interview_store"].close()


def test_a_client_alternating_between_servers_is_counted_once(url):
    stores = InterviewStore(url), InterviewStore(url)
    counters = [DatabaseCounter(store, "new_interviews") for store in stores]
    try:
        allowed = [counters[n % 2].allow("203.0.113.7", 3, now=1000.0 + n) for n in range(5)]
        assert allowed == [True, True, True, False, False]
        assert counters[1].allow("198.51.100.1", 3, now=1005.0)  # another client has its own allowance
        assert counters[0].allow("203.0.113.7", 3, now=1000.0 + WINDOW + 1)  # an hour later: room again
        left = stores[0].backend.one("SELECT times FROM limit_windows WHERE client = '203.0.113.7'")["times"]
        assert left == [1002.0, 1000.0 + WINDOW + 1]  # the two counted over an hour before went; refusals never came
    finally:
        for store in stores:
            store.close()


def test_an_upgrade_keeps_the_counts_of_the_hour_under_way(url):
    """The counts moved to one row per client
    (docs/decisions/0018-servers-share-through-the-database.md); a client counted before the upgrade is
    not given its hour again, and the failed sign-ins stay where they are."""
    store = InterviewStore(url)
    try:
        store.migrate()
        store.backend.migrate(MIGRATION_SET, MIGRATIONS[:1])
        for n, kind in enumerate(("answers", "answers", "answers", "sign_in_failure")):
            store.backend.execute("INSERT INTO limit_events (kind, client, at) VALUES (?, '203.0.113.7', ?)",
                                  (kind, 1000.0 + n))
        counter = DatabaseCounter(store, "answers")
        assert not counter.allow("203.0.113.7", 3, now=1010.0)
        assert counter.allow("203.0.113.7", 4, now=1010.0)
        assert store.backend.query("SELECT kind FROM limit_events") == [{"kind": "sign_in_failure"}]
    finally:
        store.close()


def test_the_limit_page_comes_from_the_count_both_servers_keep(url, book):
    first, second = two_apps(url, book, NEW_INTERVIEWS_PER_HOUR=2)
    try:
        statuses = [(first if n % 2 else second).test_client().post("/start", data={"jurisdiction": "baroda-mi"})
                    .status_code for n in range(3)]
        assert statuses == [303, 303, 429]
    finally:
        closed(first, second)


def test_a_password_guesser_alternating_between_servers_is_slowed_down_once(url, book):
    first, second = two_apps(url, book)
    try:
        clerk(first)
        guesses = [sign_in((first if n % 2 else second).test_client(), password="nope nope nope").status_code
                   for n in range(5)]
        assert guesses == [401] * 5
        assert sign_in(first.test_client()).status_code == 429  # even the right password waits, on either
        assert sign_in(second.test_client()).status_code == 429
    finally:
        closed(first, second)


def test_every_server_of_a_database_signs_with_one_key(url, book, monkeypatch):
    monkeypatch.delenv("WIZARD_SECRET_KEY", raising=False)
    first, second = two_apps(url, book, WTF_CSRF_ENABLED=True)
    try:
        assert first.secret_key == second.secret_key and len(first.secret_key) == 64
        on_first = first.test_client()
        token = csrf_token(on_first.get("/").get_data(as_text=True))
        on_second = second.test_client()
        on_second.set_cookie("session", on_first.get_cookie("session").value)
        # The form the first server made, with its session cookie, is accepted by the second.
        assert on_second.post("/start", data={"csrf_token": token, "jurisdiction": "baroda-mi"}).status_code == 303
    finally:
        closed(first, second)
    monkeypatch.setenv("WIZARD_SECRET_KEY", "given-once-to-every-server")
    given, = two_apps(url, book)[:1]
    closed(given)
    assert given.secret_key == "given-once-to-every-server"


def test_one_sweeper_at_a_time_and_another_takes_over_when_it_goes(url):
    first, second = TurnLock(url, "sweeper"), TurnLock(url, "sweeper")
    mailer = TurnLock(url, "mail sender")
    try:
        assert first.held() and not second.held()
        assert first.held() and not second.held()  # the holder keeps its turn round after round
        assert mailer.held()  # another job's turn is its own
        first.release()  # as when its server is killed: the connection, and the lock, end
        assert second.held() and not first.held()
    finally:
        for lock in (first, second, mailer):
            lock.release()


def test_the_sweeper_of_one_server_at_a_time_clears_idle_kiosk_interviews(url, book):
    first, second = two_apps(url, book)
    store = first.extensions["interview_store"]
    try:
        idle = store.create({"jurisdiction": "baroda-mi"})
        store.mark_kiosk([idle.id], seen="2000-01-01T00:00:00+00:00")
        first.extensions["sweeper"].sweep_once(0)  # its turn: the idle kiosk interview goes
        assert store.get(idle.id) is None
        again = store.create({"jurisdiction": "baroda-mi"})
        store.mark_kiosk([again.id], seen="2000-01-01T00:00:00+00:00")
        second.extensions["sweeper"].sweep_once(0)  # not its turn while the first server lives
        assert store.get(again.id) is not None
        first.extensions["sweeper"].turn.release()
        second.extensions["sweeper"].sweep_once(0)  # the first is gone: the second takes over
        assert store.get(again.id) is None
    finally:
        for app in (first, second):
            app.extensions["sweeper"].turn.release()
        closed(first, second)


def test_a_packet_from_one_server_shows_the_answers_saved_on_the_other(url, book):
    first, second = two_apps(url, book)
    try:
        with first.app_context():
            interview = first.extensions["interview_store"].create(festival("baroda-mi", book, event_name="Saved On A"))
        browser_a, browser_b = first.test_client(), second.test_client()
        assert "Saved On A" in text_of(browser_b.get(f"/i/{interview.id}/packet.pdf").data)
        interview.answers["event_name"] = "Changed On B"
        second.extensions["interview_store"].save(interview)
        again = text_of(browser_a.get(f"/i/{interview.id}/packet.pdf").data)
        assert "Changed On B" in again and "Saved On A" not in again
    finally:
        closed(first, second)
