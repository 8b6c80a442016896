"""Issue #2, part 1: who needs a permit. Thresholds on both sides of the line, every
exemption, and DeKalb's commercial / non-commercial / City-property matrix, each with the
citation of the reason that decided it.

Each case starts from a complete set of answers for its jurisdiction (BASE) and changes only
what the case is about, so a failure points at one rule.
"""
from __future__ import annotations

import pytest

from wizard.engine.assess import assess

from tests.support.engine import answers_for, citations, COMMERCIAL_OFF, DEKALB_NOTHING_SPECIAL, DROP, runner



BASE = {
    "whitesboro-ny": answers_for("whitesboro-ny", organizer_type="individual", resides_locally=True,
                                 overnight_stay=False, applicant_is_owner=True, food_service=False),
    "wi-village-ch64": answers_for("wi-village-ch64", organizer_type="individual", applicant_is_owner=True,
                                   after_dark=False, overnight_stay=False),
    "baroda-mi": answers_for("baroda-mi", applicant_is_owner=True, overnight_stay=False),
    "dekalb-il": answers_for("dekalb-il", **DEKALB_NOTHING_SPECIAL, max_attendance=50, separately_permitted=False,
                             organizer_type="individual", nonprofit=False, applicant_is_owner=True,
                             owes_city_debt=False, other_land=[]),
}


run = runner(BASE)




def check(result: dict, outcome: str, cited: set[str] | None) -> None:
    assert result["outcome"] == outcome, (result["outcome"], result["reasons"], result["missing"])
    assert result["permit_required"] == {
        "required": True, "not_required": False, "exempt": False, "uncertain": None}[outcome]
    if cited is not None:
        assert citations(result) == cited
    if outcome != "uncertain" or cited is not None:
        assert result["missing"] == []
    assert result["reasons"], "every outcome explains itself"


# --------------------------------------------------------------------------------------------
# Whitesboro: "in excess of 200 persons"; three local organizers exempt.

WB_SCOPE = "Ch. 40, Purpose and scope"
WB_NOT = "Ch. 40, Purpose and scope; Permit A"
WB_A = "Ch. 40, Permit A"

WHITESBORO = [
    pytest.param({"max_attendance": 200}, "not_required", {WB_NOT}, id="200-not-in-excess"),
    pytest.param({"max_attendance": 201}, "required", {WB_A}, id="201-in-excess"),
    pytest.param({"max_attendance": 0}, "not_required", {WB_NOT}, id="nobody"),
    pytest.param({"max_attendance": 10**6}, "required", {WB_A}, id="a-million"),
    pytest.param({"max_attendance": 200, "total_attendance": 200}, "not_required", {WB_NOT},
                 id="200-at-once-200-in-all"),
    pytest.param({"max_attendance": 200, "total_attendance": 201}, "uncertain", {WB_A},
                 id="200-at-once-201-in-aggregate-ask-clerk"),
    pytest.param({"max_attendance": 201, "local_exempt_organizer": "volunteer_fire_company"},
                 "exempt", {WB_SCOPE}, id="exempt-volunteer-fire-company"),
    pytest.param({"max_attendance": 5000, "local_exempt_organizer": "fraternal_or_civic_local_chapter"},
                 "exempt", {WB_SCOPE}, id="exempt-fraternal-or-civic-local-chapter"),
    pytest.param({"max_attendance": 5000, "local_exempt_organizer": "religious_corporation_local"},
                 "exempt", {WB_SCOPE}, id="exempt-religious-corporation-local"),
    pytest.param({"max_attendance": 5000, "local_exempt_organizer": "none"},
                 "required", {WB_A}, id="no-local-organizer-5000"),
]


@pytest.mark.parametrize("changes, outcome, cited", WHITESBORO)
def test_whitesboro_scope(book, changes, outcome, cited):
    check(run(book, "whitesboro-ny", **changes), outcome, cited)


