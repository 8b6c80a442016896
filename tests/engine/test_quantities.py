"""Issue #2, part 3: quantities. Every ratio rounds up ("a fraction of a toilet is a toilet"),
and the arithmetic is exact: female_share is a decimal, so 0.28 x 5000 women is 1400, not
1400.0000000000002 (which would add a toilet).

Expected figures are written out by hand from the ordinance text, not recomputed by the
engine's own formula.
"""
from __future__ import annotations

import pytest

from tests.support.engine import answers_for, DROP, runner, THREE_DAYS


EIGHT_HOURS = {"starts_at": "2027-07-09T12:00", "ends_at": "2027-07-09T20:00"}
TWELVE_HOURS = {"starts_at": "2027-07-09T08:00", "ends_at": "2027-07-09T20:00"}
TWELVE_HOURS_ONE_MINUTE = {"starts_at": "2027-07-09T08:00", "ends_at": "2027-07-09T20:01"}

BASE = {
    "whitesboro-ny": answers_for("whitesboro-ny", **EIGHT_HOURS),
    "wi-village-ch64": answers_for("wi-village-ch64", **EIGHT_HOURS),
    "baroda-mi": answers_for("baroda-mi", **EIGHT_HOURS),
    "dekalb-il": answers_for("dekalb-il", **EIGHT_HOURS, max_attendance=5000, admission_fee=True),
}


run = runner(BASE)


def picked(result: dict, keys) -> dict:
    return {k: result["quantities"].get(k) for k in keys}


# --------------------------------------------------------------------------------------------
# Whitesboro: parking 1 car per 4 persons, C(6); 1 doctor per 500 and 1 nurse, C(9).

@pytest.mark.parametrize("crowd, parking, doctors", [
    (201, 51, 1), (500, 125, 1), (501, 126, 2), (1000, 250, 2), (1001, 251, 3),
    (5000, 1250, 10), (5001, 1251, 11), (10**6, 250_000, 2000),
], ids=lambda v: str(v))
def test_whitesboro_parking_doctors_nurse(book, crowd, parking, doctors):
    result = run(book, "whitesboro-ny", max_attendance=crowd)
    assert result["quantities"] == {"parking_spaces": parking, "physicians": doctors, "nurses": 1}
    cited = {row["key"]: row["citation"] for row in result["facilities"]}
    assert cited == {"parking_spaces": "Ch. 40, Permit C(6)", "physicians": "Ch. 40, Permit C(9)",
                     "nurses": "Ch. 40, Permit C(9)"}


def test_whitesboro_sets_no_toilet_number_and_says_so(book):
    result = run(book, "whitesboro-ny", max_attendance=5000)
    assert not {"toilets_male", "toilets_female"} & set(result["quantities"])
    assert any(w["citation"] == "Ch. 40, Permit C(2)" and "sets no number" in w["text"] for w in result["warnings"])


# --------------------------------------------------------------------------------------------
# Wisconsin § 64-4B(3): 1 toilet per 200 females, 1 per 300 males; a lavatory with each toilet.

WI_TOILETS = [
    # crowd, female_share, toilets_female, toilets_male, lavatories
    pytest.param(1000, 0.3, 2, 3, 5, id="1000-share-0.3"),      # 300/200=1.5->2; 700/300=2.33->3
    pytest.param(1000, 0.5, 3, 2, 5, id="1000-share-0.5"),      # 500/200=2.5->3; 500/300=1.67->2
    pytest.param(1000, None, 3, 2, 5, id="1000-default-half"),
    pytest.param(5000, None, 13, 9, 22, id="5000-default-half"),  # 2500/200=12.5->13; 2500/300=8.33->9
    pytest.param(5000, 0.3, 8, 12, 20, id="5000-share-0.3"),    # 1500/200=7.5->8; 3500/300=11.67->12
    pytest.param(600, 0.5, 2, 1, 3, id="600-exact-300-men"),    # 300/200=1.5->2; 300/300=1
    pytest.param(1200, 0.5, 3, 2, 5, id="1200-exact"),          # 600/200=3; 600/300=2
    pytest.param(1000, 0.0, 0, 4, 4, id="no-women"),            # 0; 1000/300=3.33->4
    pytest.param(1000, 1, 5, 0, 5, id="no-men"),                # 1000/200=5; 0
    pytest.param(1, 0.5, 1, 1, 2, id="one-person-half"),        # 0.5 woman -> 1; 0.5 man -> 1
    pytest.param(0, 0.5, 0, 0, 0, id="nobody"),
    # Float traps: the naive float product overshoots an exact multiple and would add a toilet.
    pytest.param(5000, 0.28, 7, 12, 19, id="float-5000x0.28-is-1400-women"),   # 1400/200=7; 3600/300=12
    pytest.param(10000, 0.14, 7, 29, 36, id="float-10000x0.14-is-1400-women"),  # 8600/300=28.67->29
    pytest.param(5000, 0.56, 14, 8, 22, id="float-5000x0.56-is-2800-women"),    # 2800/200=14; 2200/300=7.33->8
    pytest.param(10000, 0.19, 10, 27, 37, id="float-10000x0.81-is-8100-men"),   # 1900/200=9.5->10; 8100/300=27
]


