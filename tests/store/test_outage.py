"""When the database goes away: a plain 503 that keeps what the organizer typed,
never a 500; nothing confirmed is lost; the server reconnects by itself when the database is back.

The served test stops a PostgreSQL cluster of its own (tests/postgres_support.own_cluster), never
the one the other tests share. SQLite's "database is locked" after its busy timeout is the same 503."""
from __future__ import annotations

import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlencode

from tests.support.html import csrf_token, field_values, parse, texts
from tests.support.served import ServedBrowser, ServedWizard
from tests.support.served import answers_for, path_of
from wizard.errors import StoreUnavailable
from wizard.office.records import OfficeRecords
from wizard.store.interviews import InterviewStore
from wizard.web.edge.errors import NOT_SAVED, store_unavailable

from tests.support.postgres import own_cluster

RECONNECT_SECONDS = 60  # after the restart, how long the server may take to find the database again
BUSY = 12  # organizers asking at once during the outage: more than the server's 8 threads
# How long a page that needs the stopped database may take to say so: a connection's documented 5 s
# (wizard/store/postgres.py: CONNECT_SECONDS), with room for a loaded machine.
DATABASE_BOUND = 8
MAIL_SECONDS = 60  # queued mail goes within a minute once the database is back


def post(browser: ServedBrowser, path: str, form: dict, token: str, headers: dict | None = None):
    """A form post as the browser sends it: repeated names for a list (checkboxes)."""
    body = urlencode({**form, "csrf_token": token}, doseq=True).encode()
    return browser.request(path, data=body, headers=headers, content_type="application/x-www-form-urlencoded")


def shown_values(page, form: dict) -> dict:
    return {name: field_values(page, name) for name in form}


def typed(form: dict) -> dict:
    return {name: [str(v) for v in value] if isinstance(value, list) else [str(value)] for name, value in form.items()}


def answer_steps(browser: ServedBrowser, step: str, count: int) -> tuple[str, dict]:
    confirmed: dict = {}
    for _ in range(count):
        status, _head, page = browser.get(step)
        assert status == 200
        form = answers_for(page)
        status, head, page = post(browser, step, form, csrf_token(page))
        assert status == 303, page[:500]
        confirmed.update(form)
        step = path_of(head["Location"])
    return step, confirmed


def timed(base: str, path: str) -> tuple[int, float]:
    began = time.monotonic()
    began = time.monotonic()
    status, _, _ = ServedBrowser(base).get(path)
    return status, time.monotonic() - began


def outage_answers_within_bounds(base: str, step: str) -> None:
    """More organizers than the server has threads ask for pages that need the database: each gets its
    503 within the documented bound, and meanwhile the load balancer's checks answer at once."""
    with ThreadPoolExecutor(BUSY) as pool:
        pages = [pool.submit(timed, base, step) for _ in range(BUSY)]
        time.sleep(0.5)  # every thread is now waiting on the database
        healthz = timed(base, "/healthz")
        readyz = timed(base, "/readyz")
        answered = [page.result() for page in pages]
    assert healthz[0] == 200 and healthz[1] < 1, healthz
    assert readyz[0] == 503 and readyz[1] < 2, readyz
    assert {status for status, _ in answered} == {503}, answered
    assert max(seconds for _, seconds in answered) < DATABASE_BOUND, answered


def mail_goes_after_the_restart(url: str, inbox) -> None:
    """The server's mail sender lost the database with everything else: mail queued now goes within a
    minute, with nobody restarting anything."""
    store = InterviewStore(url)
    try:
        OfficeRecords(store).mail.queue_mail("MG-TEST-1", "zoe@example.org", "Receipt for MG-TEST-1", "Paid.",
                                             "<p>Paid.</p>")
    finally:
        store.close()
    (receipt,) = inbox.wait_for("zoe@example.org", seconds=MAIL_SECONDS)
    assert receipt["Subject"] == "Receipt for MG-TEST-1"


