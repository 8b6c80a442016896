"""One benchmark command: prints one table of the figures issue 13 set goals for.

    .venv/bin/python scripts/bench.py                      # this checkout
    .venv/bin/python scripts/bench.py --compare ../main    # another checkout first, side by side
    .venv/bin/python scripts/bench.py --quick              # fewer repetitions, for a smoke run

Figures (milliseconds are medians, with p95 where it says so):
- step GET and answer POST in-process (Flask test client, database on disk, CSRF off);
- served step GET requests/s: `wizard serve` (waitress, 8 threads) against a bare Flask route on
  the same waitress settings, both up at once and measured in alternating rounds, with their
  ratio (8 keep-alive connections to 127.0.0.1 from Debian's `wrk` when installed, else from a
  thread pool sending a bounded number of requests);
- packet time per jurisdiction (CPU time), and a first and second download of the same packet;
- start-up CPU, peak memory, start page size and step time with 2,000 generated jurisdictions
  (copies of the four rule files under new ids, in a temporary folder) against the built-in four.

Each checkout is measured in its own child processes, so `--compare` runs both in one session,
under the same load. The goals are for people to read: the exit status is non-zero only if a run
produced errors (a failed request, a crash), never because a figure is slow.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
THREADS = 8  # `wizard serve`'s default


def generate_jurisdictions(source: Path, folder: Path, count: int) -> list[str]:
    """`count` rule files in `folder`: copies of the files in `source` under new ids and names."""
    originals = sorted(source.glob("*.yaml"))
    ids = []
    for i in range(count):
        text = originals[i % len(originals)].read_text(encoding="utf-8")
        new_id = f"town-{i:04d}"
        text = re.sub(r"(?m)^id: .*$", f"id: {new_id}", text, count=1)
        text = re.sub(r"(?m)^name: (.*)$", lambda m: f"name: Town {i:04d} ({m.group(1)})", text, count=1)
        (folder / f"{new_id}.yaml").write_text(text, encoding="utf-8")
        ids.append(new_id)
    return ids


def median_p95(values: list[float]) -> tuple[float, float]:
    ms = sorted(v * 1000 for v in values)
    return statistics.median(ms), ms[max(0, int(len(ms) * 0.95) - 1)]


# ---------------------------------------------------------------- in-process (child process)

def in_process(runs: int) -> dict:
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
            for jurisdiction in book.jurisdictions:
                url = client.post("/start", data={"jurisdiction": jurisdiction}).headers["Location"]
                while "/step/" in url:
                    started = time.perf_counter()
                    page = client.get(url, headers={"HX-Request": "true"})
                    timings["get"].append(time.perf_counter() - started)
                    assert page.status_code == 200, f"{url}: {page.status_code}"
                    data = step_data(book, jurisdiction, url, story)  # what the tests post (tests/posting.py)
                    started = time.perf_counter()
                    response = client.post(url, data=data)
                    timings["post"].append(time.perf_counter() - started)
                    assert response.status_code == 303, f"{url}: answer refused ({response.status_code})"
                    url = response.headers["Location"]
                packet = url.rsplit("/", 1)[0] + "/packet.pdf"
                for key in ("packet1", "packet2"):
                    started = time.perf_counter()
                    response = client.get(packet)
                    timings[key].append(time.perf_counter() - started)
                    assert response.status_code == 200, f"{packet}: {response.status_code}"
    return {key: median_p95(values) for key, values in timings.items()}


def packets(runs: int) -> dict:
    from tests.browser.stories import BIG_FESTIVAL
    from wizard.answers import clean_answers
    from wizard.loader import load_rulebook
    from wizard.packet import packet_pdf

    book = load_rulebook()
    figures = {}
    for jurisdiction in sorted(book.jurisdictions):
        raw = dict(BIG_FESTIVAL, jurisdiction=jurisdiction, female_share=BIG_FESTIVAL["female_share"] / 100)
        for flag in raw.pop("commercial_features"):  # a checkbox group in the form, flags in answers
            raw[flag] = True
        answers = clean_answers(raw, book.questions, book.jurisdictions)
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


START_UP = """
import json, resource, sys, tempfile, time
from pathlib import Path
from wizard.web.app import create_app
folder = sys.argv[1]
rules = [Path(sys.argv[2])] if len(sys.argv) > 2 else None
app = create_app({"DATABASE": folder + "/start.db", "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                  "RULE_PATHS": rules})
# Worker processes that check many rule files in parallel count too: their CPU is the children's.
children = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = time.process_time() + children.ru_utime + children.ru_stime
rss = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, children.ru_maxrss) / 1024
client = app.test_client()
book = app.extensions["rulebook"]
def timed(url, **kw):
    times = []
    for _ in range(15):
        t = time.perf_counter(); r = client.get(url, **kw); times.append(time.perf_counter() - t)
        assert r.status_code == 200, (url, r.status_code)
    times.sort()
    return times[len(times) // 2] * 1000, r
start_ms, start = timed("/")
gz = client.get("/", headers={"Accept-Encoding": "gzip"})
first = sorted(book.jurisdictions)[len(book.jurisdictions) // 2]
url = client.post("/start", data={"jurisdiction": first}).headers["Location"]
step_ms, _ = timed(url, headers={"HX-Request": "true"})
print(json.dumps({"cpu": cpu, "rss": rss,
                  "start_ms": start_ms, "start_kb": len(start.data) / 1024,
                  "start_sent_kb": len(gz.data) / 1024, "step_ms": step_ms}))
"""


def start_up(root: Path, count: int) -> dict:
    """Two starts on the same instance folder: the first checks every rule file; the next finds
    them remembered (a checkout without that memory simply checks them again)."""
    with tempfile.TemporaryDirectory() as folder:
        args = [sys.executable, "-c", START_UP, folder]
        if count:
            rules = Path(folder) / "rules"
            rules.mkdir()
            generate_jurisdictions(root / "interviews" / "jurisdictions", rules, count)
            args.append(str(rules))
        runs = []
        for _ in range(2):
            out = subprocess.run(args, cwd=root, env=child_env(root), capture_output=True, text=True, timeout=400)
            if out.returncode:
                raise RuntimeError(f"start-up with {count or 'built-in'} rule files failed:\n{out.stderr[-2000:]}")
            runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
        first, again = runs
        return {**again, "first_cpu": first["cpu"], "first_rss": first["rss"]}


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


def child_env(root: Path) -> dict:
    return {**os.environ, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"}


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(port: int, process: subprocess.Popen, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited: {process.stderr.read().decode()[-2000:]}")
        try:
            http.client.HTTPConnection("127.0.0.1", port, timeout=1).request("HEAD", "/")
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("server did not start")


def hammer(port: int, path: str, total: int, seconds: float) -> tuple[float, int]:
    """Requests per second and failed requests over `THREADS` keep-alive connections to 127.0.0.1.

    With Debian's `wrk` installed (`apt-get install wrk`), wrk sends them for `seconds / 4`
    seconds: a C client takes far less CPU from the servers than Python threads do. Without it, a
    thread pool sends at most `total` requests, stopping after `seconds`."""
    if shutil.which("wrk"):
        return wrk(port, path, max(1, int(seconds / 4)))
    deadline = time.monotonic() + seconds
    per_worker = total // THREADS

    def worker(_):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        done = errors = 0
        while done < per_worker and time.monotonic() < deadline:
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            done += 1
            errors += response.status != 200
        connection.close()
        return done, errors

    started = time.perf_counter()
    with ThreadPoolExecutor(THREADS) as pool:
        results = list(pool.map(worker, range(THREADS)))
    elapsed = time.perf_counter() - started
    return sum(d for d, _ in results) / elapsed, sum(e for _, e in results)


def wrk(port: int, path: str, seconds: int) -> tuple[float, int]:
    out = subprocess.run(["wrk", "-t1", f"-c{THREADS}", f"-d{seconds}s", f"http://127.0.0.1:{port}{path}"],
                         capture_output=True, text=True, timeout=seconds + 60)
    rate = re.search(r"Requests/sec:\s+([\d.]+)", out.stdout)
    if out.returncode or rate is None:
        raise RuntimeError(f"wrk failed: {out.stdout[-500:]} {out.stderr[-500:]}")
    failed = sum(int(n) for n in re.findall(r"Non-2xx or 3xx responses:\s*(\d+)", out.stdout))
    socket_errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out.stdout)
    if socket_errors:  # a timeout is a slow answer, not a failed one
        failed += sum(int(n) for n in socket_errors.groups()[:3])
    return float(rate.group(1)), failed


def served(root: Path, total: int, rounds: int = 3) -> dict:
    """Both servers up at once, measured in alternating rounds so both see the same load."""
    with tempfile.TemporaryDirectory() as folder:
        db = f"{folder}/served.db"
        from wizard.storage import InterviewStore

        store = InterviewStore(db)
        store.migrate()
        interview = store.create({"jurisdiction": "baroda-mi"})
        ports = {"app": free_port(), "bare": free_port()}
        commands = {
            "app": [sys.executable, "-m", "wizard", "serve", "--db", db, "--threads", str(THREADS),
                    "--port", str(ports["app"])],
            "bare": [sys.executable, "-c", BARE, str(ports["bare"]), str(THREADS)],
        }
        processes = {name: subprocess.Popen(command, cwd=root, env=child_env(root), stdout=subprocess.DEVNULL,
                                            stderr=subprocess.PIPE) for name, command in commands.items()}
        try:
            for name, process in processes.items():
                wait_for(ports[name], process)
            connection = http.client.HTTPConnection("127.0.0.1", ports["app"], timeout=30)
            connection.request("GET", f"/i/{interview.id}")
            step = re.sub(r"^https?://[^/]+", "", connection.getresponse().headers["Location"])
            assert "/step/" in step, step
            paths = {"app": step, "bare": "/"}
            results = {name: [] for name in ports}
            for name in ports:
                hammer(ports[name], paths[name], 80, 4)  # warm-up
            for _ in range(rounds):
                for name in ports:
                    results[name].append(hammer(ports[name], paths[name], total // rounds, 12))
            return {name: (statistics.median(r for r, _ in runs), sum(e for _, e in runs))
                    for name, runs in results.items()}
        finally:
            for process in processes.values():
                process.terminate()
                process.wait(10)


# ---------------------------------------------------------------- one checkout, then the table

def measure(root: Path, quick: bool) -> dict:
    """Every figure for one checkout (runs inside a child whose sys.path starts at `root`)."""
    step = in_process(1 if quick else 3)
    served_figures = served(root, 600 if quick else 2400)
    return {
        "step": step,
        "served": served_figures,
        "packets": packets(2 if quick else 5),
        "four": start_up(root, 0),
        "many": start_up(root, 200 if quick else 2000),
    }


def rows(f: dict, many: int) -> list[tuple[str, str]]:
    s, app, bare = f["step"], f["served"]["app"], f["served"]["bare"]
    out = [
        ("step GET in-process, ms (median / p95)", f"{s['get'][0]:.1f} / {s['get'][1]:.1f}"),
        ("answer POST in-process, ms (median / p95)", f"{s['post'][0]:.1f} / {s['post'][1]:.1f}"),
        ("served step GET, requests/s", f"{app[0]:.0f}"),
        ("bare Flask route, same waitress, requests/s", f"{bare[0]:.0f}"),
        ("served step GET / bare Flask", f"{100 * app[0] / bare[0]:.0f}%"),
    ]
    out += [(f"packet {j}, ms of CPU", f"{ms:.0f}") for j, ms in f["packets"].items()]
    out += [("packet download, first / second, ms", f"{s['packet1'][0]:.0f} / {s['packet2'][0]:.1f}")]
    for key, label in (("four", "4 built-in"), ("many", f"{many:,} generated")):
        m = f[key]
        out += [
            (f"{label}: start-up CPU, s (first start / next)", f"{m.get('first_cpu', m['cpu']):.1f} / {m['cpu']:.1f}"),
            (f"{label}: peak memory, MB (first start / next)", f"{m.get('first_rss', m['rss']):.0f} / {m['rss']:.0f}"),
            (f"{label}: start page, KB (sent with gzip)", f"{m['start_kb']:.0f} ({m['start_sent_kb']:.0f})"),
            (f"{label}: GET / and step GET, ms", f"{m['start_ms']:.1f} / {m['step_ms']:.1f}"),
        ]
    return out


def run_child(root: Path, quick: bool) -> dict:
    args = [sys.executable, str(Path(__file__).resolve()), "--child", str(root)] + (["--quick"] if quick else [])
    out = subprocess.run(args, cwd=root, env=child_env(root), capture_output=True, text=True)
    if out.returncode:
        raise RuntimeError(f"{root}: the run failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", type=Path, help="another checkout, measured first (the 'before' column)")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions and 200 generated files")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        sys.path.insert(0, str(args.child))
        print(json.dumps(measure(args.child, args.quick)))
        return 0
    many = 200 if args.quick else 2000
    roots = ([args.compare.resolve()] if args.compare else []) + [HERE]
    started = time.monotonic()
    results, errors = [], 0
    for root in roots:
        try:
            figures = run_child(root, args.quick)
            errors += sum(errs for _, errs in figures["served"].values())
            results.append(rows(figures, many))
        except (RuntimeError, KeyError, ValueError) as error:
            print(textwrap.shorten(str(error), 3000), file=sys.stderr)
            return 1
    heads = [str(r) if r != HERE else "this checkout" for r in roots]
    print(f"| figure | {' | '.join(heads)} |")
    print("| --- |" + " --- |" * len(roots))
    for i, (label, _) in enumerate(results[0]):
        print(f"| {label} | {' | '.join(r[i][1] for r in results)} |")
    print(f"\n{len(roots)} checkout(s) in {time.monotonic() - started:.0f} s, {os.cpu_count()} cores; "
          "medians of a noisy shared machine" + (f"; {errors} failed requests" if errors else ""))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
