"""The assessment keeps every key of the public contract and adds only documented keys."""
from __future__ import annotations

from pathlib import Path

import pytest

from wizard.engine.assess import assess

CONTRACT_KEYS = {
    "jurisdiction", "outcome", "permit_required", "reasons", "missing", "application_fee",
    "fee_waivable", "deposit", "bond", "insurance", "file_by", "file_by_basis",
    "decision_within_days", "quantities", "checklist", "warnings",
}
CONTRACT_QUANTITIES = {
    "parking_spaces", "physicians", "nurses", "security_guards", "telephones", "ambulances",
    "toilets_male", "toilets_female", "urinals", "lavatories", "drinking_fountains", "showers",
    "drinking_water_gallons_per_day", "bathing_water_gallons_per_day", "solid_waste_pounds_per_day",
    "water_supply_gpm", "gates",
}
ADDITIONS = (Path(__file__).resolve().parents[2] / "docs" / "contract-additions.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("jurisdiction", ["whitesboro-ny", "wi-village-ch64", "baroda-mi", "dekalb-il"])
def test_assessment_keys_are_the_contract_plus_documented_additions(book, jurisdiction):
    result = assess({"jurisdiction": jurisdiction, "max_attendance": 5000, "starts_at": "2027-07-09T12:00",
                     "ends_at": "2027-07-11T23:00", "property_owner": "private", "setting": "outdoors"}, book)
    assert CONTRACT_KEYS <= set(result)
    for key in set(result) - CONTRACT_KEYS:
        assert f"`{key}`" in ADDITIONS, f"assessment key {key!r} is not documented in docs/contract-additions.md"
    assert result["outcome"] in {"required", "not_required", "exempt", "uncertain"}
    assert set(result["quantities"]) <= CONTRACT_QUANTITIES
    # before_event is the one documented addition (docs/contract-additions.md)
    assert {c["when"] for c in result["checklist"]} <= {
        "with_application", "before_license", "before_event", "during_event", "after_event"}


def test_every_added_answer_key_is_documented(book):
    for key, question in book.questions.items():
        if not question.get("contract") and question["kind"] != "flag_set":
            assert f"`{key}`" in ADDITIONS, key
