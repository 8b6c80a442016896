"""`scripts/bench_stored.py --counts`: /office/counts and counts.csv at 1,000, 10,000 and 100,000
interviews (a tenth as many applications, with their paper trail), ms of CPU per request.

Each backend's three databases are filled first (bench_stored.py's fill; 100,000 as 10,000 copied
ten times, bench_replicate.py), then one fresh process signs a clerk in on each and asks for the page
and the CSV of the three sizes in turn, round after round, so the machine's load falls on every size
alike; each figure is the median of the rounds, with the ratio of the largest to the smallest. On
PostgreSQL a request's figure is the app's CPU and the database server's (its queries run there).
"""
from __future__ import annotations

import contextlib
import json
import statistics
import tempfile
import time
from pathlib import Path

SIZES = ((1_000, 100), (10_000, 1_000), (100_000, 10_000))
COUNTS = ("/office/counts", "/office/counts.csv")


def serve(runs: int, databases: list[str]) -> dict:
    """The median ms of CPU of each page on each database, asked for in turn (a child process)."""
    from bench_stored import CLERK
    from tests.support.office import CHEAP_HASH, sign_in
    from wizard.web.app import create_app

    clients = []
    for database in databases:
        app = create_app({"DATABASE": database, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False, "SWEEPER": False,
                          "MAIL_SENDER": False, "PACKET_PREFETCH": False, "PASSWORD_HASH_METHOD": CHEAP_HASH})
        client = app.test_client()
        assert sign_in(client, CLERK).status_code == 303
        for path in COUNTS * 3:  # warm: templates compiled, figures of older rows filled once
            client.get(path)
        clients.append(client)
    server = ServerCpu(databases[0]) if databases[0].startswith("postgresql") else None
    times: dict = {(n, path): [] for n in range(len(databases)) for path in COUNTS}
    for _ in range(runs):
        for n, client in enumerate(clients):
            for path in COUNTS:
                before = server.ns() if server else {}
                started = time.process_time()
                response = client.get(path)
                spent = time.process_time() - started
                times[n, path].append(spent + (server.since(before) if server else 0))
                assert response.status_code == 200, (path, response.status_code)
    return {path: [statistics.median(times[n, path]) * 1000 for n in range(len(databases))] for path in COUNTS}


class ServerCpu:
    """The CPU PostgreSQL's own processes spend on a request (its queries run there, not in the app's
    process): the time on a core of each of the cluster's client connections, from Linux's
    /proc/PID/schedstat (nanoseconds), read before and after; a connection opened meanwhile counts whole."""

    def __init__(self, url: str):
        import psycopg

        self.watcher = psycopg.connect(url, autocommit=True)

    def pids(self) -> list[int]:
        rows = self.watcher.execute("SELECT pid FROM pg_stat_activity WHERE backend_type = 'client backend' "
                                    "AND pid <> pg_backend_pid()").fetchall()
        return [row[0] for row in rows]

    def ns(self) -> dict[int, int]:
        found = {}
        for pid in self.pids():
            with contextlib.suppress(OSError):
                found[pid] = int(Path(f"/proc/{pid}/schedstat").read_text().split()[0])
        return found

    def since(self, before: dict[int, int]) -> float:
        """Seconds of CPU the connections spent since `before`."""
        return sum(ns - before.get(pid, 0) for pid, ns in self.ns().items()) / 1e9


def measure(child, runs: int) -> dict:
    """{backend: {path: [ms at each size]}}, each backend's sizes filled, then served in turn."""
    from bench_cluster import postgres_server
    from tests.support.postgres import fresh_schema

    results = {}
    with postgres_server(), tempfile.TemporaryDirectory() as folder:
        for backend in ("sqlite", "postgresql"):
            with contextlib.ExitStack() as stack:
                databases = []
                for interviews, applications in SIZES:
                    database = (f"{folder}/counts-{interviews}.db" if backend == "sqlite"
                                else stack.enter_context(fresh_schema()))
                    began = time.monotonic()
                    child("--fill", database, str(interviews), str(applications), "uniform")
                    print(f"filled {backend} {interviews:,} in {time.monotonic() - began:.0f} s", flush=True)
                    databases.append(database)
                results[backend] = json.loads(child("--serve-counts", str(runs), *databases).splitlines()[-1])
    return results


def rows(results: dict) -> list[tuple[str, str]]:
    shown = []
    for backend, name in (("sqlite", "SQLite"), ("postgresql", "PostgreSQL")):
        for path, figures in results.get(backend, {}).items():
            sizes = " → ".join(f"{ms:.2f}" for ms in figures)
            shown.append((f"{path}, {name}, ms of CPU at 1,000 / 10,000 / 100,000 interviews",
                          f"{sizes} ms: {figures[-1] / figures[0]:.2f}× (10,000 → 100,000: "
                          f"{figures[-1] / figures[1]:.2f}×)"))
    return shown
