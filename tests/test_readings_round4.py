"""Issue 38, items 5 and 6: what "before you start" leaves out, and DeKalb's Commercial Event, as the
texts say them."""
from __future__ import annotations

from wizard.engine.assess import assess_jurisdiction

from .browser.stories import PATHS


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
    statement = next(s for s in j.data["signatures"] if s["id"] == "owner-statement")
    assert statement["text"].endswith("for an assembly of 2,000 or more persons.")
    item = next(c for c in j.data["checklist"] if c["id"] == "owner-permission")
    assert "for an assembly of 2,000 or more persons" in item["text"]


def test_wisconsin_claims_no_lean_where_none_is_given(book):
    # The text names no threshold; likely is null, so no note may say "we only say which way the text leans".
    j = book.jurisdictions["wi-village-ch64"]
    assert not any("which way the text leans" in w["text"] for w in j.data["warnings"])


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
