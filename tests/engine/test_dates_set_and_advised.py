"""A date the ordinance sets (docs/decisions/0020-dates-the-text-sets-and-dates-we-advise.md) is never
confused with a date we advise; who decides in Baroda's words; and the readings of round 5 (Wisconsin
camping, DeKalb's escrow and cleanup owners, when each fee is paid, four Spanish glosses). Each assertion
names its section."""
from __future__ import annotations

from datetime import date

from wizard.engine.assess import assess_jurisdiction
from wizard.engine.filing_days import status_of
from wizard.interview.timeline import build_timeline
from wizard.language import speaking

from tests.support.engine import DEKALB_NOTHING_SPECIAL, answers_for

START = date(2027, 7, 9)  # engine_support's DAY


def assessed(book, jurisdiction: str, **more) -> dict:
    return assess_jurisdiction(book.jurisdictions[jurisdiction], answers_for(jurisdiction, **more))


def test_wisconsin_sets_no_last_day_so_its_21_days_are_advice(book):
    a = assessed(book, "wi-village-ch64")
    # Ch. 64, processing: "processed within 20 days of receipt"; the chapter sets no filing deadline.
    assert a["file_by"] == "2027-06-18" and a["file_by_basis"] == "decision_period"  # contract: unchanged
    assert a["last_day"] is None, "Ch. 64 sets no filing deadline: no last day of its own"
    assert a["file_by_advice"] is True, "Ch. 64, processing: the 21-day day is our advice"


def test_wisconsin_is_never_passed_or_late_for_lack_of_a_deadline(book):
    a = assessed(book, "wi-village-ch64")
    status = status_of(a, date(2027, 7, 1))  # 13 days after the advised day, 8 before the event
    assert status.state == "advice_gone" and status.state != "passed", "Ch. 64: nothing passes without a deadline"
    j = book.jurisdictions["wi-village-ch64"]
    plan = build_timeline(a, answers_for("wi-village-ch64"), j.license_word, date(2027, 7, 1))
    filing = next(m for m in plan.milestones if m.key == "file-by")
    assert not plan.passed(filing) and plan.behind(filing), "Ch. 64, processing: advice is behind, not passed"
    assert filing.title.startswith("Our advice"), "Ch. 64, processing: said as advice"
    decision = next(m for m in plan.milestones if m.key == "decision")
    # Ch. 64, processing: filed today (July 1), decided by July 21, after the event starts.
    assert decision.day == date(2027, 7, 21) and decision.title.endswith("if you file today")
    assert "after your event starts" in decision.detail


def test_baroda_last_day_is_60_days_before_and_105_is_advice(book):
    a = assessed(book, "baroda-mi")
    # Ord. 171, License (a): apply and obtain "at least 60 days prior"; Application (h): 45 days to decide.
    assert a["file_by"] == "2027-03-26" and a["license_by"] == "2027-05-10"  # contract: unchanged
    assert a["last_day"] == "2027-05-10", "License (a): the text's own day is the 60th before the event"
    assert a["last_day_citation"] == "Ord. 171, License (a)"
    assert a["file_by_advice"] is True, "License (a) with (h): 105 days is our advice"


def test_baroda_80_days_away_is_not_late_and_the_village_must_decide_by_the_60th_day(book):
    a = assessed(book, "baroda-mi")
    status = status_of(a, date(2027, 4, 20))  # 80 days before: after our advice, before License (a)'s day
    assert status.state == "advice_gone", "License (a): late only after the 60th day before"
    assert status.decide_by == date(2027, 5, 10), "License (a): the Village must decide by the in-hand day"
    assert status_of(a, date(2027, 5, 10)).state == "advice_gone", "License (a): the 60th day itself is in time"
    late = status_of(a, date(2027, 5, 11))
    assert late.state == "passed" and late.day == date(2027, 5, 10), "License (a): late after the 60th day"


