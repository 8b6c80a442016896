"""Conditions in rule files: a closed set of named operators, evaluated in three-valued logic.

A condition is True, False or None (not yet known because an answer it needs is missing).
Nothing here evaluates text as code; an unknown operator is a load-time error, see `loader`.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

from .facts import Facts

Result = tuple[bool | None, set[str]]

COMPARISONS: dict[str, Callable[[Any, Any], bool]] = {
    "equals": lambda a, b: a == b,
    "not_equals": lambda a, b: a != b,
    "in": lambda a, b: a in b,
    "not_in": lambda a, b: a not in b,
    "gt": lambda a, b: a > b,
    "gte": lambda a, b: a >= b,
    "lt": lambda a, b: a < b,
    "lte": lambda a, b: a <= b,
    "includes": lambda a, b: any(item in a for item in b),
}
OPERATORS = {
    "all": "every condition in the list holds",
    "any": "at least one condition in the list holds",
    "not": "the condition does not hold",
    "equals": "the value equals the operand",
    "not_equals": "the value differs from the operand",
    "in": "the value is one of the listed operands",
    "not_in": "the value is none of the listed operands",
    "gt": "the value is greater than the operand (\"in excess of 200\" is gt: 200)",
    "gte": "the value is at least the operand (\"300 or more\" is gte: 300)",
    "lt": "the value is less than the operand",
    "lte": "the value is at most the operand",
    "includes": "the value (a list) contains at least one of the listed operands",
    "answered": "true: the value has been given; false: it has not",
}


def operand_value(operand: Any, facts: Facts) -> tuple[Any, set[str]]:
    """A literal, {value: NAME} or {sum: [operands]}; returns (value or None, missing keys)."""
    if isinstance(operand, dict) and "value" in operand:
        value = facts.get(operand["value"])
        return value, (set() if value is not None else set(facts.depends_on(operand["value"])))
    if isinstance(operand, dict) and "sum" in operand:
        total, missing = 0, set()
        for part in operand["sum"]:
            value, need = operand_value(part, facts)
            missing |= need
            total = None if value is None or total is None else total + value
        return total, missing
    return operand, set()


def evaluate(condition: dict | None, facts: Facts) -> Result:
    if condition is None:
        return True, set()
    if "all" in condition:
        return _combine((evaluate(c, facts) for c in condition["all"]), stop_on=False)
    if "any" in condition:
        return _combine((evaluate(c, facts) for c in condition["any"]), stop_on=True)
    if "not" in condition:
        value, missing = evaluate(condition["not"], facts)
        return (None if value is None else not value), missing
    return _compare(condition, facts)



def holds(item: dict, facts: Facts) -> bool:
    """A rule-file item applies: its `if` is true for these facts (no `if`: always). An unknown
    result (an answer not given yet) does not apply."""
    return evaluate(item.get("if"), facts)[0] is True


def _combine(results: Iterable[Result], stop_on: bool) -> Result:
    """Kleene all/any: a decisive value wins even when other parts are unknown. The parts are worked out
    one at a time and the first decisive one ends it: a decisive result is the same whatever the rest say,
    and a town's scope rules hold hundreds of parts that every step of the interview evaluates again."""
    unknown: list[set[str]] = []
    for value, missing in results:
        if value is stop_on:
            return stop_on, set()
        if value is None:
            unknown.append(missing)
    if unknown:
        return None, set().union(*unknown)
    return (not stop_on), set()


def _compare(condition: dict, facts: Facts) -> Result:
    name = condition["value"]
    (operator,) = [k for k in condition if k != "value"]
    value = facts.get(name)
    if operator == "answered":
        return (value is not None) == bool(condition[operator]), set()
    if value is None:
        return None, set(facts.depends_on(name))
    operand = condition[operator]
    if isinstance(operand, list):
        resolved = [operand_value(item, facts) for item in operand]
        missing = set().union(*(m for _, m in resolved)) if resolved else set()
        if any(v is None for v, _ in resolved):
            return None, missing
        operand = [v for v, _ in resolved]
    else:
        operand, missing = operand_value(operand, facts)
        if operand is None:
            return None, missing
    try:
        return bool(COMPARISONS[operator](value, operand)), set()
    except TypeError:
        # A rule comparing a number with text is a rule-file bug that `wizard check` reports;
        # at run time it must not crash a page, so the condition simply does not hold.
        return False, set()


def names_in(condition: Any) -> set[str]:
    """Every value name a condition (or operand) mentions, for load-time checks."""
    found: set[str] = set()
    if isinstance(condition, dict):
        if "value" in condition and isinstance(condition["value"], str):
            found.add(condition["value"])
        for key, sub in condition.items():
            if key != "value":
                found |= names_in(sub)
    elif isinstance(condition, list):
        for item in condition:
            found |= names_in(item)
    return found
