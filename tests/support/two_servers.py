"""Two `wizard serve` processes on one PostgreSQL database, as behind a load balancer, and organizers
walking through them while one is killed with SIGKILL and started again: the run
tests/store/test_two_servers.py asserts on and scripts/bench_cluster.py prints the counts of."""
from __future__ import annotations

import threading
import time
from http.client import IncompleteRead

from tests.support.served import ServedBrowser, ServedWizard
from tests.support.served import answers_for, path_of
from wizard.store.interviews import InterviewStore

SECRET = {"WIZARD_SECRET_KEY": "one-key-for-every-server"}


def started_together(url: str, count: int) -> list[ServedWizard]:
    """COUNT servers of the database, started at once (as after a deploy; each start takes seconds)."""
    servers: list = [None] * count
    errors: list[BaseException] = []

    def start(which: int) -> None:
        try:
            servers[which] = ServedWizard("--db", url, env=SECRET)
        except BaseException as error:  # noqa: BLE001 - raised below, with the server's output
            errors.append(error)

    starting = [threading.Thread(target=start, args=(n,)) for n in range(count)]
    for thread in starting:
        thread.start()
    for thread in starting:
        thread.join()
    if errors:
        for server in filter(None, servers):
            server.stop()
        raise errors[0]
    return servers


class Site:
    """The servers, as the load balancer sees them: a request goes to the next one in turn and,
    when that one does not answer (refused, reset), to the next."""

    def __init__(self, url: str, count: int = 2):
        self.url = url
        self.servers = started_together(url, count)
        self.turn = 0
        self.lock = threading.Lock()
        self.statuses: list[int] = []
        self.unanswered = 0  # requests a killed server dropped, sent again to another

    def send(self, browser: ServedBrowser, path: str, form: dict | None = None) -> tuple[int, dict, str]:
        with self.lock:
            self.turn += 1
            first = self.turn
        for attempt in range(100):
            browser.base = self.servers[(first + attempt) % len(self.servers)].url
            try:
                status, head, body = browser.post(path, form) if form is not None else browser.get(path)
            # Refused or reset: the killed server, or the one starting again. Cut off after its headers
            # (IncompleteRead): killed between sending the headers and the body, so no answer either.
            except (OSError, IncompleteRead):
                with self.lock:
                    self.unanswered += 1
                time.sleep(0.05)
                continue
            with self.lock:
                self.statuses.append(status)
            return status, head, body
        raise AssertionError(f"no server answered {path}")

    def kill_and_restart(self, which: int) -> None:
        self.servers[which].kill()
        self.servers[which] = ServedWizard("--db", self.url, env=SECRET)

    def stop(self) -> None:
        for server in self.servers:
            server.stop()


def organizer(site: Site, number: int, steps: int, confirmed: dict, progress: list) -> None:
    """One organizer's walk: start an interview and answer `steps` pages; what each redirect confirmed."""
    browser = ServedBrowser("")
    site.send(browser, "/")
    status, head, _ = site.send(browser, "/start", {"jurisdiction": "whitesboro-ny"})
    assert status == 303, status
    step = path_of(head["Location"])
    mine = confirmed[step.split("/")[2]] = {}
    for _ in range(steps):
        _, _, page = site.send(browser, step)
        form = answers_for(page)
        if "event_name" in form:
            form["event_name"] = f"Organizer {number} Fair"  # whose interview it is, to catch crossed answers
        status, head, body = site.send(browser, step, form)
        assert status == 303, body[:500]
        mine.update(form)
        progress.append(1)
        step = path_of(head["Location"])


def kill_run(url: str, organizers: int, steps: int) -> dict:
    """Organizers walking through two servers, the second killed (SIGKILL) once half the answers
    are confirmed, and started again; what was confirmed, and what the database kept."""
    site = Site(url)
    confirmed: dict[str, dict] = {}
    progress: list = []
    failures: list[BaseException] = []

    def walk(number: int) -> None:
        try:
            organizer(site, number, steps, confirmed, progress)
        except BaseException as error:  # noqa: BLE001 - counted and reported by the caller
            failures.append(error)

    try:
        walkers = [threading.Thread(target=walk, args=(n,)) for n in range(organizers)]
        for walker in walkers:
            walker.start()
        while len(progress) < organizers * steps // 2 and any(w.is_alive() for w in walkers):
            time.sleep(0.02)
        site.kill_and_restart(1)
        for walker in walkers:
            walker.join(120)
    finally:
        site.stop()
    return {"confirmed": confirmed, "pages": len(progress), "failures": failures, "statuses": site.statuses,
            "unanswered": site.unanswered, **kept(url, confirmed)}


def kept(url: str, confirmed: dict[str, dict]) -> dict:
    """Confirmed answers the database lost, and interviews whose event name is not their organizer's."""
    store = InterviewStore(url)
    lost, crossed = 0, 0
    try:
        for interview_id, answered in confirmed.items():
            found = store.get(interview_id)
            answers = found.answers if found else {}
            lost += len(set(answered) - set(answers))
            crossed += answered.get("event_name") != answers.get("event_name") or "event_name" not in answered
    finally:
        store.close()
    return {"lost": lost, "crossed": crossed}
