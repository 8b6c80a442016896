"""Issue #2, part 2: money and dates. Application fees, deposits, bonds, insurance minimums,
the fee waiver, the last day to file and the decision period, for every jurisdiction.
"""
from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from tests.support.engine import answers_for, DAY, DEKALB_NOTHING_SPECIAL, DROP, runner, THREE_DAYS



# Complete answers under which each jurisdiction's permit is required (Wisconsin: uncertain,
# since its text sets no attendance trigger, but everything it demands is still listed).
BASE = {
    "whitesboro-ny": answers_for("whitesboro-ny", organizer_type="individual", resides_locally=True,
                                 overnight_stay=False),
    "wi-village-ch64": answers_for("wi-village-ch64"),
    "baroda-mi": answers_for("baroda-mi"),
    "dekalb-il": answers_for("dekalb-il", **DEKALB_NOTHING_SPECIAL, nonprofit=False),
}


run = runner(BASE)


# --------------------------------------------------------------------------------------------
# Whitesboro: $500 fee (not refundable) and a $500 trash deposit, whatever the size or length.

@pytest.mark.parametrize("changes", [
    pytest.param({"max_attendance": 201}, id="201"),
    pytest.param({"max_attendance": 5000}, id="5000"),
    pytest.param({"max_attendance": 10**6}, id="a-million"),
    pytest.param({"max_attendance": 5000, **THREE_DAYS}, id="three-days"),
])
def test_whitesboro_flat_fee_and_deposit(book, changes):
    result = run(book, "whitesboro-ny", **changes)
    assert result["outcome"] == "required"
    assert result["application_fee"] == 500
    assert result["deposit"] == 500
    assert result["bond"] is None
    assert result["fee_waivable"] is False
    assert result["fees"]["application"]["citation"] == "Ch. 40, Fee"
    assert result["fees"]["deposit"]["citation"] == "Ch. 40, Permit E"
    assert result["fees"]["bond"] is None


def test_whitesboro_insurance_500000_to_1000000_for_bodily_injury_is_a_split_limit(book):
    # "$500,000 to $1,000,000 for bodily injury or death" is split-limit
    # notation: $500,000 per person and $1,000,000 per occurrence, both shown.
    insurance = run(book, "whitesboro-ny")["insurance"]
    assert [(i["minimum"], i["citation"]) for i in insurance] == [
        (500_000, "Ch. 40, Permit E"),    # bodily injury or death, per person
        (1_000_000, "Ch. 40, Permit E"),  # bodily injury or death, per occurrence
        (500_000, "Ch. 40, Permit E"),    # property damage
    ]
    assert "per person" in insurance[0]["coverage"] and "per occurrence" in insurance[1]["coverage"]
    assert "property damage" in insurance[2]["coverage"]


def test_whitesboro_insurance_range_is_flagged(book):
    warnings = run(book, "whitesboro-ny")["warnings"]
    assert any("$500,000 to $1,000,000" in w["text"] and "split-limit" in w["text"]
               and w["citation"] == "Ch. 40, Permit E" for w in warnings)


@pytest.mark.parametrize("start, file_by, license_by", [
    ("2027-07-09T12:00", "2027-03-26", "2027-05-10"),
    ("2027-01-15T09:00", "2026-10-02", "2026-11-16"),
])
def test_baroda_apply_and_obtain_a_valid_license_60_days_prior(book, start, file_by, license_by):
    # The license must be obtained 60 days before, and the Village has 45 days
    # to decide: file 105 days before, have the license in hand 60 days before.
    end = (datetime.strptime(start, "%Y-%m-%dT%H:%M") + timedelta(hours=8)).strftime("%Y-%m-%dT%H:%M")
    result = run(book, "baroda-mi", starts_at=start, ends_at=end)
    assert (result["file_by"], result["license_by"]) == (file_by, license_by)
    assert result["license_by_citation"] == "Ord. 171, License (a); Application (h)"
    warning = next(w for w in result["warnings"] if "105 days" in w["text"])
    assert '"apply ... and obtain a valid license"' in warning["text"] and "45 days" in warning["text"]


@pytest.mark.parametrize("jurisdiction", ["whitesboro-ny", "wi-village-ch64", "dekalb-il"])
def test_no_license_in_hand_date_where_the_text_sets_none(book, jurisdiction):
    assert run(book, jurisdiction)["license_by"] is None


