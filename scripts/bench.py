"""One benchmark command: prints one table of the figures issues 13 and 24 set goals for.

    .venv/bin/python scripts/bench.py                      # this checkout, 20,000 generated files
    .venv/bin/python scripts/bench.py --files 2000         # fewer generated files
    .venv/bin/python scripts/bench.py --compare ../main    # another checkout first, side by side
    .venv/bin/python scripts/bench.py --quick              # one short round of each figure (a minute)
    .venv/bin/python scripts/bench.py --smoke              # each figure once, briefly (the test suite runs it)
    .venv/bin/python scripts/bench.py --print --compare ../main   # only the print rows, a few minutes each

Figures (milliseconds are medians, with p95 where it says so):
- step GET and answer POST in-process (Flask test client, database on disk, CSRF off);
- served step GET requests/s: `wizard serve` (waitress, 8 threads) against a bare Flask route on
  the same waitress settings, both up at once and measured in alternating rounds, with their
  ratio in each round (8 keep-alive connections to 127.0.0.1 from Debian's `wrk` when installed,
  else from a thread pool sending a bounded number of requests);
- served step GET latency (p50 / p99) alone, and while eight organizers download new packets back
  to back, each its own;
- packet time per jurisdiction (CPU time), and a first and second download of the same packet;
- with generated jurisdictions (copies of the four rule files under new ids, in a temporary
  folder; scripts/bench_scale.py): `wizard check` on all, then after one file changed; a server
  started after it with a new instance folder (CPU with its worker processes, peak memory of them
  all), a later start; page sizes; answer POST and "where" step against the built-in four; the
  first read of a jurisdiction;
- on PostgreSQL (scripts/bench_cluster.py): two servers against one, and two servers with one
  killed halfway (confirmed answers, lost, 5xx);
- the packet's wait after the last answer with 16 organizers stepping (p50 / p99, English and Spanish),
  and 8 downloads at once on a server just started (scripts/bench_print.py; not in a smoke run);
- with stored data (scripts/bench_stored.py), on SQLite and PostgreSQL: the office's pages, the
  calendar feed and its 304, a step GET, the server's memory and `wizard db copy` at 1,000 and 10,000
  interviews kept with a tenth as many applications.

The served rows send a browser's `Accept-Encoding`, so a page costs its compression as it does in use.
Each served round also answers one step of new interviews by POST (each after its step's GET, which is not
counted; the page's CSRF token sent): the server's CPU per POST against the fair yardstick's per request.

Each checkout is measured in its own child processes, so `--compare` runs both in one session,
under the same load. The goals are for people to read: the exit status is non-zero only if a run
produced errors (a failed request, a crash), never because a figure is slow.
"""
from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path
from urllib.parse import urlencode

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(HERE))  # the tests' helpers: the benchmark posts and generates what the tests do
from bench_scale import child_env, scale, scale_rows  # noqa: E402
from bench_cluster import cluster, cluster_errors, cluster_rows  # noqa: E402
from bench_stored import stored, stored_rows  # noqa: E402
from bench_yardstick import FAIR, FAIR_TEMPLATE, fair_database  # noqa: E402
from bench_print import print_errors, print_rows, printing  # noqa: E402

THREADS = 8  # `wizard serve`'s default
DOWNLOADERS = 8  # organizers downloading new packets at once while the step is measured
BROWSER_ENCODING = "gzip, deflate, br, zstd"  # what Chromium and Firefox send: the page is compressed as in use
# A packet not made within a few seconds is a "being prepared" page (wizard/packet/cache.py): the
# benchmark asks again this soon (a browser after the page's Retry-After) and times the whole wait.
PREPARING_POLL = 0.2

