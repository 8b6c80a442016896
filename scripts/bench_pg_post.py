"""An answer POST on PostgreSQL against the same POST on SQLite, through the real app in one process.

    .venv/bin/python scripts/bench_pg_post.py                  # 6 alternating rounds, durable settings
    .venv/bin/python scripts/bench_pg_post.py --rounds 2 --posts 100 --seconds 2
    .venv/bin/python scripts/bench_pg_post.py --profile 400    # cProfile of 400 POSTs on each backend

The PostgreSQL cluster is a throwaway one (scripts/pg_cluster.sh durable) with fsync and
synchronous_commit on, as a host runs it: each commit waits for the disk, on the disk /tmp is on (the
SQLite file sits beside it, in WAL mode with synchronous=NORMAL, as `wizard serve` opens it). The
settings the cluster reports are printed with the figures, and so is the machine's load.

Each organizer (its own address, counted by the abuse limits as in use) answers the first step of its
interview again and again. Figures, each round measuring SQLite then PostgreSQL, the order swapped
every round:
- CPU ms per POST, one request at a time, the two backends taking turns request by request (the
  median of the round's POSTs, this process's CPU: the database server's own is not counted, as a
  served app's CPU would not count it);
- POSTs/s with THREADS organizers posting at once (in this process's threads, as waitress's), this
  process's CPU ms per POST meanwhile, and the CPU ms per POST of PostgreSQL's own processes (on the
  same two cores: what they spend, SQLite's file spends in this process);
- statements and round trips to PostgreSQL per POST (counted as tests/store/test_round_trips.py does).
"""
from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(HERE))
from bench_cluster import postgres_server  # noqa: E402

PLACE = "baroda-mi"
ORGANIZERS = 64  # each with its own address and interview: the limits count each a few dozen times an hour
THREADS = 8  # `wizard serve`'s


class Organizer:
    def __init__(self, app, number: int):
        self.client = app.test_client()
        self.client.environ_base["REMOTE_ADDR"] = f"10.54.{number // 200}.{number % 200 + 1}"
        response = self.client.post("/start", data={"jurisdiction": PLACE})
        assert response.status_code == 303, response.status_code
        self.step = response.headers["Location"]

    def answer(self) -> None:
        response = self.client.post(self.step, data={"property_owner": "private"})
        assert response.status_code == 303 and response.headers["Location"] != self.step, response.status_code


def make_app(database: str):
    from wizard.web.app import create_app

    app = create_app({"DATABASE": database, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False, "SWEEPER": False,
                      "MAIL_SENDER": False, "PACKET_PREFETCH": False})
    return app, [Organizer(app, n) for n in range(ORGANIZERS)]


def one_at_a_time(organizers: list, posts: int) -> float:
    """CPU ms per POST, the median of `posts` sent one after another."""
    return taking_turns({"": organizers}, posts)[""]


def taking_turns(backends: dict[str, list], posts: int) -> dict[str, float]:
    """CPU ms per POST on each backend, the median of `posts` each, the backends taking turns request
    by request: a change in the machine's load falls on all of them alike."""
    times: dict[str, list[float]] = {name: [] for name in backends}
    for n in range(posts):
        for name, organizers in backends.items():
            began = time.process_time()
            organizers[n % len(organizers)].answer()
            times[name].append(time.process_time() - began)
    return {name: statistics.median(spent) * 1000 for name, spent in times.items()}


def database_cpu(url: str | None) -> float:
    """The CPU seconds of the PostgreSQL cluster's processes so far (its postmaster and their children);
    0 for SQLite, which runs in this process."""
    if url is None:
        return 0.0
    import psycopg

    with psycopg.connect(url) as conn:
        folder = conn.execute("SHOW data_directory").fetchone()[0]
    postmaster = Path(folder, "postmaster.pid").read_text().split()[0]
    ticks, total = os.sysconf("SC_CLK_TCK"), 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # ended meanwhile
            continue
        if stat.parent.name == postmaster or fields[1] == postmaster:  # fields[1]: the parent's pid
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


def at_once(organizers: list, seconds: float, url: str | None = None) -> tuple[float, float, float]:
    """POSTs/s, CPU ms per POST and the database server's CPU ms per POST (PostgreSQL's processes; 0
    for SQLite) with THREADS organizers' threads posting for `seconds`."""
    stop, counts = threading.Event(), [0] * THREADS

    def post(thread: int) -> None:
        mine = organizers[thread::THREADS]
        while not stop.is_set():
            mine[counts[thread] % len(mine)].answer()
            counts[thread] += 1

    threads = [threading.Thread(target=post, args=(n,)) for n in range(THREADS)]
    served, cpu, began = database_cpu(url), time.process_time(), time.monotonic()
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join()
    wall, cpu = time.monotonic() - began, time.process_time() - cpu
    done = sum(counts)
    return done / wall, cpu * 1000 / done, (database_cpu(url) - served) * 1000 / done


