"""The JSON Schema check of a rule file, with plain explanations of broken conditions."""
from __future__ import annotations

import functools
from typing import Any, Callable

import fastjsonschema
import jsonschema

from ...engine.conditions import OPERATORS
from ...errors import Problem
from ...resources import resource_dir
from .messages import plain_message
from ...rules.yamlfile import KeyPath, dotted, read_yaml

LineOf = Callable[[KeyPath], "int | None"]


@functools.lru_cache(maxsize=1)
def schema() -> dict:
    return read_yaml(resource_dir("interviews") / "schema" / "jurisdiction.schema.yaml")


@functools.lru_cache(maxsize=1)
def validator() -> jsonschema.Draft202012Validator:
    """Built once: building a validator resolves the whole schema."""
    return jsonschema.Draft202012Validator(schema())


@functools.lru_cache(maxsize=1)
def quick_validator() -> Callable[[Any], Any]:
    """The schema compiled to Python (fastjsonschema), six times faster on a valid file. It only
    says yes or no: a file it rejects goes through jsonschema, which names every problem. The
    schema uses no keyword newer than draft 7, so both read it alike (tests/authoring/test_check.py)."""
    quick = {k: v for k, v in schema().items() if k != "$schema"}
    quick["$defs"] = {**quick["$defs"], **{name: _any_of(quick["$defs"][name]) for name in EXCLUSIVE_CHOICES}}
    return fastjsonschema.compile(quick)


# Definitions whose `oneOf` choices exclude each other (each requires its own key and allows no other,
# or is of another type), so a value matches one of them exactly when it matches any: `anyOf` accepts
# the same files and stops at the first match, where `oneOf` tries every choice at every condition.
EXCLUSIVE_CHOICES = ("condition", "operand")


def _any_of(definition: dict) -> dict:
    """`definition` with its `oneOf` as an `anyOf`, a comparison (the commonest condition) tried first."""
    choices = sorted(definition["oneOf"], key=lambda choice: "value" not in choice.get("required", ["value"]))
    return {**{k: v for k, v in definition.items() if k != "oneOf"}, "anyOf": choices}


def passes_schema(data: Any) -> bool:
    try:
        quick_validator()(data)
    except fastjsonschema.JsonSchemaException:
        return False
    return True


def schema_problems(data: Any, line_of: LineOf, filename: str) -> list[Problem]:
    if passes_schema(data):
        return []
    problems = []
    errors = sorted(validator().iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    for error in errors:
        if error.schema == schema()["$defs"]["condition"]:
            # A broken condition: say which operator or name is wrong, on its own line.
            issues = condition_issues(error.instance, tuple(error.absolute_path))
            if issues:
                problems.extend(Problem(filename, line_of(w), dotted(w), m) for w, m in issues)
                continue
        # oneOf failures say little; the deepest sub-error names the real mistake.
        best = jsonschema.exceptions.best_match([error]) if error.context else error
        where = tuple(best.absolute_path)
        problems.append(Problem(filename, line_of(where), dotted(where), plain_message(best)))
    return list(dict.fromkeys(problems))  # the same error can arrive by two schema paths


def condition_issues(condition: Any, where: KeyPath) -> list[tuple[KeyPath, str]]:
    """Plain explanations of a malformed condition; empty when the schema's message is better."""
    if not isinstance(condition, dict):
        return [(where, f"a condition must be a mapping like {{value: NAME, equals: X}}, got {condition!r}")]
    combinators = [k for k in ("all", "any", "not") if k in condition]
    if combinators:
        extra = sorted(set(condition) - {combinators[0]})
        if extra:
            return [(where, f"{combinators[0]!r} cannot be combined with {', '.join(map(repr, extra))} in one condition")]
        inner = condition[combinators[0]]
        if combinators[0] == "not":
            return condition_issues(inner, where + ("not",))
        if not isinstance(inner, list) or not inner:
            return [(where + (combinators[0],), f"{combinators[0]!r} needs a non-empty list of conditions")]
        return [i for n, c in enumerate(inner) for i in condition_issues(c, where + (combinators[0], n))]
    operators = [k for k in condition if k != "value"]
    unknown = [k for k in operators if k not in OPERATORS]
    if unknown:
        return [(where + (k,), f"unknown operator {k!r}; use one of: {', '.join(OPERATORS)}") for k in unknown]
    if "value" not in condition:
        return [(where, "a comparison needs `value: NAME` naming the answer or fact it tests")]
    if len(operators) != 1:
        found = ", ".join(operators) or "none"
        return [(where, f"a comparison needs exactly one operator (found: {found})")]
    return []
