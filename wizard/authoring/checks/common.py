"""What the checks share: kinds of values, the facts' inputs, walking conditions and formulas."""
from __future__ import annotations

from typing import Any, Callable, Iterable

from ...errors import Problem
from ...engine.facts import fact_kind, required_inputs
from ...engine.formulas import fee_amount, quantity
from ...kinds import KINDS
from ...rules.rulebook import expand_questions, fee_specs
from ...rules.yamlfile import KeyPath, dotted

ORDERING = ("gt", "gte", "lt", "lte")
LISTED = ("in", "not_in", "includes")

class Reporter:
    def __init__(self, j):
        self.j = j
        self.problems: list[Problem] = []

    def __call__(self, where: Iterable, message: str) -> None:
        where = tuple(where)
        self.problems.append(Problem(str(self.j.path), self.j.line(*where), dotted(where), message))


# ---------------------------------------------------------------- kinds of values

def kind_of(name: str, questions: dict) -> str | None:
    """number, yes_no, choice, choices, datetime, text, or None for an unknown name."""
    derived = fact_kind(name)
    if derived is not None:
        return derived
    kind = questions.get(name, {}).get("kind")
    return KINDS[kind].compare_as if kind in KINDS else kind


needed_keys = required_inputs  # the answers without which a name stays unknown


def walk_conditions(data: Any, where: KeyPath = ()) -> Iterable[tuple[KeyPath, Any]]:
    """Yield (path, condition) for every `if` nested anywhere in a rule file."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "if":
                yield where + (key,), value
            else:
                yield from walk_conditions(value, where + (key,))
    elif isinstance(data, list):
        for index, item in enumerate(data):
            yield from walk_conditions(item, where + (index,))


def name_paths(condition: Any, where: KeyPath) -> list[tuple[KeyPath, str]]:
    """(path of the `value` key, name) for every name a condition mentions, operands included."""
    found: list[tuple[KeyPath, str]] = []
    if isinstance(condition, dict):
        for key, sub in condition.items():
            if key == "value" and isinstance(sub, str):
                found.append((where + ("value",), sub))
            else:
                found.extend(name_paths(sub, where + (key,)))
    elif isinstance(condition, list):
        for index, item in enumerate(condition):
            found.extend(name_paths(item, where + (index,)))
    return found


def comparisons(condition: Any, where: tuple) -> Iterable[tuple[tuple, dict]]:
    if not isinstance(condition, dict):
        return
    for key in ("all", "any"):
        if isinstance(condition.get(key), list):
            for index, sub in enumerate(condition[key]):
                yield from comparisons(sub, where + (key, index))
            return
    if "not" in condition:
        yield from comparisons(condition["not"], where + ("not",))
    elif "value" in condition:
        yield where, condition


def all_comparisons(j) -> list[tuple[tuple, dict]]:
    return [c for where, cond in walk_conditions(j.data) for c in comparisons(cond, where)]

def formula_specs(j) -> list[tuple[tuple, str, Callable, dict]]:
    specs = [(("quantities", i), f"quantity {s.get('key')!r}", quantity, s)
             for i, s in enumerate(j.data.get("quantities") or [])]
    fees = j.data.get("fees") or {}
    specs += [(where, label, fee_amount, spec) for where, label, spec in fee_specs(fees)]
    return specs + warning_figures(j)


def warning_figures(j) -> list[tuple[tuple, str, Callable, dict]]:
    """The money figures a warning's text quotes (`figures`), checked as fees are."""
    specs = []
    for index, warning in enumerate(j.data.get("warnings") or []):
        figures = warning.get("figures") if isinstance(warning, dict) else None
        for name, spec in (figures or {}).items() if isinstance(figures, dict) else ():
            if isinstance(spec, dict):
                specs.append((("warnings", index, "figures", name), f"warning figure {name!r}", fee_amount, spec))
    return specs

def path_to(spec: Any, name: str, where: tuple) -> tuple:
    """The path of the key whose value is `name`, for an exact line."""
    if isinstance(spec, dict):
        for key, sub in spec.items():
            if sub == name:
                return where + (key,)
            found = path_to(sub, name, where + (key,))
            if found != where + (key,):
                return found
    elif isinstance(spec, list):
        for index, sub in enumerate(spec):
            found = path_to(sub, name, where + (index,))
            if found != where + (index,):
                return found
    return where

def asked_at(j, questions: dict) -> dict[str, int]:
    """Answer key -> index of the first step that asks it (of a jurisdiction's steps, or of a list of steps)."""
    found: dict[str, int] = {}
    for index, step in enumerate(j if isinstance(j, list) else j.steps):
        for key in expand_questions(step["questions"], questions):
            found.setdefault(key, index)
    return found
