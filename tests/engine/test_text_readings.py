"""Readings of the text (docs/decisions/0012-readings-never-invented.md): an exemption exempts only what
the text exempts, and "uncertain" still leads to a finished application. Each case quotes the words of
the ordinance it follows; each failed on the code before the change.

The interviews are walked through the same `flow` the pages use (tests/interview/test_story_paths.py), with
stories built on the browser tests' festival, so what is asked is checked as well as the verdict.
"""
from __future__ import annotations

import pytest

from wizard.engine.assess import assess

from tests.support.stories import BIG_FESTIVAL, ONE_DAY
from tests.support.engine import COMMERCIAL_OFF
from tests.support.packet import body_text
from tests.support.walks import walk
from tests.support.walks import town_steps, walk_story

NO_MONEY = {"commercial_features": []}
QUIET = {"hazardous": [], "street_closure": False, "temporary_structures": False, "temporary_utilities": False}


def dekalb(**changes) -> dict:
    return {**BIG_FESTIVAL, **ONE_DAY, **changes}


def citations(assessment: dict) -> set[str]:
    return {r["citation"] for r in assessment["reasons"]}


def checklist(assessment: dict) -> set[str]:
    return {c["id"] for c in assessment["checklist"]}


# 1. DeKalb § 34.03(d): "Any auction conducted by a Illinois-licensed auctioneer shall be exempt".

FESTIVAL_WITH_AN_AUCTION = dekalb(max_attendance=3000, hazardous=["firearms_or_pyrotechnics"],
                                  is_auction=True, licensed_auction=True, auction_only=False,
                                  auction_outside=True, auction_over_100=True)


def test_dekalb_a_festival_with_an_auction_in_it_is_not_exempt(book):
    # A 3,000-person festival with fireworks and an auction: the auction is exempt, the festival is not.
    asked, a = walk_story(book, "dekalb-il", FESTIVAL_WITH_AN_AUCTION)
    assert a["outcome"] == "required" and a["missing"] == []
    assert {"§ 34.05(a)(1)(b)", "§ 34.05(a)(1)(c)"} <= citations(a)
    assert {"auction-details", "hazards", "streets", "crowd"} <= set(asked)
    # The auction keeps its own duty: "not less than 5 business days notice to the City".
    notice = next(c for c in a["checklist"] if c["id"] == "auctioneer-notice")
    assert notice["citation"] == "§ 34.03(d)" and notice["due_date"] == "2027-07-02"  # Sat 10 July less 5 business days (Monday 5 July is the observed Independence Day)


def test_dekalb_an_event_that_is_only_the_auction_is_exempt_with_its_notice(book):
    story = dekalb(**NO_MONEY, speech_event=False, is_auction=True, licensed_auction=True, auction_only=True,
                   auction_outside=False, auction_over_100=True)
    asked, a = walk_story(book, "dekalb-il", story)
    assert a["outcome"] == "exempt" and citations(a) == {"§ 34.03(d)"}
    assert town_steps(book, "dekalb-il", asked)[-1] == "auction-details"  # the town's last: the State's follow
    assert [n["citation"] for n in a["still_applies"]].count("§ 34.03(d)") == 1


def test_dekalb_the_auction_notice_only_outside_a_permanent_structure_or_above_100(book):
    # "... any auction that will be conducted in whole or in part outside of a permanent structure or
    # that is anticipated to have more than 100 persons in attendance": an auction of 60 in a hall owes none.
    story = dekalb(**NO_MONEY, speech_event=False, is_auction=True, licensed_auction=True, auction_only=True,
                   auction_outside=False, auction_over_100=False)
    _, a = walk_story(book, "dekalb-il", story)
    assert a["outcome"] == "exempt"
    assert "§ 34.03(d)" not in {n["citation"] for n in a["still_applies"]}
    _, a = walk_story(book, "dekalb-il", {**FESTIVAL_WITH_AN_AUCTION, "auction_outside": False,
                                          "auction_over_100": False})
    assert "auctioneer-notice" not in checklist(a)


# 2. DeKalb § 34.03(a): "conducted solely on property owned by" the four public owners.

PARK = dekalb(property_owner="other_public", public_owner="dekalb_park_district", **NO_MONEY, speech_event=False,
              **QUIET, max_attendance=150, total_attendance=150, tickets=0, setting="outdoors")


def test_dekalb_a_park_district_event_that_closes_a_city_street_is_not_solely_there(book):
    story = {**PARK, "other_land": ["city"], "street_closure": True, "public_street_closure": True}
    # (the rest of PARK is a quiet non-commercial event of 150: only the street decides)
    asked, a = walk_story(book, "dekalb-il", story)
    assert "other-land" in asked and a["outcome"] == "required"
    assert "§ 34.04(a)(4)" in citations(a)  # "closure or interruption of any public street"