@pytest.mark.parametrize("organizer, word", [
    ("volunteer_fire_company", "volunteer fire company"),
    ("fraternal_or_civic_local_chapter", "fraternal or civic"),
    ("religious_corporation_local", "religious corporation"),
])
def test_whitesboro_exemption_names_the_organizer(book, organizer, word):
    result = run(book, "whitesboro-ny", local_exempt_organizer=organizer)
    assert word in result["reasons"][0]["text"]
    assert result["application_fee"] is None and result["checklist"] == []


def test_whitesboro_unanswered_exemption_blocks_required(book):
    result = run(book, "whitesboro-ny", max_attendance=201, local_exempt_organizer=DROP)
    assert result["outcome"] == "uncertain"
    assert result["permit_required"] is None
    assert result["missing"] == ["local_exempt_organizer"]


def test_whitesboro_small_event_needs_no_exemption_answer(book):
    result = run(book, "whitesboro-ny", max_attendance=150, local_exempt_organizer=DROP)
    assert result["outcome"] == "not_required" and result["missing"] == []


# --------------------------------------------------------------------------------------------
# Wisconsin Ch. 64: no attendance trigger in the text; three exemptions.

WI_SCOPE = "Ch. 64, scope"
WI_PURPOSE = "Ch. 64, purpose; Ch. 64, application, item C"  # the purpose clause and "2,000 or more"

WISCONSIN = [
    pytest.param({"max_attendance": 1}, "uncertain", {WI_PURPOSE}, id="1-person-no-invented-trigger"),
    pytest.param({"max_attendance": 5000}, "uncertain", {WI_PURPOSE}, id="5000-no-invented-trigger"),
    pytest.param({"max_attendance": 10**6}, "uncertain", {WI_PURPOSE}, id="a-million-no-invented-trigger"),
    pytest.param({"permanent_venue": True, "seating_capacity": 1000, "max_attendance": 1000},
                 "exempt", {WI_SCOPE}, id="venue-at-capacity"),
    pytest.param({"permanent_venue": True, "seating_capacity": 1000, "max_attendance": 1250},
                 "exempt", {WI_SCOPE}, id="venue-capacity-plus-250"),
    pytest.param({"permanent_venue": True, "seating_capacity": 1000, "max_attendance": 1251},
                 "uncertain", {WI_PURPOSE}, id="venue-capacity-plus-251"),
    pytest.param({"permanent_venue": True, "seating_capacity": 0, "max_attendance": 250},
                 "exempt", {WI_SCOPE}, id="venue-capacity-0-plus-250"),
    pytest.param({"permanent_venue": False, "seating_capacity": 1000, "max_attendance": 1000},
                 "uncertain", {WI_PURPOSE}, id="not-a-permanent-venue"),
    # "Maximum seating capacity", not the legal occupancy (usually higher).
    pytest.param({"permanent_venue": True, "venue_capacity": 2000, "seating_capacity": 1000,
                  "max_attendance": 1500}, "uncertain", {WI_PURPOSE}, id="maximum-seating-capacity-not-occupancy"),
    pytest.param({"government_fair_on_fairgrounds": True}, "exempt", {WI_SCOPE}, id="government-fair"),
    pytest.param({"licensed_under_other_ordinance": True}, "exempt", {WI_SCOPE}, id="licensed-elsewhere"),
]


@pytest.mark.parametrize("changes, outcome, cited", WISCONSIN)
def test_wisconsin_scope(book, changes, outcome, cited):
    check(run(book, "wi-village-ch64", **changes), outcome, cited)


@pytest.mark.parametrize("changes, settled", [
    pytest.param({"max_attendance": 150}, True, id="church-picnic-150"),
    pytest.param({"max_attendance": 1999}, True, id="1999"),
    pytest.param({"max_attendance": 2000}, True, id="an-assembly-of-2000-or-more-persons-is-not-a-threshold"),
    pytest.param({"max_attendance": 2000, "government_fair_on_fairgrounds": True}, False, id="exempt"),
    pytest.param({"max_attendance": 2000, "licensed_under_other_ordinance": DROP}, False, id="undecided"),
])
def test_wisconsin_has_no_lean(book, changes, settled):
    # An unsettled reading (docs/decisions/0012-readings-never-invented.md): the chapter states no
    # trigger, and "an assembly of 2,000 or more persons" (item C) is the owner's permission, not a
    # threshold: no lean either side of 2,000, and no clerk is named.
    result = run(book, "wi-village-ch64", **changes)
    assert result["likely"] is None
    if settled:
        reason = result["reasons"][0]["text"]
        assert result["outcome"] == "uncertain" and result["missing"] == []
        assert "does not settle whether yours does" in reason and "which is not a threshold" in reason
        assert "Ask the Village: " in reason and "Clerk" not in reason  # its name not pasted in


