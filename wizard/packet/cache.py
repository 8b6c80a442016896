"""Generated packets kept per interview version, so a second download costs nothing; and made
in a worker process, so making one never holds up a page.

The key is a hash of everything the PDF is made from: the answers that apply, the rule file's
text, the questions file's text, the app's version and the day it is prepared (deadline
warnings count from it). Change any of them and the packet is made again. A small LRU in
memory: each packet is ~50 KB, and a process forgets them when it restarts.

Making a packet is a few hundred milliseconds of pure Python, so it is never made in a request
thread: `wizard.packet.printing.packet_pdf` runs in a print worker (wizard/packet/printing.py, which also keeps
WeasyPrint out of the server), started as soon as the last answer is saved (`prefetch`), and the
request thread only waits for the bytes, and only `WAIT_SECONDS` (`FIRST_WAIT_SECONDS` for a new
pool's first packet, which starts the workers): a packet not made by then
(a worker just started, eight at once, a hung worker) is PacketNotReady, which the edge makes a
page that asks again by itself; the packet goes on being made meanwhile. A worker that died is
replaced and the packet asked of the new pool; workers whose CPU time has not grown for
`STUCK_SECONDS` while packets wait are taken for hung, killed and replaced (`printing.replace_if_hung`).
"""
from __future__ import annotations

import hashlib
import json
import threading
import time
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from datetime import date
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Callable

from ..errors import PacketNotReady, PrintingFailed
from ..language import OFFICE_LANGUAGE, TRANSLATIONS
from ..remembered import Remembered
from ..rules.office_cards import OfficeCard
from . import printing
from .content import place_today
from .printing import packet_pdf, submit
from ..rules.rulebook import RuleBook
from ..resources import resource_dir

SIZE = 64  # packets: about 3 MB at most
PREFETCH = 8  # packets being made ahead of a download at once; more are made when downloaded
# A packet takes well under a second, a new worker's first one a few (starting, importing
# WeasyPrint): a request waits this long, then answers "being prepared" and frees its thread.
WAIT_SECONDS = 5
FIRST_WAIT_SECONDS = 30  # a new pool's first packet (spawn, import; more on a busy machine)
# Seconds of no CPU used by the workers while packets wait: hung (stopped, swapping). Not the clock:
# on a busy machine a worker took longer than any wall-clock bound to start and import the printer,
# and each pool was killed before it had printed anything.
STUCK_SECONDS = 15
# At most this many request threads wait for a packet at once (docs/decisions/0007-print-workers.md):
# eight organizers downloading new packets together held all eight of a server's threads for seconds,
# and every other organizer's step waited behind them (p99 5 s). A download beyond them whose packet
# is not made yet gets the "being prepared" page at once (it asks again by itself) and its thread is
# free for the pages.
WAITING = 2



class Printed:
    """Bytes printed in a worker, by a hash of all they are printed from: kept once made (data, not a page's
    work, so `forgetting()` leaves them), being made by the current pool, or started now. A job sent to a
    pool since replaced (hung, killed) will never be made: it is forgotten, not waited for. The packets
    and the office's documents (wizard/packet/documents.py) each keep theirs."""

    def __init__(self, size: int, name: str):
        self.kept: Remembered[bytes] = Remembered(size, name, pages=False)
        self._making: dict[str, tuple[Future, int]] = {}  # key: its future, the pool (`printing.generation`) it went to
        self._lock = threading.Lock()  # looking among the kept and the making is one step

    def future(self, key: str, start: Callable[[], Future], most: int | None = None) -> Future | None:
        """The bytes as a future; None, with nothing started, when `most` jobs are being made already."""
        with self._lock:
            body = self.kept.get(key)
            if body is not None:
                done: Future = Future()
                done.set_result(body)
                return done
            current = printing.generation()
            for replaced in [k for k, (_, pool) in self._making.items() if pool != current]:
                del self._making[replaced]
            found = self._making.get(key)
            if found is not None and _usable(found[0]):
                return found[0]
            if most is not None and len(self._making) >= most:
                return None
            future = start()
            self._making[key] = (future, printing.generation())  # after `start`, which may have begun a new pool
        future.add_done_callback(lambda made: self._keep(key, made))
        return future

    def _keep(self, key: str, made: Future) -> None:
        with self._lock:
            if self._making.get(key, (None,))[0] is made:
                del self._making[key]
            if not made.cancelled() and made.exception() is None:
                self.kept.put(key, made.result())


def _usable(future: Future) -> bool:
    """Still being made, or made: not failed (a failed one leaves the making a moment later, in `_keep`)."""
    return not future.done() or (not future.cancelled() and future.exception() is None)


_packets = Printed(SIZE, "packets")


