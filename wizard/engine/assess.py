"""The assessment: does this event need a permit, and if so what does the ordinance demand.

`assess(answers, book)` returns the JSON object specified in shared/CONTRACT.md (plus
additive keys: fee and facility details, citations for the dates, what still applies).
"""
from __future__ import annotations

import re
from datetime import date, timedelta
from fractions import Fraction
from typing import Any, NamedTuple

from .beyond_verdict import dated, extra_keys
from .answers import clean_answers
from .event_dates import check_event_dates
from .facts import Facts
from .filing_days import ordinance_days
from .office_days import closed_because, working_day_before
from .conditions import evaluate, holds
from ..errors import AnswersError
from ..kinds import parse_datetime
from ..language import gettext as _
from ..readable import money
from .formulas import as_json_number, exact, fee_amount, quantity
from ..rules.rulebook import FEE_CATEGORIES, Jurisdiction, RuleBook
from ..rules.texts import marked_like
from .other_permits import fees_by_payee, other_permits
from .wording import permit_applies

PERMIT_REQUIRED = {"required": True, "not_required": False, "exempt": False, "uncertain": None}


def _cited(rule: dict) -> dict:
    return {"text": rule["text"], "citation": rule["citation"]}


class Decision(NamedTuple):
    """What the scope rules say: the outcome, why, the answers still needed, and which part decided."""

    outcome: str
    reasons: list[dict]
    missing: set[str]
    decided_by: str


def decide(j: Jurisdiction, facts: Facts) -> Decision:
    return Decision(*_decide(j, facts))


def _decide(j: Jurisdiction, facts: Facts) -> tuple[str, list[dict], set[str], str]:
    scope = j.scope
    pending: set[str] = set()  # answers an exemption still needs
    for section, outcome in (("exemptions", "exempt"), ("not_applicable", "not_required")):
        for rule in scope.get(section, []):
            value, missing = evaluate(rule["if"], facts)
            if value:
                return outcome, [_cited(rule)], set(), section
            if value is None:
                pending |= missing
    triggers = [(rule, *evaluate(rule["if"], facts)) for rule in scope.get("triggers", [])]
    hits = [_cited(rule) for rule, value, _ in triggers if value]
    if hits:
        return ("uncertain", [], pending, "missing") if pending else ("required", hits, set(), "triggers")
    unknown = set().union(*(m for _, v, m in triggers if v is None)) if triggers else set()
    if unknown:
        return "uncertain", [], pending | unknown, "missing"
    open_doubts: set[str] = set()
    for rule in scope.get("uncertain", []):
        value, missing = evaluate(rule["if"], facts)
        if value:
            return ("uncertain", [], pending, "missing") if pending else ("uncertain", [_cited(rule)], set(), "uncertain")
        if value is None:
            open_doubts |= missing
    if open_doubts:
        return "uncertain", [], pending | open_doubts, "missing"
    fallback = scope["otherwise"]
    # An unsettled exemption cannot matter when the event falls outside the ordinance anyway.
    if fallback["outcome"] == "not_required" or not pending:
        return fallback["outcome"], [_cited(fallback)], set(), "otherwise"
    return "uncertain", [], pending, "missing"


def _money_entry(spec: dict | None, facts: Facts) -> dict | None:
    if spec is None or not holds(spec, facts):
        return None
    value = fee_amount(spec, facts)
    return {
        "amount": None if value is None else as_json_number(value),
        "text": spec.get("text", ""),
        "citation": spec["citation"],
        **({"name": spec["name"]} if spec.get("name") else {}),
        **({"due": spec["due"]} if spec.get("due") else {}),
    }


def fees_total(fees: dict, others: list[dict]) -> int | float | None:
    """The application fee and every further fee together (Okaloosa: $100 per 1,000 at filing and the
    same again upon approval is both); None when there is none or one has no figure. Not the deposit
    or bond: they are returned or given as security."""
    entries = [fees["application"], *others] if fees.get("application") else others
    if not entries or any(e["amount"] is None for e in entries):
        return None
    return as_json_number(sum((exact(e["amount"]) for e in entries), Fraction(0)))


EVERY_OUTCOME = ("required", "uncertain", "exempt", "not_required")
FIGURE = re.compile(r"\{([a-z][a-z0-9_]*)\}")


