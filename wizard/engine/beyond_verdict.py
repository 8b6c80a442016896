"""What an ordinance says beyond the verdict (docs/decisions/0012-readings-never-invented.md): the lean of an unsettled verdict, the dates
tied to the event (the day the license must be in hand, notices, work due before the event), and
what happens after filing, how a permit is revoked and the penalties.

`extra_keys` adds these to the assessment; each is additive to the public contract and listed in
docs/contract-additions.md. No Flask here.
"""
from __future__ import annotations

from datetime import timedelta
from typing import Any

from ..language import N_
from .office_days import business_days_before
from .conditions import evaluate, holds
from .facts import Facts
from ..rules.rulebook import Jurisdiction

# The rule-file lists of notes shown with a permit: the list, the assessment key it fills, its heading.
NOTE_LISTS = (("after_filing", "after_you_apply", N_("After you apply")), ("revocation", "revocation", N_("Revocation")),
              ("penalties", "penalties", N_("Penalties")))


def lean(j: Jurisdiction, facts: Facts, decided_by: str) -> str | None:
    """`required` or `not_required` when an `uncertain` rule carrying `likely` settled the outcome."""
    if decided_by != "uncertain":
        return None
    for rule in j.scope.get("uncertain", []):
        if evaluate(rule["if"], facts)[0] is True:
            return rule.get("likely")
    return None


DATED_KEYS = frozenset({"days_before", "business_days_before", "days_after"})


def due_date(item: dict, facts: Facts, state: str | None = None) -> str | None:
    """The date an item is due, for items tied to the event's first day (or, with `days_after`, to
    its last day: "within 5 days after the event ends"); else None."""
    if "days_after" in item:
        span = facts.span()
        return None if span is None else (span[1].date() + timedelta(days=item["days_after"])).isoformat()
    first_day = facts.first_day()
    if first_day is None:
        return None
    if "days_before" in item and item.get("business"):  # `business: true`: "5 business days"
        return business_days_before(first_day, item["days_before"], state).isoformat()
    if "days_before" in item:
        return (first_day - timedelta(days=item["days_before"])).isoformat()
    if "business_days_before" in item:
        return business_days_before(first_day, item["business_days_before"], state).isoformat()
    return None


def dated(item: dict, facts: Facts, state: str | None = None) -> dict:
    """`{"due_date": ...}` for an item tied to the event's first or last day, else nothing."""
    if not DATED_KEYS & item.keys():
        return {}
    return {"due_date": due_date(item, facts, state)}


def license_in_hand(j: Jurisdiction, facts: Facts, applies: bool) -> dict:
    """The day the license must be obtained, where the ordinance says so (Baroda: 60 days)."""
    days = j.license_in_hand_days
    first_day = facts.first_day()
    when = None if days is None or first_day is None or not applies else (first_day - timedelta(days=days)).isoformat()
    return {"license_by": when, "license_by_citation": j.filing_citation if days is not None else None}


def notes(j: Jurisdiction, facts: Facts, note_list: str) -> list[dict[str, Any]]:
    return [{"text": n["text"], "citation": n["citation"], **dated(n, facts, j.state)}
            for n in j.notes(note_list) if holds(n, facts)]


def extra_keys(j: Jurisdiction, facts: Facts, decided_by: str, applies: bool) -> dict:
    extra: dict[str, Any] = {"likely": lean(j, facts, decided_by)}
    extra.update(license_in_hand(j, facts, applies))
    for note_list, key, _heading in NOTE_LISTS:
        extra[key] = notes(j, facts, note_list) if applies else []
    return extra