@pytest.mark.parametrize("jurisdiction", ["whitesboro-ny", "baroda-mi", "dekalb-il"])
def test_no_lean_where_the_text_sets_a_threshold(book, jurisdiction):
    assert run(book, jurisdiction)["likely"] is None


def test_wisconsin_over_capacity_warns_that_venue_exemption_fails(book):
    result = run(book, "wi-village-ch64", permanent_venue=True, seating_capacity=1000, max_attendance=1251)
    assert any("more than 250 over" in w["text"] for w in result["warnings"])
    result = run(book, "wi-village-ch64", permanent_venue=True, seating_capacity=1000, max_attendance=1250)
    assert not any("more than 250 over" in w["text"] for w in result["warnings"])


@pytest.mark.parametrize("dropped, missing", [
    ("seating_capacity", "seating_capacity"),
    ("government_fair_on_fairgrounds", "government_fair_on_fairgrounds"),
    ("licensed_under_other_ordinance", "licensed_under_other_ordinance"),
], ids=["venue-capacity", "government-fair", "licensed-elsewhere"])
def test_wisconsin_unanswered_exemption_is_listed_as_missing(book, dropped, missing):
    changes = {"permanent_venue": True, "seating_capacity": 1000} if dropped == "seating_capacity" else {}
    changes[dropped] = DROP
    result = run(book, "wi-village-ch64", **changes)
    assert result["outcome"] == "uncertain"
    assert missing in result["missing"]


# --------------------------------------------------------------------------------------------
# Baroda Ord. 171: "300 or more people on private property, outdoors or temporary facilities".

BA_DEF = "Ord. 171, Definitions (Mass gathering)"
BA_REQ = "Ord. 171, Definitions (Mass gathering); License (a)"
BA_PUBLIC = "Ord. 171, Definitions (Mass gathering; Public property)"

BARODA = [
    pytest.param({"max_attendance": 299}, "not_required", {BA_DEF}, id="299-under"),
    pytest.param({"max_attendance": 300}, "required", {BA_REQ}, id="300-or-more"),
    pytest.param({"max_attendance": 301}, "required", {BA_REQ}, id="301"),
    pytest.param({"max_attendance": 300, "setting": "temporary_structure"}, "required", {BA_REQ},
                 id="300-temporary-facilities"),
    pytest.param({"max_attendance": 300, "setting": "partly_outdoors"}, "required", {BA_REQ},
                 id="300-partly-outdoors"),
    pytest.param({"max_attendance": 5000, "organizer_type": "government", "conducted_by_municipality": True},
                 "exempt", {BA_DEF}, id="exempt-village-conducted"),
    pytest.param({"max_attendance": 5000, "organizer_type": "government", "conducted_by_municipality": False},
                 "required", {BA_REQ}, id="other-government-body-not-exempt"),
    pytest.param({"max_attendance": 5000, "organizer_type": "school"}, "exempt", {BA_DEF},
                 id="exempt-school"),
    pytest.param({"max_attendance": 5000, "property_owner": "municipal"}, "not_required", {BA_PUBLIC},
                 id="not-covered-village-property"),
    pytest.param({"max_attendance": 5000, "property_owner": "other_public"}, "not_required", {BA_PUBLIC},
                 id="not-covered-other-public-property"),
    pytest.param({"max_attendance": 5000, "setting": "permanent_building"}, "not_required", {BA_DEF},
                 id="not-covered-permanent-building"),
    # "Any anticipated gathering of 300 or more people"; an attendant is "any
    # person who obtains admission": 300 or more over the event is left to the Clerk.
    pytest.param({"max_attendance": 250, "total_attendance": 300}, "uncertain",
                 {"Ord. 171, Definitions (Mass gathering; Attendant)"}, id="gathering-of-300-or-more-over-the-event"),
    pytest.param({"max_attendance": 250, "total_attendance": 299}, "not_required", {BA_DEF},
                 id="299-over-the-event"),
]


