"""The stored-data figures of scripts/bench.py: the office's pages, the calendar
feed, a step GET and `wizard db copy` with years of data kept, on SQLite and on PostgreSQL.

For each backend and size (1,000 interviews with 100 applications, then 10,000 with 1,000; a tenth
as many with --smoke) one child process fills a fresh database through the project's own storage
API (`InterviewStore.save`, `OfficeRecords`: the interviews started over the last 90 days, one in three
finished; the applications all Baroda's, received over three years, most of them decided in 5 to 40
days, each with a referral and the paper trail a village keeps: payments with a void and a refund now
and then, certificates, inspections, deposits returned, closings, letters) and a second, fresh one serves the pages to a
signed-in clerk in-process (Flask's test client): each page's size and server CPU per request (the
median), the feed's 304 to a poll with its ETag, a step GET, and the process's memory at start and
after every page. On SQLite the database is then copied into PostgreSQL by `wizard db copy` (its
time and peak memory).

    .venv/bin/python scripts/bench_stored.py            # the table alone, full sizes
    .venv/bin/python scripts/bench_stored.py --smoke    # the smallest size, once
    .venv/bin/python scripts/bench_stored.py --large    # 100,000 interviews with 10,000 applications
    .venv/bin/python scripts/bench_stored.py --trail    # 1,000, 10,000 and 100,000 (minutes; no copy)
    .venv/bin/python scripts/bench_stored.py --done-when  # 200 against 10,000 applications (minutes)
    .venv/bin/python scripts/bench_stored.py --counts   # /office/counts and its CSV at the --trail sizes, in turn

100,000 interviews (--large, --trail, --counts) are 10,000 filled through the storage API and copied
nine more times with bulk SQL (scripts/bench_replicate.py: a minute on PostgreSQL, not an hour).

--done-when measures the issue's "each page within 1.5x of the same page at 200 applications": 200
applications with 2,000 interviews against 10,000 with 100,000, both with the same current traffic
(the last 100 days' 200 applications, two a day, the same ones open; the larger keeps 9,800 more,
received over the three years before, decided and past), then the 10,000 received evenly over three
years as the other sizes are (whose feed holds about 9% of them: it grows with the traffic, not with
the years kept). It prints each page's KB and ms at each size and the ratios.
"""
from __future__ import annotations

import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

SCRIPT = Path(__file__).resolve()
SIZES = {"full": ((1_000, 100), (10_000, 1_000)), "quick": ((1_000, 100),), "smoke": ((100, 10),),
         "large": ((100_000, 10_000),),  # --large: the largest size, alone (minutes)
         # --trail: the counts and the feed with a paper trail from 1,000 to 100,000 interviews (no copy)
         "trail": ((1_000, 100), (10_000, 1_000), (100_000, 10_000)),
         # --done-when: the "at 10,000 applications ... within 1.5x of the same page at 200",
         # ten interviews an application; the same current traffic, the larger keeping more years
         # ("kept"); and the 10,000 received evenly over three years, for the feed ("uniform").
         "done-when": ((2_000, 200, "kept"), (100_000, 10_000, "kept"), (100_000, 10_000, "uniform"))}
RECENT, RECENT_DAYS = 200, 100  # "kept": the applications of the last 100 days, two a day, at both sizes
PLACE = "baroda-mi"
CLERK = "bench-clerk@example.org"
FEED_TOKEN = "bench-feed-token-0123456789abcdef"
PAGES = {"/office": "/office", "/office?page=2&sort=deadline": "/office, page 2 by deadline",
         "/office/counts": "/office/counts", "/office/counts.csv": "counts.csv",
         f"/office/calendar/{FEED_TOKEN}.ics": "the calendar feed"}
ANSWERS = {"jurisdiction": PLACE, "property_owner": "private", "setting": "outdoors", "organizer_type": "individual",
           "max_attendance": 400, "starts_at": "2027-07-09T12:00", "ends_at": "2027-07-09T20:00",
           "event_name": "Harvest Fair", "applicant_name": "Zoe Quill", "applicant_email": "zoe@example.org"}


def received_at(n: int, applications: int, shape: str, now: datetime) -> datetime:
    """When the n-th application (0: the newest) came in: evenly over three years ("uniform"), or
    ("kept") two a day over the last 100 days and the rest over the three years before them."""
    if shape == "uniform" or applications <= RECENT:
        days = (RECENT_DAYS * n / RECENT) if shape == "kept" else 1095 * n / applications
    elif n < RECENT:
        days = RECENT_DAYS * n / RECENT
    else:
        days = RECENT_DAYS + 1 + 1095 * (n - RECENT) / (applications - RECENT)
    return now - timedelta(days=days)


