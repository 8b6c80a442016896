"""The print figures for scripts/bench.py: how long an organizer waits for the packet on a busy server.

- Steppers: `STEPPERS` organizers walk whole interviews at once against one `wizard serve` (half of
  them reading in Spanish, by their browser's Accept-Language), each downloading its packet after
  its last answer, asking again while the "being prepared" page answers. They start `STAGGER`
  seconds apart, so that they are all stepping at once but do not all finish in the same second
  (which would measure sixteen packets sent together, not a busy server's steady state). The wait is from the last
  answer's response to the PDF in hand: p50 and p99 in English and in Spanish.
- Downloads: a server just started, then `DOWNLOADS` organizers whose interviews are finished
  download their packets together (half in Spanish): how many have the PDF within `WITHIN` seconds,
  and when the last came.

Each figure is measured in the child process of its checkout (scripts/bench.py `--compare`), with the
tests' own helpers (tests/served.py, tests/posting.py), so it measures that checkout's server.
"""
from __future__ import annotations

import os
import re
import tempfile
import threading
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor

STEPPERS = 16
STAGGER = 2.0  # seconds between two organizers' starts: 16 arrive over 30 s, a walk takes longer
DOWNLOADS = 8
WITHIN = 60  # seconds: a download counts as printed in time within this
GIVE_UP = 300  # seconds a client waits for one packet before it counts it as never printed
POLL = 0.5  # seconds between asking again on the "being prepared" page
LANGUAGES = ("en", "es")


def _path(location: str) -> str:
    return re.sub(r"^https?://[^/]+", "", location)


def _post(browser, path: str, data: dict, headers: dict):
    """A form as a browser posts it: lists as repeated fields, with the page's CSRF token."""
    body = urllib.parse.urlencode({"csrf_token": browser.token, **data}, doseq=True).encode()
    return browser.request(path, data=body, headers=headers)


def _packet(browser, interview_id: str, headers: dict, started: float) -> float | None:
    """Seconds from `started` to the packet in hand, asked again while it is being prepared; None if
    it never came within GIVE_UP (or a status other than 200 or the "being prepared" 503)."""
    while time.monotonic() - started < GIVE_UP:
        try:
            status, head, _ = browser.get(f"/i/{interview_id}/packet.pdf", headers=headers)
        except OSError:  # no answer within the client's 30 s (a thread held by a waiting download): ask again
            continue
        if status == 200 and browser.last_body.startswith(b"%PDF"):
            return time.monotonic() - started
        if status != 503 or "Retry-After" not in head:
            return None
        time.sleep(POLL)
    return None


def _walk(base: str, book, jurisdiction: str, lang: str, name: str) -> float | None:
    try:
        return _walked(base, book, jurisdiction, lang, name)
    except OSError:  # a page not answered within the client's 30 s: this organizer's packet never came
        return None


def _walked(base: str, book, jurisdiction: str, lang: str, name: str) -> float | None:
    from tests.support.stories import BIG_FESTIVAL
    from tests.support.posting import step_data
    from tests.support.served import ServedBrowser

    story = dict(BIG_FESTIVAL, event_name=name)
    headers = {"Accept-Language": lang}
    browser = ServedBrowser(base)
    browser.get("/", headers=headers)
    status, head, _ = _post(browser, "/start", {"jurisdiction": jurisdiction}, headers)
    if status != 303:
        return None
    location = _path(head["Location"])
    while "/step/" in location:
        browser.get(location, headers=headers)
        status, head, _ = _post(browser, location, step_data(book, jurisdiction, location, story), headers)
        if status != 303:
            return None
        location = _path(head["Location"])
    answered = time.monotonic()
    interview_id = location.split("/")[2]
    browser.get(location, headers=headers)  # the result page the last answer leads to
    return _packet(browser, interview_id, headers, answered)


def _printing_work(server) -> dict:
    """What the print workers did: packets printed (more than one per organizer is work done twice) and
    the CPU seconds the server's child processes (its print workers) used, from Linux's /proc."""
    from tests.support.served import ServedBrowser
    from wizard.packet.printing import cpu_seconds

    _, _, text = ServedBrowser(server.url).get("/metrics")
    made = re.search(r'wizard_packets_printed_total\{kind="packet",result="made"\} ([0-9.]+)', text or "")
    pid = server.process.pid
    children: list[int] = []
    for task in os.listdir(f"/proc/{pid}/task") if os.path.isdir(f"/proc/{pid}/task") else []:
        with open(f"/proc/{pid}/task/{task}/children") as listed:
            children += [int(child) for child in listed.read().split()]
    cpu = sum(cpu_seconds(child) or 0.0 for child in children)
    return {"packets": float(made.group(1)) if made else float("nan"), "cpu": cpu}


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else float("nan")


