"""What "before you start" leaves out, and DeKalb's Commercial Event, as the
texts say them."""
from __future__ import annotations

from datetime import date

from wizard.engine.answers import clean_answers
from wizard.engine.assess import assess_jurisdiction
from wizard.engine.wording import summarize
from wizard.interview.flow import answered_steps, flow
from wizard.web.edge.state import store

from tests.support.stories import PATHS
from tests.support.html import texts
from tests.support.office import BARODA, finished


def before_you_start(book, jurisdiction: str) -> str:
    return " ".join(f"{b['text']} {b['why']}" for b in book.jurisdictions[jurisdiction].before_you_start)


def test_baroda_names_the_property_damage_insurance(book):
    # Ord. 171, Application (k)(20): "property damage insurance with a limit of not less than $50,000".
    assert "property damage insurance of at least $50,000" in before_you_start(book, "baroda-mi")


def test_whitesboro_names_the_verified_petition_and_the_written_approvals(book):
    # Ch. 40, Permit B: "Application for such permit shall be by verified petition"; Permit C: "No permit
    # shall be issued unless ... approved in writing by the Oneida County Health Department and the Board".
    words = before_you_start(book, "whitesboro-ny")
    assert "verified petition" in words
    assert "Oneida County Health Department and the Board of Trustees" in words


def test_dekalb_insurance_is_for_a_commercial_event_as_defined(book):
    # DEFINITIONS: "Commercial Event: Any event that includes any commercial component, such as events
    # that: a) require a fee to attend ... or to purchase any food, beverage or other item".
    words = before_you_start(book, "dekalb-il")
    assert "Commercial Event as the chapter defines it" in words and "makes money" not in words


def test_wisconsin_owner_statement_says_what_item_c_says(book):
    # Ch. 64, application, item C: "a statement made upon oath or affirmation by the record owner of all
    # such property that the applicant has permission to use such property for an assembly of 2,000 or
    # more persons."
    j = book.jurisdictions["wi-village-ch64"]
    statement = next(s for s in j.read["signatures"] if s["id"] == "owner-statement")
    assert statement["text"].endswith("for an assembly of 2,000 or more persons.")
    item = next(c for c in j.read["checklist"] if c["id"] == "owner-permission")
    assert "for an assembly of 2,000 or more persons" in item["text"]


def test_wisconsin_claims_no_lean_where_none_is_given(book):
    # The text names no threshold (the rule file's `likely: null`): whatever the event, the result never
    # says which way the text leans ("Likely required: plan to apply..." or "Probably not covered...").
    j = book.jurisdictions["wi-village-ch64"]
    assert not any("which way the text leans" in w["text"] for w in j.read["warnings"])
    assert [rule.get("likely") for rule in j.scope.get("uncertain", [])] == [None] * len(j.scope.get("uncertain", []))
    events = [answers for place, answers, _, _ in PATHS.values() if place == "wi-village-ch64"]
    events += [{**events[0], "max_attendance": people, "total_attendance": people} for people in (150, 1999, 2000, 50_000)]
    uncertain = 0
    for answers in events:
        assessment = assess_jurisdiction(j, answers)
        uncertain += assessment["outcome"] == "uncertain"
        assert assessment.get("likely") is None, answers
        assert summarize(assessment, "license", date(2027, 1, 4)).lean is None, answers
    assert uncertain >= 4  # the events the text leaves unsettled, where a lean would show


def test_dekalb_escrow_may_be_asked_for_police_patrol_alone(book):
    # § 34.06(d)(1): escrow for "an event that the Police Department determines requires supplemental
    # police patrol", not only for hazards, road closures or utility connections.
    jurisdiction, answers, _, _ = PATHS["dekalb-festival"]
    answers = {**answers, "hazardous": [], "public_street_closure": False, "street_closure": False,
               "temporary_utilities": False}
    a = assess_jurisdiction(book.jurisdictions[jurisdiction], answers)
    assert a["outcome"] == "required"
    assert any(c["id"] == "cash-escrow" for c in a["checklist"])
    assert any("supplemental police patrol" in w["text"] for w in a["warnings"])


# A neighbourhood block party on private lots that closes the public street between them.
BLOCK_PARTY = {"property_owner": "private", "setting": "outdoors", "admission_fee": False, "sells_goods": False,
               "prizes": False, "for_profit_sponsor": False, "for_profit_premises": False, "taxable_sales": False,
               "flea_market": False, "for_gain": False,
               "speech_event": False, "is_auction": False, "hazardous": [], "street_closure": True,
               "public_street_closure": True, "max_attendance": 150, "total_attendance": 150,
               "temporary_structures": False, "temporary_utilities": False, "multiple_parcels": False,
               "organizer_type": "individual", "nonprofit": False, "private_event": False,
               "applicant_is_owner": True, "owes_city_debt": False, "separately_permitted": False,
               "starts_at": "2027-07-10T12:00", "ends_at": "2027-07-10T20:00"}


