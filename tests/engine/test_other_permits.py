"""The other permits an event needs from the State beside the village's (interviews/layers/):
assessed whatever the village decides, each with its issuer, section, lead time and fee, and
"may be needed" with whom to ask where the text we hold stops (shared/ordinances/state/NY-*.txt)."""
from __future__ import annotations

from datetime import date

import pytest

from wizard.engine.assess import assess
from wizard.interview.timeline import build_timeline
from wizard.errors import AnswersError
from wizard.language import speaking

# A Whitesboro volunteer fire company's field days: 6,000 people, Friday noon to Sunday 11 PM (59 hours), beer sold.
FIELD_DAYS = {
    "jurisdiction": "whitesboro-ny", "starts_at": "2027-07-16T12:00", "ends_at": "2027-07-18T23:00",
    "max_attendance": 6000, "local_exempt_organizer": "volunteer_fire_company", "organizer_type": "association",
    "food_service": True, "age_restricted_sales": True, "alcohol_sold": True,
}


def permits(result: dict) -> dict:
    return {p["id"]: p for p in result["other_permits"]}


def test_the_village_exempts_the_fire_company_but_the_state_mass_gathering_permit_is_still_due(book):
    result = assess(FIELD_DAYS, book)
    assert result["outcome"] == "exempt"
    gathering = permits(result)["mass-gathering"]
    assert gathering["status"] == "needed"
    assert gathering["citation"] == "10 NYCRR 7-4.1(b), 7-4.2(a)"
    assert "permit-issuing official" in gathering["issuer"]
    first, advertising = gathering["lead_times"]
    # 45 days before the first day, from a secondary copy of 7-4.2(b), to be confirmed with the health department.
    assert (first["days"], first["deadline"], first["source"]) == (45, "2027-06-01", "secondary")
    assert first["citation"] == "10 NYCRR 7-4.2(b)" and first["confirm_with"] == "the county health department"
    assert advertising["counted_from"] == "advertising_starts" and advertising["deadline"] is None
    assert gathering["fee"]["amount"] is None and gathering["gaps"]


def test_beer_for_59_hours_takes_three_sla_permits_of_26_dollars(book):
    alcohol = permits(assess(FIELD_DAYS, book))["temporary-alcohol"]
    assert alcohol["status"] == "needed"
    assert alcohol["issuer"] == "The State Liquor Authority"
    assert alcohol["count"] == 3
    assert alcohol["fee"] == {**alcohol["fee"], "amount": 26, "each": True, "total": 78}
    assert alcohol["citation"] == alcohol["fee"]["citation"] == "N.Y. Alco. Bev. Cont. Law § 97(1)"
    # No lead time in § 97(1): none invented, the organizer is told whom to ask.
    assert alcohol["lead_times"] == [] and "State Liquor Authority" in alcohol["gaps"][0]["ask"]


def test_fees_are_totalled_per_payee_never_added_to_the_village_fee(book):
    result = assess(FIELD_DAYS, book)
    assert {"payee": "the State Liquor Authority", "total": 78} in result["other_permits_fees"]
    assert result["fees_total"] is None  # the exempt village charges nothing; the State's $78 stays apart


def test_a_mass_gathering_needs_no_public_function_permit(book):
    assert "public-function" not in permits(assess(FIELD_DAYS, book))  # 10 NYCRR 18.3(f)


def test_a_smaller_event_may_need_a_public_function_permit_whose_definition_we_do_not_hold(book):
    small = {**FIELD_DAYS, "max_attendance": 800}
    found = permits(assess(small, book))
    assert "mass-gathering" not in found
    public = found["public-function"]
    assert public["status"] == "may_be_needed"
    assert [lead["days"] for lead in public["lead_times"]] == [30, 5]
    assert all(lead["source"] == "law" and lead["citation"] == "10 NYCRR 18.3(b)" for lead in public["lead_times"])
    assert "18.1" in public["gaps"][0]["text"]


def test_each_food_stand_holds_its_own_permit_and_an_unanswered_count_may_need_one(book):
    unanswered = permits(assess(FIELD_DAYS, book))["temporary-food-service"]
    assert unanswered["status"] == "may_be_needed" and unanswered["missing"] == ["food_stands"]
    food = permits(assess({**FIELD_DAYS, "food_stands": 4}, book))["temporary-food-service"]
    assert (food["status"], food["count"], food["held_by"]) == ("needed", 4, "each stand (not the organizer)")
    assert food["citation"] == "10 NYCRR 14-2.1(a), 14-2.2(a)" and food["fee"]["amount"] is None


