"""The print workers: the processes that print packets and permits as PDFs, and the jobs they run.

Printing is WeasyPrint (wizard/packet/document.py), and importing it is the dearest part of a
server's start: about 0.8 s of CPU of the 2 s that importing the web app took (`python -X
importtime`: its Pango bindings `weasyprint.text.ffi` 0.37 s, fontTools, pydyf). A server never
prints: it sends a job to a worker and waits for the bytes, so it never imports WeasyPrint. The
jobs below (`packet_pdf`, `permit_pdf`) import the printer inside their functions, on a worker's
first job. That is a deliberate lazy boundary: tests/test_structure.py allows imports inside
functions here (besides the CLI's `serve` and `open_backend`'s psycopg) only, and checks that a
started web app has not loaded WeasyPrint.

Printing a packet is a few hundred milliseconds of pure Python. In a request thread it holds the
interpreter and every other page waits: one client downloading new packets back to back halved
step throughput and tripled its p99. So the workers are a small pool (`WORKERS`) of processes
started with "spawn" (no lock or thread of the server is copied into them), at a lower priority
than the server (nice 4: a page waiting for the processor comes first, and a worker still gets a fair
part of a saturated machine), each importing the printer as it starts; `wizard serve` starts the first pool with the
server (`start_warm`), so the first organizer does not wait for it. They end with the server.

A worker can die (killed, out of memory) or hang (stopped, swapping): a broken pool is replaced
by a new one (`replace_workers`). A hung one is known by its CPU time, not the clock
(`replace_if_hung`): a worker on a busy machine may take a minute of wall time for a packet and
still be working, while one that is stopped uses no CPU at all. Callers wait a bounded time, never
a server thread's minutes.
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from datetime import date
from typing import Callable

from .letter import Letter, letter_html, letter_title
from .permit import Permit, permit_html, permit_title
from .receipt import Receipt, receipt_html, receipt_title
from .staff_report import StaffReport, staff_report_html, staff_report_title
from ..rules.office_cards import OfficeCard
from ..language import OFFICE_LANGUAGE
from .summary import packet_for
from ..rules.rulebook import RuleBook

# Worker processes, by default one per core, at most two (the PRINT_WORKERS setting). One worker on
# two cores made the packets of organizers finishing together strictly one after another; with two,
# two at a time (scripts/bench.py: "packets sent at once"), and their lower priority keeps pages first.
WORKERS = max(1, min(2, os.cpu_count() or 1))
# Nice value added to a worker (docs/decisions/0036-print-workers-at-nice-4.md). Not Linux's idle class:
# there a worker got no CPU at all while the machine was busy (load 7-35 on two cores): packets took up
# to 159 s, some never came. Nor nice 10, a tenth of a nice-0 process's share: on a machine other work
# keeps busy the same three Spanish packets took 102 s at nice 10, 75 s at nice 4 and 52 s at nice 0,
# printed side by side (load 20). At nice 4 a worker gets about 40% of the server's share when both
# want a core, and all of an idle one; the server, one interpreter, never wants more than one core.
PRIORITY_BELOW = 4
# Seconds of no CPU used by the workers while jobs wait for them: they are hung (stopped, swapping).
STALL_SECONDS = 15
PARENT_CHECK_SECONDS = 2  # how soon a worker notices its server has gone

_pool: ProcessPoolExecutor | None = None
_pool_lock = threading.Lock()
_size = WORKERS  # workers of the next pool (`use_workers`)
_warm_pool: ProcessPoolExecutor | None = None  # the last pool that printed something (`warm`)
_waiting: set[Future] = set()  # jobs sent to the current pool and not done (under `_pool_lock`)
_generation = 0  # counts the pools replaced: a job of an older one will never finish (`generation`)
_progress: dict[int, tuple[float, float]] = {}  # worker pid: (its CPU seconds, when they last grew)
_progress_lock = threading.Lock()  # one look at the workers' CPU time at a time


def packet_pdf(answers: dict, book: RuleBook, today: date | None = None, office: OfficeCard | None = None,
               language: str = OFFICE_LANGUAGE) -> bytes:
    """The PDF packet for cleaned answers that name a jurisdiction (with the office card, if any): in
    English, with a summary page in the organizer's `language` in front when it is another. A worker
    is a process of its own: the language comes with the job, not from the server's request."""
    from .document import render_packet
    return render_packet(packet_for(answers, book, today, office, language))