def warning_text(warning: dict, facts: Facts) -> str | None:
    """The warning's words with its `figures` filled in as dollars ("We show {fee}; if the Clerk
    counts everyone, it is {visits}"). None when a figure is unknown or they all agree: a reading
    that gives two figures is only worth saying when they differ."""
    figures = warning.get("figures")
    if not figures:
        return warning["text"]
    values = {name: fee_amount(spec, facts) for name, spec in figures.items()}
    if any(v is None for v in values.values()) or len(set(values.values())) == 1:
        return None
    text = warning["text"]
    filled = FIGURE.sub(lambda m: money(values[m[1]]) if m[1] in values else m[0], text)
    # A Spanish text keeps the ordinance's words marked as English (docs/decisions/0002-spanish-beside-the-law.md) with its figures filled in.
    return marked_like(filled, text)


def shown_warnings(j: Jurisdiction, facts: Facts, outcome: str) -> list[dict]:
    """Warnings whose `if` holds, whatever the outcome, unless a warning lists its `outcomes`."""
    shown = []
    for w in j.warnings:
        if outcome in w.get("outcomes", EVERY_OUTCOME) and holds(w, facts):
            text = warning_text(w, facts)
            if text is not None:
                # A warning about a sum (one with figures, or marked `money`) is also on the costs page.
                money_note = bool(w.get("money") or w.get("figures"))
                shown.append({"text": text, "citation": w["citation"], **({"money": True} if money_note else {})})
    return shown


def facilities(j: Jurisdiction, facts: Facts) -> list[dict]:
    """Each required quantity with the rate and the figure it is computed from."""
    rows, seen = [], set()
    for spec in j.quantities:
        if spec["key"] in seen or not holds(spec, facts):
            continue
        value = quantity(spec, facts)
        if value is None:
            continue
        seen.add(spec["key"])
        terms = spec.get("terms") or [spec]
        rows.append({
            "key": spec["key"],
            "label": spec["label"],
            "quantity": as_json_number(value),
            "rate": spec.get("rate_text", ""),
            "basis": {t["of"]: as_json_number(exact(facts.get(t["of"]))) for t in terms if "of" in t},
            "citation": spec["citation"],
        })
    return rows


def lead_time_from(j: Jurisdiction, facts: Facts) -> date | None:
    """The day the lead time counts back from: the event's first day, or the date answer the text
    names instead (`filing.counted_from`: "15 days before the first day of advertising")."""
    if j.filing_counted_from is None:
        return facts.first_day()
    value = facts.get(j.filing_counted_from)
    return parse_datetime(j.filing_counted_from, value).date() if value else None


def filing_dates(j: Jurisdiction, facts: Facts) -> dict:
    lead = j.filing_lead_days
    first_day = lead_time_from(j, facts) if lead is not None else facts.first_day()
    within = j.decision_within_days
    # Without a lead time of its own, the last day to file leaves the whole decision period before
    # the event: "processed within 20 days of receipt" filed 21 days ahead is
    # decided at the latest the day before the event; filed 20 days ahead, on the event day itself.
    basis, days = (("ordinance", lead) if lead is not None
                   else ("decision_period", within + 1) if within is not None else (None, None))
    last = None if first_day is None or days is None else first_day - timedelta(days=days)
    file_by = None if last is None else last.isoformat()
    closed = None if last is None else closed_because(last, j.state)
    return {
        "file_by": file_by,
        # A last day on a weekend or holiday: the office is likely closed then (docs/decisions/0004-office-days.md).
        "file_by_office_closed": closed,
        "file_by_working_day": working_day_before(last, j.state).isoformat() if closed else None,
        "file_by_basis": basis if file_by else None,
        "file_by_citation": j.decision_citation if basis == "decision_period" else j.filing_citation,
        "file_by_counted_from": j.filing_counted_from if basis == "ordinance" else None,
        "decision_within_days": within,
        "decision_citation": j.decision_citation,
        # The ordinance's own last day, apart from a day we advise (filing_days.py).
        **ordinance_days(j, first_day, file_by, basis if file_by else None),
        # Where the text deems an application granted when the office does not decide in time.
        "deemed_granted_citation": j.deemed_granted if within is not None else None,
    }


