"""Packets never hold the pages (docs/decisions/0007-print-workers.md). At most `cache.WAITING` request
threads wait for a packet at once; any other download whose packet is not made yet gets the "being
prepared" page at once, so eight organizers downloading new packets together cannot hold every thread of
the server."""
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


def test_the_print_workers_run_below_the_pages_yet_still_get_the_processor(app, client, book):
    """The workers run below the server's priority (nice 4), so a page's thread comes first, but in
    the ordinary scheduling class, not Linux's idle one: there, on a busy machine, they got no CPU at
    all and packets took minutes or never came."""
    path = f"/i/{saved(app, festival('baroda-mi', book, event_name='Idle Fair'))}/packet.pdf"
    while client.get(path).status_code == 503:  # the pool is started by the first packet
        time.sleep(0.5)
    workers = printing.worker_pids()
    assert workers
    for pid in workers:
        assert os.sched_getscheduler(pid) == os.SCHED_OTHER
        assert os.getpriority(os.PRIO_PROCESS, pid) >= os.getpriority(os.PRIO_PROCESS, 0) + printing.PRIORITY_BELOW
