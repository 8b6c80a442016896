"""Loading the rule book for use: any problem at all is fatal, so a broken rule never reaches an
organizer. The checks themselves are in `wizard.authoring.checks` (the `LOAD` level).

With twenty thousand rule files (every municipality of a country), start-up must not parse and
validate every file each time. A file that passed is remembered by the sha256 of its bytes in a
record (`wizard/authoring/checkrecord.py`) together with the fingerprint of everything the checks read: the
schema, the shared questions and the checks' own code. `wizard check DIR` leaves that record in
DIR, so a server with any instance folder starts from it: a remembered file is listed without
being read, and read when first used (`rulebook.Jurisdictions`) from its parsed form, or checked
again if its bytes changed since.
"""
from __future__ import annotations

from pathlib import Path
from typing import Iterable

from .checkrecord import CheckRecord, Passed, checks_fingerprint, file_digest, passed_entry
from .checks import LOAD, check_file, check_path, duplicate_ids, prepared
from .checks.layers import layer_problems
from ..errors import Problem, RuleFileError
from ..rules.layers import layer_files
from ..interview.layer_steps import join_layers
from .parallel import each_in_parallel
from ..rules.rulebook import (
    Jurisdiction,
    Jurisdictions,
    Listing,
    RuleBook,
    jurisdiction_files,
    load_questions,
)

__all__ = ["checks_fingerprint", "load_rulebook"]

def _check_for_record(item: tuple[Path, str]) -> tuple[Passed | None, list[Problem]]:
    """Run the load checks on one file (in a worker process when there are many)."""
    path, digest = item
    j, problems = check_path(path, LOAD)
    return (passed_entry(j, digest, authoring=False) if j else None), problems


def load_rulebook(paths: Iterable[Path] | None = None, cache_dir: Path | None = None) -> RuleBook:
    """Check (or recall the check of) every rule file and list them; raise RuleFileError on any problem.
    `cache_dir` is the folder of the record (`wizard/authoring/checkrecord.py`); None remembers nothing."""
    files = jurisdiction_files(paths)
    record = CheckRecord(cache_dir, checks_fingerprint())
    digests, problems = record.digests(files)
    listings: list[Listing] = []
    unchecked: list[tuple[Path, str]] = []
    for path, digest in digests.items():
        known = record.passed(digest)
        if known is None:
            unchecked.append((path, digest))
        else:
            listings.append(Listing(path=str(path), digest=digest, **known))
    results = record.remember_each(each_in_parallel(_check_for_record, unchecked))
    for (entry, found), (path, _) in zip(results, unchecked):  # in order; results first, so it runs to its end
        problems.extend(found)
        if entry is not None:
            listings.append(Listing(path=str(path), digest=entry.digest, **entry.fields))
    problems += duplicate_ids([(listing.id, listing.path) for listing in listings])
    if problems:
        raise RuleFileError(problems)
    order = {str(path): index for index, path in enumerate(files)}
    listings.sort(key=lambda listing: order[listing.path])
    questions = load_questions(lang=None)
    layers, layer_problems_found = layer_problems(layer_files(), questions)
    if layer_problems_found:
        raise RuleFileError(layer_problems_found)
    questions["jurisdiction"]["options"] = {listing.id: listing.name for listing in listings}
    return RuleBook(questions, Jurisdictions(
        listings, lambda listing: _with_layers(_read(listing, questions, record), layers)), layers=tuple(layers))


def _with_layers(j: Jurisdiction, layers: list) -> Jurisdiction:
    """A town's interview asks its covering layers' questions too (wizard/interview/layer_steps.py)."""
    return join_layers(j, [layer for layer in layers if layer.covers(j.state, j.county, j.id)])


def _read(listing: Listing, questions: dict, record: CheckRecord) -> Jurisdiction:
    """A listed jurisdiction's rule file, read for use: from its parsed form when its bytes are
    those that passed; checked in full when they differ (it was edited while the app was running)."""
    path = Path(listing.path)
    try:
        unchanged = file_digest(path) == listing.digest
    except OSError:
        unchanged = False  # check_file says why it cannot be read
    data = record.parsed(listing.digest) if unchanged else None
    if data is not None:
        return prepared(Jurisdiction(data, path), questions)
    j, problems = check_file(path, questions, LOAD, trusted_digest=listing.digest)
    if problems:
        raise RuleFileError(problems)
    return j