@pytest.mark.parametrize("crowd, share, female, male, lavatories", WI_TOILETS)
def test_wisconsin_toilets_and_lavatories(book, crowd, share, female, male, lavatories):
    result = run(book, "wi-village-ch64", max_attendance=crowd,
                 female_share=DROP if share is None else share)
    assert picked(result, ("toilets_female", "toilets_male", "lavatories")) == {
        "toilets_female": female, "toilets_male": male, "lavatories": lavatories}
    assert lavatories == female + male  # "a lavatory ... with each toilet"


WI_OTHERS = [
    # crowd: drinking, bathing, waste lb, physicians, nurses, parking, telephones, guards
    pytest.param(1, (1, 10, 3, 1, 1, 1, 1, 1), id="1"),
    pytest.param(750, (750, 7500, 1875, 1, 1, 188, 1, 1), id="750"),
    pytest.param(751, (751, 7510, 1878, 1, 1, 188, 1, 2), id="751"),
    pytest.param(1000, (1000, 10000, 2500, 1, 1, 250, 1, 2), id="1000"),
    pytest.param(1001, (1001, 10010, 2503, 2, 1, 251, 2, 2), id="1001"),
    pytest.param(1500, (1500, 15000, 3750, 2, 1, 375, 2, 2), id="1500"),
    pytest.param(1501, (1501, 15010, 3753, 2, 2, 376, 2, 3), id="1501"),
    pytest.param(5000, (5000, 50000, 12500, 5, 4, 1250, 5, 7), id="5000"),
    pytest.param(5001, (5001, 50010, 12503, 6, 4, 1251, 6, 7), id="5001"),
]
WI_KEYS = ("drinking_water_gallons_per_day", "bathing_water_gallons_per_day", "solid_waste_pounds_per_day",
           "physicians", "nurses", "parking_spaces", "telephones", "security_guards")


@pytest.mark.parametrize("crowd, expected", WI_OTHERS)
def test_wisconsin_other_quantities(book, crowd, expected):
    result = run(book, "wi-village-ch64", max_attendance=crowd)
    assert picked(result, WI_KEYS) == dict(zip(WI_KEYS, expected))
    assert result["quantities"]["gates"] == 4          # § 64-4B(1)
    assert result["quantities"]["ambulances"] == 1     # § 64-4B(5)


def test_wisconsin_citations(book):
    cited = {row["key"]: row["citation"] for row in run(book, "wi-village-ch64")["facilities"]}
    assert cited == {
        "gates": "§ 64-4B(1)",
        "drinking_water_gallons_per_day": "§ 64-4B(2)", "bathing_water_gallons_per_day": "§ 64-4B(2)",
        "toilets_female": "§ 64-4B(3)", "toilets_male": "§ 64-4B(3)", "lavatories": "§ 64-4B(3)",
        "solid_waste_pounds_per_day": "§ 64-4B(4)",
        "physicians": "§ 64-4B(5)", "nurses": "§ 64-4B(5)", "ambulances": "§ 64-4B(5)",
        "parking_spaces": "§ 64-4B(7)", "telephones": "§ 64-4B(8)", "security_guards": "§ 64-4B(10)",
    }


# --------------------------------------------------------------------------------------------
# Baroda (k)(9): men 1:100 toilets, 1:100 urinals, 1:100 lavatories; women 1:50 toilets,
# 1:100 lavatories; fountains 1:200; showers 1:100 each sex only beyond 12 hours;
# water 1.5 gpm per 100 with showers, else 0.75; (k)(18) parking 1 per 4.

BA_KEYS = ("toilets_male", "toilets_female", "urinals", "lavatories", "drinking_fountains", "parking_spaces")

