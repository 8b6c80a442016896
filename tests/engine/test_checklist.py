"""Issue #2, part 5: the checklist. Conditional items appear when the answers make them apply
and not otherwise (an unanswered condition leaves them out), and every reason, warning, fee,
insurance line, checklist item and facility row carries a citation.
"""
from __future__ import annotations

import pytest

from tests.support.engine import answers_for, DAY, DEKALB_NOTHING_SPECIAL, DROP, runner, THREE_DAYS


WHEN = {"with_application", "before_license", "before_event", "during_event", "after_event"}

BASE = {
    "whitesboro-ny": answers_for("whitesboro-ny", organizer_type="individual", resides_locally=True,
                                 overnight_stay=False, food_service=False, outdoor_lighting=False),
    "wi-village-ch64": answers_for("wi-village-ch64", organizer_type="individual", applicant_is_owner=True,
                                   after_dark=False, overnight_stay=False, food_service=False),
    "baroda-mi": answers_for("baroda-mi", applicant_is_owner=True, overnight_stay=False, food_service=False,
                             public_water=True, liquid_waste_hauled=False),
    "dekalb-il": answers_for("dekalb-il", **DEKALB_NOTHING_SPECIAL, separately_permitted=False,
                             organizer_type="individual", nonprofit=False, applicant_is_owner=True,
                             owes_city_debt=False),
}


run = runner(BASE)


def ids(result: dict) -> set[str]:
    return {c["id"] for c in result["checklist"]}


def by_flag(jurisdiction: str, item: str, citation: str, flag: str, applies_when: bool = True) -> tuple:
    """An item one yes/no answer decides: it applies on `applies_when`, not on the other answer,
    and not while the question is unanswered."""
    return jurisdiction, item, citation, {flag: applies_when}, {flag: not applies_when}, {flag: DROP}