# How long and how often each figure is measured. "smoke" is the test suite's run (tests/bench/test_bench.py):
# every figure measured once, as briefly as still gives a number, in under 20 s on two quiet cores.
MODES = {
    "full": {"at_once": 8, "walks": 3, "downloads": None, "served_s": 6, "served_rounds": 3, "packet_runs": 5,
             "packet_only": None, "scale_rounds": 6, "scale_times": 30, "cluster_s": 10, "kill": (24, 6), "print_rounds": 2,
             "downloaders": DOWNLOADERS},
    "quick": {"at_once": 8, "walks": 1, "downloads": None, "served_s": 1, "served_rounds": 1, "packet_runs": 1,
              "packet_only": 1, "scale_rounds": 2, "scale_times": 30, "cluster_s": 3, "kill": (24, 6), "print_rounds": 1,
              "downloaders": DOWNLOADERS},
    # One packet downloaded (every interview still walked), a third of a second per served figure,
    # one round of requests against the four, a second of the PostgreSQL mix and a smaller kill run;
    # and the figures of child processes (generated files, PostgreSQL) measured while the in-process
    # and served ones are: a smoke run's figures show that each is measured, not what it is. Its packets
    # are most of its CPU (a second each), so it makes few: two sent at once, two organizers downloading.
    "smoke": {"at_once": 2, "walks": 1, "downloads": 1, "served_s": 0.3, "served_rounds": 1, "packet_runs": 1,
              "packet_only": 1, "scale_rounds": 1, "scale_times": 5, "cluster_s": 1, "kill": (8, 6), "print_rounds": 0,
              "downloaders": 2},
}


def median_p95(values: list[float]) -> tuple[float, float]:
    ms = sorted(v * 1000 for v in values)
    return statistics.median(ms), ms[max(0, int(len(ms) * 0.95) - 1)]


# ---------------------------------------------------------------- in-process (child process)

def in_process(runs: int, downloads: int | None = None) -> dict:
    """Every built-in interview walked `runs` times; the packets of the first `downloads` jurisdictions
    (all if None) downloaded twice after their walk (the others not made at all)."""
    try:
        from tests.support.posting import step_data
        from tests.support.stories import BIG_FESTIVAL
    except ImportError:  # a checkout from before tests/support/ (--compare)
        from tests.browser.stories import BIG_FESTIVAL
        from tests.posting import step_data
    from wizard.web.app import create_app

    timings = {"get": [], "post": [], "packet1": [], "packet2": []}
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE": f"{folder}/bench.db", "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False})
        client = app.test_client()
        for run in range(runs):
            # A new event name each run: the first packet download of each interview is a new one.
            story = dict(BIG_FESTIVAL, event_name=f"{BIG_FESTIVAL['event_name']} {run}")
            book = app.extensions["rulebook"]
            for number, jurisdiction in enumerate(book.jurisdictions):
                downloaded = downloads is None or number < downloads
                app.config["PACKET_PREFETCH"] = downloaded  # started at the last answer only if downloaded
                url = client.post("/start", data={"jurisdiction": jurisdiction}).headers["Location"]
                while "/step/" in url:
                    started = time.perf_counter()
                    page = client.get(url, headers={"HX-Request": "true"})
                    timings["get"].append(time.perf_counter() - started)
                    assert page.status_code == 200, f"{url}: {page.status_code}"
                    data = step_data(book, jurisdiction, url, story)  # what the tests post (tests/support/posting.py)
                    started = time.perf_counter()
                    response = client.post(url, data=data)
                    timings["post"].append(time.perf_counter() - started)
                    assert response.status_code == 303, f"{url}: answer refused ({response.status_code})"
                    url = response.headers["Location"]
                if not downloaded:
                    continue
                packet = url.rsplit("/", 1)[0] + "/packet.pdf"
                for key in ("packet1", "packet2"):
                    started = time.perf_counter()
                    response = client.get(packet)
                    while response.status_code == 503 and "Retry-After" in response.headers:  # "being prepared"
                        time.sleep(PREPARING_POLL)
                        response = client.get(packet)
                    timings[key].append(time.perf_counter() - started)
                    assert response.status_code == 200, f"{packet}: {response.status_code}"
    return {key: median_p95(values) for key, values in timings.items()}


def festival(book, jurisdiction: str, event_name: str | None = None) -> dict:
    """The big festival's answers for one jurisdiction, stored as the interview stores them (the
    tests' helper: the story's answers to the questions the jurisdiction's steps ask)."""
    try:
        from tests.support.stories import BIG_FESTIVAL
        from tests.support.walks import stored_answers
    except ImportError:  # a checkout from before tests/support/ (--compare)
        from tests.browser.stories import BIG_FESTIVAL
        from tests.test_story_paths import stored_answers

    return stored_answers(book, jurisdiction, dict(BIG_FESTIVAL, **({"event_name": event_name} if event_name else {})))


