"""Checking an uploaded document before it is kept: its size, and its type read from its bytes.

The name and the browser's declared type are not trusted: a file is a PDF, a JPEG or a PNG only if
its first bytes say so (the formats' own signatures), and it is served back with that type alone.

A clerk opens the documents organizers upload: a PDF with a script (/JS, /JavaScript), one that
launches a program (/Launch), or an /OpenAction that runs a script is refused at the upload. The
runtime has no PDF parser (WeasyPrint's pydyf only writes PDFs; pypdf and pikepdf are the tests'),
and a parser's time and memory on a hostile 10 MB file are hard to bound in a request. The scan is
linear instead: every dictionary outside a stream, and every object stream (/Type /ObjStm, where a
PDF 1.5 file keeps its dictionaries compressed) inflated, up to a bound, and read the same way.
Names are read with their #xx escapes decoded (/J#61vaScript is /JavaScript). Stream data (images,
page contents) is left out of the scan: its bytes can spell "/JS" by chance.

What the scan cannot read it refuses: an object stream it cannot inflate (another filter than
Flate, or damaged), or one that is encrypted (a password-protected PDF keeps its dictionaries there,
out of reach without the key).
"""
from __future__ import annotations

import re
import unicodedata
import zlib

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
    if mimetype == "application/pdf":
        refuse_scripts(data)
    # Counted and kept in one turn: two uploads at once cannot both fit under the total and both be kept.
    with records.backend.transaction():
        records.applications.take_turn("uploads")
        if records.applications.uploaded_bytes(interview_id) + len(data) > MAX_TOTAL:
            raise UploadRefused("All your documents together may be at most 25 MB, and this one would go over. "
                                "Make it smaller or remove a document you no longer need.")
        return records.applications.add_upload(interview_id, document, safe_filename(filename, mimetype), mimetype, data)


def refuse_scripts(pdf: bytes) -> None:
    """A clerk opens what is uploaded: a PDF that runs a script or a program by itself is refused."""
    try:
        scripted = has_scripts(pdf)
    except UncheckablePdf as error:
        raise UploadRefused("That PDF is password-protected or packed in a way we cannot check for scripts. "
                            "Save it again without a password (or print it to a new PDF) and upload that.") from error
    if scripted:
        raise UploadRefused("That PDF contains a script or an action that runs by itself (JavaScript or a program "
                            "to launch), which we do not accept. Print it to a new PDF, or scan it, and upload that.")


# Scripts in a PDF --------------------------------------------------------------------------------

# A name token: a slash, then regular characters (no whitespace, no delimiter).
NAME = re.compile(rb"/([^\s/<>\[\]()%{}]*)")
ESCAPE = re.compile(rb"#([0-9A-Fa-f]{2})")
STREAM = re.compile(rb"stream(?:\r\n|\r|\n)")
END = re.compile(rb"endstream")
SCRIPTS = {b"JS", b"JavaScript", b"Launch"}  # /OpenAction runs a script through /S /JavaScript and /JS
INFLATED_LIMIT = 64 * 1024 * 1024  # bytes of object streams inflated, all together: a bomb stops here


class UncheckablePdf(ValueError):
    """The PDF keeps its dictionaries where the scan cannot read them."""


def names(text: bytes) -> set[bytes]:
    return {ESCAPE.sub(lambda m: bytes([int(m.group(1), 16)]), found) for found in NAME.findall(text)}


def split_streams(data: bytes) -> tuple[bytes, list[tuple[bytes, bytes]]]:
    """The file without its streams' data, and each stream as (its dictionary, its raw data)."""
    outside, streams, at = [], [], 0
    for start in STREAM.finditer(data):
        if start.start() < at:
            continue
        end = END.search(data, start.end())
        if end is None:
            break
        head = data[at:start.start()]
        outside.append(head)
        dictionary = head[head.rfind(b"obj"):]  # from this object's "N G obj" on
        streams.append((dictionary, data[start.end():end.start()]))
        at = end.end()
    outside.append(data[at:])
    return b"".join(outside), streams


def inflate(raw: bytes, budget: int) -> bytes:
    inflater = zlib.decompressobj()
    try:
        out = inflater.decompress(raw, budget + 1)
    except zlib.error as error:
        raise UncheckablePdf("an object stream cannot be inflated") from error
    if len(out) > budget:
        raise UncheckablePdf("the object streams inflate to too much")
    return out


def has_scripts(data: bytes) -> bool:
    """True when the PDF carries JavaScript or a launch action; UncheckablePdf when it cannot be read."""
    outside, streams = split_streams(data)
    if names(outside) & SCRIPTS:
        return True
    encrypted = b"Encrypt" in names(outside)
    budget = INFLATED_LIMIT
    for dictionary, raw in streams:
        keys = names(dictionary)
        if b"ObjStm" not in keys:
            continue
        if encrypted or keys & {b"DecodeParms", b"Filter"} != {b"Filter"} or b"FlateDecode" not in keys:
            raise UncheckablePdf("an object stream is encrypted or not plainly compressed")
        inflated = inflate(raw, budget)
        budget -= len(inflated)
        if names(inflated) & SCRIPTS:
            return True
    return False
