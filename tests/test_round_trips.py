"""Issue 39, item 5: on PostgreSQL a step costs few round trips to the database. A step GET reads the
interview once; an answer POST reads it, counts the client against the abuse limits in one exchange
(a pipelined transaction; it was five statements, then four exchanges) and saves it; a connection
used a moment ago is not checked with a round trip of its own before each use."""
from __future__ import annotations

import contextlib

import psycopg
import pytest
from psycopg.waiting import Wait

from .office_support import app_on_each_backend  # noqa: F401 - the `app` fixture


@contextlib.contextmanager
def round_trips():
    """How many times psycopg waited for the database server's answer meanwhile (waiting only to
    send, or a commit that sends nothing in autocommit, is not a round trip)."""
    counted = [0]
    wait = psycopg.Connection.wait

    def exchanges(gen):
        waited = False
        try:
            ask = next(gen)
            while True:
                if ask == Wait.R and not waited:
                    waited = True
                    counted[0] += 1
                ask = gen.send((yield ask))
        except StopIteration as done:
            return done.value

    psycopg.Connection.wait = lambda self, gen, *args, **kwargs: wait(self, exchanges(gen), *args, **kwargs)
    try:
        yield counted
    finally:
        psycopg.Connection.wait = wait


def postgres_only(app) -> None:
    if app.extensions["interview_store"].backend.dialect.name != "postgresql":
        pytest.skip("round trips to a database server: PostgreSQL only")


def test_a_step_get_and_an_answer_post_take_few_round_trips(app):
    postgres_only(app)
    client = app.test_client()
    step = client.post("/start", data={"jurisdiction": "baroda-mi"}).headers["Location"]
    client.get(step)
    with round_trips() as get:
        assert client.get(step).status_code == 200
    assert get[0] == 1  # the interview
    with round_trips() as post:
        response = client.post(step, data={"property_owner": "private"})
    assert response.status_code == 303 and "/step/" in response.headers["Location"]
    assert post[0] == 3  # the interview, the limits (one pipelined transaction), the answer saved
    with round_trips() as again:
        assert client.get(response.headers["Location"]).status_code == 200
    assert again[0] == 1


def test_a_failed_statement_of_a_pipelined_transaction_changes_nothing_and_the_connection_goes_on(app):
    postgres_only(app)
    backend = app.extensions["interview_store"].backend
    backend.execute("CREATE TABLE trip_test (n INTEGER PRIMARY KEY)")
    with pytest.raises(psycopg.Error):
        backend.together((("INSERT INTO trip_test (n) VALUES (?)", (1,)),
                          ("INSERT INTO trip_test (n) VALUES (?)", (1,))))  # the same key twice
    assert backend.query("SELECT COUNT(*) AS n FROM trip_test") == [{"n": 0}]
    assert backend.together((("INSERT INTO trip_test (n) VALUES (?)", (2,)),
                             ("SELECT n FROM trip_test", ()))) == [{"n": 2}]
