"""Office documents never hold a server thread: with every print worker stopped, a receipt download
gets the "being prepared" page within seconds (not a minute), `/healthz` answers meanwhile, and the
stopped workers, using no CPU, are replaced so that the next ask gets the PDF; a receipt whose
worker was killed is printed by a new pool."""
from __future__ import annotations

import os
import re
import signal
import threading
import time
from collections import Counter
from concurrent.futures import TimeoutError as FutureTimeout

import pytest

from wizard.packet import documents, printing

from tests.support import html
from tests.support.office import received
from tests.support.packet import being_prepared, download_until_made, resume
from tests.support.office_trail import WHITESBORO, organizer, pay, trail  # noqa: F401 - trail: the fixture

DOWNLOADS = 10  # receipt downloads at once, as in the walk that found them holding every thread
SHORT_WAIT = 2  # seconds a request waits for a document here (the server's own is documents.WAIT_SECONDS)


def receipt_links(app, reference: str):
    own, status_path = organizer(app, reference)
    return own, html.links(own.get(status_path), ".receipts a")


@pytest.mark.parametrize("trail", ["sqlite"], indirect=True)
def test_stopped_print_workers_give_a_being_prepared_receipt_and_never_hold_healthz(trail, monkeypatch):
    app, _, _ = trail
    client, reference = received(app, WHITESBORO, "whitesboro-ny")
    pay(client, reference, "whitesboro-ny", sum_key="application", amount="500", method="check", detail="1042")
    own, links = receipt_links(app, reference)
    assert own.get(links[0]).mimetype == "application/pdf"  # printed by a pool now started
    monkeypatch.setattr(documents, "WAIT_SECONDS", SHORT_WAIT)
    stopped = printing.worker_pids()
    assert stopped
    for pid in stopped:
        os.kill(pid, signal.SIGSTOP)
    try:
        started = time.monotonic()  # the clerk records the deposit: its receipt cannot be printed now
        pay(client, reference, "whitesboro-ny", sum_key="deposit", amount="500", method="money_order", detail="MO-1")
        assert time.monotonic() - started < 30  # seconds, not the minute a clerk once waited
        own, links = receipt_links(app, reference)
        answers: list = []

        def download() -> None:
            began = time.monotonic()
            response = app.test_client().get(links[1])
            answers.append((response, time.monotonic() - began))

        downloads = [threading.Thread(target=download) for _ in range(DOWNLOADS)]
        for thread in downloads:
            thread.start()
        began = time.monotonic()
        health = client.get("/healthz")
        healthz_seconds = time.monotonic() - began
        for thread in downloads:
            thread.join(60)
        assert health.status_code == 200
        print(f"/healthz with every print worker stopped and {DOWNLOADS} receipts asked: {healthz_seconds:.3f} s")
        assert healthz_seconds < 5  # generous for a loaded machine; it measures far under a second
        assert len(answers) == DOWNLOADS
        assert all(being_prepared(response) for response, _ in answers), [r.status_code for r, _ in answers]
        assert max(seconds for _, seconds in answers) < SHORT_WAIT + 20
        # The organizer's browser asks again: the stopped pool, using no CPU, is replaced and prints it.
        monkeypatch.setattr(printing, "STALL_SECONDS", 1)
        statuses = download_until_made(own, links[1])
        assert statuses[-1] == 200 and set(statuses) <= {200, 503}, statuses
        assert not set(stopped) & set(printing.worker_pids())
    finally:
        resume(stopped)


@pytest.mark.parametrize("trail", ["sqlite"], indirect=True)
def test_a_receipt_whose_print_workers_were_killed_is_printed_by_a_new_pool(trail):
    app, _, _ = trail
    client, reference = received(app, WHITESBORO, "whitesboro-ny")
    pay(client, reference, "whitesboro-ny", sum_key="application", amount="500", method="check", detail="1042")
    printing.submit(printing.warm).result(timeout=120)
    killed = printing.worker_pids()
    for pid in killed:
        os.kill(pid, signal.SIGKILL)
    time.sleep(0.5)
    pay(client, reference, "whitesboro-ny", sum_key="deposit", amount="500", method="money_order", detail="MO-2")
    own, links = receipt_links(app, reference)
    response = own.get(links[1])
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert not set(killed) & set(printing.worker_pids())