def test_questions_not_asked_leave_their_permits_out(book):
    # No food, nothing adults-only, no fireworks: the State's questions are never asked, nothing is listed for them.
    plain = {**FIELD_DAYS, "food_service": False, "age_restricted_sales": False, "hazardous": []}
    del plain["alcohol_sold"]
    found = permits(assess(plain, book))
    assert set(found) == {"mass-gathering"}


def test_the_fireworks_permit_names_the_village_as_its_permit_authority(book):
    fireworks = permits(assess({**FIELD_DAYS, "hazardous": ["firearms_or_pyrotechnics"], "fireworks": True}, book))
    display = fireworks["fireworks-display"]
    assert display["issuer"].startswith("The permit authority (Village of Whitesboro, New York)")
    assert display["lead_times"][0]["days"] == 5 and display["lead_times"][0]["source"] == "secondary"
    assert display["citation"] == "N.Y. Penal Law § 405.00(1)-(2)(a)"


def test_the_advertising_date_moves_the_mass_gathering_deadline(book):
    result = assess({**FIELD_DAYS, "advertising_starts": "2027-05-01T09:00"}, book)
    advertising = permits(result)["mass-gathering"]["lead_times"][1]
    assert advertising["deadline"] == "2027-04-16"


def test_a_layer_answer_is_checked_like_any_answer(book):
    with pytest.raises(AnswersError) as refused:
        assess({**FIELD_DAYS, "food_stands": "many"}, book)
    assert refused.value.key == "food_stands"


def test_other_states_towns_get_no_new_york_permits(book):
    result = assess({"jurisdiction": "baroda-mi", "starts_at": "2027-07-16T12:00", "ends_at": "2027-07-18T23:00",
                     "max_attendance": 6000}, book)
    assert all(p["layer"] != "new-york" for p in result["other_permits"])


def test_the_permits_read_in_spanish(book):
    with speaking("es"):
        alcohol = permits(assess(FIELD_DAYS, book))["temporary-alcohol"]
        gathering = permits(assess(FIELD_DAYS, book))["mass-gathering"]
    assert alcohol["name"] == "Permiso temporal de cerveza y vino (State Liquor Authority)"
    assert alcohol["count"] == 3 and alcohol["fee"]["total"] == 78
    assert gathering["lead_times"][0]["confirm_with"] == "el departamento de salud del condado"


# Baroda: a one-day festival with three food stands and fireworks (shared/ordinances/state/MI-*.txt).
BARODA_FESTIVAL = {"jurisdiction": "baroda-mi", "starts_at": "2027-07-16T12:00", "ends_at": "2027-07-16T23:00",
                   "max_attendance": 900, "food_service": True, "food_stands": 3,
                   "hazardous": ["firearms_or_pyrotechnics"], "fireworks": True}


def test_baroda_each_food_stand_needs_its_license_30_calendar_days_ahead(book):
    food = permits(assess(BARODA_FESTIVAL, book))["temporary-food-establishment"]
    assert (food["status"], food["count"], food["held_by"]) == ("needed", 3, "each stand (not the organizer)")
    (lead,) = food["lead_times"]
    assert (lead["days"], lead["deadline"], lead["source"], lead["citation"]) == (30, "2027-06-16", "law", "MCL 289.4103(1)")


def test_baroda_display_fireworks_permit_comes_from_the_village_itself(book):
    display = permits(assess(BARODA_FESTIVAL, book))["display-fireworks"]
    assert display["status"] == "needed" and display["citation"] == "MCL 28.466(1)"
    assert display["issuer"] == "The legislative body (Village of Baroda, Michigan), the village council"
    assert display["lead_times"] == [] and display["fee"]["amount"] is None and display["gaps"]


def test_michigan_alcohol_and_camping_are_only_may_be_needed_where_the_text_stops(book):
    found = permits(assess({**BARODA_FESTIVAL, "alcohol_sold": True, "overnight_stay": True, "camping": True}, book))
    assert found["special-license"]["status"] == "may_be_needed"
    assert found["temporary-campground"]["status"] == "may_be_needed"
    assert found["temporary-campground"]["lead_times"][0]["days"] == 14


