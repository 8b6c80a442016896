"""What each memo of the pages saves: server CPU per page with the memos on and with each turned
off, on the pages that use it, in alternating rounds.

    .venv/bin/python scripts/bench_memos.py             # 25 rounds
    .venv/bin/python scripts/bench_memos.py --rounds 5  # shorter

The pages: the start page and every step of the big festival in the four built-in places (with
13 more places, so the start page and "where" are a search), each fetched as an htmx swap and
whole, with CSRF on (the page's token is signed) and the session cookie sent, in one process
(Flask's test client), timed with `time.process_time`. A memo is measured on the pages that ask
it (the frame's pieces serve only whole pages, the search only the start page and "where").
A memo saving less than 0.1 ms of CPU a page is dropped (docs/decisions/0013-memos-only-where-they-pay.md): the last column says
which do.
"""
from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' helpers: the same walk

from tests.support.stories import BIG_FESTIVAL  # noqa: E402
from tests.support.generated import generate_jurisdictions  # noqa: E402
from tests.support.posting import step_data  # noqa: E402
from wizard.authoring.loader import load_rulebook  # noqa: E402
from wizard.remembered import Remembered, forgetting  # noqa: E402
from wizard.rules.rulebook import builtin_rules_dir  # noqa: E402
from wizard.web.app import create_app  # noqa: E402

TOKEN = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')
# The memos of the pages, by the names they are made with (wizard/remembered.py's `pages=True`).
MEMOS = ("session cookies verified", "step form classes", "drawn questions", "site_parts", "roads",
         "drawn questions without their value", "language switches", "flows", "usable answers",
         "before you start boxes")
DROP_BELOW_MS = 0.1
BUILT_IN = ("baroda-mi", "dekalb-il", "whitesboro-ny", "wi-village-ch64")
COPIES = 13  # with the four built-in, more than a dozen places: the start page and "where" are a search


def walk(app) -> list[tuple]:
    """The start page and every step page of the big festival in each built-in place (its "where"
    step too), with the client that walked it."""
    book = app.extensions["rulebook"]
    pages = [(app.test_client(), "/")]
    for jurisdiction in BUILT_IN:
        client = app.test_client()
        token = TOKEN.search(client.get("/").get_data(as_text=True)).group(1)
        url = client.post("/start", data={"jurisdiction": jurisdiction, "csrf_token": token}).headers["Location"]
        while "/step/" in url:
            page = client.get(url).get_data(as_text=True)
            pages.append((client, url))
            data = dict(step_data(book, jurisdiction, url, BIG_FESTIVAL), csrf_token=TOKEN.search(page).group(1))
            response = client.post(url, data=data)
            assert response.status_code == 303, f"{url}: answer refused ({response.status_code})"
            url = response.headers["Location"]
        pages.append((client, re.sub(r"/(result|check)$", "/step/where", url)))
    return pages


def cpu_per_page(pages: list[tuple]) -> float:
    started = time.process_time()
    for client, url, headers in pages:
        assert client.get(url, headers=headers).status_code == 200, url
    return (time.process_time() - started) / len(pages) * 1000


def memos_consulted(page: tuple) -> set[str]:
    """The memos a page asks."""
    consulted: set[str] = set()
    original = Remembered.get

    def noting(self, key):
        consulted.add(self.name)
        return original(self, key)
    Remembered.get = noting
    try:
        cpu_per_page([page])
    finally:
        Remembered.get = original
    return consulted & set(MEMOS)


def on_against_off(pages: list[tuple], names: tuple, rounds: int) -> tuple[float, float, float]:
    """CPU ms a page with the memos on and with `names` off, in alternating rounds: the least of
    the rounds of each (other work on the machine only ever adds to a figure), and the median of
    the rounds' differences."""
    on, off = [], []
    for _ in range(rounds):
        on.append(cpu_per_page(pages))
        with forgetting(*names):
            off.append(cpu_per_page(pages))
    return min(on), min(off), statistics.median(b - a for a, b in zip(on, off))


def measure(rounds: int) -> list[tuple]:
    with tempfile.TemporaryDirectory() as folder:
        generate_jurisdictions(builtin_rules_dir(), Path(folder), COPIES)
        app = create_app({"DATABASE": f"{folder}/bench.db", "SECRET_KEY": "bench", "PACKET_PREFETCH": False,
                          "SWEEPER": False, "RULEBOOK": load_rulebook([builtin_rules_dir(), Path(folder)])})
        pages = [(client, url, headers) for client, url in walk(app) for headers in ({"HX-Request": "true"}, {})]
        cpu_per_page(pages)  # warm every memo and Jinja's templates
        using = {n: memos_consulted(page) for n, page in enumerate(pages)}
        rows = [("every memo", len(pages), *on_against_off(pages, MEMOS, rounds))]
        for name in MEMOS:
            served = [page for n, page in enumerate(pages) if name in using[n]]
            if served:
                rows.append((name, len(served), *on_against_off(served, (name,), rounds)))
        print(f"{len(pages)} pages (each step swapped and whole), {rounds} rounds")
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=25)
    args = parser.parse_args()
    rows = measure(args.rounds)
    print("CPU ms a page that uses the memo, on and off (the least of the rounds), what it saves, and")
    print("the median of the rounds' differences")
    print(f"{'memo':36} {'pages using it':>14} {'on':>7} {'off':>7} {'saves':>7} {'(median)':>9}")
    for name, served, on, off, median in rows:
        verdict = "" if name == "every memo" else ("keep" if off - on >= DROP_BELOW_MS else "drop")
        print(f"{name:36} {served:>14} {on:7.3f} {off:7.3f} {off - on:7.3f} {median:9.3f}  {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