# What happens to the print workers before each round of a payment recorded and every receipt asked.
UPSETS = ("kill", "stop", "kill", "kill")


def downloaded_at_once(path: str, count: int, app) -> list:
    """`count` organizers' browsers asking for one document at once: the responses."""
    answers: list = []

    def download() -> None:
        answers.append(app.test_client().get(path))

    threads = [threading.Thread(target=download) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return answers


def live_pool(seconds: float = 120) -> list[int]:
    """The workers of a pool that prints, a stopped one replaced as the server replaces it: their pids."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            printing.submit(printing.warm).result(timeout=2)
            return printing.worker_pids()
        except FutureTimeout:
            assert time.monotonic() < deadline, "no pool printed"
            printing.replace_if_hung(1)


@pytest.mark.parametrize("trail", ["sqlite"], indirect=True)
def test_print_workers_killed_and_stopped_while_receipts_are_issued_and_downloaded(trail, monkeypatch):
    """The office's documents with the print workers killed and stopped mid-run: a payment is recorded
    whatever the printer does, every download is the PDF or the "being prepared" page (never a 500 or
    another error), and every receipt is served in the end."""
    app, _, _ = trail
    client, reference = received(app, WHITESBORO, "whitesboro-ny")
    monkeypatch.setattr(documents, "WAIT_SECONDS", SHORT_WAIT)
    monkeypatch.setattr(printing, "STALL_SECONDS", 1)  # a stopped pool replaced at the next ask
    stopped: list = []
    answers: list = []
    try:
        for number, how in enumerate(UPSETS):
            pids = live_pool()
            stopped += pids if how == "stop" else []
            for pid in pids:
                os.kill(pid, signal.SIGKILL if how == "kill" else signal.SIGSTOP)
            paid = pay(client, reference, "whitesboro-ny", sum_key="application", amount="5", method="check",
                       detail=f"10{number}")
            assert paid.status_code == 200, paid.status_code  # the payment is recorded, its receipt or not
            own, links = receipt_links(app, reference)
            assert len(links) == number + 1
            answers += downloaded_at_once(links[-1], 3, app) + [own.get(link) for link in links[:-1]]
    finally:
        resume(stopped)
    statuses = Counter(response.status_code for response in answers)
    assert set(statuses) <= {200, 503}, statuses
    assert all(response.mimetype == "application/pdf" or being_prepared(response) for response in answers)
    print(f"receipts asked with the print workers upset: {dict(statuses)}")
    for link in links:  # every receipt is served in the end
        made = download_until_made(own, link)
        assert made[-1] == 200 and set(made) <= {200, 503}, (link, made)


# Numbers in paths ------------------------------------------------------------------------------

NUMBER = re.compile(r"<int:(\w+)>")
TOO_LARGE = (2**63, 2**64, 99999999999999999999999)


def int_routes(app) -> list:
    return [rule for rule in app.url_map.iter_rules() if NUMBER.search(rule.rule)]


@pytest.mark.parametrize("trail", ["sqlite"], indirect=True)
def test_every_number_in_a_path_of_2_to_the_63_or_more_is_not_found(trail):
    app, _, _ = trail
    client, reference = received(app, WHITESBORO, "whitesboro-ny")  # a clerk signed in, an application
    pay(client, reference, "whitesboro-ny", sum_key="application", amount="500", method="check", detail="1042")
    own, status_path = organizer(app, reference)
    interview_id = status_path.split("/")[2]
    rules = int_routes(app)
    # Payments, receipts (the clerk's and the organizer's), deposits, inspections and letters.
    assert len(rules) >= 6, [rule.rule for rule in rules]
    for rule in rules:
        for number in (*TOO_LARGE, 2**63 - 1):
            path = NUMBER.sub(str(number), rule.rule).replace("<reference>", reference)
            path = path.replace("<interview_id>", interview_id)
            assert "<" not in path, path
            for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
                for browser in (client, own):
                    response = browser.open(path, method=method)
                    assert response.status_code in ((404,) if number in TOO_LARGE else (302, 303, 404)), (
                        method, path, response.status_code)
