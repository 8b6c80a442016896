"""The office's documents (permits, letters by mail, receipts, staff reports) printed by the same supervised print
pool as the packets, without holding a server thread.

A request waits for its document at most `WAIT_SECONDS`, and at most `WAITING` requests wait at once;
after that it is DocumentNotReady, which the edge makes a "being prepared" page that asks again by
itself, while the document goes on being printed and is kept (`SIZE` of them, by a hash of all they
are printed from) for that next ask. A server thread once waited 60 s on a stopped worker that was
never replaced: ten receipt downloads then held every thread, and `/healthz` took a minute.

A document whose worker died (killed, out of memory) is sent once more to a new pool before it is
PrintingFailed (a 503); workers that stopped using the CPU while documents wait are replaced
(`printing.replace_if_hung`), as for packets.
"""
from __future__ import annotations

import dataclasses
import hashlib
import time
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Callable

from ..errors import DocumentNotReady, PrintingFailed
from . import printing
from .cache import Printed, WaitingRoom, app_version, file_digest
from .letter import Letter
from .permit import Permit
from .printing import letter_pdf, permit_pdf, receipt_pdf, staff_report_pdf
from .receipt import Receipt
from .staff_report import StaffReport

WAIT_SECONDS = 5  # a document takes well under a second in a warm worker
WAITING = 2  # request threads waiting for a document at once; the others get "being prepared" at once
SIZE = 32  # documents kept: each 20-60 KB

_printed = Printed(SIZE, "office documents")
_waiting_room = WaitingRoom(WAITING)


def printed_permit(permit: Permit) -> bytes:
    """The permit's PDF; DocumentNotReady while it is being printed, PrintingFailed if it cannot be."""
    return printed(permit_pdf, permit, f"the {permit.jurisdiction.license_word}")


def printed_letter(letter: Letter) -> bytes:
    return printed(letter_pdf, letter, "the letter")


def printed_receipt(receipt: Receipt) -> bytes:
    return printed(receipt_pdf, receipt, "the receipt")


def printed_staff_report(report: StaffReport) -> bytes:
    return printed(staff_report_pdf, report, "the staff report")


def document_key(job: Callable[..., bytes], document) -> str:
    """A hash of everything the document is printed from: the jurisdiction by its rule file's text (its
    in-memory caches are no part of the document), every other field by its value, and the app's version."""
    j = document.jurisdiction
    rest = dataclasses.replace(document, jurisdiction=None)
    parts = [job.__name__, j.id, file_digest(Path(j.path)), app_version(), repr(rest)]
    return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()


def printed(job: Callable[..., bytes], document, what: str) -> bytes:
    """`job(document)`'s bytes from a print worker, kept or waited for (see the module docstring)."""
    key = document_key(job, document)
    deadline = time.monotonic() + WAIT_SECONDS
    for _ in range(2):  # a second time only when the worker printing it died
        future = _future(key, job, document)
        try:
            return _waiting_room.wait_for(future, deadline)
        except FutureTimeout as error:
            raise DocumentNotReady(f"{what} is still being printed") from error
        except BrokenProcessPool:
            continue
        except Exception as error:  # the printer's own error; its type only (its message may quote answers)
            raise PrintingFailed(f"{what} could not be printed: {type(error).__name__}") from error
    raise PrintingFailed(f"{what} could not be printed: the print workers broke twice in a row")


def _future(key: str, job: Callable[..., bytes], document) -> Future:
    printing.replace_if_hung()
    future = _printed.future(key, lambda: printing.submit(job, document))
    assert future is not None  # only a bounded ask (`most`) finds nothing started
    return future
