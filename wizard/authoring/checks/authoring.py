"""Authoring checks (`wizard check` only): the interview's flow, unused questions, citations, tiers."""
from __future__ import annotations

from typing import Any

from ...engine.conditions import evaluate, names_in
from ...errors import Problem
from ...engine.facts import Facts, inputs_of
from ...engine.formulas import money_names, quantity, quantity_names
from ...kinds import KINDS
from ...rules.rulebook import expand_questions
from .common import (
    Reporter,
    all_comparisons,
    asked_at,
    formula_specs,
    kind_of,
    name_paths,
    needed_keys,
    path_to,
    walk_conditions,
)

SEARCH_LIMIT = 20_000  # answer combinations tried per step before giving the step the benefit of the doubt


def flow_problems(j, questions: dict) -> list[Problem]:
    """Steps whose `if` tests answers asked later or never, or can never be true on any path."""
    report, asked, literals = Reporter(j), asked_at(j, questions), _literals(j)
    for index, step in enumerate(j.steps):
        if "if" not in step:
            continue
        where, flagged = ("interview", index, "if"), False
        for path, name in name_paths(step["if"], where):
            keys = [k for k in needed_keys(name) if k in questions]
            never = [k for k in keys if k not in asked]
            later = [k for k in keys if k in asked and asked[k] >= index]
            via = "" if keys == [name] else f" (through the fact {name!r})"
            if never:
                report(path, f"step {step['step']!r} can never be asked: its `if` needs {_names(never)}{via}, "
                             "which no step asks")
            elif later:
                first = j.steps[asked[later[0]]]["step"]
                place = "this same step" if asked[later[0]] == index else f"the later step {first!r}"
                report(path, f"step {step['step']!r} tests {_names(later)}{via}, first asked in {place}; "
                             "a step's `if` may only use answers from earlier steps")
            flagged = flagged or bool(never or later)
        if not flagged and not can_be_asked(j, index, questions, asked, literals):
            report(where, f"step {step['step']!r} can never be asked: its `if` is false or unknown on every "
                          "path through the earlier steps")
    return report.problems


def _names(keys: list[str]) -> str:
    return ", ".join(repr(k) for k in keys)


class _SimFacts(Facts):
    """Facts for a simulated interview: a name is known once the steps asking for it were asked."""

    def __init__(self, assignment: dict, collected: set[str]):
        super().__init__({})
        self.assignment, self.collected = assignment, collected

    def get(self, name: str) -> Any:
        if all(k in self.collected for k in needed_keys(name)):
            return self.assignment.get(name)
        return None

    def depends_on(self, name: str) -> list[str]:
        return [name]


def can_be_asked(j, index: int, questions: dict, asked: dict[str, int], literals: dict[str, set]) -> bool:
    """Search the answers the step's `if` depends on (and the `if`s of the steps asking them)."""
    steps = j.steps
    step_keys = [set(expand_questions(s["questions"], questions)) for s in steps[:index]]
    names, queue, conditions = set(), [steps[index]["if"]], []
    while queue:
        conditions.append(queue.pop())
        for name in names_in(conditions[-1]) - names:
            names.add(name)
            queue.extend(steps[i]["if"] for i, keys in enumerate(step_keys)
                         if "if" in steps[i] and keys & set(needed_keys(name)))
    # Variables in interview order, so the search decides early conditions first and prunes.
    order = sorted(names, key=lambda n: (max((asked.get(k, len(steps)) for k in needed_keys(n)), default=0), n))
    domains = [candidates(n, questions, literals.get(n, set())) for n in order]
    # Three-valued logic is monotone: a condition false while some answers are unknown stays false
    # whatever they turn out to be, so a partial assignment can be pruned. `answered` is the exception.
    monotone = "answered" not in repr(conditions)

    def verdict(assignment: dict) -> bool | None:
        collected: set[str] = set()
        facts = _SimFacts(assignment, collected)
        for i in range(index):  # one pass in order: exact when each `if` uses earlier answers only
            if evaluate(steps[i].get("if"), facts)[0] is True:
                collected |= step_keys[i]
        return evaluate(steps[index]["if"], facts)[0]

    budget = [SEARCH_LIMIT]

    def search(depth: int, assignment: dict) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            raise _GiveUp
        if monotone or depth == len(order):
            found = verdict(assignment)
            if found is not None or depth == len(order):
                return found is True
        name = order[depth]
        for value in domains[depth]:
            if search(depth + 1, {**assignment, name: value}):
                return True
        return False

    try:
        return search(0, {})
    except _GiveUp:
        return True  # too many combinations to be sure: give the step the benefit of the doubt


class _GiveUp(Exception):
    pass


def _literals(j) -> dict[str, set]:
    """Every literal each name is compared with, to pick values on both sides of each threshold."""
    found: dict[str, set] = {}
    for _where, condition in all_comparisons(j):
        values = _scalars([v for k, v in condition.items() if k != "value"])
        for name in names_in(condition):
            found.setdefault(name, set()).update(values)
    return found


def _scalars(data: Any) -> list:
    if isinstance(data, dict):
        return [v for k, sub in data.items() if k != "value" for v in _scalars(sub)]
    if isinstance(data, list):
        return [v for sub in data for v in _scalars(sub)]
    return [data]


# The kind whose values stand in for each way of comparing (derived facts have no question).
_COMPARED_LIKE = {"number": KINDS["count"], "yes_no": KINDS["yes_no"], "choice": KINDS["choice"],
                  "choices": KINDS["choices"]}


