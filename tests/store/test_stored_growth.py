"""What grows with the years kept stays bounded. A place's interviews are found by
an index; the in-process limits forget idle clients one at a time; `wizard db copy` holds one batch
of rows, not a table; PostgreSQL's pool checks a connection only when it is old or has failed."""
from __future__ import annotations

import tracemalloc
from concurrent.futures import ThreadPoolExecutor

import psycopg
import pytest
from psycopg_pool import ConnectionPool

from wizard.office.records import OfficeRecords, upgrade_schema
from wizard.store import copy as db_copy
from wizard.store import postgres
from wizard.store.interviews import InterviewStore
from wizard.store.server_state import DatabaseCounter
from wizard.web.edge.limits import WINDOW, NewInterviewCounter

from tests.support.postgres import fresh_schema


@pytest.fixture
def records(database_target):
    store = InterviewStore(database_target)
    yield OfficeRecords(store)
    store.close()


def test_a_places_interviews_are_found_by_an_index(records):
    """A small town's clerk counts its own interviews without reading every place's."""
    backend = records.backend
    sql = "SELECT COUNT(*) AS n FROM interviews WHERE jurisdiction = 'baroda-mi'"
    if backend.dialect.name == "sqlite":
        plan = " ".join(str(row) for row in backend.query(f"EXPLAIN QUERY PLAN {sql}"))
    else:
        with backend.transaction():  # an empty table is cheaper to scan: ask whether the index can serve
            backend.execute("SET LOCAL enable_seqscan = off")
            plan = " ".join(str(row) for row in backend.query(f"EXPLAIN {sql}"))
    assert "idx_interviews_place_" in plan  # (jurisdiction, created_at) or (jurisdiction, finished_at): both lead by the place


def test_the_limits_forget_idle_clients_one_at_a_time_and_still_count():
    counter = NewInterviewCounter()
    for n in range(20_000):  # 20,000 clients within the hour: more than the old table's rebuild threshold
        assert counter.allow(f"client {n}", 2, now=float(n) / 10)
    assert counter.allow("client 7", 2, now=2_000.0) and not counter.allow("client 7", 2, now=2_000.0)
    assert len(counter) == 20_000
    # An hour after the first six posted (at 0 to 0.5 s), the next counted request forgets just those.
    assert counter.allow("newcomer", 2, now=WINDOW + 0.55)
    assert len(counter) == 20_000 + 1 - 6
    # Still counted: its post at 2,000 s is in the hour, so one more is allowed and then none.
    assert counter.allow("client 7", 2, now=WINDOW + 1) and not counter.allow("client 7", 2, now=WINDOW + 1)
    assert counter.allow("client 7", 2, now=2_000.0 + WINDOW + 1)


def test_db_copy_holds_one_batch_not_the_table(tmp_path, monkeypatch):
    """2,000 interviews of 16 KB each (32 MB) into PostgreSQL and back, in batches of 100 (1.6 MB)."""
    source = InterviewStore(str(tmp_path / "village.db"))
    upgrade_schema(source)
    with source.backend.transaction():
        for n in range(2_000):
            source.create({"jurisdiction": "baroda-mi", "event_name": f"Fair {n}", "notes_x": "x" * 16_000})
    OfficeRecords(source).applications.add_upload("i" * 43, "other", "plan.pdf", "application/pdf", b"%PDF-1.4 \x00\xff")
    source.close()
    monkeypatch.setattr(db_copy, "BATCH_ROWS", 100)
    with fresh_schema() as url:
        tracemalloc.start()
        try:
            there = db_copy.copy_database(str(tmp_path / "village.db"), url, upgrade_schema)
            back = db_copy.copy_database(url, str(tmp_path / "back.db"), upgrade_schema)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    assert there["interviews"] == back["interviews"] == 2_000 and there["uploads"] == back["uploads"] == 1
    assert peak < 12_000_000, f"{peak / 1e6:.1f} MB at the peak"
    copied = InterviewStore(str(tmp_path / "back.db"))
    try:
        assert copied.backend.one("SELECT data FROM uploads")["data"] == b"%PDF-1.4 \x00\xff"
        assert copied.backend.one("SELECT COUNT(*) AS n FROM interviews WHERE answers LIKE '%Fair 1999%'")["n"] == 1
    finally:
        copied.close()


@pytest.fixture
def pg_backend():
    with fresh_schema() as url:
        backend = postgres.PostgresBackend(url, pool_size=2)
        yield backend
        backend.close()


def test_the_pool_checks_a_connection_only_when_it_is_old(pg_backend, monkeypatch):
    checks = []  # the connections checked, in order
    real = ConnectionPool.check_connection
    monkeypatch.setattr(ConnectionPool, "check_connection",
                        staticmethod(lambda conn: checks.append(id(conn)) or real(conn)))
    for _ in range(50):
        assert pg_backend.query("SELECT 1 AS one") == [{"one": 1}]
    # A new connection is checked at its first use; one used moments ago never again (it was a round
    # trip more on every statement).
    assert len(checks) == len(set(checks)) <= 2
    monkeypatch.setattr(postgres, "CHECK_IDLE_SECONDS", 0.0)
    checks.clear()
    pg_backend.query("SELECT 1 AS one")
    assert len(checks) == 1  # one idle longer than that is checked before use


def test_a_connection_the_database_dropped_is_replaced_and_the_read_answered(pg_backend):
    pid = pg_backend.query("SELECT pg_backend_pid() AS pid")[0]["pid"]
    with psycopg.connect(pg_backend.url.split("?options=")[0].split("&options=")[0], autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
    assert pg_backend.query("SELECT 1 AS one") == [{"one": 1}]
    assert pg_backend.query("SELECT pg_backend_pid() AS pid")[0]["pid"] != pid


def test_servers_counting_one_client_at_once_never_let_it_past_its_limit(pg_backend):
    """The limit's count is one transaction sent in one round trip; eight requests of one client on
    two servers at once still take exactly its five places."""
    class Store:  # what DatabaseCounter reads of an InterviewStore
        backend = pg_backend

        def migrate_also(self, name, migrations):
            return pg_backend.migrate(name, migrations)

    counters = [DatabaseCounter(Store(), "answers") for _ in range(2)]
    with ThreadPoolExecutor(8) as pool:
        allowed = list(pool.map(lambda n: counters[n % 2].allow("203.0.113.9", 5, now=1000.0 + n / 100), range(8)))
    assert allowed.count(True) == 5
    assert not counters[0].allow("203.0.113.9", 5, now=1001.0)