def assess_jurisdiction(j: Jurisdiction, answers: dict) -> dict:
    """Assess already-cleaned answers against one jurisdiction."""
    facts = Facts(answers)
    outcome, reasons, missing, decided_by = decide(j, facts)
    if missing:
        reasons = [{"text": _("We need more answers before we can say whether a permit is needed."),
                    "citation": j.ordinance}]
    result: dict[str, Any] = {
        "jurisdiction": j.id,
        "jurisdiction_name": j.name,
        "ordinance": j.ordinance,
        "issuer": j.issuer,
        "file_with": j.file_with,
        "file_with_note": j.file_with_note,
        "outcome": outcome,
        "permit_required": PERMIT_REQUIRED[outcome],
        "reasons": reasons,
        "decided_by": decided_by,
        "missing": [k for k in j.asked_keys if k in missing] + sorted(missing - set(j.asked_keys)),
    }
    applies = permit_applies(outcome)
    fees = j.fees
    application = _money_entry(fees.get("application"), facts) if applies else None
    waivable = fees.get("waivable")
    result.update({
        "application_fee": application["amount"] if application else None,
        "fee_waivable": bool(applies and waivable and holds(waivable, facts)),
        "deposit": (_money_entry(fees.get("deposit"), facts) or {}).get("amount") if applies else None,
        "bond": (_money_entry(fees.get("bond"), facts) or {}).get("amount") if applies else None,
        "insurance": [
            {"coverage": i["coverage"], "minimum": i["minimum"], "citation": i["citation"]}
            for i in j.insurance if applies and holds(i, facts)
        ],
    })
    result["fees"] = {
        name: _money_entry(fees.get(name), facts) if applies else None
        for name in FEE_CATEGORIES
    }
    if result["fee_waivable"]:
        result["fees"]["waiver"] = _cited(waivable)
    # Beside `fees`, not in it: a client reads each of `fees` as one fee or null (docs/decisions/0005-fees-due-at-their-moment.md).
    others = [_money_entry(spec, facts) for spec in fees.get("others", [])] if applies else []
    result["other_fees"] = [entry for entry in others if entry is not None]
    result["fees_total"] = fees_total(result["fees"], result["other_fees"])
    dates = filing_dates(j, facts)
    if not applies:
        dates.update(file_by=None, file_by_basis=None, file_by_office_closed=None, file_by_working_day=None,
                     last_day=None, last_day_citation=None, file_by_advice=False, file_by_counted_from=None)
    result.update(dates)
    rows = facilities(j, facts) if applies else []
    result["quantities"] = {row["key"]: row["quantity"] for row in rows}
    result["facilities"] = rows
    result["checklist"] = [
        {"id": c["id"], "text": c["text"], "citation": c["citation"], "when": c["due"], **dated(c, facts, j.state),
         **({"money": True} if c.get("money") else {})}
        for c in j.checklist if applies and holds(c, facts)
    ]
    result["warnings"] = shown_warnings(j, facts, outcome)
    result["still_applies"] = [
        {**_cited(n), **dated(n, facts, j.state)} for n in j.scope.get("still_applies", [])
        if not applies and holds(n, facts)
    ]
    result.update(extra_keys(j, facts, decided_by, applies))
    return result


def assess(raw_answers: Any, book: RuleBook, today: date | None = None) -> dict:
    """Validate raw answers (CLI, API, import) and assess them. Raises AnswersError. With `today`
    (the API) the event's dates must also meet the date policy (`event_dates.py`)."""
    questions = book.questions_for_answers(raw_answers)
    answers = clean_answers(raw_answers, questions, book.jurisdictions)
    if "jurisdiction" not in answers:
        raise AnswersError("jurisdiction", "is required: say where the event takes place")
    if today is not None:
        check_event_dates(raw_answers, answers, questions, today)
    j = book.jurisdictions[answers["jurisdiction"]]
    return {**assess_jurisdiction(j, answers), **beside_the_town(book, j, answers)}


def beside_the_town(book: RuleBook, j: Jurisdiction, answers: dict) -> dict:
    """The permits of the state and county layers covering the town, whatever the town decided, and
    their fees per payee (never added to the town's fee)."""
    permits = other_permits(book.layers_for(j), j.name, answers)
    return {"other_permits": permits, "other_permits_fees": fees_by_payee(permits)}