def permit_pdf(permit: Permit) -> bytes:
    """The permit or license as a tagged PDF (PDF/UA-1), in the packet's fonts."""
    from .document import tagged_pdf
    return tagged_pdf(permit_html(permit), permit_title(permit), "en-US", stylesheets=())


def letter_pdf(letter: Letter) -> bytes:
    """The office's letter by mail as a tagged PDF (PDF/UA-1), in the packet's fonts
    (docs/decisions/0014-the-office-paper-trail.md)."""
    from .document import tagged_pdf
    return tagged_pdf(letter_html(letter), letter_title(letter), "en-US", stylesheets=())


def receipt_pdf(receipt: Receipt) -> bytes:
    """The office's receipt as a tagged PDF (PDF/UA-1) (docs/decisions/0014-the-office-paper-trail.md)."""
    from .document import tagged_pdf
    return tagged_pdf(receipt_html(receipt), receipt_title(receipt), "en-US", stylesheets=())


def staff_report_pdf(report: StaffReport) -> bytes:
    """The staff report for the agenda of the body that decides, as a tagged PDF (PDF/UA-1)
    (docs/decisions/0023-the-body-that-decides.md)."""
    from .document import tagged_pdf
    return tagged_pdf(staff_report_html(report), staff_report_title(report), "en-US", stylesheets=())


# Called with (job name, seconds, succeeded) when a job ends: /metrics counts packets printed (web/operations/watching.py).
on_printed: list[Callable[[str, float, bool], None]] = []


def alive() -> bool:
    """The print pool can take a job: not started yet (it starts on demand), or not broken."""
    with _pool_lock:
        pool = _pool
    return pool is None or not getattr(pool, "_broken", False)


def _report(name: str, began: float, done: Future) -> None:
    ok = not done.cancelled() and done.exception() is None
    for hook in list(on_printed):
        hook(name, time.monotonic() - began, ok)


def submit(job: Callable[..., bytes], *args) -> Future:
    """`job(*args)` in a worker process: its bytes as a future."""
    began = time.monotonic()
    try:
        pool = _workers()
        future = pool.submit(job, *args)
    except BrokenProcessPool:  # a worker died (killed, out of memory): start a new pool once
        replace_workers()
        pool = _workers()
        future = pool.submit(job, *args)
    with _pool_lock:
        if _pool is pool:
            _waiting.add(future)
    future.add_done_callback(_done_waiting)
    future.add_done_callback(lambda done: _mark_warm(pool, done))
    future.add_done_callback(lambda done: _report(getattr(job, "__name__", "job"), began, done))
    return future


def _done_waiting(done: Future) -> None:
    with _pool_lock:
        _waiting.discard(done)


def generation() -> int:
    """Which pool is current: it changes when a pool is replaced, whose unfinished jobs never finish."""
    with _pool_lock:
        return _generation


def start_warm() -> None:
    """Start the pool's workers now, each loading the printer (`wizard serve`, as the server starts), so
    the first packet asked for takes its own time only."""
    for _ in range(_size):
        submit(_ready)


def _ready() -> bytes:
    """A job that only needs a started worker (its initializer loaded the printer)."""
    return b""


