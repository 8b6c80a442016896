"""Loading the rule book for use: any problem at all is fatal, so a broken rule never reaches an
organizer. The checks themselves are in `wizard.checks` (the `LOAD` level).

With thousands of rule files (a state's league of municipalities), start-up must not parse and
validate every file each time. A file that passed the load checks is remembered by the sha256 of
its bytes, in `rule-checks.json` in the cache folder (the app's instance folder), together with
the fingerprint of everything the checks read: the schema, the shared questions and the checks'
own code. A file whose bytes and fingerprint match is listed without being parsed; each rule file
is read when first used (`rulebook.Jurisdictions`), and checked again if it changed since.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Iterable

from .checks import LOAD, check_file, check_path, duplicate_ids
from .errors import Problem, RuleFileError
from .parallel import in_parallel
from .resources import resource_dir
from .rulebook import Jurisdictions, Listing, RuleBook, jurisdiction_files, load_questions

CACHE_FILE = "rule-checks.json"
_FINGERPRINT_SOURCES = ("checks", "conditions.py", "facts.py", "formulas.py", "kinds", "questionbook.py",
                        "rulebook.py", "yamlfile.py")


def checks_fingerprint() -> str:
    """Changes whenever anything the load checks depend on changes."""
    digest = hashlib.sha256()
    package = Path(__file__).resolve().parent
    sources = [resource_dir("interviews") / "schema" / "jurisdiction.schema.yaml",
               resource_dir("interviews") / "questions.yaml"]
    for name in _FINGERPRINT_SOURCES:
        path = package / name
        sources += sorted(path.glob("*.py")) if path.is_dir() else [path]
    for source in sources:
        digest.update(source.name.encode() + b"\0" + source.read_bytes() + b"\0")
    return digest.hexdigest()


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _check_for_listing(path: Path) -> tuple[Listing | None, list[Problem]]:
    """Run the load checks on one file (in a worker process when there are many)."""
    digest = _digest(path)
    j, problems = check_path(path, LOAD)
    return (Listing.of(j, digest) if j else None), problems


def _read_cache(cache: Path | None, fingerprint: str) -> dict[str, dict]:
    if cache is None or not cache.is_file():
        return {}
    try:
        data = json.loads(cache.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}  # a damaged cache only costs a full check
    return data.get("passed", {}) if data.get("fingerprint") == fingerprint else {}


def _write_cache(cache: Path | None, fingerprint: str, listings: list[Listing]) -> None:
    if cache is None:
        return
    passed = {listing.digest: {k: v for k, v in vars(listing).items() if k not in ("digest", "path")}
              for listing in listings}
    cache.parent.mkdir(parents=True, exist_ok=True)
    partial = cache.with_suffix(".tmp")
    partial.write_text(json.dumps({"fingerprint": fingerprint, "passed": passed}), encoding="utf-8")
    partial.replace(cache)


def load_rulebook(paths: Iterable[Path] | None = None, cache_dir: Path | None = None) -> RuleBook:
    """Check (or recall the check of) every rule file and list them; raise RuleFileError on any problem."""
    files = jurisdiction_files(paths)
    cache = Path(cache_dir) / CACHE_FILE if cache_dir else None
    fingerprint = checks_fingerprint()
    remembered = _read_cache(cache, fingerprint)
    listings: list[Listing] = []
    problems: list[Problem] = []
    unchecked: list[Path] = []
    for path in files:
        try:
            digest = _digest(path)
        except OSError as error:
            problems.append(Problem(str(path), None, "(file)", str(error)))
            continue
        known = remembered.get(digest)
        if known is None:
            unchecked.append(path)
        else:
            listings.append(Listing(path=str(path), digest=digest, **known))
    for listing, found in in_parallel(_check_for_listing, unchecked):
        problems.extend(found)
        if listing is not None:
            listings.append(listing)
    problems += duplicate_ids([(listing.id, listing.path) for listing in listings])
    if problems:
        raise RuleFileError(problems)
    order = {str(path): index for index, path in enumerate(files)}
    listings.sort(key=lambda listing: order[listing.path])
    if unchecked:
        _write_cache(cache, fingerprint, listings)
    questions = load_questions()
    questions["jurisdiction"]["options"] = {listing.id: listing.name for listing in listings}
    return RuleBook(questions, Jurisdictions(listings, lambda listing: _read(listing, questions)))


def _read(listing: Listing, questions: dict):
    """A listed jurisdiction's rule file, read for use. The load checks run again only when the
    file's bytes differ from those that passed them (it was edited while the app was running)."""
    path = Path(listing.path)
    j, problems = check_file(path, questions, LOAD, trusted_digest=listing.digest)
    if problems:
        raise RuleFileError(problems)
    return j
