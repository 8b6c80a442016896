"""Generated packets kept per interview version, so a second download costs nothing.

The key is a hash of everything the PDF is made from: the answers that apply, the rule file's
text, the questions file's text, the app's version and the day it is prepared (deadline
warnings count from it). Change any of them and the packet is made again. A small LRU in
memory: each packet is ~50 KB, and a process forgets them when it restarts.
"""
from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from datetime import date
from functools import lru_cache
from importlib import metadata
from pathlib import Path

from ..rulebook import RuleBook
from ..resources import resource_dir
from . import packet_pdf

SIZE = 64  # packets: about 3 MB at most

_packets: OrderedDict[str, bytes] = OrderedDict()
_lock = threading.Lock()


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


def packet_key(answers: dict, book: RuleBook, today: date) -> str:
    j = book.jurisdictions[answers["jurisdiction"]]
    parts = [json.dumps(answers, sort_keys=True, ensure_ascii=False), file_digest(Path(j.path)),
             file_digest(resource_dir("interviews") / "questions.yaml"), app_version(), today.isoformat()]
    return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()


def cached_packet_pdf(answers: dict, book: RuleBook, today: date | None = None) -> bytes:
    """`packet_pdf`, made once per version of the interview (see the module docstring)."""
    key = packet_key(answers, book, today or date.today())
    with _lock:
        body = _packets.get(key)
        if body is not None:
            _packets.move_to_end(key)
            return body
    body = packet_pdf(answers, book, today=today)  # outside the lock: other downloads go on meanwhile
    with _lock:
        _packets[key] = body
        while len(_packets) > SIZE:
            _packets.popitem(last=False)
    return body
