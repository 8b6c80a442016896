"""Checking rule files: one pipeline, two levels, every problem reported with file, line and key.

- `LOAD` (the server and `wizard assess` refuse to start on these): the file reads as YAML, the
  schema, unknown answers, facts and operators, duplicate ids, operand types, and every quantity
  and fee evaluated on sample answer sets (`runtime.py`).
- `AUTHORING` (`wizard check` adds these): steps no path can reach, steps that test answers asked
  later or never, answers the rules need that no step asks, questions nothing uses, blank
  citations, fee tiers out of order, questions asked twice (`authoring.py`).
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterable

import yaml

from ..errors import Problem
from ..rulebook import Jurisdiction, RuleBook, expand_questions, jurisdiction_files, load_questions
from ..yamlfile import read_yaml
from .authoring import AUTHORING_CHECKS
from .names import name_problems
from .runtime import runtime_problems
from .schema import schema_problems
from .vocabulary import vocabulary_problems

LOAD, AUTHORING = "load", "authoring"
LOAD_CHECKS = (name_problems, runtime_problems)

__all__ = ["LOAD", "AUTHORING", "check_file", "check_files", "run_checks", "vocabulary_problems"]


def check_file(path: Path, questions: dict, ids: dict[str, str],
               level: str = LOAD) -> tuple[Jurisdiction | None, list[Problem]]:
    """The jurisdiction in one rule file (None unless it passes) and every problem found at `level`.

    `ids` maps each jurisdiction id seen so far to its file, to catch duplicates across files."""
    try:
        data = read_yaml(path)
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
        mark = getattr(error, "problem_mark", None)
        return None, [Problem(str(path), mark.line + 1 if mark else None, "(file)", str(error).splitlines()[0])]
    j = Jurisdiction(data, path) if isinstance(data, dict) else None
    found = schema_problems(data, lambda where: j.line(*where) if j else None, str(path))
    if j is None:
        return None, found
    malformed = bool(found)
    checks = LOAD_CHECKS + (AUTHORING_CHECKS if level == AUTHORING else ())
    for check in checks:
        found += _guarded(malformed, check, j, questions)
    ident = data.get("id")
    if isinstance(ident, str):
        if ident in ids:
            found.append(Problem(str(path), j.line("id"), "id",
                                 f"duplicate jurisdiction id {ident!r} (also in {ids[ident]})"))
        ids.setdefault(ident, str(path))
    found = sorted(dict.fromkeys(found), key=lambda p: p.line or 0)
    if found:
        return None, found
    j.asked_keys = expand_questions([q for step in j.steps for q in step["questions"]], questions)
    return j, []


def _guarded(malformed: bool, check: Callable, *args) -> list[Problem]:
    """On a file that fails the schema a check may trip over the malformed part; the schema said why."""
    try:
        return check(*args)
    except (KeyError, TypeError, AttributeError, IndexError, ValueError):
        if malformed:
            return []
        raise


def check_files(paths: Iterable[Path] | None = None, level: str = LOAD) -> tuple[RuleBook, list[Problem]]:
    """Check every rule file at `level`; returns the book of those that passed and every problem."""
    questions = load_questions()
    jurisdictions: dict[str, Jurisdiction] = {}
    problems: list[Problem] = []
    ids: dict[str, str] = {}
    for path in jurisdiction_files(paths):
        j, found = check_file(path, questions, ids, level)
        problems.extend(found)
        if j is not None:
            jurisdictions[j.id] = j
    questions["jurisdiction"]["options"] = {k: j.name for k, j in jurisdictions.items()}
    return RuleBook(questions, jurisdictions), problems


def run_checks(paths: list[Path] | None = None) -> list[Problem]:
    """`wizard check`: every problem at the authoring level, the shared questions file included."""
    problems = [Problem(str(p), None, "(folder)", "no .yaml rule files in this folder")
                for p in paths or [] if p.is_dir() and not any(p.glob("*.yaml"))]
    problems += vocabulary_problems()
    return problems + check_files(paths, AUTHORING)[1]