def test_dekalb_a_park_district_event_parking_on_a_neighbours_field_follows_the_private_rules(book):
    story = {**PARK, "other_land": ["private"], "max_attendance": 400, "total_attendance": 400}
    _, a = walk_story(book, "dekalb-il", story)
    assert a["outcome"] == "required" and citations(a) == {"§ 34.05(b)(1)(b)"}  # outdoors, over 200 at one time


def test_dekalb_an_event_solely_on_park_district_land_is_exempt(book):
    asked, a = walk_story(book, "dekalb-il", {**PARK, "other_land": []})
    assert town_steps(book, "dekalb-il", asked) == ["dates", "land", "public-owner", "other-land"]
    assert a["outcome"] == "exempt" and citations(a) == {"§ 34.03(a)"}


# 4. DeKalb § 34.06(d)(3): insurance for "closure of a public street or right of way".

CITY_PARK = dekalb(property_owner="municipal", **NO_MONEY, speech_event=False, **{**QUIET, "street_closure": True},
                   max_attendance=150, total_attendance=150, tickets=0)


def test_dekalb_closing_a_city_park_needs_a_permit_but_no_insurance(book):
    asked, a = walk_story(book, "dekalb-il", {**CITY_PARK, "public_street_closure": False})
    assert "street" in asked  # asked of any closure, not only of rallies
    assert a["outcome"] == "required" and citations(a) == {"§ 34.04(a)(4)"}
    assert a["insurance"] == []
    assert "insurance-certificate" not in checklist(a)
    # The escrow "an event that the Police Department determines requires supplemental
    # police patrol" may be any event under the City agreement: listed, "if a City department says" so.
    assert "cash-escrow" in checklist(a)
    assert "§ 34.06(d)(3)" in {w["citation"] for w in a["warnings"]}  # ask about a right of way


def test_dekalb_closing_a_public_street_needs_the_insurance(book):
    _, a = walk_story(book, "dekalb-il", {**CITY_PARK, "public_street_closure": True})
    assert [(i["minimum"], i["citation"]) for i in a["insurance"]] == [(1_000_000, "§ 34.06(d)(3)")]
    assert {"insurance-certificate", "cash-escrow"} <= checklist(a)


# 5. DeKalb § 34.06(b): letters "from the owners of each parcel identified for use on the site plan".

def test_dekalb_a_non_commercial_event_parking_on_a_neighbours_field_needs_consent_letters(book):
    story = dekalb(**NO_MONEY, speech_event=False, **QUIET, max_attendance=250, total_attendance=250,
                   tickets=0, applicant_is_owner=True, multiple_parcels=True)
    asked, a = walk_story(book, "dekalb-il", story)
    assert "parcels" in asked and a["outcome"] == "required"
    letters = next(c for c in a["checklist"] if c["id"] == "owner-consent-letters")
    assert letters["citation"] == "§ 34.06(b)"


# 6. DeKalb § 34.06(a): the fee "may be waived ... for private, non-commercial events".

@pytest.mark.parametrize("changes, waivable", [
    pytest.param({"private_event": True}, True, id="private-non-commercial"),
    pytest.param({"private_event": False}, False, id="public-non-commercial"),
    pytest.param({"private_event": True, "admission_fee": True}, False, id="private-but-commercial"),
])
def test_dekalb_fee_may_be_waived_for_private_non_commercial_events(book, changes, waivable):
    answers = {"jurisdiction": "dekalb-il", **ONE_DAY, "max_attendance": 500, "property_owner": "private",
               "setting": "outdoors", **COMMERCIAL_OFF, "speech_event": False, "licensed_auction": False,
               **QUIET, "age_restricted_sales": False, "multiple_parcels": False,
               "separately_permitted": False, "organizer_type": "individual", "nonprofit": False,
               "applicant_is_owner": True, "owes_city_debt": False, **changes}
    a = assess(answers, book)
    assert a["outcome"] == "required" and a["application_fee"] == 200  # shown in full: a waiver is not assumed
    assert a["fee_waivable"] is waivable
    if waivable:
        assert "for private, non-commercial events" in a["fees"]["waiver"]["text"]


def test_dekalb_a_private_event_is_asked_whether_it_is_private(book):
    asked, _ = walk_story(book, "dekalb-il", dekalb(**NO_MONEY, speech_event=False, **QUIET, nonprofit=False,
                                                   private_event=True))
    assert "private-event" in asked


# 8. Whitesboro: "Your event runs on more than one day but closes at night" only when it does.

def whitesboro_reading(a: dict) -> bool:
    return any("closes at night" in w["text"] for w in a["warnings"])