@pytest.mark.parametrize("changes, outcome, cited", BARODA)
def test_baroda_scope(book, changes, outcome, cited):
    check(run(book, "baroda-mi", **changes), outcome, cited)


@pytest.mark.parametrize("dropped", ["conducted_by_municipality", "organizer_type", "property_owner", "setting"])
def test_baroda_unanswered_exemption_blocks_required(book, dropped):
    changes = {"max_attendance": 300, "organizer_type": "government", "conducted_by_municipality": False}
    result = run(book, "baroda-mi", **{**changes, dropped: DROP})
    assert result["outcome"] == "uncertain"
    assert dropped in result["missing"]


# --------------------------------------------------------------------------------------------
# DeKalb Ch. 34: exemptions (34.03), City property (34.04), private property (34.05).

def _commercial(flag: str = "admission_fee") -> dict:
    return {flag: True}


def private_property_cases(paragraph: str, at_one_time: int) -> list:
    """What § 34.05(a)(1) (a Commercial Event) and (b)(1) (any other) say alike, in their own
    paragraph and with their own crowd at one time: (a) over the building's occupancy limit, (b) at
    least partly outside in excess of the crowd, (c) hazardous activities, (d) temporary
    structures or utilities, (e) a street closure; tickets count as attendance."""
    def cites(item: str) -> set[str]:
        return {f"§ 34.05({paragraph})(1)({item})"}
    over = at_one_time + 1
    return [
        # (a) occupancy limit of the building: equal is not "in excess", one over is.
        pytest.param({"setting": "permanent_building", "venue_capacity": 300, "max_attendance": 300}, set(),
                     id="a-occupancy-equal"),
        pytest.param({"setting": "permanent_building", "venue_capacity": 300, "max_attendance": 301}, cites("a"),
                     id="a-occupancy-one-over"),
        # (b) at least partly outside, in excess of the crowd at one time.
        pytest.param({"setting": "outdoors", "max_attendance": at_one_time}, set(), id=f"b-outdoors-{at_one_time}"),
        pytest.param({"setting": "outdoors", "max_attendance": over}, cites("b"), id=f"b-outdoors-{over}"),
        pytest.param({"setting": "partly_outdoors", "venue_capacity": 1000, "max_attendance": at_one_time}, set(),
                     id=f"b-partly-outdoors-{at_one_time}"),
        pytest.param({"setting": "partly_outdoors", "venue_capacity": 1000, "max_attendance": over}, cites("b"),
                     id=f"b-partly-outdoors-{over}"),
        pytest.param({"setting": "temporary_structure", "max_attendance": over}, cites("b"), id=f"b-tents-{over}"),
        # (c)-(e) regardless of size.
        *[pytest.param({"hazardous": [h]}, cites("c"), id=f"c-hazardous-{h}") for h in (
            "combat", "firearms_or_pyrotechnics", "circus_carnival_animals_rides", "motor_vehicles", "haunted_house")],
        pytest.param({"temporary_structures": True}, cites("d"), id="d-temporary-structure"),
        pytest.param({"temporary_utilities": True}, cites("d"), id="d-temporary-utilities"),
        pytest.param({"street_closure": True}, cites("e"), id="e-street-closure"),
        # "Is ticketed or reasonably anticipated to have ... attendance in excess of".
        pytest.param({"setting": "outdoors", "max_attendance": at_one_time - 10, "tickets": over}, cites("b"),
                     id=f"b-ticketed-in-excess-of-{at_one_time}"),
        pytest.param({"setting": "permanent_building", "venue_capacity": 300, "max_attendance": 250, "tickets": 301},
                     cites("a"), id="a-ticketed-in-excess-of-the-occupancy-limit"),
    ]