def test_dekalb_last_day_is_its_own_30_days(book):
    a = assessed(book, "dekalb-il", **DEKALB_NOTHING_SPECIAL)
    # § 34.06(a): "not less than thirty (30) days prior": the text's own date, not advice.
    assert a["last_day"] == a["file_by"] == "2027-06-09" and a["file_by_advice"] is False


def test_baroda_decision_is_the_villages(book):
    a = assessed(book, "baroda-mi")
    # Ord. 171, Application (h): "the Village shall issue, set conditions ... or deny a license";
    # the Council or its designated agent appears only for revocation and (k)(24).
    assert a["issuer"] == "the Village of Baroda", "Application (h): the Village decides"
    assert "Council" not in a["issuer"]


def test_wisconsin_camping_needs_several_days_to_continue_overnight(book):
    one_day = assessed(book, "wi-village-ch64", closes_overnight=False, overnight_stay=False)
    ids = {c["id"] for c in one_day["checklist"]}
    # § 64-4B(9): "If the assembly is to continue overnight": a one-day event does not.
    assert "camping" not in ids, "§ 64-4B(9): no camping for a one-day event"
    assert "camping-plan" not in ids, "§ 64-4B(9): no camping plan for a one-day event"
    nights = assessed(book, "wi-village-ch64", starts_at="2027-07-09T12:00", ends_at="2027-07-11T23:00",
                      closes_overnight=False, overnight_stay=False)
    assert "camping" in {c["id"] for c in nights["checklist"]}, "§ 64-4B(9): several days, open at night"


def dekalb_city_agreement(book) -> dict:
    return assessed(book, "dekalb-il", **{**DEKALB_NOTHING_SPECIAL, "admission_fee": True})


def test_dekalb_cleanup_is_owed_to_owners_not_affiliated_with_the_event(book):
    restore = next(c for c in dekalb_city_agreement(book)["checklist"] if c["id"] == "restore-premises")
    # § 34.06(d)(2): "incurred by the City or any private property owner not affiliated with the event".
    assert "any private property owner not affiliated with the event" in restore["text"], "§ 34.06(d)(2)"
    assert "neighboring" not in restore["text"], "§ 34.06(d)(2) is not limited to neighbours"


def test_baroda_and_dekalb_fees_are_paid_with_the_application(book):
    # Ord. 171, License (a): "Each application shall be accompanied by a nonrefundable fee".
    assert assessed(book, "baroda-mi")["fees"]["application"]["due"] == "filing", "License (a)"
    # § 34.06(a): "The fee for said application shall be $200 per event, per day".
    assert dekalb_city_agreement(book)["fees"]["application"]["due"] == "filing", "§ 34.06(a)"


def test_four_spanish_glosses_keep_the_force_of_the_english(book):
    with speaking("es"):
        baroda = assessed(book, "baroda-mi")
        dekalb = dekalb_city_agreement(book)
        whitesboro = assessed(book, "whitesboro-ny")
    penalties = " ".join(n["text"] for n in baroda["penalties"])
    # Ord. 171, Penalties: "is punishable by" is liable to, not is, punished.
    assert "se castiga con" not in penalties and "puede castigarse con" in penalties, "Ord. 171, Penalties"
    after = " ".join(n["text"] for n in baroda["after_you_apply"])
    # Ord. 171, Application (h): "adequate security and insurance": security is a financial guarantee.
    assert "una seguridad y un seguro" not in after and "garantía financiera" in after, "Application (h)"
    dekalb_penalties = " ".join(n["text"] for n in dekalb["penalties"])
    # § 34.07: "shall be punishable by a fine": may be fined, not will be.
    assert "se castigará" not in dekalb_penalties and "podrá castigarse" in dekalb_penalties, "§ 34.07"
    decision = " ".join(n["text"] for n in whitesboro["after_you_apply"])
    # Ch. 40, Permit B: "shall act upon the application": to take action on it, not only to decide.
    assert "decidir sobre la solicitud" not in decision and "pronunciarse sobre la solicitud" in decision, "Permit B"
