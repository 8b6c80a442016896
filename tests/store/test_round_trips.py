"""On PostgreSQL a step costs few round trips (docs/decisions/0018-servers-share-through-the-database.md)
to the database. A step GET reads the interview once; an answer POST reads it, then counts the client
against the abuse limits and saves it in one statement (the count was five statements, then four exchanges,
then a pipelined transaction of five, then one statement before the save's); a connection used a moment ago is not checked with a round trip of its
own before each use."""
from __future__ import annotations

import psycopg
from psycopg_pool import ConnectionPool

from tests.support.office import app_on_postgresql  # noqa: F401
from tests.support.round_trips import round_trips, statements


def test_a_new_interview_and_an_answer_are_counted_against_the_limits_in_one_statement(app):
    """An answer that saves is counted by the statement that saves it: one commit, one wait for the disk."""
    client = app.test_client()
    with statements() as start:
        step = client.post("/start", data={"jurisdiction": "baroda-mi"}).headers["Location"]
    assert start[0] == 2  # the count, the interview made
    with statements() as post:
        assert client.post(step, data={"property_owner": "private"}).status_code == 303
    assert post[0] == 2  # the interview read; the answer counted and saved in one statement


def test_a_step_get_and_an_answer_post_take_few_round_trips(app):
    client = app.test_client()
    step = client.post("/start", data={"jurisdiction": "baroda-mi"}).headers["Location"]
    for _ in range(12):  # every connection of the pool used once (a new one is checked at its first use)
        client.get(step)
    with round_trips() as get:
        assert client.get(step).status_code == 200
    assert get[0] == 1  # the interview
    with round_trips() as post:
        response = client.post(step, data={"property_owner": "private"})
    assert response.status_code == 303 and "/step/" in response.headers["Location"]
    assert post[0] == 2  # the interview; the answer counted and saved (one statement, one commit)
    with round_trips() as again:
        assert client.get(response.headers["Location"]).status_code == 200
    assert again[0] == 1


def test_a_connection_goes_back_to_the_pool_in_the_requests_own_thread(app, monkeypatch):
    """With a `reset` callback psycopg_pool hands each returned connection to its worker thread: a
    thread switch for every statement (about 0.1 ms of CPU each). The pool is given none."""
    tasks = []
    real = ConnectionPool.run_task
    monkeypatch.setattr(ConnectionPool, "run_task", lambda self, task: tasks.append(task) or real(self, task))
    backend = app.extensions["interview_store"].backend
    for _ in range(20):
        assert backend.query("SELECT 1 AS one") == [{"one": 1}]
    assert tasks == []


def test_a_statement_neither_commits_nor_opens_a_cursor_of_its_own(app, monkeypatch):
    """Outside a transaction a statement is committed by the database as it runs (autocommit): taking the
    connection through the pool's `connection()` also entered the connection's own context, a commit
    call per statement (sending nothing); with a new cursor per statement, a third of a read's client CPU."""
    commits, cursors = [], []
    real_commit, real_cursor = psycopg.Connection.commit, psycopg.Connection.cursor
    monkeypatch.setattr(psycopg.Connection, "commit", lambda self: commits.append(1) or real_commit(self))
    monkeypatch.setattr(psycopg.Connection, "cursor",
                        lambda self, *a, **k: cursors.append(1) or real_cursor(self, *a, **k))
    backend = app.extensions["interview_store"].backend
    backend.execute("CREATE TABLE autocommit_check (n INTEGER)")
    for n in range(20):
        assert backend.execute("INSERT INTO autocommit_check (n) VALUES (?)", (n,)) == 1
        assert backend.query("SELECT COUNT(*) AS rows FROM autocommit_check") == [{"rows": n + 1}]
    assert backend.execute("UPDATE autocommit_check SET n = n + 1") == 20
    assert backend.query("UPDATE autocommit_check SET n = n + 1") == []
    assert commits == []
    assert len(cursors) < 20  # one kept by each connection used (and the pool's check of a new one), not 62


def test_a_connection_back_in_the_pool_keeps_no_large_result(app):
    """The kept cursor holds its last result while the connection is idle: a large one is let go."""
    backend = app.extensions["interview_store"].backend
    rows = backend.query("SELECT n FROM generate_series(1, 1000) AS n")
    assert len(rows) == 1000 and rows[-1] == {"n": 1000}
    idle = list(backend._pool._pool)
    assert idle and all(conn.kept_cursor is None or conn.kept_cursor.rowcount <= 64 for conn in idle)
    assert backend.query("SELECT 1 AS one") == [{"one": 1}]