PRIVATE_COMMERCIAL = [
    *private_property_cases("a", 100),
    pytest.param({"setting": "permanent_building", "venue_capacity": 1000, "max_attendance": 500}, set(),
                 id="b-inside-building-500-under-capacity"),
    # (f) and (g), commercial only, regardless of size.
    pytest.param({"age_restricted_sales": True}, {"§ 34.05(a)(1)(f)"}, id="f-age-restricted"),
    pytest.param({"multiple_parcels": True}, {"§ 34.05(a)(1)(g)"}, id="g-parcels-or-offsite-parking"),
    pytest.param({"max_attendance": 101, "hazardous": ["combat"], "street_closure": True},
                 {"§ 34.05(a)(1)(b)", "§ 34.05(a)(1)(c)", "§ 34.05(a)(1)(e)"}, id="several-triggers-all-cited"),
    pytest.param({"setting": "outdoors", "max_attendance": 90, "tickets": 100}, set(), id="b-ticketed-100"),
]


@pytest.mark.parametrize("changes, cited", PRIVATE_COMMERCIAL)
def test_dekalb_private_commercial(book, changes, cited):
    result = run(book, "dekalb-il", **_commercial(), **changes)
    if cited:
        check(result, "required", cited)
    else:
        check(result, "not_required", {"§ 34.04; § 34.05"})


@pytest.mark.parametrize("flag", list(COMMERCIAL_OFF))
def test_dekalb_each_commercial_feature_lowers_the_threshold_to_100(book, flag):
    assert run(book, "dekalb-il", max_attendance=101)["outcome"] == "not_required"
    check(run(book, "dekalb-il", max_attendance=101, **{flag: True}), "required", {"§ 34.05(a)(1)(b)"})


PRIVATE_NON_COMMERCIAL = [
    *private_property_cases("b", 200),
    pytest.param({"setting": "outdoors", "max_attendance": 101}, set(), id="b-outdoors-101-is-commercial-only"),
    # (f) and (g) are in the commercial list only.
    pytest.param({"age_restricted_sales": True}, set(), id="no-f-for-non-commercial"),
    pytest.param({"multiple_parcels": True}, set(), id="no-g-for-non-commercial"),
    # § 34.05 counts "at one time": visits over the whole event do not trigger it.
    pytest.param({"setting": "outdoors", "max_attendance": 150, "total_attendance": 900}, set(),
                 id="b-at-one-time-not-over-the-event"),
]


@pytest.mark.parametrize("changes, cited", PRIVATE_NON_COMMERCIAL)
def test_dekalb_private_non_commercial(book, changes, cited):
    result = run(book, "dekalb-il", **changes)
    if cited:
        check(result, "required", cited)
    else:
        check(result, "not_required", {"§ 34.04; § 34.05"})


CITY_PROPERTY = [
    pytest.param(_commercial(), {"§ 34.04(a)(1)"}, id="1-commercial-any-size"),
    pytest.param({**_commercial("flea_market"), "max_attendance": 5}, {"§ 34.04(a)(1)"}, id="1-flea-market-5"),
    pytest.param({"hazardous": ["motor_vehicles"]}, {"§ 34.04(a)(2)"}, id="2-hazardous"),
    pytest.param({"temporary_structures": True}, {"§ 34.04(a)(3)"}, id="3-temporary-structure"),
    pytest.param({"temporary_utilities": True}, {"§ 34.04(a)(3)"}, id="3-temporary-utilities"),
    pytest.param({"street_closure": True}, {"§ 34.04(a)(4)"}, id="4-street-closure"),
    pytest.param({"max_attendance": 200}, set(), id="5-non-commercial-200"),
    pytest.param({"max_attendance": 201}, {"§ 34.04(a)(5)"}, id="5-non-commercial-201"),
    pytest.param({**_commercial(), "max_attendance": 201}, {"§ 34.04(a)(1)"}, id="commercial-201-is-1-not-5"),
    pytest.param({"age_restricted_sales": True, "multiple_parcels": True}, set(),
                 id="private-only-triggers-do-not-apply"),
    # (a)(5) "attendance in excess of 200 persons" has no "at one time".
    pytest.param({"max_attendance": 150, "total_attendance": 201}, {"§ 34.04(a)(5)"},
                 id="5-attendance-in-excess-of-200-over-the-event"),
    pytest.param({"max_attendance": 150, "total_attendance": 200}, set(), id="5-attendance-200-over-the-event"),
    # Commercial Event (d), "for the monetary, commercial or pecuniary gain".
    pytest.param(_commercial("for_gain"), {"§ 34.04(a)(1)"}, id="1-conducted-for-pecuniary-gain"),
]


