"""The documents the office issued (receipts, permits, letters by mail, staff reports), each kept as the
bytes that were issued: a later download is the same file, whatever changed since in the records, the
rule file, the templates or the printing libraries (docs/decisions/0025-documents-as-issued-sums-as-filed.md).

One row per document issued: its kind, its number, what it is of (`subject`: a payment's id, a mailed
notice's id, '' for the application's permit), the situation it was printed for (a short key the caller
builds from the facts it shows), when and by whom it issued, its bytes, and the document that
superseded it, when one did."""
from __future__ import annotations

import hashlib

from .base import Repository

ISSUED = ("id, reference, kind, subject, number, situation, issued_at, issued_by, size, sha256, superseded_by, "
          "superseded_at, superseded_why")
TABLES = ("issued_documents",)


class IssuedRecords(Repository):
    """issued_documents."""

    def current(self, reference: str, kind: str, subject: str) -> dict | None:
        """The document of this kind and subject in force: the last issued, none superseding it."""
        return self._one(f"SELECT {ISSUED} FROM issued_documents WHERE reference = ? AND kind = ? AND subject = ? "
                         "AND superseded_by IS NULL ORDER BY id DESC LIMIT 1", (reference, kind, subject))

    def document(self, reference: str, document_id: int) -> dict | None:
        return self._one(f"SELECT {ISSUED} FROM issued_documents WHERE reference = ? AND id = ?",
                         (reference, document_id))

    def body(self, reference: str, document_id: int) -> bytes | None:
        row = self._one("SELECT body FROM issued_documents WHERE reference = ? AND id = ?", (reference, document_id))
        return bytes(row["body"]) if row else None

    def documents(self, reference: str, kind: str | None = None) -> list[dict]:
        """Every document issued for the application (or of one kind), in the order they issued."""
        if kind is None:
            return self._query(f"SELECT {ISSUED} FROM issued_documents WHERE reference = ? ORDER BY id", (reference,))
        return self._query(f"SELECT {ISSUED} FROM issued_documents WHERE reference = ? AND kind = ? ORDER BY id",
                           (reference, kind))

    def add(self, row: dict, body: bytes) -> int:
        """Keep a document as issued; its id. The caller supersedes the one before (`supersede`)."""
        row = {**row, "size": len(body), "sha256": hashlib.sha256(body).hexdigest(), "body": body}
        return self._query(f"INSERT INTO issued_documents ({', '.join(row)}) VALUES ({', '.join('?' * len(row))}) "
                           "RETURNING id", tuple(row.values()))[0]["id"]

    def supersede(self, reference: str, kind: str, subject: str, by: int, at: str, why: str) -> int:
        """Every document of this kind and subject still in force, other than `by`, marked superseded by it."""
        return self._write("UPDATE issued_documents SET superseded_by = ?, superseded_at = ?, superseded_why = ? "
                           "WHERE reference = ? AND kind = ? AND subject = ? AND superseded_by IS NULL AND id <> ?",
                           (by, at, why, reference, kind, subject, by))

    def stored_bytes(self) -> int:
        """What the documents kept take (the size measured in the decision record)."""
        row = self._one("SELECT COALESCE(SUM(size), 0) AS n FROM issued_documents")
        return int(row["n"]) if row else 0

    def forget(self, reference: str) -> None:
        self._forget(TABLES, reference)
