"""The record of rule files that passed their checks, so neither a server nor `wizard check`
parses twenty thousand files again.

One SQLite file, `rule-checks.db`, kept beside the rules (`wizard check DIR` leaves it in DIR,
the deployment step) or in a named folder. It holds, under the fingerprint of everything the
checks read (`checks_fingerprint` below):

- for each file's sha256 that passed: what choosing a jurisdiction needs (id, name, state...),
  whether it passed the authoring checks of `wizard check` too, and its parsed form as compressed
  JSON, so a server reads a jurisdiction on first use without YAML (4-5 ms a file with libyaml)
  or the schema (3.6 ms);
- for each file path: its size and modification time when its sha256 was taken, so a start
  stats each file instead of reading and hashing 600 MB of rule files. The sha256 stays the
  authority: a jurisdiction's bytes are hashed again when it is first read, and a file whose bytes
  differ is checked in full before anyone sees it.

A record that cannot be read or written only costs a full check. Where it can, it is a source of
rules in one exact case: the loader (`loader._read`) takes a jurisdiction's parsed form from it
instead of the YAML, but only after hashing the file's bytes again and finding the sha256 that
passed; any other file is parsed and checked in full.
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
import zlib
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator

from ..errors import Problem
from ..language import OFFICE_LANGUAGE, speaking
from ..resources import resource_dir
from ..rules.rulebook import Jurisdiction
from ..rules.yamlfile import read_file_bytes

RECORD_FILE = "rule-checks.db"
LISTED = ("id", "name", "short_name", "ordinance", "state", "county")  # a Listing's fields from the file
WRITE_EVERY = 500  # files: what passed is written to the record in batches, not held in memory
_FINGERPRINT_SOURCES = ("authoring/checks", "engine/conditions.py", "engine/facts.py", "engine/formulas.py", "kinds",
                        "rules/questionbook.py", "rules/rulebook.py", "rules/yamlfile.py", "rules/texts.py", "authoring/checkrecord.py")
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS stats (path TEXT PRIMARY KEY, size INTEGER, mtime_ns INTEGER, digest TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS passed (digest TEXT PRIMARY KEY, id TEXT NOT NULL, name TEXT NOT NULL,
  short_name TEXT NOT NULL, ordinance TEXT NOT NULL, state TEXT, county TEXT,
  authoring INTEGER NOT NULL, parsed BLOB);
"""


@dataclass(frozen=True)
class Passed:
    """One file that passed: its Listing's fields, the checks it passed, its parsed form (or None)."""

    digest: str
    fields: dict
    authoring: bool
    parsed: bytes | None


def checks_fingerprint() -> str:
    """Changes whenever anything the checks depend on changes."""
    digest = hashlib.sha256()
    package = Path(__file__).resolve().parents[1]
    sources = [resource_dir("interviews") / "schema" / "jurisdiction.schema.yaml",
               resource_dir("interviews") / "questions.yaml"]
    for name in _FINGERPRINT_SOURCES:
        path = package / name
        sources += sorted(path.glob("*.py")) if path.is_dir() else [path]
    for source in sources:
        digest.update(source.name.encode() + b"\0" + source.read_bytes() + b"\0")
    return digest.hexdigest()


def passed_entry(j: Jurisdiction, digest: str, authoring: bool) -> Passed:
    """What the record keeps of a file that passed (built in the worker that checked it, so only
    this small entry travels back)."""
    with speaking(OFFICE_LANGUAGE):  # a place is listed by its names as written, in English
        fields = {k: getattr(j, k) for k in LISTED}
    return Passed(digest, fields, authoring, packed(j.data))


