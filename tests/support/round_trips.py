"""Counting what a request sends to PostgreSQL: its statements and its round trips (each time psycopg
waits for the database server's answer), for the round-trip tests and scripts/bench_pg_post.py."""
from __future__ import annotations

import contextlib
import threading

import psycopg
from psycopg._pipeline_base import BasePipeline
from psycopg_pool import ConnectionPool


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
