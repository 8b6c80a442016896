"""Checking an uploaded document before it is kept: its size, and its type read from its bytes.

The name and the browser's declared type are not trusted: a file is a PDF, a JPEG or a PNG only if
its first bytes say so (the formats' own signatures), and it is served back with that type alone.
"""
from __future__ import annotations

import re
import unicodedata

from .records import OfficeRecords

MB = 1024 * 1024
MAX_FILE = 10 * MB
MAX_TOTAL = 25 * MB
SIGNATURES = (  # (first bytes, type, extension)
    (b"%PDF-", "application/pdf", "pdf"),
    (b"\xff\xd8\xff", "image/jpeg", "jpg"),
    (b"\x89PNG\r\n\x1a\n", "image/png", "png"),
)


class UploadRefused(ValueError):
    """The upload was not kept; the message says why, for the organizer."""


def sniff_type(data: bytes) -> str | None:
    return next((kind for start, kind, _ in SIGNATURES if data.startswith(start)), None)


def safe_filename(name: str, mimetype: str) -> str:
    """A name fit for a download header: letters, digits, dots and hyphens, the right extension."""
    stem = unicodedata.normalize("NFKD", (name or "").rsplit("/", 1)[-1].rsplit("\\", 1)[-1])
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", stem.encode("ascii", "ignore").decode()).strip(".-")[:60]
    stem = re.sub(r"\.(pdf|jpe?g|png)$", "", stem, flags=re.IGNORECASE).strip(".-") or "document"
    extension = next(ext for _, kind, ext in SIGNATURES if kind == mimetype)
    return f"{stem}.{extension}"


def keep_upload(records: OfficeRecords, interview_id: str, document: str, filename: str, data: bytes) -> str:
    """Keep one document for an interview; UploadRefused says what was wrong (earlier uploads stay)."""
    if not data:
        raise UploadRefused("That file is empty (0 bytes). Choose the document again.")
    if len(data) > MAX_FILE:
        raise UploadRefused("That file is larger than 10 MB. Make it smaller (scan at a lower resolution, "
                            "or save the PDF for the web) and upload it again.")
    mimetype = sniff_type(data)
    if mimetype is None:
        raise UploadRefused("That file is not a PDF, JPEG or PNG. Save or scan it as one of those and upload it again.")
    # Counted and kept in one turn: two uploads at once cannot both fit under the total and both be kept.
    with records.backend.transaction():
        records.applications.take_turn("uploads")
        if records.applications.uploaded_bytes(interview_id) + len(data) > MAX_TOTAL:
            raise UploadRefused("All your documents together may be at most 25 MB, and this one would go over. "
                                "Make it smaller or remove a document you no longer need.")
        return records.applications.add_upload(interview_id, document, safe_filename(filename, mimetype), mimetype, data)