# --------------------------------------------------------------------------------------------
# Baroda: "$100 for each 300 people or fraction thereof", on the daily maximum; $100,000 bond.

@pytest.mark.parametrize("crowd, fee", [
    (300, 100), (301, 200), (599, 200), (600, 200), (601, 300), (900, 300), (901, 400),
    (5000, 1700), (10**6, 333_400),
], ids=lambda v: str(v))
def test_baroda_fee_per_300_or_fraction(book, crowd, fee):
    result = run(book, "baroda-mi", max_attendance=crowd)
    assert result["application_fee"] == fee
    assert result["fees"]["application"]["citation"] == "Ord. 171, License (a)"
    assert result["fee_waivable"] is False


def test_baroda_fee_uses_busiest_day_not_total_visits(book):
    result = run(book, "baroda-mi", max_attendance=300, total_attendance=900, **THREE_DAYS)
    assert result["application_fee"] == 100


@pytest.mark.parametrize("dates, warned", [
    pytest.param(DAY, False, id="one-day-no-warning"),
    pytest.param({"starts_at": "2027-07-09T20:00", "ends_at": "2027-07-10T01:00"}, True, id="past-midnight-warned"),
    pytest.param(THREE_DAYS, True, id="three-days-warned"),
])
def test_baroda_multi_day_fee_warning(book, dates, warned):
    result = run(book, "baroda-mi", max_attendance=5000, **dates)
    hits = [w for w in result["warnings"] if "daily maximum" in w["text"]]
    assert bool(hits) is warned
    if warned:
        assert hits[0]["citation"] == "Ord. 171, License (a)"
        assert result["application_fee"] == 1700  # one fee on the busiest day, per the stated reading


def test_baroda_bond_and_insurance(book):
    result = run(book, "baroda-mi", max_attendance=300)
    assert result["bond"] == 100_000
    assert result["fees"]["bond"]["citation"] == "Ord. 171, Application (k)(21)"
    assert result["deposit"] is None
    assert [(i["coverage"], i["minimum"], i["citation"]) for i in result["insurance"]] == [
        ("public liability", 500_000, "Ord. 171, Application (k)(20)"),
        ("property damage", 50_000, "Ord. 171, Application (k)(20)"),
    ]


# --------------------------------------------------------------------------------------------
# DeKalb: "$200 per event, per day"; waivable for non-commercial not-for-profit events.

@pytest.mark.parametrize("dates, days", [
    pytest.param(DAY, 1, id="one-day"),
    pytest.param({"starts_at": "2027-07-09T00:00", "ends_at": "2027-07-09T23:59"}, 1, id="whole-day"),
    pytest.param({"starts_at": "2027-07-09T20:00", "ends_at": "2027-07-10T02:00"}, 2, id="crossing-midnight-2-days"),
    pytest.param(THREE_DAYS, 3, id="three-days"),
    pytest.param({"starts_at": "2027-12-31T10:00", "ends_at": "2028-01-01T10:00"}, 2, id="new-years-eve"),
    pytest.param({"starts_at": "2028-02-28T10:00", "ends_at": "2028-03-01T10:00"}, 3, id="leap-day"),
])
def test_dekalb_fee_per_day(book, dates, days):
    result = run(book, "dekalb-il", **dates)
    assert result["outcome"] == "required"
    assert result["application_fee"] == 200 * days
    assert result["fees"]["application"]["citation"] == "§ 34.06(a)"
    assert result["deposit"] is None and result["bond"] is None


@pytest.mark.parametrize("dates, warned", [
    pytest.param({"starts_at": "2027-07-09T22:00", "ends_at": "2027-07-10T02:00"}, True, id="22-00-to-02-00"),
    pytest.param({"starts_at": "2027-07-09T12:00", "ends_at": "2027-07-10T11:00"}, True, id="23-hours-over-midnight"),
    pytest.param(DAY, False, id="one-day"),
    pytest.param(THREE_DAYS, False, id="three-days"),
])
def test_dekalb_200_per_event_per_day_past_midnight(book, dates, warned):
    # The reading (each calendar day) is warned (docs/decisions/0012-readings-never-invented.md), with the other
    # figure shown.
    result = run(book, "dekalb-il", max_attendance=500, **dates)
    notes = [w["text"] for w in result["warnings"] if "past midnight" in w["text"]]
    assert bool(notes) is warned
    if warned:
        assert result["application_fee"] == 400
        assert '"$200 per event, per day"' in notes[0] and "$400" in notes[0] and "the fee is $200" in notes[0]


