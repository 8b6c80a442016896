"""What the engine tests share: dates, the commercial flags off, each jurisdiction's essential
answers, and an assessment of a module's base answers with changes applied."""
from __future__ import annotations

from typing import Callable

from wizard.engine.assess import assess

DROP = object()  # as a change: remove the key from the base answers

DAY = {"starts_at": "2027-07-09T12:00", "ends_at": "2027-07-09T20:00"}
THREE_DAYS = {"starts_at": "2027-07-09T12:00", "ends_at": "2027-07-11T23:00"}
COMMERCIAL_OFF = {k: False for k in (
    "admission_fee", "sells_goods", "prizes", "for_profit_sponsor",
    "for_profit_premises", "taxable_sales", "flea_market", "for_gain")}
# DeKalb with none of § 34.05(a)(1)'s triggers and no § 34.03 exemption: a plain private event.
DEKALB_NOTHING_SPECIAL = {**COMMERCIAL_OFF, "speech_event": False, "licensed_auction": False, "hazardous": [],
                          "street_closure": False, "temporary_structures": False, "temporary_utilities": False,
                          "age_restricted_sales": False, "multiple_parcels": False}

# What each jurisdiction's verdict needs before anything else: the place, one day, the crowd, and
# the answers that keep the event out of the ordinance's first exemptions. Each engine module adds
# the answers its own rules read (`answers_for`).
ESSENTIALS = {
    "whitesboro-ny": {"jurisdiction": "whitesboro-ny", **DAY, "max_attendance": 500, "local_exempt_organizer": "none"},
    "wi-village-ch64": {"jurisdiction": "wi-village-ch64", **DAY, "max_attendance": 5000, "permanent_venue": False,
                        "government_fair_on_fairgrounds": False, "licensed_under_other_ordinance": False},
    "baroda-mi": {"jurisdiction": "baroda-mi", **DAY, "max_attendance": 500, "property_owner": "private",
                  "setting": "outdoors", "organizer_type": "individual", "conducted_by_municipality": False},
    "dekalb-il": {"jurisdiction": "dekalb-il", **DAY, "max_attendance": 500, "property_owner": "private",
                  "setting": "outdoors", "licensed_auction": False, "hazardous": []},
}


def answers_for(jurisdiction: str, **more) -> dict:
    return {**ESSENTIALS[jurisdiction], **more}


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


def runner(bases: dict[str, dict]) -> Callable[..., dict]:
    """`run(book, jurisdiction, **changes)`: the assessment of that jurisdiction's base answers
    with the changes applied, so a failing case points at the one answer it changed."""
    def run(book, jurisdiction: str, **changes) -> dict:
        return assess(with_changes(bases[jurisdiction], **changes), book)
    return run