def steppers(count: int = STEPPERS, rounds: int = 1) -> dict:
    """`count` organizers walking at once, `rounds` interviews each; the packet waits by language."""
    from tests.support.served import ServedWizard
    from wizard.authoring.loader import load_rulebook

    book = load_rulebook()
    places = sorted(book.jurisdictions)
    with tempfile.TemporaryDirectory() as folder:
        server = ServedWizard("--db", f"{folder}/print.db", "--threads", "8", "--metrics-from", "127.0.0.1",
                              seconds=120)
        try:
            def organizer(n: int) -> list[tuple[str, float | None]]:
                time.sleep(n * STAGGER)
                lang = LANGUAGES[n % 2]
                return [(lang, _walk(server.url, book, places[(n // 2) % len(places)], lang, f"Stepping Fair {n} {r}"))
                        for r in range(rounds)]

            load = os.getloadavg()[0]
            with ThreadPoolExecutor(count) as pool:
                found = [w for walks in pool.map(organizer, range(count)) for w in walks]
            work = _printing_work(server)
        finally:
            server.stop()
    figures = {"count": count, "load": max(load, os.getloadavg()[0]), "work": work, "interviews": len(found)}
    for lang in LANGUAGES:
        waits = [w for l, w in found if l == lang and w is not None]
        figures[lang] = {"p50": _percentile(waits, 0.5), "p99": _percentile(waits, 0.99),
                         "missing": sum(1 for l, w in found if l == lang and w is None), "count": len(waits)}
    return figures


def downloads(count: int = DOWNLOADS) -> dict:
    """A server just started; `count` finished interviews' packets downloaded together."""
    from tests.support.served import ServedBrowser, ServedWizard
    from wizard.authoring.loader import load_rulebook
    from tests.support.stories import BIG_FESTIVAL
    from tests.support.walks import stored_answers
    from wizard.store.interviews import InterviewStore

    book = load_rulebook()
    with tempfile.TemporaryDirectory() as folder:
        db = f"{folder}/downloads.db"
        store = InterviewStore(db)
        store.migrate()
        ids = [store.create(stored_answers(book, "baroda-mi", dict(BIG_FESTIVAL, event_name=f"Download Fair {n}"))).id
               for n in range(count)]
        store.close()
        server = ServedWizard("--db", db, "--threads", "8", seconds=120)
        try:
            load = os.getloadavg()[0]
            started = time.monotonic()
            gate = threading.Barrier(count)

            def download(n: int) -> float | None:
                gate.wait(60)
                return _packet(ServedBrowser(server.url), ids[n], {"Accept-Language": LANGUAGES[n % 2]}, started)

            with ThreadPoolExecutor(count) as pool:
                times = list(pool.map(download, range(count)))
        finally:
            server.stop()
    made = [t for t in times if t is not None]
    return {"count": count, "within": sum(t <= WITHIN for t in made), "missing": count - len(made),
            "last": max(made) if made else float("nan"), "load": max(load, os.getloadavg()[0]),
            "languages": {lang: sum(t is not None and t <= WITHIN for t in times[i::2])
                          for i, lang in enumerate(LANGUAGES)}}


def printing(count: int = STEPPERS, rounds: int = 1, at_once: int = DOWNLOADS) -> dict:
    return {"steppers": steppers(count, rounds), "downloads": downloads(at_once)}


def print_errors(f: dict) -> int:
    """Packets never had: the run reports them as errors (a figure being slow is not one)."""
    if not f:
        return 0
    s = f["steppers"]
    return sum(s[lang]["missing"] for lang in LANGUAGES) + f["downloads"]["missing"]


def print_rows(f: dict) -> list[tuple[str, str]]:
    s, d = f["steppers"], f["downloads"]
    waits = " · ".join(f"{lang} {s[lang]['p50']:.1f} / {s[lang]['p99']:.1f}"
                       + (f" ({s[lang]['missing']} never)" if s[lang]["missing"] else "") for lang in LANGUAGES)
    split = ", ".join(f"{lang} {d['languages'][lang]}" for lang in LANGUAGES)
    return [
        (f"packet wait after the last answer, s (p50 / p99) with {s['count']} organizers stepping "
         f"(starting {STAGGER:g} s apart)",
         f"{waits} (load {s['load']:.1f})"),
        ("packets printed for those organizers' interviews (more would be work done twice); the print workers' "
         "CPU seconds (their start, then all packets)",
         f"{s['work']['packets']:.0f} for {s['interviews']}; {s['work']['cpu']:.1f} s"),
        (f"{d['count']} downloads at once on a server just started: printed within {WITHIN} s",
         f"{d['within']} of {d['count']} ({split}); the last at {d['last']:.1f} s (load {d['load']:.1f})"),
    ]