def test_dekalb_fee_unknown_without_dates(book):
    result = run(book, "dekalb-il", starts_at=DROP, ends_at=DROP)
    assert result["outcome"] == "required"
    assert result["application_fee"] is None


@pytest.mark.parametrize("changes, waivable", [
    pytest.param({"nonprofit": True}, True, id="non-commercial-nonprofit"),
    pytest.param({"nonprofit": False}, False, id="non-commercial-for-profit"),
    pytest.param({"nonprofit": DROP}, False, id="non-commercial-nonprofit-unknown"),
    pytest.param({"nonprofit": True, "admission_fee": True}, False, id="commercial-nonprofit"),
    pytest.param({"nonprofit": True, "flea_market": True}, False, id="nonprofit-flea-market"),
    pytest.param({"nonprofit": False, "sells_goods": True}, False, id="commercial-for-profit"),
])
def test_dekalb_fee_waivable_only_for_non_commercial_nonprofit(book, changes, waivable):
    result = run(book, "dekalb-il", **changes)
    assert result["outcome"] == "required"
    assert result["fee_waivable"] is waivable
    assert result["application_fee"] == 200  # the fee is always shown in full; a waiver is not assumed
    if waivable:
        assert result["fees"]["waiver"]["citation"] == "§ 34.06(a)"
    else:
        assert "waiver" not in result["fees"]


def test_dekalb_private_non_commercial_event_fee_waiver_is_mentioned(book):
    result = run(book, "dekalb-il", nonprofit=False, private_event=True)
    assert any('"private"' in w["text"] and w["citation"] == "§ 34.06(a)" for w in result["warnings"])


DEKALB_INSURED = [
    pytest.param({"admission_fee": True}, id="commercial-private"),
    pytest.param({"property_owner": "municipal", "hazardous": ["combat"]}, id="city-hazardous"),
    pytest.param({"property_owner": "municipal", "temporary_structures": True}, id="city-tent"),
    pytest.param({"property_owner": "municipal", "temporary_utilities": True}, id="city-utilities"),
    pytest.param({"property_owner": "municipal", "street_closure": True, "public_street_closure": True},
                 id="city-street-closure"),
    pytest.param({"property_owner": "municipal", "sells_goods": True}, id="city-commercial"),
]


@pytest.mark.parametrize("changes", DEKALB_INSURED)
def test_dekalb_insurance_one_million(book, changes):
    result = run(book, "dekalb-il", **changes)
    assert result["outcome"] == "required"
    assert [(i["minimum"], i["citation"]) for i in result["insurance"]] == [(1_000_000, "§ 34.06(d)(3)")]


def test_dekalb_no_insurance_for_a_plain_non_commercial_crowd(book):
    result = run(book, "dekalb-il", max_attendance=500)  # (b)(1)(b) only
    assert result["outcome"] == "required"
    assert result["insurance"] == []


@pytest.mark.parametrize("changes", [
    pytest.param({"temporary_structures": True}, id="private-non-commercial-tent"),
    pytest.param({"hazardous": ["haunted_house"]}, id="private-non-commercial-hazardous"),
    pytest.param({"street_closure": True}, id="private-non-commercial-street-closure"),
])
def test_dekalb_no_agreement_no_insurance_for_private_non_commercial(book, changes):
    result = run(book, "dekalb-il", max_attendance=50, **changes)
    assert result["outcome"] == "required"
    assert result["insurance"] == []


# --------------------------------------------------------------------------------------------
# Wisconsin: no fee in the text (null, never invented); bond of $1 per person.

