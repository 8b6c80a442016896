"""On PostgreSQL a step costs few round trips (docs/decisions/0018-servers-share-through-the-database.md)
to the database. A step GET reads the interview once; an answer POST reads it, then counts the client
against the abuse limits and saves it in one statement (the count was five statements, then four exchanges,
then a pipelined transaction of five, then one statement before the save's); a connection used a moment ago is not checked with a round trip of its
own before each use."""
from __future__ import annotations

import contextlib
import threading

import psycopg
from psycopg._pipeline_base import BasePipeline
from psycopg_pool import ConnectionPool

from tests.support.office import app_on_postgresql  # noqa: F401


@contextlib.contextmanager
def round_trips():
    """How many times psycopg waited for the database server's answer meanwhile, for this thread's
    requests: each statement sent on its own, and each sync of a pipeline (where the statements sent
    so far are answered). The sweeper's and the mailer's, on threads of their own, are not counted:
    on a busy machine one of theirs fell inside a GET and made it "2"."""
    counted, mine = [0], threading.get_ident()
    wait, sync, check = psycopg.Connection.wait, BasePipeline._enqueue_sync, ConnectionPool.check_connection

    def exchanges(gen):
        try:
            ask = next(gen)
            counted[0] += threading.get_ident() == mine  # a statement's own exchange (a commit with nothing to send yields nothing)
            while True:
                ask = gen.send((yield ask))
        except StopIteration as done:
            return done.value

    def waiting(self, gen, *args, **kwargs):
        return wait(self, gen if self._pipeline is not None else exchanges(gen), *args, **kwargs)

    def syncing(self):
        counted[0] += threading.get_ident() == mine
        return sync(self)

    def checking(conn):  # a connection the pool has just opened is checked at its first use: not counted
        before, new = counted[0], conn.returned_at is None and threading.get_ident() == mine
        check(conn)
        counted[0] = before if new else counted[0]

    psycopg.Connection.wait, BasePipeline._enqueue_sync = waiting, syncing
    ConnectionPool.check_connection = staticmethod(checking)
    try:
        yield counted
    finally:
        psycopg.Connection.wait, BasePipeline._enqueue_sync = wait, sync
        ConnectionPool.check_connection = staticmethod(check)


@contextlib.contextmanager
def statements():
    """How many statements psycopg sent meanwhile for this thread's requests (a pipeline's each
    counted; the sweeper's and the mailer's, on threads of their own, not; nor the pool's check of a
    connection it has just opened, which a request gets when the sweeper holds the one used before)."""
    sent, mine = [0], threading.get_ident()
    execute, check = psycopg.Cursor.execute, ConnectionPool.check_connection

    def counting(self, *args, **kwargs):
        sent[0] += threading.get_ident() == mine
        return execute(self, *args, **kwargs)

    def checking(conn):
        before, new = sent[0], conn.returned_at is None and threading.get_ident() == mine
        check(conn)
        sent[0] = before if new else sent[0]

    psycopg.Cursor.execute, ConnectionPool.check_connection = counting, staticmethod(checking)
    try:
        yield sent
    finally:
        psycopg.Cursor.execute, ConnectionPool.check_connection = execute, staticmethod(check)


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
