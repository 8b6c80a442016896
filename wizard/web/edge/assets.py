"""Static files and compression: versioned static URLs cached for a year, text compressed.

`static_url('style.css')` gives `/static/style.css?v=<hash of the file>`. A response for a URL
whose `v` is the file's current hash never changes, so browsers may keep it a year without
asking again (`immutable`); a new file gets a new hash, hence a new URL. Anything else under
/static/ is revalidated as before. Pages keep `no-store` (see app.security_headers).
`site_url('interview.start')` is `url_for` for a page without arguments.
"""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Callable, TypeVar

from flask import Flask, current_app, request, url_for
from flask_compress import Compress

from ...remembered import Remembered

YEAR = 31_536_000
Value = TypeVar("Value")
COMPRESSED = ["text/html", "text/css", "text/javascript", "application/javascript", "application/json",
              "text/calendar", "text/plain"]


@lru_cache(maxsize=256)
def _file_hash(path: Path, modified: float | None) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()[:12]
    except OSError:
        return None


def content_hash(filename: str) -> str | None:
    """The first 12 hex digits of the static file's SHA-256; None if there is no such file.

    Read once per process; in debug mode the file's modification time is part of the key, so an
    edited file gets a new hash without a restart."""
    path = Path(current_app.static_folder) / filename
    modified = None
    if current_app.debug:
        try:
            modified = path.stat().st_mtime
        except OSError:
            return None
    return _file_hash(path, modified)


def per_prefix(table: str, key: tuple, work_out: Callable[[], Value], keep: int) -> Value:
    """`work_out()`, remembered in the app's `table` per address prefix (behind a proxy the prefix
    is the request's) and `key`; at most `keep` of them, the least recently used dropped first,
    since a client may send any prefix through a trusted proxy."""
    known = current_app.extensions.get(table)
    if known is None:  # one per app: what url_for gives depends on the app
        known = current_app.extensions.setdefault(table, Remembered(keep, table))
    return known.get_or_make((request.script_root, *key), work_out)


def static_url(filename: str) -> str:
    """Worked out each time: remembering it per prefix saved 2,000 instructions a page (callgrind), as the frame's
    asset links that use it are drawn once (pages.site_part); docs/decisions/0013-memos-only-where-they-pay.md."""
    return url_for("static", filename=filename, v=content_hash(filename))


def site_url(endpoint: str) -> str:
    """The address of a page that takes no arguments (the start page, the clerks' builder): every
    page's header and footer link them, drawn once (pages.site_part), so it is not remembered."""
    return url_for(endpoint)


def cache_versioned_static(response):
    if request.endpoint != "static" or response.status_code != 200:
        return response
    if response.is_streamed:
        # Read the (small) file now and close it: flask-compress swaps a streamed file for its
        # compressing generator and forgets the file, which then stays open until collected.
        source = response.response
        response.direct_passthrough = False
        response.set_data(b"".join(source))
        source.close()
    version = request.args.get("v")
    if version and version == content_hash(request.view_args.get("filename", "")):
        response.headers["Cache-Control"] = f"public, max-age={YEAR}, immutable"
    return response


# Brotli's quality for every response: a step page (about 5 KB) costs 0.03 ms at 1 and 0.10 ms at
# Flask-Compress's 4, for 2.0 against 1.7 KB sent (docs/decisions/0031-the-step-draws-only-what-changes.md). The static
# files are compressed at the same quality: a browser keeps them a year (`immutable`).
BROTLI_QUALITY = 1
# Brotli first among what a browser accepts alike ("gzip, deflate, br, zstd"): Flask-Compress puts zstd first, at
# its level 3, 0.042 ms for a step page against brotli's 0.025 at quality 1 (2.5 against 2.6 KB sent), and each
# compressor is made anew per response (docs/decisions/0041-the-first-step-drawn-as-the-others.md).
ALGORITHMS = ["br", "zstd", "gzip", "deflate"]


def init_app(app: Flask) -> None:
    app.config.setdefault("COMPRESS_MIMETYPES", COMPRESSED)
    app.config.setdefault("COMPRESS_BR_LEVEL", BROTLI_QUALITY)
    app.config.setdefault("COMPRESS_ALGORITHM", ALGORITHMS)
    Compress(app)
    app.add_template_global(static_url)
    app.add_template_global(site_url)
    app.after_request(cache_versioned_static)