@pytest.mark.parametrize("crowd", [1, 5000, 5001, 10**6])
def test_wisconsin_null_fee_and_one_dollar_bond(book, crowd):
    result = run(book, "wi-village-ch64", max_attendance=crowd)
    assert result["application_fee"] is None
    assert result["fees"]["application"]["amount"] is None
    assert result["fees"]["application"]["citation"]
    assert result["bond"] == crowd
    assert result["fees"]["bond"]["citation"] == "§ 64-4B(13)"
    assert result["deposit"] is None
    assert result["insurance"] == []
    assert result["fee_waivable"] is False
    assert any("no application fee" in w["text"] for w in result["warnings"])


def test_wisconsin_bond_unknown_without_crowd(book):
    result = run(book, "wi-village-ch64", max_attendance=DROP)
    assert result["bond"] is None


# --------------------------------------------------------------------------------------------
# No permit, no money.

@pytest.mark.parametrize("jurisdiction, changes", [
    pytest.param("whitesboro-ny", {"max_attendance": 200}, id="whitesboro-200"),
    pytest.param("whitesboro-ny", {"local_exempt_organizer": "volunteer_fire_company"}, id="whitesboro-exempt"),
    pytest.param("baroda-mi", {"max_attendance": 299}, id="baroda-299"),
    pytest.param("baroda-mi", {"organizer_type": "school"}, id="baroda-school"),
    pytest.param("dekalb-il", {"max_attendance": 200}, id="dekalb-200"),
    pytest.param("wi-village-ch64", {"government_fair_on_fairgrounds": True}, id="wisconsin-fair"),
])
def test_no_money_when_no_permit(book, jurisdiction, changes):
    result = run(book, jurisdiction, **changes)
    assert result["permit_required"] is False
    assert (result["application_fee"], result["deposit"], result["bond"]) == (None, None, None)
    assert result["insurance"] == [] and result["fee_waivable"] is False
    assert result["fees"] == {"application": None, "deposit": None, "bond": None}


# --------------------------------------------------------------------------------------------
# Filing dates: Whitesboro -30, Baroda -105 (the license in hand 60 days before, and 45 days to
# decide), DeKalb -30 (ordinance); Wisconsin -20 (decision period).

FILING = [
    pytest.param("whitesboro-ny", "2027-07-09T12:00", "2027-06-09", "ordinance", 20, id="whitesboro-30"),
    pytest.param("baroda-mi", "2027-07-09T12:00", "2027-03-26", "ordinance", 45, id="baroda-60-plus-45"),
    pytest.param("dekalb-il", "2027-07-09T12:00", "2027-06-09", "ordinance", None, id="dekalb-30"),
    # "Processed within 20 days of receipt" leaves the whole period: 21 days ahead.
    pytest.param("wi-village-ch64", "2027-07-09T12:00", "2027-06-18", "decision_period", 20, id="wisconsin-20"),
    pytest.param("baroda-mi", "2027-01-15T09:00", "2026-10-02", "ordinance", 45, id="baroda-across-new-year"),
    pytest.param("whitesboro-ny", "2028-03-01T00:00", "2028-01-31", "ordinance", 20, id="whitesboro-leap-february"),
    pytest.param("dekalb-il", "2027-03-01T23:59", "2027-01-30", "ordinance", None, id="dekalb-late-start-time"),
    pytest.param("wi-village-ch64", "2027-01-05T10:00", "2026-12-15", "decision_period", 20,
                 id="wisconsin-across-new-year"),
]


@pytest.mark.parametrize("jurisdiction, start, file_by, basis, decision", FILING)
def test_file_by(book, jurisdiction, start, file_by, basis, decision):
    end = (datetime.strptime(start, "%Y-%m-%dT%H:%M") + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")
    result = run(book, jurisdiction, starts_at=start, ends_at=end)
    assert result["permit_required"] in (True, None)
    assert result["file_by"] == file_by
    assert result["file_by_basis"] == basis
    assert result["decision_within_days"] == decision
    assert result["file_by_citation"] and result["decision_citation"]


@pytest.mark.parametrize("jurisdiction", list(BASE))
def test_no_file_by_without_dates(book, jurisdiction):
    result = run(book, jurisdiction, starts_at=DROP, ends_at=DROP)
    assert result["file_by"] is None and result["file_by_basis"] is None


def test_wisconsin_explains_its_missing_deadline(book):
    result = run(book, "wi-village-ch64")
    assert result["file_by_citation"] == "Ch. 64, processing"
    assert any("no filing deadline" in w["text"] for w in result["warnings"])