def test_postgresql_stopped_and_started_while_an_organizer_answers(smtp):
    controller, inbox = smtp
    with own_cluster() as cluster:
        server = ServedWizard("--db", cluster.url, "--smtp", f"127.0.0.1:{controller.port}",
                              "--mail-from", "permits@example.org")
        try:
            browser = ServedBrowser(server.url)
            browser.get("/")
            status, head, _ = post(browser, "/start", {"jurisdiction": "whitesboro-ny"}, browser.token)
            assert status == 303
            interview_id = path_of(head["Location"]).split("/")[2]
            step, confirmed = answer_steps(browser, path_of(head["Location"]), 2)
            _, _, page = browser.get(step)
            form, token = answers_for(page), csrf_token(page)

            cluster.stop()
            try:
                began = time.monotonic()
                status, head, refused = post(browser, step, form, token)
                assert status == 503, refused[:500]
                assert time.monotonic() - began < 15  # a page answers within seconds, not a hung request
                assert head["Retry-After"].isdigit()
                assert NOT_SAVED in texts(refused, "[data-unavailable]")
                assert shown_values(refused, form) == typed(form)  # what they typed is still in the form
                assert parse(refused).select_one(f'form[action="{step}"]') is not None
                status, _, _ = browser.get(step)
                assert status == 503
                status, head, fragment = post(browser, step, form, token, headers={"HX-Request": "true"})
                assert status == 503 and "<html" not in fragment and shown_values(fragment, form) == typed(form)
                outage_answers_within_bounds(server.url, step)
            finally:
                cluster.start()

            # The 503 page's own form, sent again, until the server has found the database again.
            again = {name: values for name, values in typed(form).items()}
            deadline = time.monotonic() + RECONNECT_SECONDS
            while True:
                status, head, page = post(browser, step, again, csrf_token(refused))
                assert status in (303, 503), page[:500]
                if status == 303 or time.monotonic() > deadline:
                    break
                time.sleep(0.2)  # a refused post costs the server nothing: the reconnection is seen sooner
            assert status == 303, "the server did not reconnect to the restarted database"
            confirmed.update(form)
            assert "Error" not in browser.get(path_of(head["Location"]))[2].split("</title>")[0]
            mail_goes_after_the_restart(cluster.url, inbox)
        finally:
            server.stop()
        assert "Exception on" not in server.output, server.output  # Flask's words for a request that failed with a 500
        store = InterviewStore(cluster.url)
        kept = store.get(interview_id).answers
        store.close()
        for name in confirmed:  # every confirmed answer, the one sent during the outage too
            assert name in kept or name.rsplit("_", 1)[0] in kept, name


def test_sqlite_locked_past_its_busy_timeout_is_the_same_503_with_the_answers_kept(app, client):
    start = client.post("/start", data={"jurisdiction": "whitesboro-ny"})
    step = path_of(start.headers["Location"])
    form = answers_for(client.get(step).get_data(as_text=True))
    other = sqlite3.connect(app.config["DATABASE"], isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process holds the write lock past the busy timeout
    try:
        refused = client.post(step, data=form)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert refused.status_code == 503 and refused.headers["Retry-After"].isdigit()
    assert shown_values(refused, form) == typed(form)
    assert client.post(step, data=form).status_code == 303  # the lock gone, the same post is saved


def test_the_api_answers_503_as_json(app):
    with app.test_request_context("/api/assess", method="POST"):
        response = store_unavailable(StoreUnavailable("the database cannot be reached"))
    assert response.status_code == 503 and response.is_json and response.headers["Retry-After"]
    assert "try again" in response.get_json()["error"]


def test_a_clerks_password_is_never_written_back_into_the_page(app):
    with app.test_request_context("/office/sign-in", method="POST",
                                  data={"email": "clerk@example.org", "password": "correct horse battery"}):
        response = store_unavailable(StoreUnavailable("the database cannot be reached"))
    page = response.get_data(as_text=True)
    assert response.status_code == 503 and field_values(page, "email") == ["clerk@example.org"]
    assert "correct horse battery" not in page