def test_dekalb_street_closure_needs_written_notice_to_the_police_24_hours_ahead(book):
    closure = {"jurisdiction": "dekalb-il", "starts_at": "2027-07-16T12:00", "ends_at": "2027-07-16T23:00",
               "max_attendance": 900, "street_closure": True, "public_street_closure": True, "hazardous": []}
    notice = permits(assess(closure, book))["roadway-notice"]
    assert notice["status"] == "needed" and notice["citation"] == "430 ILCS 70/5"
    assert "24 hours before inception" in notice["lead_times"][0]["text"]
    assert notice["lead_times"][0]["deadline"] == "2027-07-15"


def test_dekalb_nonprofit_alcohol_license_says_its_15_days_and_what_we_could_not_read(book):
    event = {"jurisdiction": "dekalb-il", "starts_at": "2027-07-16T12:00", "ends_at": "2027-07-16T23:00",
             "max_attendance": 900, "food_service": True, "alcohol_sold": True}
    license_ = permits(assess(event, book))["special-event-retailer"]
    assert license_["status"] == "may_be_needed"
    assert "15 days per licensee per location" in license_["reasons"][0]["text"]
    assert license_["citation"] == "235 ILCS 5/1-3.17.1, 5/5-2" and license_["fee"]["amount"] is None


def test_michigan_and_illinois_read_in_spanish(book):
    with speaking("es"):
        food = permits(assess(BARODA_FESTIVAL, book))["temporary-food-establishment"]
    assert food["name"] == "Licencia de establecimiento temporal de comidas"
    assert food["held_by"] == "cada puesto (no el organizador)"


# The Wisconsin village: a weekend with camping, two food stands, beer and fireworks (WI-*.txt).
WISCONSIN_WEEKEND = {"jurisdiction": "wi-village-ch64", "starts_at": "2027-07-16T12:00", "ends_at": "2027-07-18T23:00",
                     "max_attendance": 3000, "overnight_stay": True, "camping": True, "food_service": True,
                     "food_stands": 2, "alcohol_sold": True, "hazardous": ["firearms_or_pyrotechnics"], "fireworks": True}


def test_wisconsin_event_campground_permit_30_days_before_the_event(book):
    found = permits(assess(WISCONSIN_WEEKEND, book))
    campground = found["special-event-campground"]
    assert campground["status"] == "needed" and campground["lead_times"][0]["deadline"] == "2027-06-16"
    assert campground["lead_times"][0]["citation"] == "Wis. Admin. Code ATCP 79.26(3)"


def test_wisconsin_picnic_license_is_the_villages_own_at_most_10_dollars(book):
    found = permits(assess(WISCONSIN_WEEKEND, book))
    picnic = found["temporary-class-b"]
    assert picnic["status"] == "may_be_needed" and "may not exceed $10" in picnic["fee"]["text"]
    assert picnic["citation"] == "Wis. Stat. § 125.26(6)"
    assert found["fireworks-user-permit"]["issuer"].startswith("The president of the village")
    assert found["retail-food-at-events"]["count"] == 2


def test_the_plan_puts_the_state_deadlines_in_one_timeline_labelled_with_their_issuer(book):
    plan = build_timeline(assess({**FIELD_DAYS, "food_stands": 2}, book), FIELD_DAYS, "permit", date(2027, 1, 4))
    steps = {m.key: m for m in plan.milestones}
    gathering = steps["other-new-york-mass-gathering-0"]
    assert gathering.day == date(2027, 6, 1) and gathering.citation == "10 NYCRR 7-4.2(b)"
    assert gathering.title == "Apply for the Mass gathering permit (State Sanitary Code)"
    assert "permit-issuing official" in gathering.detail and "secondary copy" in gathering.detail
    days = [m.day for m in plan.milestones if m.day]
    assert days == sorted(days)


def test_wisconsin_and_illinois_read_in_spanish(book):
    closure = {"jurisdiction": "dekalb-il", "starts_at": "2027-07-16T12:00", "ends_at": "2027-07-16T23:00",
               "max_attendance": 900, "street_closure": True, "public_street_closure": True, "hazardous": []}
    with speaking("es"):
        campground = permits(assess(WISCONSIN_WEEKEND, book))["special-event-campground"]
        notice = permits(assess(closure, book))["roadway-notice"]
    assert campground["name"] == "Permiso de campamento para evento especial"
    assert campground["issuer"].startswith("El Departamento de Agricultura, Comercio y Protección al Consumidor")
    assert campground["lead_times"][0]["deadline"] == "2027-06-16"  # the same day in either language (ATCP 79.26(3))
    assert notice["name"] == "Aviso por escrito de una reunión en la vía pública"
    assert notice["issuer"] == "El principal funcionario policial (la policía)" and notice["citation"] == "430 ILCS 70/5"
