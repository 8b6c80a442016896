"""Quantities (ratios, rounded up) and money (flat, per block, per day, tiered, a base with a further
sum per block above it, a minimum) from rule data."""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from .facts import Facts


def exact(value: Any) -> Fraction:
    """A number as an exact fraction; a float goes through its decimal text (0.3, not 0.299...)."""
    return Fraction(str(value)) if isinstance(value, float) else Fraction(value)


def as_json_number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def ratio_term(term: dict, facts: Facts) -> Fraction | None:
    """base x rate / per, e.g. one toilet per 200 women, or 1.5 gpm per 100 persons."""
    if "fixed" in term:
        return exact(term["fixed"])
    base = facts.get(term["of"])
    if base is None:
        return None
    if "one_per" in term:
        rate, per = Fraction(1), exact(term["one_per"])
    else:
        rate, per = exact(term.get("rate", 1)), exact(term.get("per", 1))
    value = exact(base) * rate / per
    return Fraction(math.ceil(value)) if term.get("round", "up") == "up" else value


def quantity(spec: dict, facts: Facts) -> Fraction | None:
    terms = spec.get("terms") or [spec]
    values = [ratio_term(t, facts) for t in terms]
    if any(v is None for v in values):
        return None
    total = sum(values, Fraction(0))
    if "minimum" in spec:
        total = max(total, exact(spec["minimum"]))
    return total


def multiplier(times: dict | list | None, facts: Facts) -> Fraction | None:
    """The factor a fee is multiplied by; a list of factors multiplies them all (per period, per location)."""
    if times is None:
        return Fraction(1)
    if isinstance(times, list):
        factors = [multiplier(t, facts) for t in times]
        return None if any(f is None for f in factors) else math.prod(factors, start=Fraction(1))
    value = facts.get(times["value"] if "value" in times else times["of"])
    if value is None:
        return None
    if "blocks_of" in times:
        # "for each 300 people or fraction thereof": any part of a block counts as a block.
        return Fraction(math.ceil(exact(value) / exact(times["blocks_of"])))
    return exact(value)


def fee_amount(spec: dict | None, facts: Facts) -> Fraction | None:
    """A fee (or a figure a warning quotes) from its spec, in dollars; None when the ordinance fixes no value or an answer is missing."""
    if spec is None or spec.get("amount", 0) is None:
        return None
    if "tiers" in spec:
        base_value = facts.get(spec["of"])
        if base_value is None:
            return None
        amount = next(
            (exact(t["amount"]) for t in spec["tiers"] if "up_to" not in t or base_value <= t["up_to"]),
            None,
        )
        if amount is None:
            return None
    else:
        amount = exact(spec["amount"])
    if "further" in spec:
        extra = further_sum(spec["further"], facts)
        if extra is None:
            return None
        amount += extra
    factor = multiplier(spec.get("times"), facts)
    if factor is None:
        return None
    # "with a minimum fee of $300": the least the whole fee may be, after every factor.
    return max(amount * factor, exact(spec["minimum"])) if "minimum" in spec else amount * factor


def further_sum(further: dict, facts: Facts) -> Fraction | None:
    """What a fee adds above its base: "$5,000 up to 10,000 persons, and $2,500 for each additional
    10,000 or fraction" is `amount: 2500` for each block of `each` (10,000) of `of` above `above`
    (10,000), any part of a block counting as a block. None while `of` is unknown."""
    value = facts.get(further["of"])
    if value is None:
        return None
    beyond = exact(value) - exact(further["above"])
    blocks = math.ceil(beyond / exact(further["each"])) if beyond > 0 else 0
    return exact(further["amount"]) * blocks


def above_last_tier(spec: dict | None, facts: Facts) -> bool:
    """The value is known but above every band's `up_to`: the ordinance states no fee for it."""
    if not spec or "tiers" not in spec or "of" not in spec:
        return False
    value = facts.get(spec["of"])
    return value is not None and all("up_to" in t and value > t["up_to"] for t in spec["tiers"])


def money_names(spec: dict | None) -> set[str]:
    """Value names a money spec reads, for load-time checks."""
    if not spec:
        return set()
    names = {spec["of"]} if "of" in spec else set()
    further = spec.get("further")
    if isinstance(further, dict) and "of" in further:
        names.add(further["of"])
    times = spec.get("times") or {}
    for factor in times if isinstance(times, list) else [times]:
        names |= {factor[k] for k in ("value", "of") if k in factor}
    return names


def quantity_names(spec: dict) -> set[str]:
    return {t["of"] for t in (spec.get("terms") or [spec]) if "of" in t}