def test_dekalb_block_party_closing_a_public_street_is_partly_on_city_property(book):
    # § 34.04(a): "A permit is required to conduct an event in whole or in part on any property, including
    # streets, sidewalks or rights of way, owned by the City of DeKalb"; § 34.06(d): "any event which
    # requires a permit and is to be conducted on City-owned property" enters the City agreement, with
    # the escrow of (d)(1) and, for "closure of a public street", the $1,000,000 certificate of (d)(3).
    answers = clean_answers({"jurisdiction": "dekalb-il", **BLOCK_PARTY}, book.questions_for("dekalb-il"),
                            book.jurisdictions)
    a = assess_jurisdiction(book.jurisdictions["dekalb-il"], answers)
    assert a["outcome"] == "required"
    ids = {c["id"] for c in a["checklist"]}
    assert {"city-agreement", "insurance-certificate", "cash-escrow"} <= ids
    assert [i["minimum"] for i in a["insurance"]] == [1000000]
    note = next(w for w in a["warnings"] if "in whole or in part on any property, including streets" in w["text"])
    assert "state highway" in note["text"] and note.get("money")


def park_district(book, **more):
    raw = {"jurisdiction": "dekalb-il", **BLOCK_PARTY, "property_owner": "other_public",
           "public_owner": "dekalb_park_district", "other_land": [], **more}
    answers = clean_answers(raw, book.questions_for("dekalb-il"), book.jurisdictions)
    return assess_jurisdiction(book.jurisdictions["dekalb-il"], answers)


def test_dekalb_park_district_event_closing_a_public_street_is_asked_not_exempted(book):
    # § 34.03(a) exempts an event "conducted solely on property owned by ... the DeKalb Park District".
    # Ticking no other land and then closing a public street contradict each other: ask whose street it is.
    a = park_district(book)
    assert a["outcome"] == "uncertain" and a["missing"] == ["street_owner"]
    assert park_district(book, street_owner="city")["outcome"] == "required"
    assert {"city-agreement", "cash-escrow", "insurance-certificate"} <= {
        c["id"] for c in park_district(book, street_owner="city")["checklist"]}
    assert park_district(book, street_owner="same_public_body")["outcome"] == "exempt"
    # No street closed: the exemption stands without asking.
    assert park_district(book, street_closure=False)["outcome"] == "exempt"


def test_dekalb_park_district_interview_asks_whose_street(book):
    # A clerk's link or an answers file with both answers lands on the question, not on an exemption.
    j = book.jurisdictions["dekalb-il"]
    raw = {"jurisdiction": "dekalb-il", **BLOCK_PARTY, "property_owner": "other_public",
           "public_owner": "dekalb_park_district", "other_land": []}
    answers = clean_answers(raw, book.questions_for("dekalb-il"), book.jurisdictions)
    state = flow(j, answers, answered_steps(j, answers, book), book)
    assert state.next_step is not None and state.next_step["step"] == "street-owner"
    assert not state.finished_early


def test_baroda_send_page_says_the_owner_must_still_sign(app, client):
    # Ord. 171, License (a): "unless the operator of said mass gathering and the owner of the property on
    # which it operates together apply in writing". Sending online signs for the operator alone.
    ident = finished(app, {**BARODA, "applicant_is_owner": False, "has_use_contract": False})
    notice = " ".join(texts(client.get(f"/i/{ident}/send").get_data(as_text=True), ".co-signers"))
    assert "Someone else must still sign" in notice
    assert "Joint application of operator and property owner" in notice and "the property owner" in notice
    # (b): with a use contract exhibited, "the owner need not be joined in the application".
    ident = finished(app, {**BARODA, "applicant_is_owner": False, "has_use_contract": True})
    assert texts(client.get(f"/i/{ident}/send").get_data(as_text=True), ".co-signers") == []


def test_dekalb_whose_street_step_is_asked_on_the_web(app, client):
    # The interview lands on the question and, answered "a City street", the result needs a permit.
    answers = {"jurisdiction": "dekalb-il", **BLOCK_PARTY, "property_owner": "other_public",
               "public_owner": "dekalb_park_district", "other_land": [], "event_name": "Park Fest"}
    ident = finished(app, answers)
    with app.app_context():
        interview = store().get(ident)
        interview.completed_steps = [s for s in interview.completed_steps if s != "street-owner"]
        store().save(interview)
    assert client.get(f"/i/{ident}").headers["Location"].endswith(f"/i/{ident}/step/street-owner")
    page = client.get(f"/i/{ident}/step/street-owner").get_data(as_text=True)
    assert "Who owns the public street your event closes?" in page
    done = client.post(f"/i/{ident}/step/street-owner", data={"street_owner": "city"})
    assert done.status_code in (302, 303)
    result = client.get(f"/i/{ident}/result").get_data(as_text=True)
    assert "You need a permit" in result


def test_an_owner_who_applies_is_not_told_someone_else_must_sign_as_owner(app, client):
    # Baroda, License (a): the operator who is also the owner signs alone ("operator-owner").
    ident = finished(app, {**BARODA, "applicant_is_owner": True})
    assert texts(client.get(f"/i/{ident}/send").get_data(as_text=True), ".co-signers") == []
