"""Every document the office issues is kept as issued (docs/decisions/0025-documents-as-issued-sums-as-filed.md):
a receipt, a permit, a letter by mail, a staff report. What is emailed and what is downloaded later, a day
or years later, are the same bytes, whatever changed since in the records, the rule file, the templates or
the printing libraries.

A document is asked for by what it is (`Wanted`: its kind, what it is of, its number) and the situation it
shows (a short key of the facts it prints: a permit's decision, conditions, day of issue and any suspension
or revocation). The document in force for that kind and subject is given back while its situation holds;
when the situation changed (a permit suspended, reinstated or revoked, an amendment decided), a new document
is printed, kept and numbered, and supersedes the one before: the page lists the old one as superseded by the
new, with when and why, and the new one names the one it supersedes. Nothing is ever printed over.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Callable

from .records import OfficeRecords, now_text

KINDS = {"receipt": "Receipt", "permit": "Permit", "letter": "Letter", "staff_report": "Staff report"}
PREFIXES = {"receipt": "R", "permit": "P", "letter": "L", "staff_report": "S"}  # numbers: A-2027-0001-P2


@dataclass(frozen=True)
class Wanted:
    kind: str  # a key of KINDS
    subject: str  # what it is of: a payment's id, a mailed notice's id, '' for the application's permit
    number: str  # the number printed on it, when it has one of its own (a receipt's); else numbered here
    situation: str = "as issued"  # the facts it shows, as a key: see `situation`

    def numbered(self, reference: str, count: int) -> str:
        return self.number or f"{reference}-{PREFIXES.get(self.kind, 'D')}{count}"


def situation(*facts) -> str:
    """A short key of the facts a document shows: the same facts, the same document."""
    return hashlib.sha256(json.dumps(facts, sort_keys=True, default=str).encode("utf-8")).hexdigest()[:32]


@dataclass(frozen=True)
class Issued:
    row: dict  # its issued_documents row (no bytes)
    body: bytes
    supersedes: dict | None = None  # the document it replaced, when it was issued just now


def supersedes_line(old: dict | None) -> str:
    """What a superseding document prints of the one it replaces."""
    return f"This supersedes {old['number']}, issued {old['issued_at'][:10]}." if old else ""


def issue(records: OfficeRecords, reference: str, wanted: Wanted, make: Callable[[dict | None], bytes], who: str,
          why: str = "") -> Issued:
    """The document in force for `wanted` when it shows the same situation; else `make(old)` prints a new one
    (told the document it supersedes, to say so), kept as issued and superseding the old. `why`: the reason a
    new one supersedes (the history's words). Printing errors (DocumentNotReady, PrintingFailed) pass through,
    and nothing is kept."""
    current = records.issued.current(reference, wanted.kind, wanted.subject)
    if current is not None and current["situation"] == wanted.situation:
        return Issued(current, records.issued.body(reference, current["id"]) or b"")
    body = make(current)
    with records.backend.transaction():
        # Two prints of one document at once: the first kept wins. One turn for every application (the
        # transaction is a few rows, the printing is done before it), so no counter is left per application.
        records.applications.take_turn("issues")
        again = records.issued.current(reference, wanted.kind, wanted.subject)
        if again is not None and again["situation"] == wanted.situation:
            return Issued(again, records.issued.body(reference, again["id"]) or b"")
        count = len(records.issued.documents(reference, wanted.kind)) + 1
        at = now_text()
        new_id = records.issued.add(dict(reference=reference, kind=wanted.kind, subject=wanted.subject,
                                         number=wanted.numbered(reference, count), situation=wanted.situation, issued_at=at,
                                         issued_by=who), body)
        if again is not None:
            records.issued.supersede(reference, wanted.kind, wanted.subject, new_id, at, why or "the situation changed")
    row = records.issued.document(reference, new_id) or {}
    return Issued(row, body, again)


def issued_list(records: OfficeRecords, reference: str) -> list[dict]:
    """The application's documents as the page lists them: each with its kind's word and, when superseded,
    the number of the one that superseded it."""
    rows = records.issued.documents(reference)
    numbers = {r["id"]: r["number"] for r in rows}
    return [{**r, "kind_label": KINDS.get(r["kind"], r["kind"]),
             "superseded_number": numbers.get(r["superseded_by"]) if r["superseded_by"] else None} for r in rows]
