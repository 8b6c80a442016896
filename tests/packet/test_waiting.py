"""Issue 39, item 4: packets never hold the pages. At most `cache.WAITING` request threads wait for a
packet at once; any other download whose packet is not made yet gets the "being prepared" page at
once, so eight organizers downloading new packets together cannot hold every thread of the server."""
from __future__ import annotations

import os
import threading
import time
from concurrent.futures import Future

from wizard.packet import cache, printing

from tests.support.packet import being_prepared, saved
from tests.support.packet import festival

LONG_WAIT = 30  # seconds a download may wait for its packet in this test


def test_downloads_beyond_the_waiting_ones_get_the_being_prepared_page_at_once(app, client, book, monkeypatch):
    renders: list[Future] = []

    def never_done(*args):  # a print worker busy for as long as the test wants
        renders.append(Future())
        return renders[-1]

    monkeypatch.setattr(cache, "start_render", never_done)
    monkeypatch.setattr(cache, "WAIT_SECONDS", LONG_WAIT)
    monkeypatch.setattr(cache, "FIRST_WAIT_SECONDS", LONG_WAIT)
    paths = [f"/i/{saved(app, festival('baroda-mi', book, event_name=f'Fair {n}'))}/packet.pdf"
             for n in range(cache.WAITING + 1)]
    waiting = [threading.Thread(target=app.test_client().get, args=(path,)) for path in paths[:cache.WAITING]]
    try:
        for thread in waiting:
            thread.start()
        while len(renders) < cache.WAITING:  # both downloads are waiting on their packets
            time.sleep(0.05)
        time.sleep(0.2)
        started = time.monotonic()
        response = client.get(paths[-1])
        assert being_prepared(response)
        assert time.monotonic() - started < LONG_WAIT / 3  # at once, not after the wait the others get
    finally:
        for render in renders:
            render.set_result(b"%PDF-1.7\n")
        for thread in waiting:
            thread.join(LONG_WAIT)
    # Once made, the packet is there for the download the page makes again.
    assert client.get(paths[-1]).status_code == 200


def test_the_print_workers_take_a_core_only_when_the_pages_leave_it_idle(app, client, book):
    """Issue 39: step p99 while eight new packets print stays near the step alone because the workers
    are in Linux's idle scheduling class (a page's thread takes the core the moment it wakes), and
    below the server's priority besides."""
    path = f"/i/{saved(app, festival('baroda-mi', book, event_name='Idle Fair'))}/packet.pdf"
    while client.get(path).status_code == 503:  # the pool is started by the first packet
        time.sleep(0.5)
    workers = printing.worker_pids()
    assert workers
    for pid in workers:
        assert os.sched_getscheduler(pid) == os.SCHED_IDLE
        assert os.getpriority(os.PRIO_PROCESS, pid) >= os.getpriority(os.PRIO_PROCESS, 0) + printing.PRIORITY_BELOW