@pytest.mark.parametrize("changes, cited", CITY_PROPERTY)
def test_dekalb_city_property(book, changes, cited):
    result = run(book, "dekalb-il", property_owner="municipal", **changes)
    if cited:
        check(result, "required", cited)
    else:
        check(result, "not_required", {"§ 34.04; § 34.05"})


DEKALB_EXEMPTIONS = [
    *[pytest.param({"property_owner": "other_public", "public_owner": owner, **_commercial(), "hazardous": ["combat"],
                    "max_attendance": 5000}, "exempt", {"§ 34.03(a)"}, id=f"owned-by-{owner}") for owner in (
        "united_states", "state_of_illinois", "dekalb_park_district", "dekalb_cusd_428")],
    # Only those four owners; any other public owner's land is Private Property.
    pytest.param({"property_owner": "other_public", "public_owner": "other", "max_attendance": 5000},
                 "required", {"§ 34.05(b)(1)(b)"}, id="other-public-owner-is-private-property"),
    pytest.param({"property_owner": "other_public", "public_owner": "other", **_commercial("for_gain"),
                  "max_attendance": 150}, "required", {"§ 34.05(a)(1)(b)"},
                 id="other-public-owner-commercial-over-100"),
    pytest.param({"speech_event": True, "max_attendance": 5000}, "exempt", {"§ 34.03(c)"},
                 id="speech-event-private-5000"),
    pytest.param({"speech_event": True, "property_owner": "municipal", "max_attendance": 5000},
                 "exempt", {"§ 34.03(c)"}, id="speech-event-city-property-5000"),
    pytest.param({"speech_event": True, "hazardous": ["firearms_or_pyrotechnics"]}, "required",
                 {"§ 34.05(b)(1)(c)"}, id="speech-event-with-hazard-not-exempt"),
    # A public street closed is City property "in whole or in part" (§ 34.04(a)).
    pytest.param({"speech_event": True, "street_closure": True, "public_street_closure": True}, "required",
                 {"§ 34.04(a)(4)", "§ 34.05(b)(1)(e)"}, id="speech-event-closing-street-not-exempt"),
    pytest.param({"speech_event": True, "street_closure": True, "public_street_closure": True,
                  "property_owner": "municipal"}, "required",
                 {"§ 34.04(a)(4)"}, id="speech-march-on-city-street-not-exempt"),
    # Only "the planned closure or interruption of any public street" ends the
    # rally exemption, not the closure of a City lot or park.
    pytest.param({"speech_event": True, "street_closure": True, "public_street_closure": False,
                  "property_owner": "municipal", "max_attendance": 500}, "exempt", {"§ 34.03(c)"},
                 id="rally-closing-a-park-not-a-public-street-exempt"),
    pytest.param({"speech_event": True, "street_closure": True, "public_street_closure": DROP}, "uncertain",
                 None, id="rally-closing-something-asks-whether-a-public-street"),
    pytest.param({"speech_event": True, "max_attendance": 500, **_commercial()}, "required",
                 {"§ 34.05(a)(1)(b)"}, id="commercial-speech-event-not-exempt"),
    pytest.param({"licensed_auction": True, "auction_only": True, **_commercial("sells_goods"), "max_attendance": 500,
                  "temporary_structures": True}, "exempt", {"§ 34.03(d)"}, id="licensed-auction"),
    pytest.param({"licensed_auction": False, **_commercial("sells_goods"), "max_attendance": 500},
                 "required", {"§ 34.05(a)(1)(b)"}, id="unlicensed-auction"),
    # "Any auction conducted by a Illinois-licensed auctioneer shall be exempt".
    pytest.param({"licensed_auction": True, "auction_only": True, "max_attendance": 500, "temporary_structures": True}, "exempt",
                 {"§ 34.03(d)"}, id="any-auction-by-an-illinois-licensed-auctioneer-non-commercial"),
]