def candidates(name: str, questions: dict, literals: set) -> list:
    question = questions.get(name) or {}
    kind = _COMPARED_LIKE.get(kind_of(name, questions), KINDS["text"])
    values = kind.candidates(question, literals)
    return values + ([None] if question.get("optional") else [])


def needed_but_never_asked(j, questions: dict) -> list[Problem]:
    """Rules, fees and quantities that read an answer no step asks: they could never be settled."""
    report, asked = Reporter(j), asked_at(j, questions)
    uses = [p for where, cond in walk_conditions(j.data) if where[0] != "interview" for p in name_paths(cond, where)]
    for where, _label, fn, spec in formula_specs(j):
        names = quantity_names(spec) if fn is quantity else money_names(spec)
        uses += [(path_to(spec, n, where), n) for n in sorted(names)]
    for path, name in uses:
        never = [k for k in needed_keys(name) if k in questions and k not in asked]
        if never:
            via = "" if never == [name] else f" for the fact {name!r}"
            report(path, f"needs {_names(never)}{via}, which no interview step asks, so this can never be decided; "
                         "add the question to a step")
    return report.problems


def used_names(j, questions: dict) -> set[str]:
    # Answers the wizard itself reads whatever the rule file says (`always_used:` in questions.yaml).
    used = {key for key, q in questions.items() if q.get("always_used")}
    for _where, condition in walk_conditions(j.data):
        used |= names_in(condition)
    for _where, _label, fn, spec in formula_specs(j):
        used |= quantity_names(spec) if fn is quantity else money_names(spec)
    for item in j.data.get("application_form") or []:
        used |= set(item.get("fills") or [])
    counted_from = (j.data.get("filing") or {}).get("counted_from")  # the day a lead time counts back from
    if isinstance(counted_from, str):
        used.add(counted_from)
    for name in list(used):
        used |= set(inputs_of(name))
    return used


def unused_questions(j, questions: dict) -> list[Problem]:
    report, used, seen = Reporter(j), used_names(j, questions), {}
    for index, step in enumerate(j.steps):
        for q_index, key in enumerate(step["questions"]):
            where = ("interview", index, "questions", q_index)
            if key in seen:
                report(where, f"question {key!r} is already asked in step {seen[key]!r}")
            seen.setdefault(key, step["step"])
            if key in questions and not set(expand_questions([key], questions)) & used:
                report(where, f"question {key!r} is asked but nothing uses the answer: no condition, quantity, "
                              "fee or application_form `fills` mentions it")
    return report.problems


def citation_and_tier_problems(j, questions: dict) -> list[Problem]:
    report = Reporter(j)

    def walk(node: Any, where: tuple) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("citation"), str) and not node["citation"].strip():
                report(where + ("citation",), "blank citation: cite the section of the ordinance this comes from")
            for key, sub in node.items():
                walk(sub, where + (key,))
        elif isinstance(node, list):
            for index, sub in enumerate(node):
                walk(sub, where + (index,))

    walk(j.data, ())
    for where, label, fn, spec in formula_specs(j):
        tiers, last = spec.get("tiers") or [], None
        for index, tier in enumerate(tiers):
            if last == "open":
                report(where + ("tiers", index), f"{label}: this tier follows one with no `up_to`, so it is never used")
            elif "up_to" in tier and last is not None and tier["up_to"] <= last:
                report(where + ("tiers", index, "up_to"), f"{label}: `up_to` values must increase ({tier['up_to']} after {last})")
            last = tier.get("up_to", "open")
    scope, seen = j.data.get("scope") or {}, {}
    for section in ("exemptions", "not_applicable", "triggers", "uncertain"):
        for index, rule in enumerate(scope.get(section) or []):
            if rule.get("id") in seen:
                report(("scope", section, index, "id"), f"duplicate rule id {rule['id']!r} (also in scope.{seen[rule['id']]})")
            seen.setdefault(rule.get("id"), section)
    return report.problems


def lean_problems(j, questions: dict) -> list[Problem]:
    """`likely` says how an unsettled text leans, so it belongs on `uncertain` rules only."""
    report = Reporter(j)
    for section in ("exemptions", "not_applicable", "triggers"):
        for index, rule in enumerate(j.data["scope"].get(section, [])):
            if "likely" in rule:
                report(("scope", section, index, "likely"),
                       f"`likely` belongs on `uncertain` rules only; a rule in {section!r} already settles the outcome")
    return report.problems




PLACEHOLDER = "TODO"


def placeholder_problems(j, questions: dict) -> list[Problem]:
    """Text still reading `TODO: ...` (a skeleton from `wizard new`): the placeholder says what to write."""
    report = Reporter(j)

    def walk(node: Any, where: tuple) -> None:
        if isinstance(node, dict):
            for key, sub in node.items():
                walk(sub, where + (key,))
        elif isinstance(node, list):
            for index, sub in enumerate(node):
                walk(sub, where + (index,))
        elif isinstance(node, str) and node.lstrip().startswith(PLACEHOLDER):
            wanted = node.split(":", 1)[1].strip() if ":" in node else "the text this key needs"
            report(where, f"still a placeholder: replace it with {wanted}")

    if _any_placeholder(j.data):  # the walk with key paths only where there is one to report
        walk(j.data, ())
    return report.problems


def _any_placeholder(data: Any) -> bool:
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, str) and node.lstrip().startswith(PLACEHOLDER):
            return True
    return False


AUTHORING_CHECKS = (flow_problems, needed_but_never_asked, unused_questions, citation_and_tier_problems,
                    lean_problems)

