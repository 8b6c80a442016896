"""Checking rule files: one pipeline, two levels, every problem reported with file, line and key.

- `LOAD` (the server and `wizard assess` refuse to start on these): the file reads as YAML, the
  schema, the file's own questions and rewordings (`questions.py`), unknown answers, facts and
  operators, duplicate ids, reserved step and question names (`reserved.py`), a fee's `minimum` or
  `further` sum and a lead time's `counted_from` or a `deemed_granted` without the parts they need
  (`sums_and_periods.py`), operand types, every quantity and fee evaluated on sample answer sets
  (`runtime.py`), and `TODO:` placeholders left from `wizard new`.
- `AUTHORING` (`wizard check` adds these): steps no path can reach, steps that test answers asked
  later or never, answers the rules need that no step asks, questions nothing uses, blank
  citations, fee tiers out of order, questions asked twice (`authoring.py`).
"""
from __future__ import annotations

import dataclasses
import functools
import hashlib
from pathlib import Path
from typing import Callable, Iterable

import yaml

from ..checkrecord import CheckRecord, checks_fingerprint, passed_entry
from ...errors import Problem
from ..parallel import each_in_parallel, in_parallel
from ...rules.questionbook import effective_questions, question_changes
from ...rules.rulebook import Jurisdiction, RuleBook, expand_questions, jurisdiction_files, load_questions
from ...language import OFFICE_LANGUAGE
from ...rules.texts import in_language
from ...rules.yamlfile import RefusedYaml, line_map, line_of, parse_yaml, read_file_bytes
from .authoring import AUTHORING_CHECKS, placeholder_problems
from .layers import is_layer_file, layer_problems
from ...rules.layers import layer_files
from .names import name_problems
from .questions import own_question_problems
from .reserved import reserved_problems
from .sums_and_periods import money_shape_problems, period_problems
from .runtime import runtime_problems
from .schema import schema_problems
from .texts import texts_problems
from .vocabulary import vocabulary_problems

LOAD, AUTHORING = "load", "authoring"
LOAD_CHECKS = (name_problems, reserved_problems, money_shape_problems, period_problems, runtime_problems,
               placeholder_problems)  # no `TODO:` text reaches an organizer

__all__ = ["LOAD", "AUTHORING", "check_file", "check_files", "check_path", "duplicate_ids", "prepared",
           "run_checks", "vocabulary_problems"]