@pytest.mark.parametrize("changes, outcome, cited", DEKALB_EXEMPTIONS)
def test_dekalb_exemptions(book, changes, outcome, cited):
    check(run(book, "dekalb-il", **changes), outcome, cited)


def test_dekalb_licensed_auction_is_exempt_without_the_commercial_answers(book):
    # The auction's exemption does not wait for the commercial answers.
    answers = {k: v for k, v in BASE["dekalb-il"].items() if k not in COMMERCIAL_OFF}
    answers.update(licensed_auction=True, auction_only=True, max_attendance=500)
    result = assess(answers, book)
    assert result["outcome"] == "exempt" and result["missing"] == []
    assert citations(result) == {"§ 34.03(d)"}


def test_dekalb_auctioneer_must_provide_not_less_than_5_business_days_notice(book):
    # The auction's notice is listed with its date, 5 weekdays before the first day.
    result = run(book, "dekalb-il", licensed_auction=True, auction_only=True, auction_outside=True,
                 auction_over_100=False, starts_at="2027-07-09T12:00", ends_at="2027-07-09T20:00")
    note = next(n for n in result["still_applies"] if n["citation"] == "§ 34.03(d)")
    assert note["due_date"] == "2027-07-01"  # Friday 9 July less 5 business days; Monday 5 July is a holiday
    assert "5 business days" in note["text"]


def test_dekalb_separately_permitted_is_still_required_with_a_warning(book):
    result = run(book, "dekalb-il", separately_permitted=True, max_attendance=500)
    check(result, "required", {"§ 34.05(b)(1)(b)"})
    assert "§ 34.03(b)" in {w["citation"] for w in result["warnings"]}


def test_dekalb_other_public_land_waits_for_the_owner(book):
    result = run(book, "dekalb-il", property_owner="other_public", max_attendance=500)
    assert result["outcome"] == "uncertain" and "public_owner" in result["missing"]


@pytest.mark.parametrize("dropped, crowd", [
    ("property_owner", 250), ("hazardous", 150), ("admission_fee", 150), ("street_closure", 150),
    ("temporary_structures", 150), ("setting", 150),
])
def test_dekalb_unanswered_trigger_is_uncertain_not_guessed(book, dropped, crowd):
    result = run(book, "dekalb-il", max_attendance=crowd, **{dropped: DROP})
    assert result["outcome"] == "uncertain"
    assert dropped in result["missing"]


def test_dekalb_unanswered_owner_does_not_matter_when_nothing_triggers_anywhere(book):
    # 150 people, non-commercial, nothing hazardous: no permit on City or private land alike.
    result = run(book, "dekalb-il", max_attendance=150, property_owner=DROP)
    check(result, "not_required", {"§ 34.04; § 34.05"})


# --------------------------------------------------------------------------------------------
# All jurisdictions: outcome-dependent fields are consistent.

@pytest.mark.parametrize("jurisdiction", list(BASE))
def test_outcomes_not_requiring_a_permit_list_nothing_to_do(book, jurisdiction):
    for changes in ({"max_attendance": 0}, {}):
        result = run(book, jurisdiction, **changes)
        if result["outcome"] in ("not_required", "exempt"):
            assert result["checklist"] == [] and result["quantities"] == {}
            assert result["application_fee"] is None and result["bond"] is None
            assert result["file_by"] is None and result["file_by_basis"] is None
            assert result["insurance"] == []
