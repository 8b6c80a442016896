"""The many-servers figures for scripts/bench.py (docs/decisions/0008-one-sql-for-both-backends.md): two `wizard serve` processes against one on
the same PostgreSQL database (requests/s of a step GET + answer POST mix from 16 organizers), and
the two-server run of tests/store/test_two_servers.py with one server killed (SIGKILL) halfway: confirmed
answers, lost ones, 5xx responses.

The database is WIZARD_TEST_POSTGRES when it is set (scripts/test.sh's cluster), else a throwaway
cluster this starts and removes (scripts/pg_cluster.sh, as scripts/test.sh does); each run gets a
fresh schema of it.
"""
from __future__ import annotations

import contextlib
import os
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Iterator

SCRIPTS = Path(__file__).resolve().parent
CLIENTS = 16  # organizers sending the mix at once: two servers' 8 threads each
KILL_ORGANIZERS, KILL_STEPS = 24, 6  # the kill run's organizers, and the pages each answers


@contextlib.contextmanager
def postgres_server(durable: bool = False) -> Iterator[None]:
    """WIZARD_TEST_POSTGRES names a database the runs may make schemas in, for as long as this lasts.
    `durable`: a cluster with fsync on, each commit waiting for the disk as on a host (else fsync off)."""
    if os.environ.get("WIZARD_TEST_POSTGRES"):
        yield
        return
    folder = tempfile.mkdtemp(prefix="wizardpg.")
    try:
        url = subprocess.run([str(SCRIPTS / "pg_cluster.sh"), "durable" if durable else "start", folder], check=True, capture_output=True,
                             text=True).stdout.strip().splitlines()[-1]
        os.environ["WIZARD_TEST_POSTGRES"] = url
        yield
    finally:
        os.environ.pop("WIZARD_TEST_POSTGRES", None)
        subprocess.run([str(SCRIPTS / "pg_cluster.sh"), "stop", folder], check=False)


def throughput(servers: int, seconds: float) -> dict:
    """Requests/s of CLIENTS organizers each getting a step and answering it, over `servers` servers."""
    from tests.support.postgres import fresh_schema
    from tests.support.served import ServedBrowser
    from tests.support.served import answers_for, path_of
    from tests.support.two_servers import Site

    with fresh_schema() as url:
        site = Site(url, servers)
        try:
            def client(counts: list) -> None:
                try:
                    browser = ServedBrowser("")
                    site.send(browser, "/")
                    _, head, _ = site.send(browser, "/start", {"jurisdiction": "whitesboro-ny"})
                    step = path_of(head["Location"])
                except BaseException:
                    have_interviews.abort()  # the clock never starts: raised in the caller below
                    raise
                have_interviews.wait()
                ready.wait()
                while time.monotonic() < deadline:
                    _, _, page = site.send(browser, step)
                    site.send(browser, step, answers_for(page))
                    counts.append(2)

            ready = threading.Event()
            have_interviews = threading.Barrier(CLIENTS + 1)
            deadline = float("inf")
            counts: list = []
            clients = [threading.Thread(target=client, args=(counts,)) for _ in range(CLIENTS)]
            for thread in clients:
                thread.start()
            have_interviews.wait(120)  # every client has its interview before the clock starts
            started = time.monotonic()
            deadline = started + seconds
            ready.set()
            for thread in clients:
                thread.join()
            elapsed = time.monotonic() - started
        finally:
            site.stop()
    statuses = site.statuses
    return {"rate": sum(counts) / elapsed, "failed": sum(s not in (200, 303) for s in statuses)}


def kill_figures(organizers: int = KILL_ORGANIZERS, steps: int = KILL_STEPS) -> dict:
    from tests.support.postgres import fresh_schema
    from tests.support.two_servers import kill_run

    with fresh_schema() as url:
        run = kill_run(url, organizers, steps)
    return {"organizers": organizers, "steps": steps, "pages": run["pages"], "answers": sum(len(a) for a in run["confirmed"].values()), "lost": run["lost"],
            "crossed": run["crossed"], "5xx": sum(s >= 500 for s in run["statuses"]),
            "unanswered": run["unanswered"], "failed": len(run["failures"])}


def cluster(seconds: float = 10, organizers: int = KILL_ORGANIZERS, steps: int = KILL_STEPS) -> dict:
    """Every figure of this module (the mix sent for `seconds`, the kill run with `organizers` each
    answering `steps` pages), or {} for a checkout without the two-server helpers (`--compare`)."""
    if not (Path.cwd() / "tests" / "support" / "two_servers.py").exists():
        return {}
    with postgres_server():
        return {"one": throughput(1, seconds), "two": throughput(2, seconds),
                "kill": kill_figures(organizers, steps)}


def cluster_errors(f: dict) -> int:
    if not f:
        return 0
    kill = f["kill"]
    return f["one"]["failed"] + f["two"]["failed"] + kill["lost"] + kill["crossed"] + kill["5xx"] + kill["failed"]


def cluster_rows(f: dict) -> list[tuple[str, str]]:
    if not f:
        return [("PostgreSQL: two servers against one, step GET + POST requests/s", "not in this checkout"),
                ("PostgreSQL: two servers, one killed: pages confirmed / answers / lost / crossed / 5xx",
                 "not in this checkout")]
    one, two, kill = f["one"]["rate"], f["two"]["rate"], f["kill"]
    return [
        ("PostgreSQL: two servers against one, step GET + POST requests/s",
         f"{two:.0f} against {one:.0f} ({two / max(one, 0.001):.2f}×)"),
        (f"PostgreSQL: two servers, one killed: pages confirmed / answers / lost / crossed / 5xx "
         f"({kill.get('organizers', KILL_ORGANIZERS)} organizers)",
         f"{kill['pages']} / {kill['answers']} / {kill['lost']} / {kill['crossed']} / {kill['5xx']} "
         f"({kill['unanswered']} requests sent again to the other server)"),
    ]
