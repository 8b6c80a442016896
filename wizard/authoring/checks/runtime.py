"""Load checks the schema cannot express: operand types, and every formula on sample answers.

The loader runs these, so the server refuses to start on them, as `wizard check` reports them.
"""
from __future__ import annotations

from typing import Any

from ...engine.facts import Facts
from ...errors import Problem
from ...engine.formulas import money_names, quantity, quantity_names
from ...kinds import KINDS, SamplePlan
from ...rules.yamlfile import dotted
from .common import LISTED, ORDERING, Reporter, path_to, all_comparisons, formula_specs, kind_of

def runtime_problems(j, questions: dict, broken: tuple = ()) -> list[Problem]:
    """Mistakes that would make an assessment wrong or crash: operand types, failing formulas.
    `broken`: keys (dotted) the schema already reported; formulas under them are not run."""
    report = Reporter(j)
    for where, condition in all_comparisons(j):
        for path, message in _operand_problems(condition, where, questions):
            report(path, message)
    _formula_problems(j, questions, report, broken)
    return report.problems


def _operand_problems(condition: dict, where: tuple, questions: dict) -> list[tuple[tuple, str]]:
    name = condition.get("value")
    operators = [k for k in condition if k != "value"]
    kind = kind_of(name, questions) if isinstance(name, str) else None
    if kind is None or len(operators) != 1 or operators[0] == "answered":
        return []
    op = operators[0]
    where = where + (op,)
    if op in ORDERING and kind in ("yes_no", "choice", "choices"):
        return [(where, f"{name!r} is a {kind} answer; {op!r} only compares numbers, dates and times")]
    if op == "includes" and kind != "choices":
        return [(where, f"'includes' tests a list answer (kind choices); {name!r} is a {kind} answer")]
    if op != "includes" and kind == "choices":
        return [(where, f"{name!r} is a list of choices; test it with 'includes'")]
    operand = condition[op]
    items = list(enumerate(operand)) if op in LISTED and isinstance(operand, list) else [(None, operand)]
    found = []
    for index, item in items:
        message = _literal_problem(item, kind, name, questions)
        if message:
            found.append((where if index is None else where + (index,), message))
    return found


def _literal_problem(item: Any, kind: str, name: str, questions: dict) -> str | None:
    if isinstance(item, dict) and "sum" in item:
        kinds = [kind_of(p["value"], questions) if isinstance(p, dict) else _kind_of_literal(p) for p in item["sum"]]
        parts = [k for k in kinds if k not in (None, "number")]
        if kind != "number" or parts:
            return f"'sum' adds numbers only; cannot compare {name!r} ({kind}) with {item!r}"
        return None
    if isinstance(item, dict):  # {value: NAME}; anything else is the schema's to report
        other = kind_of(item["value"], questions) if isinstance(item.get("value"), str) else None
        if other is not None and other != kind:
            return f"compares {name!r} ({kind}) with {item['value']!r} ({other})"
        return None
    if kind == "choice" and name != "jurisdiction":
        options = list(questions[name].get("options") or {})
        if item not in options:
            return f"{name!r} has no option {item!r}; its options are: {', '.join(options)}"
        return None
    if kind == "choices":
        options = list(questions[name].get("options") or {})
        return None if item in options else f"{name!r} has no option {item!r}; its options are: {', '.join(options)}"
    literal = _kind_of_literal(item)
    if kind in ("number", "yes_no") and literal != kind:
        want = "a number" if kind == "number" else "true or false"
        return f"{name!r} is a {'number' if kind == 'number' else 'yes/no answer'}; compare it with {want}, not {item!r}"
    if kind in ("datetime", "text") and not isinstance(item, str):
        return f"{name!r} is {kind}; compare it with text, not {item!r}"
    return None


def _kind_of_literal(item: Any) -> str:
    if isinstance(item, bool):
        return "yes_no"
    return "number" if isinstance(item, (int, float)) else "text"

def _formula_problems(j, questions: dict, report: Reporter, broken: tuple = ()) -> None:
    failed: set[tuple] = {where for where, *_ in formula_specs(j)
                          if any(key.startswith(dotted(where)) for key in broken)}
    for where, label, fn, spec in formula_specs(j):
        names = quantity_names(spec) if fn is quantity else money_names(spec)
        for name in sorted(names):
            kind = kind_of(name, questions)
            if kind not in (None, "number"):
                report(path_to(spec, name, where), f"{label} reads {name!r}, a {kind} answer; formulas need a "
                                                    "number (a count, a share or a numeric fact)")
                failed.add(where)
    for sample, answers in sample_answer_sets(questions, j.id).items():
        facts = Facts(answers)
        for where, label, fn, spec in formula_specs(j):
            if where in failed:
                continue
            try:
                fn(spec, facts)
            except Exception as error:  # noqa: BLE001 - any failure here is the author's to fix
                failed.add(where)
                where = _failing_part(spec, where, error)
                report(where, f"{label} fails on sample answers ({sample}): {_explain(error)}")


def _failing_part(spec: dict, where: tuple, error: Exception) -> tuple:
    """The `times` factor lacking the name it multiplies by, for an exact line."""
    times = spec.get("times")
    if not isinstance(error, KeyError):
        return where
    if isinstance(times, dict) and error.args[0] not in times:
        return where + ("times",)
    if isinstance(times, list):
        lacking = [i for i, t in enumerate(times) if isinstance(t, dict) and "value" not in t and "of" not in t]
        return where + ("times", lacking[0]) if lacking else where + ("times",)
    return where


def _explain(error: Exception) -> str:
    """What went wrong, for an author: never a Python exception's own words."""
    if isinstance(error, KeyError):
        missing = error.args[0]
        if missing in ("value", "of"):
            return (f"a key it needs is missing: {missing!r}; write `value: NAME` (or `of: NAME`) naming the "
                    "answer or fact to count or multiply by")
        return f"a key it needs is missing: {missing!r}"
    if isinstance(error, ZeroDivisionError):
        return "it divides by zero; `per`, `one_per` and `blocks_of` must be more than 0"
    return ("it could not be computed; every `amount`, `up_to`, `rate`, `per`, `fixed` and `blocks_of` must be "
            "a plain number (no quotes, no $ sign, not null) and every name must be a number answer or fact")

def sample_answer_sets(questions: dict, jurisdiction_id: str) -> dict[str, dict]:
    """A few complete, plausible answer sets (and an empty one) to run every formula on."""
    plans = {
        "a one-day event of 120 people": SamplePlan(120, 0.5, False, 0, "2027-06-05T10:00", "2027-06-05T22:00"),
        "a four-day festival of 25,000": SamplePlan(25_000, 0.35, True, -1, "2027-06-04T08:00", "2027-06-07T23:30"),
        "no one expected, opening and closing at once": SamplePlan(0, 0, True, 1, "2027-06-05T10:00", "2027-06-05T10:00"),
    }
    sets: dict[str, dict] = {"nothing answered yet": {"jurisdiction": jurisdiction_id}}
    for label, plan in plans.items():
        answers: dict[str, Any] = {"jurisdiction": jurisdiction_id}
        for key, q in questions.items():
            value = KINDS[q["kind"]].sample(key, q, plan) if q["kind"] in KINDS else None
            if value is not None and key != "jurisdiction":
                answers[key] = value
        sets[label] = answers
    first = sets["a one-day event of 120 people"]
    sets["optional questions left empty"] = {k: v for k, v in first.items() if not questions[k].get("optional")}
    return sets
