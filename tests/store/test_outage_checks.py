"""A database that hangs keeps the load balancer's checks short: `/healthz` never asks the database,
and `/readyz` says 503 after `READY_SECONDS`, not after a connection's wait."""
from __future__ import annotations

import threading
import time

from wizard.web.app import create_app
from wizard.web.operations import watching

HANG = 20  # seconds the hung database takes to answer anything


def test_healthz_and_readyz_stay_short_while_the_database_hangs(tmp_path, book):
    app = create_app({"TESTING": True, "RULEBOOK": book, "DATABASE": str(tmp_path / "w.db"), "SECRET_KEY": "k"})
    backend = app.extensions["interview_store"].backend
    released = threading.Event()
    asked: list[str] = []
    probes: list[str] = []

    requests = threading.get_ident()  # the test client answers in this thread (the sweeper has its own)

    def hung(method):
        def wait(*args, **kwargs):
            if threading.get_ident() == requests:
                asked.append(method)
            elif threading.current_thread().name.startswith("readyz"):
                probes.append(method)
            released.wait(HANG)
            raise TimeoutError("the database did not answer")
        return wait

    for method in ("one", "query", "execute"):
        setattr(backend, method, hung(method))
    client = app.test_client()
    try:
        started = time.monotonic()
        assert client.get("/healthz").status_code == 200
        healthz = time.monotonic() - started
        assert asked == []  # /healthz never touched the database
        started = time.monotonic()
        response = client.get("/readyz")
        readyz = time.monotonic() - started
        assert response.status_code == 503 and b"database" in response.data
        # A second check while the first probe still hangs waits as long, no longer.
        started = time.monotonic()
        assert client.get("/readyz").status_code == 503
        again = time.monotonic() - started
        print(f"/healthz {healthz:.3f} s, /readyz {readyz:.3f} s then {again:.3f} s with the database hung")
        assert healthz < 5 and readyz < watching.READY_SECONDS + 5 and again < watching.READY_SECONDS + 5
        assert asked == [] and probes == ["one"]  # a probe in a thread of its own: one, however many checks
    finally:
        released.set()
