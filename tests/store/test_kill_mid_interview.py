"""An answer acknowledged is an answer kept: `wizard serve` killed with SIGKILL mid-interview,
then restarted on the same database, still has every answer it had acknowledged."""
from __future__ import annotations

import gc
import http.client
import json
import os
import sqlite3
import threading
from pathlib import Path
from urllib.parse import urlencode

from tests.support.html import csrf_token
from tests.support.served import ServedWizard
from wizard.store.interviews import InterviewStore
from tests.support.served import answers_for, path_of


class Server(ServedWizard):
    """`wizard serve` in a child process (tests/support/served.py), and a browser-like client with a session cookie."""

    def __init__(self, db: Path):
        super().__init__("--db", str(db))
        self.cookie = ""

    def request(self, method: str, path: str, form: dict | None = None) -> http.client.HTTPResponse:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Cookie": self.cookie} if self.cookie else {}
        body = None
        if form is not None:
            body = urlencode(form, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            response.body = response.read().decode()
        finally:
            connection.close()
        cookie = response.headers.get("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";", 1)[0]
        return response


def test_answers_acknowledged_before_a_kill_9_are_there_after_a_restart(tmp_path):
    db = tmp_path / "crash.db"
    server = Server(db)
    try:
        home = server.request("GET", "/")
        started = server.request("POST", "/start", {"csrf_token": csrf_token(home.body), "jurisdiction": "whitesboro-ny"})
        assert started.status == 303
        step = path_of(started.headers["Location"])
        interview_id = step.split("/")[2]
        acknowledged: set[str] = set()
        for _ in range(5):
            page = server.request("GET", step)
            form = answers_for(page.body)
            answered = server.request("POST", step, {**form, "csrf_token": csrf_token(page.body)})
            assert answered.status == 303, answered.body[:500]
            acknowledged |= set(form)
            step = path_of(answered.headers["Location"])
        server.kill()  # no shutdown, no checkpoint: whatever was acknowledged must be on disk
    finally:
        server.stop()

    with sqlite3.connect(db) as conn:
        stored = conn.execute("SELECT answers FROM interviews WHERE id = ?", (interview_id,)).fetchone()
    assert stored is not None
    assert acknowledged <= set(json.loads(stored[0]))

    restarted = Server(db)
    try:
        resumed = restarted.request("GET", f"/i/{interview_id}")
        assert resumed.status == 303
        assert path_of(resumed.headers["Location"]) == step  # the next question, not an earlier one
    finally:
        restarted.stop()


def test_connections_of_finished_threads_and_dropped_stores_are_closed(tmp_path):
    """A server that starts a thread per request (werkzeug's, the browser tests') must not keep
    each thread's connection open after the thread ends: three files each, and the process runs
    out of file descriptors after a few hundred requests. A dropped store closes its own."""
    def open_files() -> int:
        return len(os.listdir("/proc/self/fd"))

    store = InterviewStore(tmp_path / "threads.db")
    store.migrate()
    saved = store.create({"event_name": "x"})
    gc.collect()
    before = open_files()
    for _ in range(50):
        worker = threading.Thread(target=lambda: store.get(saved.id))
        worker.start()
        worker.join()
    gc.collect()
    assert open_files() - before < 5
    for n in range(20):
        dropped = InterviewStore(tmp_path / f"s{n}.db")
        dropped.create({"event_name": "x"})
        del dropped
    gc.collect()
    assert open_files() - before < 5
    assert store.get(saved.id).answers == {"event_name": "x"}
