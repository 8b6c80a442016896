"""The other permits an event needs beside the town's: each covering layer's permits, assessed
whatever the town decided (a state permit is due where the town exempts the event).

A permit is `needed` when its trigger holds, `may_be_needed` when the text we hold stops short of
saying (`may_be_needed_if`) or an answer it needs is not given yet, and left out otherwise. A
trigger that waits only on a layer question not asked (its `ask_if` is false: no alcohol, no
fireworks) is left out too: that question is asked only where the permit is possible.
"""
from __future__ import annotations

import math
from datetime import date, timedelta
from fractions import Fraction
from typing import Any, Iterable

from ..kinds import parse_datetime
from ..rules.layers import Layer
from ..rules.texts import marked_like
from .conditions import evaluate, holds
from .facts import Facts
from .formulas import as_json_number, exact


def layer_questions_to_ask(layer: Layer, answers: dict) -> list[str]:
    """The layer's own questions whose permits are possible for these answers, in file order."""
    facts = Facts(answers)
    return [key for key, question in layer.questions().items() if evaluate(question["ask_if"], facts)[0] is not False]


def other_permits(layers: Iterable[Layer], place_name: str, answers: dict) -> list[dict]:
    """Every permit the covering layers list for this event, in file order."""
    facts = Facts(answers)
    found = []
    for layer in layers:
        unasked = set(layer.questions()) - set(layer_questions_to_ask(layer, answers))
        for permit in layer.permits:
            entry = _assessed(permit, facts, unasked)
            if entry is not None:
                found.append({"layer": layer.id, "layer_name": layer.name, **entry,
                              **_details(permit, facts, place_name)})
    return found


def _assessed(permit: dict, facts: Facts, unasked: set[str]) -> dict | None:
    """Status and reasons, or None when the permit is not needed."""
    for rule in permit.get("unless") or []:
        if holds(rule, facts):
            return None
    value, missing = evaluate(permit["if"], facts) if "if" in permit else (False, set())
    reason = {"text": permit["text"], "citation": permit["citation"]}
    if value is True:
        return {"status": "needed", "reasons": [reason], "missing": []}
    if value is None and not missing <= unasked:
        return {"status": "may_be_needed", "reasons": [reason], "missing": sorted(missing - unasked)}
    if "may_be_needed_if" in permit and holds({"if": permit["may_be_needed_if"]}, facts):
        return {"status": "may_be_needed", "reasons": [reason], "missing": []}
    return None


def _details(permit: dict, facts: Facts, place_name: str) -> dict:
    count = _count(permit.get("count"), facts)
    fee = permit["fee"]
    amount = fee["amount"]
    times = count if fee.get("each") and count is not None else 1
    total = None if amount is None else as_json_number(exact(amount) * Fraction(times))
    return {
        "id": permit["id"],
        "name": permit["name"],
        "issuer": _with_place(permit["issuer"], place_name),
        "citation": permit["citation"],
        "held_by": permit.get("held_by"),
        "count": count,
        "count_text": permit["count"]["text"] if permit.get("count") else None,
        "count_citation": permit["count"]["citation"] if permit.get("count") else None,
        "lead_times": [_lead_time(lead, facts) for lead in permit["lead_times"]],
        "fee": {"amount": amount, "each": bool(fee.get("each")), "total": total, "payee": fee["payee"],
                "text": fee["text"], "citation": fee["citation"]},
        "notes": [{"text": n["text"], "citation": n["citation"]} for n in permit.get("notes") or [] if holds(n, facts)],
        "gaps": [{"text": g["text"], "ask": g["ask"]} for g in permit["gaps"]],
    }


def _with_place(issuer: str, place_name: str) -> str:
    """The issuer with the town's name where the text names the local official; a Spanish text keeps
    the law's English words marked (a `Quoting` is lost by `str.replace`)."""
    named = issuer.replace("{place}", place_name)
    return marked_like(named, issuer)


def _count(spec: dict | None, facts: Facts) -> int | None:
    """How many permits: a number answer (one per stand), or a span cut in pieces (one per 24 hours)."""
    if spec is None:
        return None
    value = facts.get(spec["of"])
    if value is None:
        return None
    per = spec.get("per")
    return int(math.ceil(Fraction(exact(value)) / per)) if per else int(value)


def _lead_time(lead: dict, facts: Facts) -> dict:
    start = _counted_from(lead.get("counted_from"), facts)
    return {
        "days": lead["days"],
        "counted_from": lead.get("counted_from") or "first_day",
        "deadline": None if start is None else (start - timedelta(days=lead["days"])).isoformat(),
        "text": lead["text"],
        "citation": lead["citation"],
        "source": lead["source"],
        "confirm_with": lead.get("confirm_with"),
    }


def _counted_from(name: str | None, facts: Facts) -> date | None:
    if name is None:
        return facts.first_day()
    value: Any = facts.get(name)
    return parse_datetime(name, value).date() if value else None


def fees_by_payee(permits: list[dict]) -> list[dict]:
    """The other permits' fees totalled per payee, never added to the town's fee. A payee with a
    fee whose amount the text does not give has total None (we will not add an unknown)."""
    totals: dict[str, Fraction | None] = {}
    for entry in permits:
        if entry["status"] != "needed":
            continue
        payee, total = entry["fee"]["payee"], entry["fee"]["total"]
        so_far = totals.get(payee, Fraction(0))
        totals[payee] = None if so_far is None or total is None else so_far + exact(total)
    return [{"payee": payee, "total": None if total is None else as_json_number(total)} for payee, total in totals.items()]