# (jurisdiction, item, citation, answers that make it apply, answers that do not, [more that do not])
CONDITIONAL = [
    # Whitesboro
    by_flag("whitesboro-ny", "food-plan", "Ch. 40, Permit B(7)", "food_service"),
    by_flag("whitesboro-ny", "camping-plan", "Ch. 40, Permit B(12)", "overnight_stay"),
    by_flag("whitesboro-ny", "local-agent", "Ch. 40, Permit B(1)", "resides_locally", applies_when=False),
    ("whitesboro-ny", "directors-officers", "Ch. 40, Permit B(1)", {"organizer_type": "corporation"},
     {"organizer_type": "individual"}, {"organizer_type": "partnership"}),
    by_flag("whitesboro-ny", "lights-map", "Ch. 40, Permit B(10)", "outdoor_lighting"),
    ("whitesboro-ny", "multi-day-housing", "Ch. 40, Permit B(14)", THREE_DAYS, DAY,
     {"overnight_stay": DROP}),
    ("whitesboro-ny", "approval-camping", "Ch. 40, Permit C(7)", {"overnight_stay": True}, DAY,
     {"starts_at": DROP, "ends_at": DROP}),
    # Wisconsin
    ("wi-village-ch64", "articles-of-incorporation", "Ch. 64, application, item A",
     {"organizer_type": "corporation"}, {"organizer_type": "individual"}, {"organizer_type": "association"}),
    by_flag("wi-village-ch64", "food-plan", "Ch. 64, application, item U", "food_service"),
    by_flag("wi-village-ch64", "camping-plan", "Ch. 64, application, item Q", "overnight_stay"),
    by_flag("wi-village-ch64", "camping", "§ 64-4B(9)", "overnight_stay"),
    by_flag("wi-village-ch64", "lighting-plan", "Ch. 64, application, item N", "after_dark"),
    by_flag("wi-village-ch64", "lighting", "§ 64-4B(6)", "after_dark"),
    by_flag("wi-village-ch64", "proof-of-ownership", "Ch. 64, application, item C", "applicant_is_owner"),
    by_flag("wi-village-ch64", "owner-permission", "Ch. 64, application, item C", "applicant_is_owner", applies_when=False),
    # Baroda
    by_flag("baroda-mi", "pumper-agreement", "Ord. 171, Application (k)(6)", "liquid_waste_hauled"),
    by_flag("baroda-mi", "plan-camping", "Ord. 171, Application (f)(6)", "overnight_stay"),
    by_flag("baroda-mi", "licensed-concessions", "Ord. 171, Application (k)(3)", "food_service"),
    ("baroda-mi", "articles-shareholders", "Ord. 171, Application (a)", {"organizer_type": "corporation"},
     {"organizer_type": "individual"}, {"organizer_type": "partnership"}),
    ("baroda-mi", "partners-officers", "Ord. 171, Application (a)", {"organizer_type": "partnership"},
     {"organizer_type": "individual"}, {"organizer_type": "government"}),
    ("baroda-mi", "joint-application", "Ord. 171, License (a)",
     {"applicant_is_owner": False, "has_use_contract": False},
     {"applicant_is_owner": True}, {"applicant_is_owner": False, "has_use_contract": True}),
    ("baroda-mi", "use-contract", "Ord. 171, License (b)",
     {"applicant_is_owner": False, "has_use_contract": True},
     {"applicant_is_owner": False, "has_use_contract": False}, {"applicant_is_owner": True}),
    ("baroda-mi", "owner-application", "Ord. 171, License (a)", {"applicant_is_owner": True},
     {"applicant_is_owner": False, "has_use_contract": True}, {"applicant_is_owner": DROP}),
    by_flag("baroda-mi", "water-source", "Ord. 171, Application (k)(4)", "public_water"),
    by_flag("baroda-mi", "water-source-approved", "Ord. 171, Application (k)(4)", "public_water", applies_when=False),
    ("baroda-mi", "showers", "Ord. 171, Application (k)(9)", THREE_DAYS, DAY,
     {"starts_at": DROP, "ends_at": DROP}),
    # (k)(9) other facilities only "if the county Health Officer may permit";
    # (k)(10) bathing beaches and (k)(11) swimming pools only where the site has one.
    by_flag("baroda-mi", "restrooms-portable", "Ord. 171, Application (k)(9)", "liquid_waste_hauled"),
    by_flag("baroda-mi", "restrooms", "Ord. 171, Application (k)(9)", "liquid_waste_hauled", applies_when=False),
    by_flag("baroda-mi", "bathing-beach", "Ord. 171, Application (k)(10)", "bathing_beach"),
    by_flag("baroda-mi", "swimming-pool", "Ord. 171, Application (k)(11)", "swimming_pool"),
    # "If the assembly is to continue during hours of darkness": derived from the
    # times, whatever was answered about after dark.
    ("wi-village-ch64", "lighting", "§ 64-4B(6)",
     {"starts_at": "2027-07-09T18:00", "ends_at": "2027-07-10T06:00", "after_dark": False},
     {"after_dark": False},
     {"starts_at": "2027-07-09T10:00", "ends_at": "2027-07-10T18:00", "closes_overnight": True, "after_dark": False}),
    # DeKalb
    by_flag("dekalb-il", "owner-consent-letters", "§ 34.06(b)", "applicant_is_owner", applies_when=False),
    ("dekalb-il", "owner-consent-letters", "§ 34.06(b)",
     {"applicant_is_owner": True, "admission_fee": True, "multiple_parcels": True},
     {"applicant_is_owner": True, "admission_fee": True, "multiple_parcels": False},
     {"applicant_is_owner": True}),
    ("dekalb-il", "city-agreement", "§ 34.06(d), (d)(1), (d)(2)", {"admission_fee": True}, {},
     {"hazardous": ["combat"]}),
    ("dekalb-il", "city-agreement", "§ 34.06(d), (d)(1), (d)(2)", {"property_owner": "municipal"}, {},
     {"admission_fee": DROP}),
    ("dekalb-il", "restore-premises", "§ 34.06(d)(2)", {"property_owner": "municipal"}, {}, {}),
    ("dekalb-il", "insurance-certificate", "§ 34.06(d)(3)", {"sells_goods": True}, {}, {"sells_goods": DROP}),
    ("dekalb-il", "hazardous-inspection", "§ 34.06(c)",
     {"hazardous": ["haunted_house"], "setting": "permanent_building", "venue_capacity": 1000},
     {"hazardous": ["haunted_house"], "setting": "outdoors"},
     {"hazardous": [], "setting": "permanent_building", "venue_capacity": 100}),
    by_flag("dekalb-il", "pay-city-debts", "§ 34.06(f)", "owes_city_debt"),
]


