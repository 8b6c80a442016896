"""`wizard check`: every problem in the rule files at once, each with its file, line and key.

Two layers of checks:

- Load checks (`loader.check_files`, so the server refuses to start on them): the schema,
  unknown answers, facts and operators, duplicate ids, and `runtime_problems` below (operand
  types, and every quantity and fee evaluated on sample answer sets).
- Authoring checks (`authoring_problems`, reported by `wizard check` only): steps no path can
  reach, steps that test answers asked later or never, answers the rules need that no step asks,
  questions nothing uses, blank citations, fee tiers out of order, questions asked twice.
"""
from __future__ import annotations
from __future__ import annotations

from pathlib import Path
from typing import Callable

import yaml

from ..errors import Problem
from ..kinds import KINDS
from ..loader import dotted, Jurisdiction, jurisdiction_files, load_questions, read_yaml, schema_problems, semantic_problems
from .authoring import AUTHORING_CHECKS, authoring_problems
from ..answers import DERIVED_INPUTS
from .common import asked_at, kind_of, needed_keys
from .runtime import runtime_problems, sample_answer_sets

__all__ = ["run_checks", "check_file", "runtime_problems", "authoring_problems", "vocabulary_problems",
           "sample_answer_sets", "asked_at", "needed_keys", "kind_of", "DERIVED_INPUTS"]


def run_checks(paths: list[Path] | None = None) -> list[Problem]:
    """Check every rule file (default: the built-in ones) and return all problems found."""

    problems = [Problem(str(p), None, "(folder)", "no .yaml rule files in this folder")
                for p in paths or [] if p.is_dir() and not any(p.glob("*.yaml"))]
    problems += vocabulary_problems()
    questions = load_questions()
    ids: dict[str, str] = {}
    for path in jurisdiction_files(paths):
        problems.extend(check_file(path, questions, ids))
    return problems


QUESTION_KEYS = {"kind", "label", "hint", "error", "options", "optional", "contract", "part_of",
                 "form_label", "autocomplete", "input_type"}
INPUT_TYPES = ("text", "email", "tel", "url")


def vocabulary_problems(path: Path | None = None) -> list[Problem]:
    """The shared questions file: known kinds and keys, options where needed, flag sets that fit."""
    from ..resources import resource_dir

    path = path or resource_dir("interviews") / "questions.yaml"
    data, lines = read_yaml(path)
    questions, found = data.get("questions") or {}, []

    def problem(where: tuple, message: str) -> None:
        where = ("questions",) + where
        found.append(Problem(str(path), lines.get(where) or lines.get(where[:2]), dotted(where), message))

    for key, q in questions.items():
        if not isinstance(q, dict) or q.get("kind") not in KINDS:
            problem((key,), f"kind must be one of: {', '.join(KINDS)}")
            continue
        for extra in sorted(set(q) - QUESTION_KEYS, key=str):
            problem((key, extra), f"unknown key {extra!r} (a comma in an unquoted label splits it: quote the label)")
        if not isinstance(q.get("label"), str) or not q["label"].strip():
            problem((key,), "needs a label")
        for text_key in ("form_label", "autocomplete"):
            if text_key in q and (not isinstance(q[text_key], str) or not q[text_key].strip()):
                problem((key, text_key), f"{text_key} must be text")
        if "input_type" in q and q["input_type"] not in INPUT_TYPES:
            problem((key, "input_type"), f"input_type must be one of: {', '.join(INPUT_TYPES)}")
        if ("autocomplete" in q or "input_type" in q) and KINDS[q["kind"]].widget not in ("line", "lines"):
            problem((key,), "autocomplete and input_type apply to text questions only")
        if KINDS[q["kind"]].needs_options and key != "jurisdiction" and not q.get("options"):
            problem((key,), f"a {q['kind']} question needs options")
        for flag in q.get("options") or {} if q["kind"] == "flag_set" else ():
            if (questions.get(flag) or {}).get("kind") != "yes_no":
                problem((key, "options", flag), f"flag {flag!r} must also be a yes_no question")
        parent = q.get("part_of")
        if parent and flag_owner_missing(questions, parent, key):
            problem((key, "part_of"), f"{parent!r} is not a flag_set listing {key!r}")
    return found


def flag_owner_missing(questions: dict, parent: str, key: str) -> bool:
    owner = questions.get(parent) or {}
    return owner.get("kind") != "flag_set" or key not in (owner.get("options") or {})


def check_file(path: Path, questions: dict, ids: dict[str, str]) -> list[Problem]:

    try:
        data, lines = read_yaml(path)
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
        mark = getattr(error, "problem_mark", None)
        return [Problem(str(path), mark.line + 1 if mark else None, "(file)", str(error).splitlines()[0])]
    found = [_friendlier(p) for p in schema_problems(data, lines, str(path))]
    malformed = bool(found)
    if not isinstance(data, dict):
        return found
    j = Jurisdiction(data, path, lines)
    found += _guarded(malformed, semantic_problems, j, questions)
    ident = data.get("id")
    if isinstance(ident, str):
        if ident in ids:
            found.append(Problem(str(path), j.line("id"), "id", f"duplicate jurisdiction id {ident!r} (also in {ids[ident]})"))
        ids.setdefault(ident, str(path))
    for check in AUTHORING_CHECKS:
        found += _guarded(malformed, check, j, questions)
    found = list(dict.fromkeys(found))
    return sorted(found, key=lambda p: p.line or 0)


def _guarded(malformed: bool, check: Callable, *args) -> list[Problem]:
    """On a file that fails the schema a check may trip over the malformed part; the schema said why."""
    try:
        return check(*args)
    except (KeyError, TypeError, AttributeError, IndexError, ValueError):
        if malformed:
            return []
        raise


def _friendlier(problem: Problem) -> Problem:
    if problem.message == "'citation' is a required property":
        return Problem(problem.file, problem.line, problem.key,
                       "has no citation: every step, rule, fee, quantity and checklist item must cite "
                       "the section of the ordinance it comes from")
    return problem