def packed(data: dict) -> bytes | None:
    """The parsed form of a rule file, or None when JSON would not give the same data back (YAML
    allows number keys and dates, JSON does not): such a file is simply parsed as YAML again."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return zlib.compress(text.encode("utf-8"), 6) if json.loads(text) == data else None


def unpacked(blob: bytes) -> dict:
    return json.loads(zlib.decompress(blob).decode("utf-8"))


def file_digest(path: Path) -> str:
    return hashlib.sha256(read_file_bytes(path)).hexdigest()


class CheckRecord:
    """The record in `folder` (None: remember nothing), for the checks' `fingerprint`."""

    def __init__(self, folder: Path | None, fingerprint: str):
        self.path = Path(folder) / RECORD_FILE if folder else None
        self.fingerprint = fingerprint
        self.write_error: str | None = None  # why the record could not be kept, for `wizard check`
        self._stats: dict[str, tuple[int, int, str]] = {}
        self._passed: dict[str, tuple] = {}
        self._stale_stats: set[str] = set()  # files whose size and time were taken since last written
        self._local = threading.local()
        self._read()

    def _connect(self, read_only: bool = False) -> sqlite3.Connection:
        if read_only:
            return sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True, timeout=10)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(self.path, timeout=10)
        connection.executescript(_SCHEMA)
        return connection

    def _reader(self) -> sqlite3.Connection:
        """This thread's read-only connection, kept: opening one costs as much as the read."""
        connection = getattr(self._local, "connection", None)
        if connection is None:
            connection = self._local.connection = self._connect(read_only=True)
        return connection

    def _read(self) -> None:
        if self.path is None or not self.path.is_file():
            return
        try:
            with closing(self._connect(read_only=True)) as db:
                found = db.execute("SELECT value FROM meta WHERE key = 'fingerprint'").fetchone()
                self._stats = {p: (s, m, d) for p, s, m, d in db.execute("SELECT path, size, mtime_ns, digest FROM stats")}
                if found and found[0] == self.fingerprint:
                    self._passed = {row[0]: row[1:] for row in db.execute(
                        f"SELECT digest, {', '.join(LISTED)}, authoring FROM passed")}
        except sqlite3.Error:
            self._stats, self._passed = {}, {}  # a damaged record only costs a full check

    def digests(self, files: Iterable[Path]) -> tuple[dict[Path, str], list[Problem]]:
        """Each file's sha256: from the record when its size and modification time are unchanged."""
        found, problems = {}, []
        for path in files:
            try:
                stat = os.stat(path)
                key = os.path.abspath(path)  # not resolve(): its lstat of every folder costs more than the stat
                known = self._stats.get(key)
                if known and known[:2] == (stat.st_size, stat.st_mtime_ns):
                    found[path] = known[2]
                    continue
                found[path] = file_digest(path)
                self._stats[key] = (stat.st_size, stat.st_mtime_ns, found[path])
                self._stale_stats.add(key)
            except OSError as error:
                problems.append(Problem(str(path), None, "(file)", str(error)))
        return found, problems

    def passed(self, digest: str, authoring: bool = False) -> dict | None:
        """The listed fields of a file that passed (the authoring checks too, if asked), or None."""
        row = self._passed.get(digest)
        if row is None or (authoring and not row[-1]):
            return None
        return dict(zip(LISTED, row[:-1]))

    def parsed(self, digest: str) -> dict | None:
        """The parsed form of a file that passed, or None (not kept, or the record is gone)."""
        if self.path is None or digest not in self._passed:
            return None
        try:
            row = self._reader().execute("SELECT parsed FROM passed WHERE digest = ?", (digest,)).fetchone()
        except sqlite3.Error:
            return None
        return unpacked(row[0]) if row and row[0] is not None else None

    def remember(self, passed: Iterable[Passed]) -> None:
        """Add files that passed, and every size and time seen, in one transaction."""
        passed = list(passed)
        if self.path is None or not (passed or self._stale_stats):
            return
        try:
            with closing(self._connect()) as db, db:
                known = db.execute("SELECT value FROM meta WHERE key = 'fingerprint'").fetchone()
                if not known or known[0] != self.fingerprint:
                    db.execute("DELETE FROM passed")  # the checks changed: what passed before may not now
                    db.execute("INSERT OR REPLACE INTO meta VALUES ('fingerprint', ?)", (self.fingerprint,))
                # Only the new ones: written in batches, all of them each time grew as files times batches.
                db.executemany("INSERT OR REPLACE INTO stats VALUES (?, ?, ?, ?)",
                               [(p, *self._stats[p]) for p in self._stale_stats])
                db.executemany(f"INSERT OR REPLACE INTO passed VALUES (?, {', '.join('?' * len(LISTED))}, ?, ?)",
                               [(p.digest, *(p.fields[k] for k in LISTED), int(p.authoring), p.parsed)
                                for p in passed])
        except (sqlite3.Error, OSError) as error:
            self.write_error = f"the record of checked files could not be written to {self.path} ({error})"
            return
        self._stale_stats = set()
        for p in passed:
            self._passed[p.digest] = (*(p.fields[k] for k in LISTED), int(p.authoring))


    def remember_each(self, results: Iterable[tuple[Passed | None, list[Problem]]]
                      ) -> Iterator[tuple[Passed | None, list[Problem]]]:
        """Pass each (entry, problems) on, writing those that passed every `WRITE_EVERY` files."""
        batch: list[Passed] = []
        for entry, problems in results:
            if entry is not None:
                batch.append(entry)
            if len(batch) >= WRITE_EVERY:
                self.remember(batch)
                batch = []
            yield entry, problems
        self.remember(batch)


def record_folder(paths: Iterable[Path] | None) -> Path | None:
    """Beside the rules: the first folder given (None for the built-in rules or single files)."""
    first = next(iter(paths or []), None)
    return Path(first) if first is not None and Path(first).is_dir() else None