@pytest.mark.parametrize("jurisdiction, item, citation, present, absent, also_absent", [
    pytest.param(*row, id=f"{row[0]}-{row[1]}-{i}") for i, row in enumerate(CONDITIONAL)
])
def test_conditional_checklist_item(book, jurisdiction, item, citation, present, absent, also_absent):
    with_item = run(book, jurisdiction, **present)
    assert with_item["permit_required"] in (True, None)
    entry = next((c for c in with_item["checklist"] if c["id"] == item), None)
    assert entry is not None, f"{item} missing for {present}"
    assert entry["citation"] == citation
    for changes in (absent, also_absent):
        result = run(book, jurisdiction, **changes)
        assert result["permit_required"] in (True, None)
        assert item not in ids(result), f"{item} present for {changes}"


def test_dekalb_no_escrow_without_a_city_agreement(book):
    result = run(book, "dekalb-il", max_attendance=50, hazardous=["combat"])
    assert result["outcome"] == "required"
    assert "city-agreement" not in ids(result)
    assert "cash-escrow" not in ids(result)


def test_dekalb_escrow_with_a_city_agreement(book):
    result = run(book, "dekalb-il", property_owner="municipal", street_closure=True, public_street_closure=True)
    assert {"city-agreement", "cash-escrow"} <= ids(result)


@pytest.mark.parametrize("jurisdiction, changes, warning_citation, present", [
    pytest.param("whitesboro-ny", {**THREE_DAYS, "overnight_stay": False, "closes_overnight": True},
                 "Ch. 40, Permit B(14), C(7)", True, id="whitesboro-multi-day-reading-shown"),
    pytest.param("whitesboro-ny", {**THREE_DAYS, "overnight_stay": True}, "Ch. 40, Permit B(14), C(7)", False,
                 id="whitesboro-multi-day-reading-not-needed-when-camping"),
    pytest.param("dekalb-il", {"owes_city_debt": True}, "§ 34.06(f)", True, id="dekalb-city-debt"),
    pytest.param("dekalb-il", {"owes_city_debt": False}, "§ 34.06(f)", False, id="dekalb-no-city-debt"),
])
def test_conditional_warnings(book, jurisdiction, changes, warning_citation, present):
    result = run(book, jurisdiction, **changes)
    assert (warning_citation in {w["citation"] for w in result["warnings"]}) is present


@pytest.mark.parametrize("jurisdiction, expected", [
    ("whitesboro-ny", {"verified-petition", "application-fee", "surveyor-map", "parking-plan",
                       "inspection-authorization", "insurance-policy", "security-deposit", "cleanup-5-days"}),
    ("wi-village-ch64", {"sworn-application", "fence-plan", "toilet-plan", "bond", "fence", "toilets",
                         "security-guards", "daily-collection"}),
    ("baroda-mi", {"application-fee", "inspection", "refuse-agreement", "exterminator-agreement", "restrooms",
                   "insurance", "bond", "mow-and-spray", "cleanup", "plumbing", "general-responsibility"}),
    ("dekalb-il", {"application-form", "application-fee", "site-plan", "security-plan", "inspection-costs"}),
])
def test_unconditional_items_always_listed(book, jurisdiction, expected):
    assert expected <= ids(run(book, jurisdiction))


@pytest.mark.parametrize("jurisdiction, changes", [
    pytest.param("whitesboro-ny", {"max_attendance": 100}, id="whitesboro-small"),
    pytest.param("baroda-mi", {"property_owner": "municipal"}, id="baroda-public-land"),
    pytest.param("dekalb-il", {"speech_event": True}, id="dekalb-speech"),
    pytest.param("wi-village-ch64", {"licensed_under_other_ordinance": True}, id="wisconsin-licensed-elsewhere"),
])
def test_no_checklist_without_a_permit_but_other_rules_noted(book, jurisdiction, changes):
    result = run(book, jurisdiction, **changes)
    assert result["permit_required"] is False
    assert result["checklist"] == []
    assert result["still_applies"] and all(n["citation"] and n["text"] for n in result["still_applies"])


# --------------------------------------------------------------------------------------------
# Citations everywhere, across many situations in every jurisdiction.