def cpu_seconds(pid: int) -> float | None:
    """The CPU time a process used (user and system), from Linux's /proc; None if it cannot be read."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def replace_if_hung(stall_seconds: float | None = None) -> bool:
    """Kill and replace the pool when its workers are hung: jobs wait and no worker's CPU time has
    grown for `stall_seconds` (or, with at least as many jobs as workers, so every worker should be
    printing, one worker's). CPU time, not the clock: on a saturated machine a worker below the
    server prints slowly but its CPU time grows; a stopped or swapping one's does not. Called by whoever
    waits for a job; True when the pool was replaced (its jobs fail with BrokenProcessPool)."""
    with _progress_lock:
        return _hung_replaced(STALL_SECONDS if stall_seconds is None else stall_seconds)


def _hung_replaced(stall_seconds: float) -> bool:
    with _pool_lock:
        busy = len(_waiting)
        pool = _pool
    pids = worker_pids()
    if not busy or pool is None or not pids:
        _progress.clear()  # an idle pool is not hung: its clock starts with the next job
        return False
    now = time.monotonic()
    stalled = []
    for pid in pids:
        used = cpu_seconds(pid)
        if used is None:  # gone (the pool notices it broke) or no /proc: never judged hung here
            return False
        before = _progress.get(pid)
        if before is None or used != before[0]:
            _progress[pid] = (used, now)
        stalled.append(now - _progress[pid][1] >= stall_seconds)
    if all(stalled) or (busy >= len(pids) and any(stalled)):
        replace_workers(kill=True)
        return True
    return False


def warm() -> bool:
    """True once the current pool has printed something: its workers are started and have
    imported the printer, so a job takes its own time only (a new pool's first takes seconds more)."""
    with _pool_lock:
        return _pool is not None and _warm_pool is _pool


def _mark_warm(pool: ProcessPoolExecutor, done: Future) -> None:
    global _warm_pool
    if not done.cancelled() and done.exception() is None:
        with _pool_lock:
            _warm_pool = pool


def use_workers(count: int) -> None:
    """Print with `count` workers from the next pool on (the app's PRINT_WORKERS setting)."""
    global _size
    count = max(1, int(count))
    with _pool_lock:
        changed, _size = count != _size, count
    if changed:
        replace_workers()


def worker_pids() -> list[int]:
    """The current pool's worker processes (to stop a hung one, and for tests that kill one)."""
    with _pool_lock:
        pool = _pool
    # The executor keeps its processes in `_processes` (no public accessor in concurrent.futures).
    return sorted((getattr(pool, "_processes", None) or {}).keys()) if pool is not None else []


def _workers() -> ProcessPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ProcessPoolExecutor(max_workers=_size, mp_context=multiprocessing.get_context("spawn"),
                                        initializer=_start_worker, initargs=(os.getpid(),))
        return _pool


def _start_worker(server_pid: int) -> None:
    """A worker runs at a lower priority than the server (nice): on a machine with few cores, a page
    waiting for the processor comes before a packet (a packet is awaited by one person, the pages by
    everyone). It loads the printer before its first job, so that job takes its own time only. It ends
    when the server does, even one killed by a signal, which leaves no exit handler to stop it."""
    try:
        os.nice(PRIORITY_BELOW)
    except OSError:  # not permitted here: the worker still keeps printing out of the server's interpreter
        pass
    threading.Thread(target=_end_with, args=(server_pid,), daemon=True).start()
    from . import document  # noqa: F401  the printer (WeasyPrint), loaded once per worker


def _end_with(server_pid: int) -> None:
    while os.getppid() == server_pid:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def replace_workers(kill: bool = False) -> None:
    """Start the next job in a new pool. The old one is shut down; with `kill`, its processes are
    killed first (a hung worker never finishes, and would keep its job and its memory for ever):
    its jobs then fail with BrokenProcessPool, which their callers treat as "try again"."""
    global _pool, _generation
    pids = worker_pids() if kill else []
    with _pool_lock:
        old, _pool = _pool, None
        _generation += 1
        _waiting.clear()
    _progress.clear()
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:  # already gone
            pass
    if old is not None:
        old.shutdown(wait=False, cancel_futures=True)
