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
started with "spawn" (no lock or thread of the server is copied into them) on the first job, in
Linux's idle scheduling class (they print when the pages leave a core free), and ending with it.

A worker can die (killed, out of memory) or hang (stopped, swapping): a broken pool is replaced
by a new one (`replace_workers`), and callers wait a bounded time, never a server thread's minutes.
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from datetime import date
from typing import Callable

from ..errors import PrintingFailed
from .letter import Letter, letter_html, letter_title
from .permit import Permit, permit_html, permit_title
from .receipt import Receipt, receipt_html, receipt_title
from ..rules.office_cards import OfficeCard
from ..language import OFFICE_LANGUAGE
from .summary import packet_for
from ..rules.rulebook import RuleBook

# Worker processes, by default one per core, at most two (the PRINT_WORKERS setting). One worker on
# two cores made the packets of organizers finishing together strictly one after another; with two,
# two at a time (scripts/bench.py: "packets sent at once"), and their lower priority keeps pages first.
WORKERS = max(1, min(2, os.cpu_count() or 1))
PRIORITY_BELOW = 10  # nice value added to a worker
PARENT_CHECK_SECONDS = 2  # how soon a worker notices its server has gone
# A permit takes well under a second, a new worker's first one a few more (starting, importing
# WeasyPrint): a clerk waits no longer than this for a hung or overloaded worker.
PERMIT_WAIT_SECONDS = 60

_pool: ProcessPoolExecutor | None = None
_pool_lock = threading.Lock()
_size = WORKERS  # workers of the next pool (`use_workers`)
_warm_pool: ProcessPoolExecutor | None = None  # the last pool that printed something (`warm`)


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
    future.add_done_callback(lambda done: _mark_warm(pool, done))
    future.add_done_callback(lambda done: _report(getattr(job, "__name__", "job"), began, done))
    return future


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


def printed_permit(permit: Permit) -> bytes:
    """The permit's PDF from a worker, or PrintingFailed if it cannot be had within PERMIT_WAIT_SECONDS."""
    return _printed(permit_pdf, permit, f"the {permit.jurisdiction.license_word}")


def printed_letter(letter: Letter) -> bytes:
    """The letter's PDF from a worker, or PrintingFailed, as a permit's."""
    return _printed(letter_pdf, letter, "the letter")


def printed_receipt(receipt: Receipt) -> bytes:
    return _printed(receipt_pdf, receipt, "the receipt")


def _printed(job: Callable[..., bytes], document, what: str) -> bytes:
    try:
        return submit(job, document).result(timeout=PERMIT_WAIT_SECONDS)
    except FutureTimeout as error:
        raise PrintingFailed(f"{what} was not printed within {PERMIT_WAIT_SECONDS} s") from error
    except Exception as error:  # the worker's own error, or a pool that broke: the caller says so
        # Its type, not its message: a printer's message may quote the permit's text (the licensee's
        # name, the answers), and this one is logged (web/edge/logs.py logs no answer either).
        raise PrintingFailed(f"{what} could not be printed: {type(error).__name__}") from error


def _workers() -> ProcessPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ProcessPoolExecutor(max_workers=_size, mp_context=multiprocessing.get_context("spawn"),
                                        initializer=_start_worker, initargs=(os.getpid(),))
        return _pool


def _start_worker(server_pid: int) -> None:
    """A worker runs at a lower priority than the server (Linux's SCHED_IDLE, and nice): on a machine
    with few cores, a page waiting for the processor comes before a packet (a packet is awaited by
    one person, the pages by everyone). It ends when the server does, even one killed by a signal, which leaves
    no exit handler to stop it."""
    try:
        # Linux's idle class (docs/decisions/0007-print-workers.md): the server's threads take a core from a worker
        # the moment they wake, where at nice 10 a worker still kept a share of them (step p99 1.6-1.8x while eight
        # new packets printed; 0.9-1.6x in this class). A worker prints whenever the pages leave a core idle.
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (OSError, AttributeError):  # not Linux: a lower priority, as far as it goes
        pass
    try:
        os.nice(PRIORITY_BELOW)
    except OSError:  # not permitted here: the worker still keeps printing out of the server's interpreter
        pass
    threading.Thread(target=_end_with, args=(server_pid,), daemon=True).start()


def _end_with(server_pid: int) -> None:
    while os.getppid() == server_pid:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def replace_workers(kill: bool = False) -> None:
    """Start the next job in a new pool. The old one is shut down; with `kill`, its processes are
    killed first (a hung worker never finishes, and would keep its job and its memory for ever):
    its jobs then fail with BrokenProcessPool, which their callers treat as "try again"."""
    global _pool
    pids = worker_pids() if kill else []
    with _pool_lock:
        old, _pool = _pool, None
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:  # already gone
            pass
    if old is not None:
        old.shutdown(wait=False, cancel_futures=True)