def _scenarios():
    for jurisdiction in BASE:
        yield jurisdiction, {}
        yield jurisdiction, {"max_attendance": 0}
        yield jurisdiction, {"max_attendance": 5000, **THREE_DAYS, "overnight_stay": True, "food_service": True,
                             "organizer_type": "corporation", "applicant_is_owner": False, "after_dark": True}
        yield jurisdiction, {"max_attendance": DROP}
        yield jurisdiction, {"starts_at": DROP, "ends_at": DROP}
    yield "whitesboro-ny", {"local_exempt_organizer": "volunteer_fire_company"}
    yield "whitesboro-ny", {"max_attendance": 150, "total_attendance": 400}
    yield "wi-village-ch64", {"permanent_venue": True, "venue_capacity": 100, "max_attendance": 351}
    yield "baroda-mi", {"organizer_type": "school"}
    yield "baroda-mi", {"closes_overnight": True, **THREE_DAYS, "liquid_waste_hauled": True}
    yield "dekalb-il", {"property_owner": "municipal", "hazardous": ["combat"], "street_closure": True,
                        "temporary_utilities": True, "owes_city_debt": True, "separately_permitted": True}
    yield "dekalb-il", {"property_owner": "other_public"}
    yield "dekalb-il", {"nonprofit": True}


SCENARIOS = [pytest.param(j, c, id=f"{j}-{i}") for i, (j, c) in enumerate(_scenarios())]


@pytest.mark.parametrize("jurisdiction, changes", SCENARIOS)
def test_everything_carries_a_citation(book, jurisdiction, changes):
    result = run(book, jurisdiction, **changes)
    assert result["reasons"]
    for section in ("reasons", "warnings", "still_applies"):
        for entry in result[section]:
            assert entry["text"].strip() and entry["citation"].strip(), (section, entry)
    for item in result["checklist"]:
        assert item["citation"].strip() and item["text"].strip() and item["id"], item
        assert item["when"] in WHEN
    assert len(ids(result)) == len(result["checklist"]), "checklist ids are unique"
    for name, fee in result["fees"].items():
        if fee is not None:
            assert fee["citation"].strip(), name
    for line in result["insurance"]:
        assert line["citation"].strip() and line["coverage"].strip() and line["minimum"] > 0
    for row in result["facilities"]:
        assert row["citation"].strip(), row
    if result["file_by"]:
        assert result["file_by_citation"].strip()


def test_wisconsin_camping_when_the_assembly_runs_through_the_night(book):
    result = run(book, "wi-village-ch64", **THREE_DAYS, closes_overnight=False, overnight_stay=False)
    assert {"camping", "camping-plan"} <= ids(result)


@pytest.mark.parametrize("jurisdiction, changes, words", [
    pytest.param("baroda-mi", {"max_attendance": 50, **THREE_DAYS}, "The fee is",
                 id="baroda-fee-warning-for-50-people"),
    pytest.param("baroda-mi", {"max_attendance": 50, **THREE_DAYS, "closes_overnight": True},
                 "we show showers", id="baroda-showers-warning-for-50-people"),
    pytest.param("whitesboro-ny", {"max_attendance": 50, **THREE_DAYS, "overnight_stay": False,
                                   "closes_overnight": True},
                 "camping or housing plans", id="whitesboro-camping-warning-for-50-people"),
])
def test_no_permit_warnings_when_no_permit_is_needed(book, jurisdiction, changes, words):
    assert any(words in w["text"] for w in run(book, jurisdiction, **{**changes, "max_attendance": 5000})["warnings"])
    result = run(book, jurisdiction, **changes)
    assert result["outcome"] == "not_required"
    assert not any(words in w["text"] for w in result["warnings"])


# --------------------------------------------------------------------------------------------
# Dated items, what the ordinances say after filing, revocation and penalties
# (docs/decisions/0012-readings-never-invented.md), and small corrections of the checklist's wording.
# Each row is named after the ordinance's words.

def test_baroda_mowed_one_week_prior_to_the_event_is_due_before_the_event(book):
    # (k)(8)b was listed "during the event".
    result = run(book, "baroda-mi")
    mow = next(c for c in result["checklist"] if c["id"] == "mow-and-spray")
    assert (mow["when"], mow["due_date"]) == ("before_event", "2027-07-02")


