"""What the engine tests share: dates, the commercial flags off, and answers with changes applied."""
from __future__ import annotations

DROP = object()  # as a change: remove the key from the base answers

DAY = {"starts_at": "2027-07-09T12:00", "ends_at": "2027-07-09T20:00"}
THREE_DAYS = {"starts_at": "2027-07-09T12:00", "ends_at": "2027-07-11T23:00"}
COMMERCIAL_OFF = {k: False for k in (
    "admission_fee", "sells_goods", "prizes", "for_profit_sponsor",
    "for_profit_premises", "taxable_sales", "flea_market", "for_gain")}


def with_changes(base: dict, **changes) -> dict:
    answers = dict(base)
    for key, value in changes.items():
        if value is DROP:
            answers.pop(key, None)
        else:
            answers[key] = value
    return answers


def citations(result: dict) -> set[str]:
    return {r["citation"] for r in result["reasons"]}
