"""Checking layer files (a state's or county's permits beside the town's): every problem at once,
each with file, line and key, as for a town's rule file. The server refuses to start on any of
them; `wizard check` prints them all."""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Iterator

import jsonschema
import yaml

from ...engine.conditions import names_in
from ...engine.facts import FACTS
from ...errors import Problem
from ...kinds import KINDS
from ...language import OFFICE_LANGUAGE
from ...resources import resource_dir
from ...rules.layers import LAYER_SUFFIX, Layer
from ...rules.texts import in_language
from ...rules.yamlfile import KeyPath, dotted, parse_yaml, read_file_bytes, read_yaml
from .messages import plain_message
from .names import did_you_mean, known_names
from .schema import condition_issues, schema as jurisdiction_schema

CONDITION_KEYS = ("if", "may_be_needed_if", "ask_if")


@functools.lru_cache(maxsize=1)
def layer_validator() -> jsonschema.Draft202012Validator:
    """The layer schema with the town schema's shared definitions (condition, citation, name...)."""
    own = read_yaml(resource_dir("interviews") / "schema" / "layer.schema.yaml")
    merged = {**own, "$defs": {**jurisdiction_schema()["$defs"], **own["$defs"]}}
    return jsonschema.Draft202012Validator(merged)


def check_layer_file(path: Path, shared_questions: dict) -> tuple[Layer | None, list[Problem]]:
    """The layer in one file (None unless it passes) and every problem found in it."""
    try:
        written = parse_yaml(read_file_bytes(path).decode("utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
        mark = getattr(error, "problem_mark", None)
        return None, [Problem(str(path), mark.line + 1 if mark else None, "(file)", f"the layer file cannot be read ({error})")]
    data = in_language(written, OFFICE_LANGUAGE)  # checked as the English reads, as a town's file
    layer = Layer(written, path)
    found = [Problem(str(path), layer.line(*where), dotted(where) or "(file)", message)
             for where, message in _schema_issues(data)]
    if not found:
        found = [Problem(str(path), layer.line(*where), dotted(where), message)
                 for where, message in _meaning_issues(data, in_language(shared_questions, OFFICE_LANGUAGE))]
    found = sorted(dict.fromkeys(found), key=lambda p: p.line or 0)
    return (None if found else layer), found


def _schema_issues(data: Any) -> list[tuple[KeyPath, str]]:
    issues: list[tuple[KeyPath, str]] = []
    for error in sorted(layer_validator().iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        where = tuple(error.absolute_path)
        if where and where[-1] in CONDITION_KEYS:
            named = condition_issues(error.instance, where)
            if named:
                issues.extend(named)
                continue
        best = jsonschema.exceptions.best_match([error]) if error.context else error
        issues.append((tuple(best.absolute_path), plain_message(best)))
    return issues


def _conditions(data: dict) -> Iterator[tuple[KeyPath, Any]]:
    for key, question in (data.get("questions") or {}).items():
        yield ("questions", key, "ask_if"), question["ask_if"]
    for index, permit in enumerate(data["permits"]):
        for key in ("if", "may_be_needed_if"):
            if key in permit:
                yield ("permits", index, key), permit[key]
        for n, rule in enumerate(permit.get("unless") or []):
            if "if" in rule:
                yield ("permits", index, "unless", n, "if"), rule["if"]
        for n, note in enumerate(permit.get("notes") or []):
            if "if" in note:
                yield ("permits", index, "notes", n, "if"), note["if"]


def _meaning_issues(data: dict, shared: dict) -> list[tuple[KeyPath, str]]:
    """What the schema cannot say: every name is an answer, a fact or the file's own question; an
    own question does not take a shared key; a count is of a number; ids are unique."""
    own = data.get("questions") or {}
    issues: list[tuple[KeyPath, str]] = [(("questions", key), f"{key!r} is already a shared question; use it as it is, or choose another key")
              for key in own if key in shared]
    questions = {**shared, **own}
    known = known_names(questions)
    for where, condition in _conditions(data):
        for name in sorted(names_in(condition)):
            if name not in known:
                issues.append((where, f"unknown answer or fact {name!r}{did_you_mean(name, known)}"))
    seen: set[str] = set()
    for index, permit in enumerate(data["permits"]):
        if permit["id"] in seen:
            issues.append((("permits", index, "id"), f"duplicate permit id {permit['id']!r}"))
        seen.add(permit["id"])
        if "if" not in permit and "may_be_needed_if" not in permit:
            issues.append((("permits", index), "a permit needs `if` (when it is needed) or `may_be_needed_if` "
                           "(when the text we hold stops short of saying)"))
        count = permit.get("count")
        if count and count["of"] not in known:
            issues.append((("permits", index, "count", "of"), f"unknown answer or fact {count['of']!r}"))
        elif count and not _is_number(count["of"], questions):
            issues.append((("permits", index, "count", "of"), f"{count['of']!r} is not a number: a count is of a number"))
        for n, lead in enumerate(permit["lead_times"]):
            start = lead.get("counted_from")
            if start is not None and questions.get(start, {}).get("kind") != "datetime":
                issues.append((("permits", index, "lead_times", n, "counted_from"),
                               f"{start!r} is not a date question: a lead time counts back from a date"))
        if not permit["lead_times"] and not permit["gaps"]:
            issues.append((("permits", index, "gaps"), "no lead time and no gap: say under `gaps` that the text "
                           "we hold gives no lead time, and whom to ask"))
        if permit["fee"]["amount"] is None and not permit["gaps"]:
            issues.append((("permits", index, "gaps"), "the fee has no amount: say under `gaps` whom to ask"))
    return issues


def _is_number(name: str, questions: dict) -> bool:
    if name in FACTS:
        return FACTS[name].kind == "number"
    kind = KINDS.get(questions.get(name, {}).get("kind"))
    return kind is not None and kind.compare_as == "number"


def layer_problems(paths: list[Path], shared_questions: dict) -> tuple[list[Layer], list[Problem]]:
    """Every layer that passes and every problem of those that do not; a repeated id is a problem."""
    layers: list[Layer] = []
    problems: list[Problem] = []
    ids: dict[str, str] = {}
    for path in paths:
        layer, found = check_layer_file(path, shared_questions)
        problems += found
        if layer is None:
            continue
        if layer.id in ids:
            problems.append(Problem(str(path), layer.line("id"), "id", f"duplicate layer id {layer.id!r} (also in {ids[layer.id]})"))
            continue
        ids[layer.id] = str(path)
        layers.append(layer)
    return layers, problems



def is_layer_file(path: Path) -> bool:
    """A layer file is named `*.layer.yaml`: told apart by its name, so that `wizard check` over twenty
    thousand town files reads none of them to find out."""
    return path.name.endswith(LAYER_SUFFIX)