NOTES = [
    # (jurisdiction, assessment key, words the text gives, citation): items 12, 13, 14
    ("whitesboro-ny", "after_you_apply", "within 20 days after its submission", "Ch. 40, Permit B"),
    ("whitesboro-ny", "revocation", "cannot be reasonably accomplished", "Ch. 40, Permit G"),
    ("whitesboro-ny", "penalties", "§ 1-11 of Chapter 1, General Provisions", "Ch. 40, Penalties A"),
    ("whitesboro-ny", "penalties", "injunction", "Ch. 40, Penalties B"),
    ("wi-village-ch64", "after_you_apply", "processed within 20 days of receipt", "Ch. 64, processing"),
    ("wi-village-ch64", "revocation", "revoked by the Village Board at any time", "Ch. 64, revocation"),
    ("wi-village-ch64", "penalties", "§ 1-19 of this Code", "Ch. 64, penalties; § 1-19"),
    ("baroda-mi", "after_you_apply", "within 20 days of receipt", "Ord. 171, Application (g)"),
    ("baroda-mi", "after_you_apply", "by certified mail", "Ord. 171, Application (h)"),
    ("baroda-mi", "after_you_apply", "false, misleading or fraudulent statement", "Ord. 171, Application (i)"),
    ("baroda-mi", "revocation", "shall not be transferred to any other person or location", "Ord. 171, Application (j)"),
    ("baroda-mi", "revocation", "Village Council", "Ord. 171, Revocation"),
    ("baroda-mi", "penalties", "not more than 90 days or by a fine of not more than $100", "Ord. 171, Penalties"),
    ("baroda-mi", "penalties", "immediate enjoining of the gathering", "Ord. 171, Penalties"),
    ("dekalb-il", "after_you_apply", "minimum standards for the conduct of any event", "§ 34.06(a)"),
    ("dekalb-il", "after_you_apply", "based on the facts and circumstances before him", "§ 34.06(f)"),
    ("dekalb-il", "revocation", "revoked at any time without notice, by any City employee", "§ 34.06(g)"),
    ("dekalb-il", "penalties", "not less than Five Hundred Dollars, plus Court Costs", "§ 34.07"),
    ("dekalb-il", "penalties", "restitution", "§ 34.07"),
]


@pytest.mark.parametrize("jurisdiction, key, words, citation", [
    pytest.param(*row, id=f"{row[0]}-{row[1]}-{row[2][:30]}") for row in NOTES])
def test_what_the_ordinance_says_after_filing_on_revocation_and_penalties(book, jurisdiction, key, words, citation):
    result = run(book, jurisdiction)
    assert any(words in n["text"] and n["citation"] == citation for n in result[key]), result[key]


@pytest.mark.parametrize("jurisdiction, changes", [
    ("whitesboro-ny", {"max_attendance": 100}), ("baroda-mi", {"property_owner": "municipal"}),
    ("dekalb-il", {"speech_event": True}), ("wi-village-ch64", {"licensed_under_other_ordinance": True})])
def test_no_penalties_or_revocation_without_a_permit(book, jurisdiction, changes):
    result = run(book, jurisdiction, **changes)
    assert result["after_you_apply"] == result["revocation"] == result["penalties"] == []


def test_dekalb_applicant_responsible_for_the_actual_costs_incurred_by_the_city(book):
    # § 34.06(d)(1) in the City agreement item.
    item = next(c for c in run(book, "dekalb-il", admission_fee=True)["checklist"] if c["id"] == "city-agreement")
    assert "actual costs the City incurs" in item["text"] and "(d)(1)" in item["citation"]


def test_whitesboro_any_part_or_portion_of_such_assembly(book):
    # A landowner lending land for part of the assembly is covered; say so where
    # the land is asked, and in the notes.
    site = next(s for s in book.jurisdictions["whitesboro-ny"].steps if s["step"] == "site")
    assert '"any part or portion"' in site["why"] and "parking or camping" in site["why"]
    assert any("any part or portion of such assembly" in w["text"] for w in run(book, "whitesboro-ny")["warnings"])


def test_whitesboro_toilets_approved_by_the_health_department_and_the_board_of_trustees(book):
    # Toilets approved by whom the text names, both of them.
    item = next(c for c in run(book, "whitesboro-ny")["checklist"] if c["id"] == "health-approval-toilets")
    assert "Oneida County Health Department and the Board of Trustees" in item["text"]


def test_whitesboro_chapter_is_not_given_a_title_the_text_does_not_have(book):
    # "Assemblies" is not in the Whitesboro text.
    assert "Assemblies" not in book.jurisdictions["whitesboro-ny"].data["ordinance"]
    assert "Assemblies" not in run(book, "whitesboro-ny")["ordinance"]


def test_hints_do_not_mislead(book):
    # A liquor license does not license an assembly; "most people at the same
    # time" is not every ticket of a multi-day event.
    other = book.questions["licensed_under_other_ordinance"]["hint"]
    assert "liquor" not in other or "does not" in other
    assert "count every ticket" not in book.questions["max_attendance"]["hint"]
    assert "do not add the days together" in book.questions["max_attendance"]["hint"]