def packets(runs: int, only: int | None = None) -> dict:
    from wizard.authoring.loader import load_rulebook
    from wizard.packet.printing import packet_pdf

    book = load_rulebook()
    figures = {}
    for jurisdiction in sorted(book.jurisdictions)[:only]:
        answers = festival(book, jurisdiction)
        packet_pdf(answers, book)  # warm-up: imports
        times = []
        for _ in range(runs):
            # CPU time, not wall time: a packet is pure computation, and CPU time is far steadier
            # than the clock on a machine other processes keep busy.
            started = time.process_time()
            packet_pdf(answers, book)
            times.append(time.process_time() - started)
        figures[jurisdiction] = median_p95(times)[0]
    return figures


def packets_at_once(count: int) -> dict:
    """Seconds from sending `count` new packets at once (organizers finishing together) to the first,
    the median and the last made, by one print worker and by two (PRINT_WORKERS), each pool warmed."""
    from wizard.authoring.loader import load_rulebook
    from wizard.packet import cache, printing

    book = load_rulebook()
    figures = []  # (first, median, last) with one worker, with two: a list, which JSON keeps as it is
    for workers in (1, 2):
        printing.use_workers(workers)
        for job in [cache.start_render(festival(book, "baroda-mi", f"warm {i}"), book, None, None)
                    for i in range(workers)]:
            job.result()
        started = time.monotonic()
        jobs = [cache.start_render(festival(book, "baroda-mi", f"organizer {i}"), book, None, None)
                for i in range(count)]
        made = []
        for job in as_completed(jobs):
            job.result()
            made.append(time.monotonic() - started)
        figures.append((made[0], made[len(made) // 2], made[-1]))
    printing.use_workers(printing.WORKERS)
    return {"count": count, "workers": figures}


def at_once_rows(at_once: dict) -> list[tuple[str, str]]:
    one, two = at_once["workers"]
    return [(f"{at_once['count']} packets sent at once, s to the first / median / last: 1 print worker · 2",
             f"{one[0]:.1f} / {one[1]:.1f} / {one[2]:.1f} · {two[0]:.1f} / {two[1]:.1f} / {two[2]:.1f}")]


# ---------------------------------------------------------------- served (child servers)

BARE = """
import sys, waitress
from flask import Flask
app = Flask("bare")
@app.get("/")
def hello():
    return "Hello"
waitress.serve(app, host="127.0.0.1", port=int(sys.argv[1]), threads=int(sys.argv[2]))
"""


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(port: int, process: subprocess.Popen, seconds: float = 120, log: Path | None = None) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            said = log.read_text(errors="replace") if log else process.stderr.read().decode()
            raise RuntimeError(f"server exited: {said[-2000:]}")
        try:
            http.client.HTTPConnection("127.0.0.1", port, timeout=1).request("HEAD", "/")
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("server did not start")


def hammer(port: int, path: str, seconds: float, cookie: str = "") -> dict:
    """Requests per second, failed requests and latency (p50, p99 in ms) over `THREADS`
    keep-alive connections to 127.0.0.1 for `seconds`, each request sending `cookie` if given.

    With Debian's `wrk` installed (`apt-get install wrk`), wrk sends them: a C client takes far
    less CPU from the servers than Python threads do. Without it, a thread pool does."""
    if shutil.which("wrk"):
        return wrk(port, path, max(1, round(seconds)), cookie)
    deadline = time.monotonic() + seconds

    def worker(_):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        times, errors = [], 0
        while time.monotonic() < deadline:
            started = time.perf_counter()
            connection.request("GET", path, headers={"Accept-Encoding": BROWSER_ENCODING,
                                                     **({"Cookie": cookie} if cookie else {})})
            response = connection.getresponse()
            response.read()
            times.append(time.perf_counter() - started)
            errors += response.status != 200
        connection.close()
        return times, errors

    started = time.perf_counter()
    with ThreadPoolExecutor(THREADS) as pool:
        results = list(pool.map(worker, range(THREADS)))
    elapsed = time.perf_counter() - started
    times = sorted(t * 1000 for found, _ in results for t in found)
    return {"rate": len(times) / elapsed, "requests": len(times), "failed": sum(e for _, e in results),
            "p50": times[len(times) // 2] if times else 0, "p99": times[int(len(times) * 0.99)] if times else 0}


def _ms(text: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", text).groups()
    return float(number) * {"us": 0.001, "ms": 1, "s": 1000}[unit]


def wrk(port: int, path: str, seconds: int, cookie: str = "") -> dict:
    out = subprocess.run(["wrk", "-t1", f"-c{THREADS}", f"-d{seconds}s", "--latency",
                          "-H", f"Accept-Encoding: {BROWSER_ENCODING}"]
                         + (["-H", f"Cookie: {cookie}"] if cookie else []) + [f"http://127.0.0.1:{port}{path}"],
                         capture_output=True, text=True, timeout=seconds + 60)
    rate = re.search(r"Requests/sec:\s+([\d.]+)", out.stdout)
    requests = re.search(r"(\d+) requests in", out.stdout)
    if out.returncode or rate is None or requests is None:
        raise RuntimeError(f"wrk failed: {out.stdout[-500:]} {out.stderr[-500:]}")
    failed = sum(int(n) for n in re.findall(r"Non-2xx or 3xx responses:\s*(\d+)", out.stdout))
    socket_errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out.stdout)
    if socket_errors:  # a timeout is a slow answer, not a failed one
        failed += sum(int(n) for n in socket_errors.groups()[:3])
    # No latency table when no request finished (a short warm-up on a busy machine): 0, as `hammer`'s own.
    latency = dict(re.findall(r"^\s+(50|99)%\s+(\S+)$", out.stdout, re.M))
    return {"rate": float(rate.group(1)), "requests": int(requests.group(1)), "failed": failed,
            "p50": _ms(latency["50"]) if "50" in latency else 0, "p99": _ms(latency["99"]) if "99" in latency else 0}


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process, all its threads (from /proc: Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def hammer_counted(port: int, path: str, seconds: float, pid: int, cookie: str = "") -> dict:
    """`hammer`, with the server's own CPU time per request: on a shared machine the requests a
    second move with everyone else's load, the CPU a request costs the server much less."""
    before = cpu_seconds(pid)
    found = hammer(port, path, seconds, cookie)
    return {**found, "cpu_ms": (cpu_seconds(pid) - before) * 1000 / max(found["requests"], 1)}


def download_packets(port: int, ids: list[str], stop: threading.Event) -> dict:
    """Another client: new packets (a new interview each) back to back until `stop`, at least one; a
    "being prepared" page (503 with Retry-After) is asked again, as its refresh does."""
    done = failed = 0
    preparing = False  # a packet asked for is still being prepared: followed to its end, even after `stop`
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    while (preparing or not stop.is_set() or not done + failed) and done + failed < len(ids):
        connection.request("GET", f"/i/{ids[done + failed]}/packet.pdf")
        response = connection.getresponse()
        response.read()
        preparing = response.status == 503 and bool(response.getheader("Retry-After"))
        if preparing:
            time.sleep(PREPARING_POLL)
            continue
        done += response.status == 200
        failed += response.status != 200
    connection.close()
    return {"downloads": done, "failed": failed}


def _downloaders(port: int, ids: list[str], count: int, started, stop, results) -> None:
    """`count` organizers, each downloading its own new packets (in a process of their own)."""
    started.set()
    with ThreadPoolExecutor(count) as pool:
        done = [d.result() for d in [pool.submit(download_packets, port, ids[n::count], stop)
                                     for n in range(count)]]
    results.put({key: sum(d[key] for d in done) for key in ("downloads", "failed")})


def while_downloading(port: int, ids: list[str], measure, count: int = DOWNLOADERS) -> tuple[dict, dict]:
    """`measure()` while `count` organizers (eight) download new packets. The organizers are another process:
    as threads of this one they shared its interpreter with the threads timing the step, and their
    reading and polling was counted in the step's latency (a browser is not in the client's process)."""
    context = multiprocessing.get_context("spawn")
    started, stop, results = context.Event(), context.Event(), context.Queue()
    organizers = context.Process(target=_downloaders, args=(port, ids, count, started, stop, results))
    organizers.start()
    try:
        started.wait(120)
        time.sleep(0.2)  # every organizer has asked for its first packet
        found = measure()
    finally:
        stop.set()
    counts = results.get(timeout=300)
    organizers.join(30)
    return found, counts


def medians(runs: list[dict]) -> dict:
    """Each latency figure's median over the rounds, and the failed requests of them all."""
    return {**{key: statistics.median(r[key] for r in runs) for key in ("p50", "p99", "rate")},
            "failed": sum(r["failed"] for r in runs)}


def session_cookie(port: int, step: str) -> str:
    """The session cookie an organizer's browser has on a step page (its CSRF token's half): the
    step GETs are measured with it, as a browser sends them, and once without it (a first visit,
    which makes and signs a new session on every request)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", step)
    response = connection.getresponse()
    response.read()
    return response.headers["Set-Cookie"].split(";", 1)[0]


POSTS_PER_ROUND = {"smoke": 16, "quick": 120, "full": 200}  # each an interview of its own; 3 full rounds stay
# well under the abuse limits' answers a client may post in an hour (ANSWERS_PER_HOUR, 2,000)
CSRF_FIELD = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


def _each_at_once(port: int, work, items: list) -> list:
    """`work(connection, item)` for every item, over `THREADS` keep-alive connections at once."""
    def worker(n: int) -> list:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            return [work(connection, item) for item in items[n::THREADS]]
        finally:
            connection.close()
    with ThreadPoolExecutor(THREADS) as pool:
        return [found for part in pool.map(worker, range(THREADS)) for found in part]


def answer_posts(port: int, pid: int, ids: list[str], cookie: str, book) -> dict:
    """Each interview's first step answered once, as a browser does: its GET first (not counted), then the
    POST of the big festival's answers with the page's CSRF token; the server's CPU per POST, and the
    POSTs that did not move on (a 303 elsewhere)."""
    from tests.support.posting import step_data
    from tests.support.stories import BIG_FESTIVAL

    headers = {"Accept-Encoding": BROWSER_ENCODING, "Cookie": cookie}

    def opened(connection, interview_id: str) -> tuple[str, str]:
        connection.request("GET", f"/i/{interview_id}", headers=headers)
        response = connection.getresponse()
        response.read()
        step = re.sub(r"^https?://[^/]+", "", response.headers["Location"])
        connection.request("GET", step, headers={"Cookie": cookie})  # plain, to read the token
        page = connection.getresponse().read().decode()
        return step, CSRF_FIELD.search(page).group(1)

    def answered(connection, opened_step: tuple[str, str]) -> int:
        step, token = opened_step
        body = urlencode({**step_data(book, "baroda-mi", step, BIG_FESTIVAL), "csrf_token": token}, doseq=True)
        connection.request("POST", step, body=body, headers={
            **headers, "Content-Type": "application/x-www-form-urlencoded"})
        response = connection.getresponse()
        response.read()
        return int(response.status != 303 or response.headers.get("Location", step).endswith(step))

    steps = _each_at_once(port, opened, ids)
    before = cpu_seconds(pid)
    failed = sum(_each_at_once(port, answered, steps))
    return {"cpu_ms": (cpu_seconds(pid) - before) * 1000 / max(len(steps), 1), "requests": len(steps),
            "failed": failed}


def served(root: Path, seconds: float, rounds: int, downloaders: int = DOWNLOADERS, posts: int = 16) -> dict:
    """Both servers up at once, measured in alternating rounds so both see the same load (and the
    step again as a first visit); then the step's latency alone and while `downloaders` organizers
    (eight; two in a smoke run) download new packets."""
    from wizard.authoring.loader import load_rulebook
    from wizard.store.interviews import InterviewStore

    with tempfile.TemporaryDirectory() as folder:
        db = f"{folder}/served.db"
        store = InterviewStore(db)
        store.migrate()
        interview = store.create({"jurisdiction": "baroda-mi"})
        book = load_rulebook()
        ready = [store.create(festival(book, "baroda-mi", f"Packet Fair {n}")).id for n in range(200)]
        # Interviews an organizer has just begun (the place chosen), one answer POST each.
        begun = [store.create({"jurisdiction": "baroda-mi"}, ["where"]).id for _ in range(posts * rounds)]
        store.close()
        ports = {"app": free_port(), "fair": free_port(), "bare": free_port()}
        commands = {
            "app": [sys.executable, "-m", "wizard", "serve", "--db", db, "--threads", str(THREADS),
                    "--port", str(ports["app"])],
            "fair": [sys.executable, "-c", FAIR, str(ports["fair"]), str(THREADS), fair_database(folder),
                     FAIR_TEMPLATE],
            "bare": [sys.executable, "-c", BARE, str(ports["bare"]), str(THREADS)],
        }
        # Each server's log to a file: a pipe no one reads fills (64 KB: a "packet not ready" line per
        # download asked again) and the server's next log line then blocks every thread.
        logs = {name: Path(folder) / f"{name}.log" for name in commands}
        files = {name: logs[name].open("wb") for name in commands}
        processes = {name: subprocess.Popen(command, cwd=root, env=child_env(root), stdout=subprocess.DEVNULL,
                                            stderr=files[name]) for name, command in commands.items()}
        try:
            for name, process in processes.items():
                wait_for(ports[name], process, log=logs[name])
            connection = http.client.HTTPConnection("127.0.0.1", ports["app"], timeout=30)
            connection.request("GET", f"/i/{interview.id}")
            step = re.sub(r"^https?://[^/]+", "", connection.getresponse().headers["Location"])
            assert "/step/" in step, step
            cookie = session_cookie(ports["app"], step)
            paths = {"app": step, "fair": "/", "bare": "/"}
            cookies = {"app": cookie, "fair": "", "bare": ""}
            for name in ports:
                hammer(ports[name], paths[name], min(seconds, 1), cookies[name])  # warm-up
            download_packets(ports["app"], ready[-1:], threading.Event())  # a running server has its worker started
            runs = {name: [] for name in ports}
            first_visits, answers = [], []
            for n in range(rounds):
                for name in ports:
                    runs[name].append(hammer_counted(ports[name], paths[name], seconds, processes[name].pid,
                                                     cookies[name]))
                first_visits.append(hammer_counted(ports["app"], step, seconds, processes["app"].pid))
                answers.append(answer_posts(ports["app"], processes["app"].pid, begun[n * posts:(n + 1) * posts],
                                            cookie, book))
            alone, busy, done = [], [], []
            share = (len(ready) - 1) // rounds  # each round's organizers download packets not made yet
            for n in range(rounds):  # alone and busy in turns, so that both see the same minute's load
                alone.append(hammer(ports["app"], step, seconds, cookie))
                found, counts = while_downloading(ports["app"], ready[n * share:(n + 1) * share],
                                                  lambda: hammer(ports["app"], step, seconds, cookie), downloaders)
                busy.append(found)
                done.append(counts)
            downloaded = {key: sum(d[key] for d in done) for key in ("downloads", "failed")}
            return {"downloaders": downloaders, "runs": runs, "first_visits": first_visits, "answers": answers,
                    "alone": medians(alone), "busy": medians(busy),
                    "ratios": [b["p99"] / max(a["p99"], 0.001) for a, b in zip(alone, busy)], **downloaded}
        finally:
            for name, process in processes.items():
                process.terminate()
                process.wait(10)
                files[name].close()


# ---------------------------------------------------------------- one checkout, then the table

def measure(root: Path, mode: str, files: int, served_only: bool = False, print_only: bool = False) -> dict:
    """Every figure for one checkout (runs inside a child whose sys.path starts at `root`)."""
    m = MODES[mode]
    if served_only:
        return {"served": served(root, m["served_s"], m["served_rounds"], m["downloaders"], POSTS_PER_ROUND[mode])}
    if print_only:
        return {"print": printing(rounds=m["print_rounds"])}

    def apart() -> dict:
        return {"scale": scale(root, files, m["scale_rounds"], m["scale_times"]),
                "cluster": cluster(m["cluster_s"], *m["kill"]), "stored": stored(mode)}

    with ThreadPoolExecutor(1) as pool:
        at_once = pool.submit(apart) if mode == "smoke" else None
        figures = {
            "step": in_process(m["walks"], m["downloads"]),
            "served": served(root, m["served_s"], m["served_rounds"], m["downloaders"], POSTS_PER_ROUND[mode]),
            "packets": packets(m["packet_runs"], only=m["packet_only"]),
            "at_once": packets_at_once(m["at_once"]),
        }
        figures.update(at_once.result() if at_once else apart())
        if m["print_rounds"]:  # not in a smoke run: 16 organizers walking take minutes, not seconds
            figures["print"] = printing(rounds=m["print_rounds"])
        return figures


def served_errors(f: dict) -> int:
    if "served" not in f:  # --print
        return print_errors(f["print"])
    served = f["served"]
    return (sum(run["failed"] for runs in [*served["runs"].values(), served["first_visits"], served.get("answers", [])]
                for run in runs)
            + served["alone"]["failed"] + served["busy"]["failed"] + served["failed"]
            + cluster_errors(f.get("cluster", {})) + print_errors(f.get("print", {})))


def rows(f: dict) -> list[tuple[str, str]]:
    if "print" in f and "served" not in f:  # --print
        return print_rows(f["print"])
    if "step" not in f:  # --served
        return served_rows(f["served"])
    s = f["step"]
    out = [
        ("step GET in-process, ms (median / p95)", f"{s['get'][0]:.1f} / {s['get'][1]:.1f}"),
        ("answer POST in-process, ms (median / p95)", f"{s['post'][0]:.1f} / {s['post'][1]:.1f}"),
    ] + served_rows(f["served"])
    out += [(f"packet {j}, ms of CPU", f"{ms:.0f}") for j, ms in f["packets"].items()]
    out += [("packet download, first / second, ms", f"{s['packet1'][0]:.0f} / {s['packet2'][0]:.1f}")]
    return (out + scale_rows(f["scale"]) + cluster_rows(f.get("cluster", {})) + at_once_rows(f["at_once"])
            + stored_rows(f.get("stored", {})) + (print_rows(f["print"]) if "print" in f else []))


def served_rows(served: dict) -> list[tuple[str, str]]:
    app, bare = served["runs"]["app"], served["runs"]["bare"]
    rates = [(a["rate"], b["rate"]) for a, b in zip(app, bare)]
    alone, busy = served["alone"], served["busy"]
    return [
        ("served step GET, requests/s (each round)", " / ".join(f"{a:.0f}" for a, _ in rates)),
        *fair_rows(served),
        ("bare Flask route, same waitress, requests/s (each round)", " / ".join(f"{b:.0f}" for _, b in rates)),
        ("served step GET / bare Flask (each round)", " / ".join(f"{100 * a / b:.0f}%" for a, b in rates)),
        ("server CPU per request, ms: step / bare Flask (each round)",
         " · ".join(f"{a['cpu_ms']:.2f} / {b['cpu_ms']:.2f} ({100 * b['cpu_ms'] / a['cpu_ms']:.0f}%)"
                    for a, b in zip(app, bare))),
        ("served step GET as a first visit (no cookie: a new session each request) / bare Flask (each round)",
         " · ".join(f"{100 * f['rate'] / b['rate']:.0f}% ({f['cpu_ms']:.2f} ms of CPU)"
                    for f, b in zip(served["first_visits"], bare))),
        ("served step GET p50 / p99, ms: alone", f"{alone['p50']:.1f} / {alone['p99']:.1f}"),
        (f"served step GET p50 / p99, ms: while {served.get('downloaders', DOWNLOADERS)} organizers download new "
         f"packets ({served['downloads']})",
         f"{busy['p50']:.1f} / {busy['p99']:.1f} (p99 {busy['p99'] / max(alone['p99'], 0.001):.2f}×; "
         f"{busy['rate']:.0f} against {alone['rate']:.0f} requests/s; each round "
         + " / ".join(f"{r:.2f}×" for r in served.get("ratios", [])) + ")"),
    ]


def fair_rows(served: dict) -> list[tuple[str, str]]:
    """The step against the fair yardstick (scripts/bench_yardstick.py): throughput and server CPU per request."""
    app, fair, first = served["runs"]["app"], served["runs"]["fair"], served["first_visits"]
    return [
        ("fair yardstick (bare Flask: one SQLite read, a 6 KB template, Flask-Compress), same waitress, "
         "requests/s (each round)", " / ".join(f"{f['rate']:.0f}" for f in fair)),
        ("served step GET / fair yardstick (each round)",
         " / ".join(f"{100 * a['rate'] / f['rate']:.0f}%" for a, f in zip(app, fair))),
        ("server CPU per request, ms: step / fair yardstick (each round)",
         " · ".join(f"{a['cpu_ms']:.2f} / {f['cpu_ms']:.2f} ({100 * f['cpu_ms'] / a['cpu_ms']:.0f}%)"
                    for a, f in zip(app, fair))),
        ("served step GET as a first visit (no cookie) / fair yardstick (each round)",
         " · ".join(f"{100 * v['rate'] / f['rate']:.0f}% ({v['cpu_ms']:.2f} / {f['cpu_ms']:.2f} ms of CPU)"
                    for v, f in zip(first, fair))),
    ] + ([("served answer POST (each after its step's GET, a new interview each) / fair yardstick, server CPU "
           "per request, ms (each round)",
           " · ".join(f"{p['cpu_ms']:.2f} / {f['cpu_ms']:.2f} ({100 * f['cpu_ms'] / p['cpu_ms']:.0f}%)"
                      for p, f in zip(served["answers"], fair)))] if served.get("answers") else [])


def run_child(root: Path, mode: str, files: int, served_only: bool = False, print_only: bool = False) -> dict:
    args = [sys.executable, str(Path(__file__).resolve()), "--child", str(root), "--files", str(files)]
    args += ([f"--{mode}"] if mode != "full" else []) + (["--served"] if served_only else [])
    args += ["--print"] if print_only else []
    out = subprocess.run(args, cwd=root, env=child_env(root),
                         capture_output=True, text=True)
    if out.returncode:
        raise RuntimeError(f"{root}: the run failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", type=Path, help="another checkout, measured first (the 'before' column)")
    parser.add_argument("--quick", action="store_true",
                        help="one short round of each figure, one packet and 80 generated files (under a minute)")
    parser.add_argument("--smoke", action="store_true",
                        help="each figure once, as briefly as gives a number, one packet downloaded and 80 "
                             "generated files (under 20 s: the test suite's run, tests/bench/test_bench.py)")
    parser.add_argument("--files", type=int, help="generated rule files (default 20,000; 80 with --quick or --smoke)")
    parser.add_argument("--served", action="store_true",
                        help="only the served step GET rows (three rounds against bare Flask, p99 while "
                             "packets download): about two minutes, to repeat them")
    parser.add_argument("--print", action="store_true", dest="print_only",
                        help="only the print rows (the packet wait with 16 organizers stepping, 8 downloads at "
                             "once on a server just started): a few minutes, to repeat them")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    mode = "smoke" if args.smoke else "quick" if args.quick else "full"
    files = args.files or (20_000 if mode == "full" else 80)  # 80: above PARALLEL_FROM, so workers check them
    if args.child:
        sys.path.insert(0, str(args.child))
        print(json.dumps(measure(args.child, mode, files, args.served, args.print_only)))
        return 0
    roots = ([args.compare.resolve()] if args.compare else []) + [HERE]
    started = time.monotonic()
    results, errors = [], 0
    for root in roots:
        try:
            figures = run_child(root, mode, files, args.served, args.print_only)
            errors += served_errors(figures)
            results.append(rows(figures))
        except (RuntimeError, KeyError, ValueError) as error:
            print(textwrap.shorten(str(error), 3000), file=sys.stderr)
            return 1
    heads = [str(r) if r != HERE else "this checkout" for r in roots]
    print(f"| figure | {' | '.join(heads)} |")
    print("| --- |" + " --- |" * len(roots))
    for i, (label, _) in enumerate(results[0]):
        print(f"| {label} | {' | '.join(r[i][1] for r in results)} |")
    load = " / ".join(f"{n:.1f}" for n in os.getloadavg())
    print(f"\n{len(roots)} checkout(s) in {time.monotonic() - started:.0f} s, {os.cpu_count()} cores, "
          f"load average {load} at the end; medians of a noisy shared machine"
          + (f"; {errors} failed requests" if errors else ""))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
