"""Print how long the interview takes to answer each request (median of several full interviews).

Runs the app in-process (Flask test client, CSRF off) on a temporary database, drives the
5,000-person festival through every jurisdiction, and times each GET of a step, each POST of an
answer, and the result page. Not a test: figures for notes, on this machine.
"""
from __future__ import annotations

import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.browser.stories import BIG_FESTIVAL  # noqa: E402
from wizard.web.app import create_app  # noqa: E402

RUNS = 5


def form_data(html: str) -> dict:
    names = set(re.findall(r'name="([a-z_]+)"', html)) - {"csrf_token", "viewport"}
    data = {}
    for name in names:
        value = BIG_FESTIVAL[name]
        data[name] = {True: "yes", False: "no"}.get(value, value) if not isinstance(value, list) else value
    return data


def one_interview(client, jurisdiction: str, timings: dict) -> None:
    url = client.post("/start", data={"jurisdiction": jurisdiction}).headers["Location"]
    while "/step/" in url:
        started = time.perf_counter()
        html = client.get(url, headers={"HX-Request": "true"}).get_data(as_text=True)
        timings["GET step (htmx)"].append(time.perf_counter() - started)
        started = time.perf_counter()
        response = client.post(url, data=form_data(html))
        timings["POST answer"].append(time.perf_counter() - started)
        url = response.headers["Location"]
    started = time.perf_counter()
    client.get(url.replace("/check", "/result"))
    timings["GET result"].append(time.perf_counter() - started)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE": f"{folder}/bench.db", "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False})
        client = app.test_client()
        timings = {"GET step (htmx)": [], "POST answer": [], "GET result": []}
        for _ in range(RUNS):
            for jurisdiction in app.extensions["rulebook"].jurisdictions:
                one_interview(client, jurisdiction, timings)
    print(f"{'request':<18} {'median':>8} {'p95':>8} {'max':>8}  (ms, {RUNS} festivals x 4 jurisdictions)")
    for name, values in timings.items():
        ms = sorted(v * 1000 for v in values)
        p95 = ms[int(len(ms) * 0.95) - 1]
        print(f"{name:<18} {statistics.median(ms):8.1f} {p95:8.1f} {ms[-1]:8.1f}  n={len(ms)}")


if __name__ == "__main__":
    main()