BA_TABLE = [
    # crowd, share: male toilets, female toilets, urinals, lavatories, fountains, parking
    pytest.param(300, None, (2, 3, 2, 4, 2, 75), id="300-half"),          # 150/100->2; 150/50=3; 2+2
    pytest.param(301, None, (2, 4, 2, 4, 2, 76), id="301-half"),          # 150.5/50=3.01->4
    pytest.param(1000, 0.3, (7, 6, 7, 10, 5, 250), id="1000-share-0.3"),  # 700/100=7; 300/50=6; 7+3
    pytest.param(1000, 0.5, (5, 10, 5, 10, 5, 250), id="1000-share-0.5"),
    pytest.param(5000, None, (25, 50, 25, 50, 25, 1250), id="5000-half"),
    pytest.param(5001, None, (26, 51, 26, 52, 26, 1251), id="5001-half"),  # 2500.5/100->26; 2500.5/50->51
    # Float traps (naive float gives one more toilet).
    pytest.param(5000, 0.07, (47, 7, 47, 51, 25, 1250), id="float-5000x0.07-is-350-women"),
    pytest.param(3000, 0.55, (14, 33, 14, 31, 15, 750), id="float-3000x0.55-is-1650-women"),
    pytest.param(5000, 0.42, (29, 42, 29, 50, 25, 1250), id="float-5000x0.58-is-2900-men"),  # 2900/100=29; 2100/50=42
]


@pytest.mark.parametrize("crowd, share, expected", BA_TABLE)
def test_baroda_restrooms_and_parking(book, crowd, share, expected):
    result = run(book, "baroda-mi", max_attendance=crowd, female_share=DROP if share is None else share)
    assert picked(result, BA_KEYS) == dict(zip(BA_KEYS, expected))


@pytest.mark.parametrize("dates, showers, gpm", [
    pytest.param(EIGHT_HOURS, None, 7.5, id="8h-no-showers-0.75"),
    pytest.param(TWELVE_HOURS, None, 7.5, id="exactly-12h-no-showers"),
    pytest.param(TWELVE_HOURS_ONE_MINUTE, 10, 15, id="12h01-showers-1.5"),
    pytest.param(THREE_DAYS, 10, 15, id="three-days-showers-1.5"),
])
def test_baroda_showers_and_water_supply(book, dates, showers, gpm):
    result = run(book, "baroda-mi", max_attendance=1000, **dates)  # 500 men, 500 women
    assert result["quantities"].get("showers") == showers
    assert result["quantities"]["water_supply_gpm"] == gpm
    assert ("showers" in {c["id"] for c in result["checklist"]}) is (showers is not None)


def test_baroda_water_supply_may_be_fractional(book):
    result = run(book, "baroda-mi", max_attendance=301)
    assert result["quantities"]["water_supply_gpm"] == pytest.approx(2.2575)  # 0.75 x 301 / 100, not rounded


def test_baroda_showers_float_trap(book):
    result = run(book, "baroda-mi", max_attendance=5000, female_share=0.14, **THREE_DAYS)
    # 700 women / 100 = 7 exactly (float: 700.0000000000001 -> 8); 4300 men / 100 = 43
    assert result["quantities"]["showers"] == 50
    assert result["quantities"]["water_supply_gpm"] == 75


def test_baroda_showers_warning_when_closing_at_night(book):
    result = run(book, "baroda-mi", max_attendance=1000, closes_overnight=True, **THREE_DAYS)
    assert result["quantities"]["showers"] == 10
    assert any("closes at night" in w["text"] for w in result["warnings"])


def test_baroda_citations(book):
    result = run(book, "baroda-mi", max_attendance=1000, **THREE_DAYS)
    cited = {row["key"]: row["citation"] for row in result["facilities"]}
    assert cited == {k: "Ord. 171, Application (k)(9)" for k in (
        "toilets_male", "toilets_female", "urinals", "lavatories", "drinking_fountains",
        "showers", "water_supply_gpm")} | {"parking_spaces": "Ord. 171, Application (k)(18)"}
    assert [row["key"] for row in result["facilities"]].count("water_supply_gpm") == 1


# --------------------------------------------------------------------------------------------
# DeKalb sets no quantities at all.

def test_dekalb_sets_no_quantities(book):
    result = run(book, "dekalb-il")
    assert result["outcome"] == "required"
    assert result["quantities"] == {} and result["facilities"] == []


# --------------------------------------------------------------------------------------------
# All: whole numbers where the contract says so; rows explain themselves.

@pytest.mark.parametrize("jurisdiction", list(BASE))
@pytest.mark.parametrize("crowd", [301, 4999, 77_777])
def test_quantities_are_whole_numbers_except_water_supply(book, jurisdiction, crowd):
    result = run(book, jurisdiction, max_attendance=crowd, female_share=0.37, **THREE_DAYS)
    for key, value in result["quantities"].items():
        assert value >= 0
        if key != "water_supply_gpm":
            assert isinstance(value, int) and not isinstance(value, bool), (key, value)
    for row in result["facilities"]:
        assert row["citation"] and row["label"] and row["rate"]
        assert row["quantity"] == result["quantities"][row["key"]]