def check_file(path: Path, questions: dict, level: str = LOAD,
               trusted_digest: str | None = None) -> tuple[Jurisdiction | None, list[Problem]]:
    """The jurisdiction in one rule file (None unless it passes) and every problem found at `level`.

    Ids repeated across files are the caller's to catch (`duplicate_ids`). A file whose sha256 is `trusted_digest` already passed the load checks and is only read."""
    try:
        raw = read_file_bytes(path)
        written = parse_yaml(raw.decode("utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
        mark = getattr(error, "problem_mark", None)
        return None, [Problem(str(path), mark.line + 1 if mark else None, "(file)", unreadable(error))]
    if trusted_digest and level == LOAD and hashlib.sha256(raw).hexdigest() == trusted_digest:
        return prepared(Jurisdiction(written, path), questions), []
    # Checked as the English reads (docs/decisions/0002-spanish-beside-the-law.md): a text written in two languages checks as its English;
    # its Spanish is the authoring check `texts_problems`'s.
    data, english = in_language(written, OFFICE_LANGUAGE), english_questions(questions)
    j = Jurisdiction(data, path) if isinstance(data, dict) else None
    if j is not None:
        j._views[OFFICE_LANGUAGE] = data  # already read in it: the checks need not walk the file again
    found = schema_problems(data, lambda where: j.line(*where) if j else None, str(path))
    if j is None:
        return None, found
    found += _guarded(bool(found), own_question_problems, j, english)
    malformed = bool(found)  # later checks may trip over a malformed part the problems above name
    own = effective_questions(english, data)  # the shared questions with this file's own merged in
    checks = LOAD_CHECKS + (AUTHORING_CHECKS if level == AUTHORING else ())
    # Formulas the schema already found broken are not run on sample answers (a null tier amount
    # would only add a confusing second message about the same line).
    broken = tuple(p.key for p in found)
    for check in checks:
        run = functools.partial(runtime_problems, broken=broken) if check is runtime_problems else check
        found += _guarded(malformed, run, j, own)
    if written is not data:  # texts in two languages: no `TODO:` in the Spanish either
        spanish = Jurisdiction(in_language(written, "es"), path)
        found += _guarded(malformed, placeholder_problems, spanish, own)
    if level == AUTHORING:
        found += _guarded(malformed, texts_problems, j, written)
    found = sorted(dict.fromkeys(found), key=lambda p: p.line or 0)
    if found:
        return None, found
    passed = dataclasses.replace(j, data=written)
    passed._views[OFFICE_LANGUAGE] = data
    return prepared(passed, questions), []


def english_questions(questions: dict) -> dict:
    """The shared questions as the checks read them: in English (read once per questions mapping)."""
    kept = _english.get("kept")
    if kept is None or kept[0] is not questions:
        kept = _english["kept"] = (questions, in_language(questions, OFFICE_LANGUAGE))
    return kept[1]


_english: dict = {}


def unreadable(error: Exception) -> str:
    """Why a rule file could not be read, in a sentence."""
    if isinstance(error, UnicodeDecodeError):
        return "the file is not UTF-8 text; save it as UTF-8"
    if isinstance(error, OSError):
        return f"the file cannot be read ({error.strerror or error})"
    if isinstance(error, RefusedYaml):
        return error.problem
    what = getattr(error, "problem", None) or str(error).splitlines()[0]
    return (f"the file is not valid YAML here ({what}); check the indentation, and put in quotes any text "
            "that contains ': ' or ' #', or starts with a character such as [ { * & ! % @ or `")


def prepared(j: Jurisdiction, questions: dict) -> Jurisdiction:
    """A checked jurisdiction with its own questions merged and its answer keys in interview order."""
    j.question_changes = question_changes(questions, j.data)
    own = {**questions, **j.question_changes}
    j.asked_keys = expand_questions([q for step in j.steps for q in step["questions"]], own)
    return j


def _guarded(malformed: bool, check: Callable, *args) -> list[Problem]:
    """On a file that fails the schema a check may trip over the malformed part; the schema said why."""
    try:
        return check(*args)
    except (KeyError, TypeError, AttributeError, IndexError, ValueError):
        if malformed:
            return []
        # A shape the checks did not foresee: say so in a sentence rather than show a traceback.
        return [Problem(str(args[0].path), None, "(file)", "the checks could not finish reading this file "
                        f"(step: {getattr(check, '__name__', 'formulas').replace('_', ' ')}); compare its shape with the examples in "
                        "docs/authoring.md, and report the file to the maintainers")]


def check_files(paths: Iterable[Path] | None = None, level: str = LOAD) -> tuple[RuleBook, list[Problem]]:
    """Check every rule file at `level`; returns the book of those that passed and every problem.
    Many files are checked in parallel, one worker process per core."""
    results = in_parallel(functools.partial(check_path, level=level), jurisdiction_files(paths))
    problems = [p for _, found in results for p in found]
    passed = [j for j, _ in results if j is not None]
    repeated = duplicate_ids([(j.id, str(j.path)) for j in passed])
    problems += repeated
    dropped = {p.file for p in repeated}
    jurisdictions = {j.id: j for j in passed if str(j.path) not in dropped}
    questions = load_questions(lang=None)
    layers, found = layer_problems(layer_files(), questions)
    questions["jurisdiction"]["options"] = {k: j.name for k, j in jurisdictions.items()}
    return RuleBook(questions, jurisdictions, layers=tuple(layers)), problems + found


@functools.lru_cache(maxsize=1)
def _questions() -> dict:
    return load_questions(lang=None)


def check_path(path: Path, level: str = LOAD) -> tuple[Jurisdiction | None, list[Problem]]:
    """`check_file` against the shared questions (read once per process)."""
    return check_file(path, _questions(), level)


def duplicate_ids(found: list[tuple[str, str]]) -> list[Problem]:
    """(id, file) of each jurisdiction in order: a problem for every id seen before, on its line."""
    first: dict[str, str] = {}
    problems = []
    for ident, file in found:
        if ident in first:
            line = line_of(line_map(Path(file)), ("id",))  # the line map costs a parse: only here
            problems.append(Problem(file, line, "id", f"duplicate jurisdiction id {ident!r} (also in {first[ident]})"))
        first.setdefault(ident, file)
    return problems


def run_checks(paths: list[Path] | None = None, record_dir: Path | None = None,
               on_file: Callable[[list[Problem]], None] | None = None) -> list[Problem]:
    """`wizard check`: every problem at the authoring level, the shared questions file included.

    With `record_dir`, files whose bytes passed these checks before (under the same checks) are
    not read again, and those that pass now are added to the record there, for the next check and
    for every server (`wizard/authoring/checkrecord.py`). `on_file` hears each file's problems as it is done."""
    problems = [Problem(str(p), None, "(folder)", "no .yaml rule files in this folder")
                for p in paths or [] if p.is_dir() and not any(p.glob("*.yaml"))]
    problems += vocabulary_problems()
    # The layers (a state's permits beside the town's): the built-in ones, and any named directly.
    files = jurisdiction_files(paths)
    named_layers = [f for f in files if is_layer_file(f)]
    problems += layer_problems(named_layers if paths else layer_files(), _questions())[1]
    record = CheckRecord(record_dir, checks_fingerprint())
    digests, unreadable = record.digests([f for f in files if f not in named_layers])
    problems += unreadable
    ids: dict[str, str] = {}  # file -> id, for the duplicate check in file order
    todo = []
    for path, digest in digests.items():
        known = record.passed(digest, authoring=True)
        if known is None:
            todo.append((path, digest))
            continue
        ids[str(path)] = known["id"]
        if on_file:
            on_file([])
    # One worker per core: `wizard check` runs alone, not beside a server whose memory the cap spares.
    checked = each_in_parallel(_authoring_entry, todo, most=None)
    for (entry, found), (path, _) in zip(record.remember_each(checked), todo):
        problems += found
        if entry is not None:
            ids[str(path)] = entry.fields["id"]
        if on_file:
            on_file(found)
    problems += duplicate_ids([(ids[str(path)], str(path)) for path in digests if str(path) in ids])
    if record.write_error:
        problems.append(Problem(str(record.path), None, "(record)", record.write_error))
    return problems


def _authoring_entry(item: tuple[Path, str]):
    """What `wizard check` needs of one file, small enough to send back from a worker cheaply."""
    path, digest = item
    j, problems = check_path(path, AUTHORING)
    return (passed_entry(j, digest, authoring=True) if j else None), problems