def fill(database: str, interviews: int, applications: int, shape: str = "uniform") -> None:
    """A database as years of use leave it, through the storage API (a child process)."""
    from tests.support.office import CHEAP_HASH, PASSWORD
    from wizard.authoring.loader import load_rulebook
    from wizard.office.accounts import add_clerk, choose_password
    from wizard.office.records import OfficeRecords, upgrade_schema
    from wizard.store.interviews import InterviewStore, token_hash

    from bench_replicate import TEMPLATE, check_totals, copies_for, replicate
    from bench_village import KEPT_DAYS, application, interview, undelivered

    book = load_rulebook()
    places = sorted(book.jurisdictions)
    store = InterviewStore(database)
    upgrade_schema(store)
    records = OfficeRecords(store)
    copies = copies_for(interviews, applications, shape)  # 100,000: 10,000 made, then copied (bench_replicate.py)
    made, received = (TEMPLATE if copies else (interviews, applications))
    now = datetime.now(timezone.utc)
    for start in range(0, made, 500):
        with store.backend.transaction():
            for n in range(start, min(start + 500, made)):
                interview(store, records, n, now - timedelta(days=KEPT_DAYS * n / made), places[n % len(places)])
    columns = set(store.backend.columns("applications"))  # an older checkout has fewer (--compare)
    trail = set(store.backend.columns("payments"))
    for start in range(0, received, 200):
        with store.backend.transaction():
            for n in range(start, min(start + 200, received)):
                application(records, columns, n, received_at(n, received, shape, now), now, trail)
    undelivered(records, store)
    if copies:
        replicate(store.backend, copies)
        check_totals(records, places, PLACE, interviews, applications)
    token = add_clerk(records, CLERK, [PLACE], set(places))
    choose_password(records, token, PASSWORD, PASSWORD, CHEAP_HASH)
    records.clerks.add_feed(token_hash(FEED_TOKEN), CLERK)
    if store.backend.dialect.name == "postgresql":
        # The database at rest, as PostgreSQL's autovacuum leaves it within a minute of a burst of writes: years
        # of totals moved in seconds leave dead row versions (19,000 of count_totals' 82 rows at 100,000) and
        # tables the planner has no figures of yet, which no office that wrote them over years would have.
        store.backend.execute("VACUUM ANALYZE")
    store.close()