def exchanges(organizers: list) -> tuple[int, int]:
    """Statements and round trips of one POST on PostgreSQL."""
    from tests.support.round_trips import round_trips, statements

    with statements() as sent, round_trips() as waited:
        organizers[0].answer()
    return sent[0], waited[0]


def profile(backends: dict, posts: int) -> None:
    for name, (_, organizers) in backends.items():
        profiler = cProfile.Profile(time.process_time)
        profiler.enable()
        for n in range(posts):
            organizers[n % len(organizers)].answer()
        profiler.disable()
        print(f"\n== {name}: {posts} POSTs, CPU s (cumulative, then own time)")
        stats = pstats.Stats(profiler).strip_dirs()
        stats.sort_stats("cumulative").print_stats(35)
        stats.sort_stats("tottime").print_stats(25)


def settings(url: str) -> str:
    import psycopg

    with psycopg.connect(url) as conn:
        shown = [f"{name}={conn.execute(f'SHOW {name}').fetchone()[0]}"
                 for name in ("fsync", "synchronous_commit", "wal_sync_method", "full_page_writes")]
    return ", ".join(shown) + "; SQLite: WAL, synchronous=NORMAL"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--posts", type=int, default=200, help="POSTs one at a time per backend and round")
    parser.add_argument("--seconds", type=float, default=3.0, help="of POSTs at once per backend and round")
    parser.add_argument("--profile", type=int, default=0, help="only profile this many POSTs on each backend")
    parser.add_argument("--fsync-off", action="store_true", help="the test suite's cluster settings instead")
    args = parser.parse_args()
    from tests.support.postgres import fresh_schema

    with postgres_server(durable=not args.fsync_off), tempfile.TemporaryDirectory(dir="/tmp") as folder, \
            fresh_schema() as url:
        backends = {"SQLite": make_app(f"{folder}/bench.db"), "PostgreSQL": make_app(url)}
        urls = {"SQLite": None, "PostgreSQL": url}
        print(f"settings: {settings(url)}")
        print(f"load before: {Path('/proc/loadavg').read_text().strip()}")
        for _, organizers in backends.values():  # warm: every organizer, every pooled connection used
            one_at_a_time(organizers, 3 * ORGANIZERS)
        sent, waited = exchanges(backends["PostgreSQL"][1])
        print(f"PostgreSQL per POST: {sent} statements, {waited} round trips")
        if args.profile:
            profile(backends, args.profile)
            return 0
        rows = []
        for number in range(args.rounds):
            names = ["SQLite", "PostgreSQL"] if number % 2 == 0 else ["PostgreSQL", "SQLite"]
            cpu = taking_turns({name: backends[name][1] for name in names}, args.posts)
            rate = {name: at_once(backends[name][1], args.seconds, urls[name]) for name in names}
            rows.append((cpu, rate))
            print(f"round {number + 1}: one at a time, CPU ms SQLite {cpu['SQLite']:.2f} / PostgreSQL "
                  f"{cpu['PostgreSQL']:.2f} ({cpu['PostgreSQL'] / cpu['SQLite']:.2f}×); {THREADS} at once, "
                  f"POSTs/s {rate['SQLite'][0]:.0f} / {rate['PostgreSQL'][0]:.0f} "
                  f"({rate['PostgreSQL'][0] / rate['SQLite'][0]:.2f}×), CPU ms {rate['SQLite'][1]:.2f} / "
                  f"{rate['PostgreSQL'][1]:.2f} ({rate['PostgreSQL'][1] / rate['SQLite'][1]:.2f}×), PostgreSQL's "
                  f"own processes {rate['PostgreSQL'][2]:.2f} ms a POST", flush=True)
        ratios = sorted(c["PostgreSQL"] / c["SQLite"] for c, _ in rows)
        rates = sorted(r["PostgreSQL"][0] / r["SQLite"][0] for _, r in rows)
        busy = sorted(r["PostgreSQL"][1] / r["SQLite"][1] for _, r in rows)
        print(f"PostgreSQL against SQLite: CPU one at a time {ratios[0]:.2f}–{ratios[-1]:.2f}× (median "
              f"{statistics.median(ratios):.2f}×), throughput {rates[0]:.2f}–{rates[-1]:.2f}× (median "
              f"{statistics.median(rates):.2f}×), CPU at once {busy[0]:.2f}–{busy[-1]:.2f}× (median "
              f"{statistics.median(busy):.2f}×)")
        print(f"load after: {Path('/proc/loadavg').read_text().strip()}")
        for app, _ in backends.values():
            app.extensions["interview_store"].close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