def test_whitesboro_an_evening_open_past_midnight_is_not_said_to_close_at_night(book):
    story = {**BIG_FESTIVAL, "starts_at": "2027-07-09T21:00", "ends_at": "2027-07-10T01:30", "overnight_stay": False,
             "closes_overnight": False}
    asked, a = walk_story(book, "whitesboro-ny", story)
    assert "nightly-closing" in asked and a["outcome"] == "required"
    assert not whitesboro_reading(a)


def test_whitesboro_a_festival_that_closes_each_night_gets_the_reading(book):
    story = {**BIG_FESTIVAL, "overnight_stay": False, "closes_overnight": True}
    _, a = walk_story(book, "whitesboro-ny", story)
    assert whitesboro_reading(a)


# 3. Wisconsin: the chapter states no trigger; "uncertain" must still lead to a full application.

def test_wisconsin_uncertain_still_leads_to_a_finished_application(app, client, book):
    # 1,500 people: once "Probably not covered" after four questions, with no dates, a calendar link
    # answering 409 and a packet of blank boxes. The only 2,000 in the text is item C's owner's
    # permission "for an assembly of 2,000 or more persons", not a threshold.
    story = {**BIG_FESTIVAL, "max_attendance": 1500, "total_attendance": 3000, "tickets": 1500}
    interview_id, shown = walk(client, book, "wi-village-ch64", story)
    assert {"dates", "overnight", "crowd-limit", "site-details"} <= set(shown)
    page = client.get(f"/i/{interview_id}/result").get_data(as_text=True)
    assert "The ordinance does not settle whether you need a license" in page
    assert "Probably not covered" not in page and "Village Clerk" not in page
    assert "Enter your event dates to see this" not in page
    assert "Friday, June 18, 2027" in page  # 9 July less 21 days: the whole 20 days "processed within 20 days of receipt" before it
    assert "Facilities you must provide if you need the license" in page
    calendar = client.get(f"/i/{interview_id}/event.ics")
    assert calendar.status_code == 200 and b"DTSTART;VALUE=DATE:20270618" in calendar.data
    text = body_text(client.get(f"/i/{interview_id}/packet.pdf").data, "Application for a mass gathering")
    assert "FILL IN" not in text.replace("Complete each shaded FILL IN box", "")


# 7. Baroda License (a): "fee based on the daily maximum number of persons expected to attend".

BARODA_DAY = {"jurisdiction": "baroda-mi", **ONE_DAY, "property_owner": "private", "setting": "outdoors",
              "organizer_type": "individual", "conducted_by_municipality": False, "applicant_is_owner": True,
              "overnight_stay": False}


def fee_warnings(a: dict) -> list[str]:
    return [w["text"] for w in a["warnings"] if w["citation"] == "Ord. 171, License (a)"
            and "daily maximum number of persons" in w["text"]]


def test_baroda_one_day_with_turnover_gives_both_fees(book):
    # 400 at once and 1,000 over the day: $100 x ceil(400 / 300) = $200, or $100 x ceil(1000 / 300) = $400.
    a = assess({**BARODA_DAY, "max_attendance": 400, "total_attendance": 1000}, book)
    assert a["outcome"] == "required" and a["application_fee"] == 200
    [text] = fee_warnings(a)
    assert "We show $200" in text and "the fee is $400" in text


@pytest.mark.parametrize("total", [None, 400, 600])
def test_baroda_one_day_without_a_different_fee_has_no_fee_reading(book, total):
    # 600 over the day is still ceil(600 / 300) = 2 blocks, the same $200 as 400 at once.
    answers = {**BARODA_DAY, "max_attendance": 400, **({} if total is None else {"total_attendance": total})}
    assert fee_warnings(assess(answers, book)) == []


def test_baroda_several_days_give_the_fee_for_the_busiest_day_and_for_each_day(book):
    answers = {**BARODA_DAY, "starts_at": "2027-07-09T12:00", "ends_at": "2027-07-11T23:00", "max_attendance": 400}
    [text] = fee_warnings(assess(answers, book))
    assert "for your busiest day, $200" in text and "for each day, $600 in all" in text  # 3 days x $200


def test_dekalb_the_owners_consent_note_only_where_the_exemption_holds(book):
    # "... provided that such event or gathering is conducted with the consent of ... such owner":
    # a note about the exemption's terms, not for an event on Park District land that is not exempt.
    _, a = walk_story(book, "dekalb-il", {**PARK, "other_land": []})
    assert "§ 34.03(a)" in {n["citation"] for n in a["still_applies"]}
    _, a = walk_story(book, "dekalb-il", {**PARK, "other_land": ["private"]})
    assert a["outcome"] == "not_required" and "§ 34.03(a)" not in {n["citation"] for n in a["still_applies"]}