def memory_mb() -> tuple[float, float]:
    """This process's resident memory now and at its peak, MB (Linux's /proc)."""
    fields = dict(line.split(":", 1) for line in Path("/proc/self/status").read_text().splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def cpu_ms(client, path: str, runs: int, headers: dict | None = None, first: list | None = None
           ) -> tuple[float, object]:
    """The median ms of CPU of `runs` requests; `first`: the first one's is added to it."""
    times, response = [], None
    for _ in range(runs):
        started = time.process_time()
        response = client.get(path, headers=headers or {})
        times.append(time.process_time() - started)
        assert response.status_code in (200, 304), f"{path}: {response.status_code}"
    if first is not None:
        first.append(times[0] * 1000)
    return statistics.median(times) * 1000, response


def pages(database: str, runs: int) -> dict:
    """What the office's pages cost a fresh server process on a filled database (a child process)."""
    from tests.support.office import CHEAP_HASH, sign_in
    from wizard.web.app import create_app

    # A mail server configured that refuses (port 9), its sender not started: the inbox as it is with mail failing.
    app = create_app({"DATABASE": database, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False, "SWEEPER": False,
                      "MAIL_SENDER": False, "SMTP_HOST": "127.0.0.1", "SMTP_PORT": 9, "MAIL_FROM": "p@example.org", "PACKET_PREFETCH": False, "PASSWORD_HASH_METHOD": CHEAP_HASH})
    client = app.test_client()
    started_mb = memory_mb()[0]
    assert sign_in(client, CLERK).status_code == 303
    figures = {"start_mb": started_mb, "pages": {}}
    for path in PAGES:
        made: list = []  # the feed's first poll makes it; the next ones without an ETag get the body kept
        ms, response = cpu_ms(client, path, runs, first=made)
        figures["pages"][path] = {"ms": ms, "kb": len(response.data) / 1024, "first_ms": made[0]}
    feed = list(PAGES)[-1]
    etag = client.get(feed).headers.get("ETag", "")
    ms, response = cpu_ms(client, feed, runs, {"If-None-Match": etag})
    figures["poll"] = {"ms": ms, "status": response.status_code}
    starts = []  # a new interview: a POST the abuse limits count (one transaction on PostgreSQL)
    for _ in range(20):
        began = time.process_time()
        response = client.post("/start", data={"jurisdiction": PLACE})
        starts.append(time.process_time() - began)
        assert response.status_code == 303, response.status_code
    figures["start_ms"] = statistics.median(starts) * 1000
    figures["step_ms"] = cpu_ms(client, response.headers["Location"], max(runs, 50))[0]
    figures["answer_ms"] = answer_ms(client, response.headers["Location"])
    figures["after_mb"], figures["peak_mb"] = memory_mb()
    return figures


def answer_ms(client, step: str) -> float:
    """An answer POST, ms of CPU (the median of 50): the interview read, the client counted by the
    limits, the answer saved (the first question answered again each time, so it always moves on)."""
    times = []
    for _ in range(50):
        began = time.process_time()
        response = client.post(step, data={"property_owner": "private"})
        times.append(time.process_time() - began)
        assert response.status_code == 303 and response.headers["Location"] != step, response.status_code
    return statistics.median(times) * 1000


def answer_rows(results: dict) -> list[tuple[str, str]]:
    """The answer POST of each backend and size, and PostgreSQL's against SQLite's."""
    shown = [f"{key.replace('postgresql', 'PostgreSQL').replace('sqlite', 'SQLite')}: {f['answer_ms']:.2f}"
             + (f" ({f['answer_ms'] / results[key.replace('postgresql', 'sqlite')]['answer_ms']:.2f}×)"
                if key.startswith("postgresql") and key.replace("postgresql", "sqlite") in results else "")
             for key, f in results.items() if "answer_ms" in f]
    return [("stored data: answer POST (counted by the limits), ms of CPU (PostgreSQL against SQLite)",
             " · ".join(shown))] if shown else []


def copied(database: str, url: str) -> dict:
    """`wizard db copy` of the SQLite file into an empty PostgreSQL schema: seconds and peak memory."""
    started = time.monotonic()
    process = subprocess.Popen([sys.executable, "-m", "wizard", "db", "copy", database, url],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise RuntimeError(f"wizard db copy failed: {process.stderr.read().decode()[-2000:]}")
    return {"s": time.monotonic() - started, "mb": usage.ru_maxrss / 1024}


def child(*args: str) -> str:
    out = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                         env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    if out.returncode:
        raise RuntimeError(f"bench_stored {args[0]} failed:\n{out.stderr[-3000:]}")
    return out.stdout


def stored(mode: str) -> dict:
    """Every stored-data figure: {"sqlite 1000": {...}, "postgresql 1000": {...}, ...}."""
    from bench_cluster import postgres_server
    from tests.support.postgres import fresh_schema

    runs = 3 if mode == "smoke" else 10
    results = {}
    with postgres_server(), tempfile.TemporaryDirectory() as folder:
        for interviews, applications, *shaped in SIZES[mode]:
            shape = shaped[0] if shaped else "uniform"
            size = f"{interviews}" if shape == "uniform" else f"{interviews}-{shape}"
            for backend in ("sqlite", "postgresql"):
                with contextlib.ExitStack() as stack:
                    database = (f"{folder}/stored-{size}.db" if backend == "sqlite"
                                else stack.enter_context(fresh_schema()))
                    child("--fill", database, str(interviews), str(applications), shape)
                    figures = json.loads(child("--pages", database, str(runs)).splitlines()[-1])
                    if backend == "sqlite" and mode not in ("done-when", "trail"):  # the copy: the other modes' rows
                        target = stack.enter_context(fresh_schema())
                        figures["copy"] = copied(database, target)
                    results[f"{backend} {size}"] = figures
    return results


def stored_rows(results: dict) -> list[tuple[str, str]]:
    if not results:
        return []

    def each(show) -> str:
        return " · ".join(f"{key.replace('postgresql', 'PostgreSQL').replace('sqlite', 'SQLite')}: {show(f)}"
                          for key, f in results.items() if show(f) is not None)

    rows = [(f"stored data: {name}, KB / ms of CPU (by interviews kept; a tenth as many applications)",
             each(lambda f, p=path: f"{f['pages'][p]['kb']:.0f} KB {f['pages'][p]['ms']:.1f} ms"))
            for path, name in PAGES.items()]
    feed = list(PAGES)[-1]
    rows += [
        ("stored data: the feed polled again with its ETag, status / ms of CPU",
         each(lambda f: f"{f['poll']['status']} {f['poll']['ms']:.2f} ms")),
        ("stored data: step GET / new interview POST (counted by the limits), ms of CPU",
         each(lambda f: f"{f['step_ms']:.2f} / {f['start_ms']:.2f}")),
        ("stored data: server memory, MB at start / after every office page",
         each(lambda f: f"{f['start_mb']:.0f} / {f['after_mb']:.0f}")),
        ("stored data: `wizard db copy` SQLite to PostgreSQL, s / peak MB",
         each(lambda f: f"{f['copy']['s']:.1f} s {f['copy']['mb']:.0f} MB" if "copy" in f else None)),
        ("stored data: PostgreSQL against SQLite, step GET / new interview POST, CPU", " · ".join(
            f"{size}: {f['step_ms'] / results[f'sqlite {size}']['step_ms']:.2f}× / "
            f"{f['start_ms'] / results[f'sqlite {size}']['start_ms']:.2f}×"
            for key, f in results.items() if key.startswith("postgresql ")
            and f"sqlite {(size := key.split()[1])}" in results)),
    ]
    made = ("stored data: the calendar feed made (its first poll; the next ones without an ETag get the body "
            "kept), ms of CPU", each(lambda f: f"{f['pages'][feed]['first_ms']:.1f} ms"
                                     if "first_ms" in f["pages"][feed] else None))
    return rows + answer_rows(results) + [made]


GOALS = {"/office": "under 100 KB and 50 ms", "/office/counts": "under 100 ms", "/office/counts.csv": "under 100 ms",
         f"/office/calendar/{FEED_TOKEN}.ics": "under 500 KB"}


def done_when_rows(results: dict) -> list[tuple[str, str]]:
    """The issue's done-when at 10,000 applications of one place: each page at 200 and at 10,000
    applications (ten interviews each, the same current traffic) and the ratio, per backend; then
    the feed of 10,000 received evenly over three years, beside it."""
    rows = []
    for backend, name in (("sqlite", "SQLite"), ("postgresql", "PostgreSQL")):
        small, large = results[f"{backend} 2000-kept"], results[f"{backend} 100000-kept"]
        for path, page in PAGES.items():
            a, b = small["pages"][path], large["pages"][path]
            rows.append((f"done when, {name}: {page}, 200 → 10,000 applications (years kept), KB / ms of CPU",
                         f"{a['kb']:.0f} KB {a['ms']:.1f} ms → {b['kb']:.0f} KB {b['ms']:.1f} ms: "
                         f"{b['kb'] / a['kb']:.2f}× the size, {b['ms'] / a['ms']:.2f}× the CPU"
                         + (f" (goal {GOALS[path]}, each within 1.5×)" if path in GOALS else " (within 1.5×)")))
        rows.append((f"done when, {name}: the feed polled again with its ETag, 200 → 10,000",
                     f"{small['poll']['status']} {small['poll']['ms']:.2f} ms → "
                     f"{large['poll']['status']} {large['poll']['ms']:.2f} ms"))
        even = results.get(f"{backend} 100000")
        if even:
            feed = list(PAGES)[-1]
            a, b = small["pages"][feed], even["pages"][feed]
            rows.append((f"done when, {name}: the feed, 10,000 received evenly over three years (nine a day "
                         f"against the 200's two), KB / ms of CPU", f"{b['kb']:.0f} KB {b['ms']:.1f} ms: "
                         f"{b['kb'] / a['kb']:.2f}× the size and {b['ms'] / a['ms']:.2f}× the CPU of the 200's feed"))
    return rows


def main() -> int:
    if {"--help", "-h"} & set(sys.argv[1:]):
        print(__doc__)
    elif sys.argv[1:2] == ["--fill"]:
        fill(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5] if len(sys.argv) > 5 else "uniform")
    elif sys.argv[1:2] == ["--pages"]:
        print(json.dumps(pages(sys.argv[2], int(sys.argv[3]))))
    elif sys.argv[1:2] == ["--serve-counts"]:
        from bench_counts import serve
        print(json.dumps(serve(int(sys.argv[2]), sys.argv[3:])))
    elif "--counts" in sys.argv:
        from bench_counts import measure, rows
        for label, value in rows(measure(child, 30)):
            print(f"| {label} | {value} |")
    else:
        mode = next((m for m in ("smoke", "quick", "large", "done-when", "trail") if f"--{m}" in sys.argv), "full")
        results = stored(mode)
        for label, value in done_when_rows(results) if mode == "done-when" else stored_rows(results):
            print(f"| {label} | {value} |")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(SCRIPT.parent))
    sys.path.insert(1, str(SCRIPT.parent.parent))
    sys.exit(main())
