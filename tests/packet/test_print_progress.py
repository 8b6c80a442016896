"""Print workers that make progress on a busy machine: a worker is judged hung by its CPU time, not by
the clock (a slow worker that works is left alone, a stopped one is replaced), and `wizard serve`
starts its print workers with the server, each with the printer loaded before the first packet."""
from __future__ import annotations

import os
import signal
import time
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from wizard.packet import printing

from tests.support.packet import resume
from tests.support.served import ServedWizard

STALL = 2.0  # seconds without CPU that make a pool hung, in these tests


def busy(seconds: float) -> bytes:
    """A job that computes for `seconds` of its own CPU time (however long the clock says)."""
    started = time.process_time()
    while time.process_time() - started < seconds:
        pass
    return b"done"


@pytest.fixture
def pool():
    printing.replace_workers(kill=True)
    printing.submit(printing.warm).result(timeout=120)
    yield
    printing.replace_workers(kill=True)


def test_a_worker_that_computes_slowly_is_never_taken_for_hung(pool):
    pids = printing.worker_pids()
    job = printing.submit(busy, 3 * STALL)
    while not job.done():
        assert not printing.replace_if_hung(STALL), "a working worker was killed"
        time.sleep(0.2)
    assert job.result() == b"done"
    assert printing.worker_pids() == pids


def test_a_stopped_worker_is_replaced_once_its_cpu_time_stops_growing(pool):
    stopped = printing.worker_pids()
    job = printing.submit(busy, 60)
    time.sleep(0.5)  # the job is in a worker
    for pid in stopped:
        os.kill(pid, signal.SIGSTOP)
    try:
        before = printing.generation()
        deadline = time.monotonic() + 60
        while not printing.replace_if_hung(STALL):
            assert time.monotonic() < deadline, "a stopped pool was never replaced"
            time.sleep(0.2)
        assert printing.generation() == before + 1
        with pytest.raises(BrokenProcessPool):
            job.result(timeout=60)
        assert printing.submit(busy, 0.1).result(timeout=120) == b"done"  # a new pool prints
        assert not set(stopped) & set(printing.worker_pids())
    finally:
        resume(stopped)


def test_an_idle_pool_is_never_hung(pool):
    for _ in range(3):
        assert not printing.replace_if_hung(0)
        time.sleep(0.1)


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(child) for child in (task / "children").read_text().split()]
    return found


def printer_loaded(pid: int) -> bool:
    try:
        return "libpango" in Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return False


def test_wizard_serve_starts_its_print_workers_with_the_printer_loaded(tmp_path):
    server = ServedWizard("--db", str(tmp_path / "warm.db"), seconds=120)
    try:
        deadline = time.monotonic() + 120
        while True:
            workers = [pid for pid in children(server.process.pid) if printer_loaded(pid)]
            if len(workers) >= printing.WORKERS:
                break
            assert time.monotonic() < deadline, f"no warm print workers: {server.output}"
            time.sleep(0.5)
        for pid in workers:
            assert os.getpriority(os.PRIO_PROCESS, pid) >= os.getpriority(os.PRIO_PROCESS, server.process.pid) + \
                printing.PRIORITY_BELOW
            assert os.sched_getscheduler(pid) == os.SCHED_OTHER
    finally:
        server.stop()