@lru_cache(maxsize=1)
def app_version() -> str:
    try:
        return metadata.version("mass-gathering-permit-wizard")
    except metadata.PackageNotFoundError:
        return "unknown"


@lru_cache(maxsize=4096)
def _file_digest(path: Path, modified_ns: int) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def file_digest(path: Path) -> str:
    try:
        return _file_digest(path, path.stat().st_mtime_ns)
    except OSError:
        return "missing"


def packet_key(answers: dict, book: RuleBook, today: date, office: OfficeCard | None = None,
               language: str = OFFICE_LANGUAGE) -> str:
    j = book.jurisdictions[answers["jurisdiction"]]
    parts = [json.dumps(answers, sort_keys=True, ensure_ascii=False), file_digest(Path(j.path)),
             file_digest(resource_dir("interviews") / "questions.yaml"), app_version(), today.isoformat(),
             repr(office)]  # the office card is on the cover
    parts += [file_digest(Path(layer.path)) for layer in book.layers_for(j)]  # the other permits' pages
    if language != OFFICE_LANGUAGE:  # the summary page in front: its language and its catalog's words
        parts += [language, file_digest(TRANSLATIONS / language / "LC_MESSAGES" / "engine.mo")]
    return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()


def cached_packet_pdf(answers: dict, book: RuleBook, today: date | None = None,
                      office: OfficeCard | None = None, language: str = OFFICE_LANGUAGE) -> bytes:
    """`packet_pdf`, made once per version of the interview (see the module docstring); PacketNotReady
    if it is not made within WAIT_SECONDS, PrintingFailed if the printer failed on it. `language`: the
    organizer's, for the summary page in front (the office's own copy is English only)."""
    deadline = time.monotonic() + (WAIT_SECONDS if printing.warm() else FIRST_WAIT_SECONDS)
    for _ in range(2):  # a second time only when the first pool broke
        future = packet_future(answers, book, today, office, language=language)
        assert future is not None  # only a prefetch (`ahead`) may find nothing to start
        try:
            return _waiting_room.wait_for(future, deadline)
        except FutureTimeout as error:
            raise PacketNotReady("the packet was not made in the time a request waits") from error
        except BrokenProcessPool:  # its worker died: the pool says so, and `submit` starts a new one
            continue
        except Exception as error:  # the printer's own error; its type only (its message may quote answers)
            raise PrintingFailed(f"the packet could not be printed: {type(error).__name__}") from error
    raise PacketNotReady("the print workers broke twice in a row")


class WaitingRoom:
    """At most `limit` request threads wait for printed bytes at once; a thread beyond them is told at
    once (FutureTimeout), so that it goes back to the pages with the "being prepared" answer."""

    def __init__(self, limit: int):
        self.limit = limit
        self._lock = threading.Lock()
        self._waiting = 0

    def wait_for(self, future: Future, deadline: float) -> bytes:
        """The bytes: at once when made; else waited for until `deadline` (a `time.monotonic()`), if a
        place is free."""
        if future.done():
            return future.result()
        with self._lock:
            if self._waiting >= self.limit:
                raise FutureTimeout()
            self._waiting += 1
        try:
            return future.result(timeout=max(deadline - time.monotonic(), 0.1))
        finally:
            with self._lock:
                self._waiting -= 1


_waiting_room = WaitingRoom(WAITING)


def prefetch(answers: dict, book: RuleBook, today: date | None = None, office: OfficeCard | None = None,
             language: str = OFFICE_LANGUAGE) -> None:
    """Start making the packet now (the last answer was just saved), unless `PREFETCH` are being made."""
    packet_future(answers, book, today, office, ahead=True, language=language)


def packet_future(answers: dict, book: RuleBook, today: date | None = None, office: OfficeCard | None = None,
                  ahead: bool = False, language: str = OFFICE_LANGUAGE) -> Future | None:
    """The packet's bytes as a future: kept, being made, or started now in a worker process."""
    today = today or place_today(book.jurisdictions[answers["jurisdiction"]])  # the worker prints the same day
    key = packet_key(answers, book, today, office, language)
    printing.replace_if_hung(STUCK_SECONDS)
    return _packets.future(key, lambda: start_render(answers, book, today, office, language),
                           most=PREFETCH if ahead else None)


def start_render(answers: dict, book: RuleBook, today: date | None, office: OfficeCard | None,
                 language: str = OFFICE_LANGUAGE) -> Future:
    """`packet_pdf` in a worker, sent the one jurisdiction it needs (the book reads the rest lazily) with
    the State and county layers covering it (their permits' pages), and the organizer's language (a worker
    is a process of its own, with no request's language)."""
    j = book.jurisdictions[answers["jurisdiction"]]
    one = RuleBook(book.written_questions, {j.id: j}, layers=tuple(book.layers_for(j)))
    return submit(packet_pdf, answers, one, today, office, language)
