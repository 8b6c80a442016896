"""Story tables: answers for whole interviews, and the exact steps each should show."""

BIG_FESTIVAL = {
    "starts_at": "2027-07-09T12:00", "ends_at": "2027-07-11T23:00",
    "max_attendance": 5000, "total_attendance": 12000, "female_share": 50, "tickets": 5000, "vehicles": 1500,
    "overnight_stay": True, "after_dark": True, "closes_overnight": False,
    "organizer_type": "corporation", "nonprofit": False, "resides_locally": False,
    "applicant_is_owner": False, "has_use_contract": True, "owes_city_debt": False,
    "food_service": True, "admission_fee": True, "amplified_sound": True, "outdoor_lighting": True,
    "security_personnel": True, "public_water": False, "liquid_waste_hauled": True,
    "event_name": "Harvest Moon Festival", "event_purpose": "Three days of music, food and camping.",
    "applicant_name": "Zoë Núñez", "applicant_age": 41, "applicant_address": "12 Elm St, Utica NY",
    "applicant_phone": "315-555-0100", "applicant_email": "zoe@example.org",
    "organization_name": "Harvest Moon Events Inc.",
    "local_agent_name": "Ann Oneida", "local_agent_address": "1 Main St, Utica NY",
    "site_address": "400 River Rd", "site_legal_description": "Lot 7, Block 2",
    "property_owner_name": "River Farm LLC", "property_owner_address": "400 River Rd",
    "local_exempt_organizer": "none", "permanent_venue": False, "government_fair_on_fairgrounds": False,
    "licensed_under_other_ordinance": False, "property_owner": "private", "setting": "outdoors",
    "commercial_features": ["admission_fee", "sells_goods", "for_profit_sponsor", "taxable_sales"],
    "licensed_auction": False, "hazardous": [], "street_closure": False,
    "temporary_structures": True, "temporary_utilities": True, "age_restricted_sales": True,
    "multiple_parcels": False, "separately_permitted": False,
}

ONE_DAY = {"starts_at": "2027-07-10T10:00", "ends_at": "2027-07-10T18:00"}

# (jurisdiction, story, expected steps, expected result heading)
PATHS = {
    "whitesboro-one-day-fair": ("whitesboro-ny", {**BIG_FESTIVAL, **ONE_DAY, "max_attendance": 800, "resides_locally": True,
                                                   "organizer_type": "individual"}, [
        "dates", "crowd", "local-group", "organizer", "site", "activities", "event", "applicant",
        "site-details"], "You need a permit"),
    "whitesboro-festival": ("whitesboro-ny", BIG_FESTIVAL, [
        "dates", "crowd", "local-group", "organizer", "agent", "overnight", "site", "activities",
        "event", "applicant", "company", "site-details"], "You need a permit"),
    "whitesboro-small": ("whitesboro-ny", {**BIG_FESTIVAL, "max_attendance": 150, "total_attendance": 180},
        ["dates", "crowd"], "You do not need a permit under this ordinance"),
    "whitesboro-fire-company": ("whitesboro-ny", {**BIG_FESTIVAL, "local_exempt_organizer": "volunteer_fire_company"},
        ["dates", "crowd", "local-group"], "Your event is exempt from this permit"),
    "wisconsin-festival": ("wi-village-ch64", BIG_FESTIVAL, [
        "venue", "crowd", "fair", "other-license", "dates", "hours", "overnight", "crowd-mix", "tickets",
        "organizer", "activities", "event", "applicant", "company", "site-details"],
        "The ordinance does not settle whether you need a license"),
    "wisconsin-stadium": ("wi-village-ch64", {**BIG_FESTIVAL, "permanent_venue": True, "venue_capacity": 4800},
        ["venue", "capacity", "crowd"], "Your event is exempt from this license"),
    "baroda-festival": ("baroda-mi", BIG_FESTIVAL, [
        "land", "setting", "organizer", "crowd", "dates", "nightly-closing", "crowd-mix", "land-use", "use-contract",
        "overnight", "services", "event", "applicant", "company", "site-details"], "You need a license"),
    "baroda-village-park": ("baroda-mi", {**BIG_FESTIVAL, "property_owner": "municipal"},
        ["land"], "You do not need a license under this ordinance"),
    "dekalb-festival": ("dekalb-il", BIG_FESTIVAL, [
        "land", "money", "auction", "hazards", "streets", "setting", "crowd", "structures",
        "commercial-extras", "dates", "organizer", "other-permits", "event", "applicant", "company",
        "site-details"], "You need a permit"),
    "dekalb-rally": ("dekalb-il", {**BIG_FESTIVAL, "property_owner": "municipal", "commercial_features": [],
        "speech_event": True, "hazardous": [], "street_closure": False},
        ["land", "money", "speech", "hazards", "streets"], "Your event is exempt from this permit"),
    "dekalb-park-district": ("dekalb-il", {**BIG_FESTIVAL, "property_owner": "other_public"},
        ["land"], "Your event is exempt from this permit"),
}
