"""What the checks share: kinds of values, the facts' inputs, walking conditions and formulas."""
from __future__ import annotations

from typing import Any, Callable, Iterable

from ..answers import DERIVED_FACTS, Facts
from ..errors import Problem
from ..formulas import money, quantity
from ..loader import _walk_conditions, dotted, expand_questions

BOOLEAN_FACTS = {"multi_day", "commercial", "hazardous_activity", "open_overnight"}
# Answers used whatever the rule file says: the engine counts the filing date back from starts_at,
# and the packet's cover (wizard/packet/content.py: event_rows, organizer_rows) shows the rest.
ALWAYS_USED = {
    "jurisdiction", "starts_at", "ends_at", "event_name", "site_address", "max_attendance",
    "applicant_name", "organizer_type", "organization_name", "applicant_phone", "applicant_email",
}
ORDERING = ("gt", "gte", "lt", "lte")
LISTED = ("in", "not_in", "includes")
MONEY = ("application", "deposit", "bond")

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
    if name in DERIVED_FACTS:
        return "yes_no" if name in BOOLEAN_FACTS else "number"
    kind = questions.get(name, {}).get("kind")
    if kind in ("count", "share"):
        return "number"
    return "text" if kind == "long_text" else kind


def needed_keys(name: str) -> list[str]:
    """The answers without which a name stays unknown."""
    return Facts({}).depends_on(name) if name in DERIVED_FACTS else [name]


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
    return [c for where, cond in _walk_conditions(j.data) for c in comparisons(cond, where)]

def formula_specs(j) -> list[tuple[tuple, str, Callable, dict]]:
    specs = [(("quantities", i), f"quantity {s.get('key')!r}", quantity, s)
             for i, s in enumerate(j.data.get("quantities") or [])]
    fees = j.data.get("fees") or {}
    return specs + [(("fees", n), f"fee {n!r}", money, fees[n]) for n in MONEY if isinstance(fees.get(n), dict)]

def _path_to(spec: Any, name: str, where: tuple) -> tuple:
    """The path of the key whose value is `name`, for an exact line."""
    if isinstance(spec, dict):
        for key, sub in spec.items():
            if sub == name:
                return where + (key,)
            found = _path_to(sub, name, where + (key,))
            if found != where + (key,):
                return found
    elif isinstance(spec, list):
        for index, sub in enumerate(spec):
            found = _path_to(sub, name, where + (index,))
            if found != where + (index,):
                return found
    return where

def asked_at(j, questions: dict) -> dict[str, int]:
    """Answer key -> index of the first step that asks it."""
    found: dict[str, int] = {}
    for index, step in enumerate(j.steps):
        for key in expand_questions(step["questions"], questions):
            found.setdefault(key, index)
    return found
