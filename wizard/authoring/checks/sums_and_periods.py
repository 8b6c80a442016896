"""Load checks on the parts of a fee and of the deadlines that only mean something together: a fee's
`minimum` and `further` sum, a lead time counted from a date answer (`filing.counted_from`), and an
application deemed granted when the office does not decide in time (`decision.deemed_granted`)."""
from __future__ import annotations

from ...errors import Problem
from ...readable import money
from ...rules.rulebook import Jurisdiction, fee_specs
from .common import Reporter, asked_at, kind_of, warning_figures


def _money_problems(where: tuple, label: str, spec: dict, report: Reporter) -> None:
    if not isinstance(spec, dict):
        return
    no_figure = "amount" in spec and spec["amount"] is None and "tiers" not in spec
    if "minimum" in spec:
        if no_figure:
            report(where + ("minimum",), f"{label} has `amount: null` (the ordinance fixes no figure), so a "
                   "`minimum` has nothing to raise: give the fee's `amount`, or remove `minimum`")
        elif not any(k in spec for k in ("times", "tiers", "further")):
            report(where + ("minimum",), f"{label} is always {money(spec.get('amount', 0))}, so its `minimum` "
                   "never changes it: a minimum goes with a fee that grows (`times`, `tiers` or `further`), "
                   "as \"$100 a day, with a minimum fee of $300\" is `amount: 100, times: {value: event_days}, "
                   "minimum: 300`")
    if "further" in spec:
        if "tiers" in spec:
            report(where + ("further",), f"{label}: a `further` sum adds to a base `amount`, and this fee has "
                   "`tiers`: write the base as `amount` (\"$5,000 up to 10,000 persons\" is `amount: 5000` with "
                   "`further: {above: 10000, each: 10000, amount: ..., of: max_attendance}`), or keep the tiers alone")
        elif no_figure:
            report(where + ("further",), f"{label} has `amount: null`, so there is no base to add a `further` "
                   "sum to: give the base `amount` the text sets")


def money_shape_problems(j: Jurisdiction, _questions: dict) -> list[Problem]:
    report = Reporter(j)
    for where, label, spec in fee_specs(j.data.get("fees") or {}):
        _money_problems(where, label, spec, report)
    for where, label, _fn, spec in warning_figures(j):
        _money_problems(where, label, spec, report)
    return report.problems


def period_problems(j: Jurisdiction, questions: dict) -> list[Problem]:
    """`counted_from` names a date answer some step asks, under a lead time; `deemed_granted` needs
    the decision period it runs out of."""
    report = Reporter(j)
    filing, decision = j.data.get("filing") or {}, j.data.get("decision") or {}
    name = filing.get("counted_from")
    if isinstance(name, str):
        where = ("filing", "counted_from")
        kind = kind_of(name, questions)
        if filing.get("lead_days") is None:
            report(where, "`counted_from` says what the lead time counts back from, but `lead_days` is null: "
                   "give the days the text sets (\"at least 15 days before the first day of advertising\" is "
                   "`lead_days: 15`), or remove `counted_from`")
        elif kind is None:
            report(where, f"`counted_from` names {name!r}, which is not a question: declare a date question "
                   "of this file's own under `questions:` (kind: datetime) and ask it in a step")
        elif kind != "datetime":
            report(where, f"`counted_from` names {name!r}, a {kind} answer: it must name a date and time "
                   "question (kind: datetime), such as the first day of advertising")
        elif name not in asked_at(j, questions):
            report(where, f"`counted_from` names {name!r}, which no interview step asks, so the last day to file "
                   "could never be worked out: add the question to a step")
    if decision.get("deemed_granted") is not None and decision.get("within_days") is None:
        report(("decision", "deemed_granted"), "an application is deemed granted when the office does not decide "
               "within its period, but `within_days` is null: give the decision period the text sets, or remove "
               "`deemed_granted`")
    return report.problems
