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
    "applicant_name": "Zoë Núñez", "applicant_age": 41, "applicant_address": "12 Elm St, Utica, NY 13502",
    "applicant_phone": "315-555-0100", "applicant_email": "zoe@example.org",
    "organization_name": "Harvest Moon Events Inc.",
    "signer_title": "President",
    "local_agent_name": "Ann Oneida", "local_agent_address": "1 Main St, Utica NY",
    "site_address": "400 River Rd", "site_legal_description": "Lot 7, Block 2",
    "property_owner_name": "River Farm LLC", "property_owner_address": "400 River Rd",
    "local_exempt_organizer": "none", "permanent_venue": False, "is_fair": False, "government_fair_on_fairgrounds": False,
    "licensed_under_other_ordinance": False, "property_owner": "private", "setting": "outdoors",
    "commercial_features": ["admission_fee", "sells_goods", "for_profit_sponsor", "taxable_sales"],
    "is_auction": False, "licensed_auction": False, "hazardous": [], "street_closure": False,
    "temporary_structures": True, "temporary_utilities": True, "age_restricted_sales": True,
    "multiple_parcels": False, "separately_permitted": False,
    "bathing_beach": False, "swimming_pool": False, "public_owner": "dekalb_park_district",
    "public_street_closure": True, "seating_capacity": 4800,
    # DeKalb's own questions (the other land of an exempt owner, the auction itself, a private event).
    "other_land": [], "auction_only": False, "auction_outside": False, "auction_over_100": False,
    "private_event": False,
    # What the packet used to leave as FILL IN.
    "officers": [{"name": "Zoë Núñez", "age": 41, "address": "12 Elm St, Utica NY"},
                 {"name": "Sam Lee", "age": 55, "address": "3 Oak St, Utica NY"}],
    "stockholders": [{"name": "Sam Lee", "age": None, "address": "3 Oak St, Utica NY"}],
    "property_interest": "Licensee under a rental contract with the owner",
    "admission_prices": "$40 a day, $100 for all three days, children under 12 free",
    "daily_hours": "Friday, July 9: noon to 11 pm\nSaturday, July 10: 10 am to 11 pm\nSunday, July 11: 10 am to 11 pm",
    "daily_attendance": "Friday: 4,000\nSaturday: 5,000\nSunday: 3,000",
    "admission_evidence": "Wristbands numbered 00001 to 05000, checked at the gate and counted each night",
    "total_vehicles": 3000,
    "sound_plan": "Two speaker stacks at the main stage, facing south; no sound trucks",
    "food_plan": "Six licensed food trucks; trash bins at each, emptied each night by a licensed hauler",
    "security_plan": "12 guards, noon to midnight each day, at the gates and the parking lot",
    "fire_plan": "Extinguishers at each stage and food stand; fire lanes kept clear",
    "medical_plan": "A first-aid tent by the main gate with a nurse and doctors on duty",
    "camping_plan": "300 tent sites in the east field, with toilets and water",
    "crowd_limit_plan": "No more tickets than the limit, counted at the gates",
    "person_in_charge": "Sam Lee, 3 Oak St, Utica NY, 315-555-0101",
    # The State's questions (interviews/layers/): beer sold, six food trucks, no fireworks, tents.
    "alcohol_sold": True, "food_stands": 6, "fireworks": False, "camping": True, "advertising_starts": None,
}

ONE_DAY = {"starts_at": "2027-07-10T10:00", "ends_at": "2027-07-10T18:00"}

# (jurisdiction, story, expected steps, expected result heading)
PATHS = {
    "whitesboro-one-day-fair": ("whitesboro-ny", {**BIG_FESTIVAL, **ONE_DAY, "max_attendance": 800, "resides_locally": True,
                                                   "organizer_type": "individual"}, [
        "dates", "crowd", "local-group", "activities", "event", "admission", "new-york-alcohol-sold",
        "new-york-fireworks", "organizer", "applicant", "site", "land-interest", "site-details", "sound-plan",
        "food-plan", "security-plan", "safety-plans", "new-york-food-stands"],
        "You need a permit"),
    "whitesboro-festival": ("whitesboro-ny", BIG_FESTIVAL, [
        "dates", "crowd", "local-group", "overnight", "activities", "event", "admission", "each-day",
        "new-york-alcohol-sold", "new-york-fireworks", "new-york-advertising-starts", "organizer", "agent",
        "applicant", "company", "officers", "site", "land-interest", "site-details", "sound-plan", "food-plan",
        "security-plan", "safety-plans", "camping-plan", "new-york-food-stands"],
        "You need a permit"),
    "whitesboro-small": ("whitesboro-ny", {**BIG_FESTIVAL, "max_attendance": 150, "total_attendance": 180},
        ["dates", "crowd", "new-york-alcohol-sold", "new-york-fireworks", "new-york-food-stands"],
        "You do not need a permit under this ordinance"),
    "whitesboro-fire-company": ("whitesboro-ny", {**BIG_FESTIVAL, "local_exempt_organizer": "volunteer_fire_company"},
        ["dates", "crowd", "local-group", "new-york-alcohol-sold", "new-york-fireworks", "new-york-advertising-starts",
         "new-york-food-stands"], "Your event is exempt from this permit"),
    "wisconsin-festival": ("wi-village-ch64", BIG_FESTIVAL, [
        "crowd", "venue", "fair", "other-license", "dates", "overnight", "crowd-mix", "tickets", "event",
        "wisconsin-fireworks", "organizer", "applicant", "company", "officers", "stockholders", "site-details",
        "wisconsin-camping", "activities", "crowd-limit", "wisconsin-alcohol-sold", "wisconsin-food-stands"],
        "The ordinance does not settle whether you need a license"),
    "wisconsin-stadium": ("wi-village-ch64", {**BIG_FESTIVAL, "permanent_venue": True},
        ["crowd", "venue", "capacity", "wisconsin-fireworks", "wisconsin-camping", "wisconsin-alcohol-sold",
        "wisconsin-food-stands"], "Your event is exempt from this license"),
    "baroda-festival": ("baroda-mi", BIG_FESTIVAL, [
        "land", "setting", "organizer", "crowd", "dates", "nightly-closing", "crowd-mix", "overnight", "event",
        "each-day", "admission", "michigan-fireworks", "applicant", "company", "officers", "in-charge",
        "land-use", "use-contract", "site-details", "michigan-camping", "services", "swimming",
        "michigan-alcohol-sold", "michigan-food-stands"], "You need a license"),
    "baroda-village-park": ("baroda-mi", {**BIG_FESTIVAL, "property_owner": "municipal"},
        ["land", "michigan-fireworks", "michigan-camping", "michigan-alcohol-sold", "michigan-food-stands"],
        "You do not need a license under this ordinance"),
    "dekalb-festival": ("dekalb-il", BIG_FESTIVAL, [
        "dates", "land", "money", "auction", "hazards", "streets", "setting", "crowd", "structures",
        "commercial-extras", "parcels", "other-permits", "event", "illinois-alcohol-sold", "organizer",
        "applicant", "company", "site-details", "illinois-food-stands"], "You need a permit"),
    "dekalb-rally": ("dekalb-il", {**BIG_FESTIVAL, "property_owner": "municipal", "commercial_features": [],
        "speech_event": True, "hazardous": [], "street_closure": False},
        ["dates", "land", "money", "speech", "auction", "hazards", "streets", "illinois-alcohol-sold",
        "illinois-food-stands"], "Your event is exempt from this permit"),
    "dekalb-park-district": ("dekalb-il", {**BIG_FESTIVAL, "property_owner": "other_public"},
        ["dates", "land", "public-owner", "other-land", "illinois-alcohol-sold", "illinois-fireworks",
        "illinois-food-stands"], "Your event is exempt from this permit"),

    # "Total assembly in the aggregate": 150 at once but 250 in all asks the local-group step.
    "whitesboro-aggregate-over-200": ("whitesboro-ny", {**BIG_FESTIVAL, **ONE_DAY, "max_attendance": 150,
        "total_attendance": 250, "resides_locally": True, "organizer_type": "individual"}, [
        "dates", "crowd", "local-group", "activities", "event", "admission", "new-york-alcohol-sold",
        "new-york-fireworks", "organizer", "applicant", "site", "land-interest", "site-details", "sound-plan",
        "food-plan", "security-plan", "safety-plans", "new-york-food-stands"],
        "The ordinance does not settle whether you need a permit"),
    # Seating 1,000 and a crowd of 1,251 still asks about government fairs.
    "wisconsin-seating-1000-crowd-1251": ("wi-village-ch64", {**BIG_FESTIVAL, "permanent_venue": True,
        "seating_capacity": 1000, "max_attendance": 1251},
        ["crowd", "venue", "capacity", "fair", "other-license", "dates", "overnight", "crowd-mix", "tickets",
        "event", "wisconsin-fireworks", "organizer", "applicant", "company", "officers", "stockholders",
        "site-details", "wisconsin-camping", "activities", "crowd-limit", "wisconsin-alcohol-sold",
        "wisconsin-food-stands"],
        "The ordinance does not settle whether you need a license"),
    # Wisconsin (docs/decisions/0012-readings-never-invented.md): the chapter states no trigger, so a
    # 150-person church picnic is asked everything the chapter would require, not ended on a lean after
    # the exemptions.
    "wisconsin-church-picnic": ("wi-village-ch64", {**BIG_FESTIVAL, **ONE_DAY, "max_attendance": 150},
        ["crowd", "venue", "fair", "other-license", "dates", "hours", "crowd-mix", "tickets", "event",
        "wisconsin-fireworks", "organizer", "applicant", "company", "officers", "stockholders", "site-details",
        "activities", "crowd-limit", "wisconsin-alcohol-sold", "wisconsin-food-stands"],
        "The ordinance does not settle whether you need a license"),
    # "Any auction conducted by a Illinois-licensed auctioneer shall be exempt".
    "dekalb-licensed-auction": ("dekalb-il", {**BIG_FESTIVAL, "commercial_features": [], "speech_event": False,
        "is_auction": True, "licensed_auction": True, "auction_only": True},
        ["dates", "land", "money", "speech", "auction", "auctioneer", "auction-details", "illinois-alcohol-sold",
        "illinois-fireworks", "illinois-food-stands"],
        "Your event is exempt from this permit"),
    # A rally that closes a City park but no public street keeps its exemption.
    "dekalb-rally-closing-a-park": ("dekalb-il", {**BIG_FESTIVAL, "property_owner": "municipal",
        "commercial_features": [], "speech_event": True, "hazardous": [], "street_closure": True,
        "public_street_closure": False}, [
        "dates", "land", "money", "speech", "auction", "hazards", "streets", "street", "illinois-alcohol-sold",
        "illinois-food-stands"],
        "Your event is exempt from this permit"),
    # Land of another public body (the county) is Private Property under § 34.01.
    "dekalb-county-land": ("dekalb-il", {**BIG_FESTIVAL, "property_owner": "other_public", "public_owner": "other"}, [
        "dates", "land", "public-owner", "money", "auction", "hazards", "streets", "setting", "crowd",
        "structures", "commercial-extras", "parcels", "other-permits", "event", "illinois-alcohol-sold",
        "organizer", "applicant", "company", "site-details", "illinois-food-stands"],
        "You need a permit"),
    # A bathing beach on the site.
    "baroda-beach": ("baroda-mi", {**BIG_FESTIVAL, "bathing_beach": True}, [
        "land", "setting", "organizer", "crowd", "dates", "nightly-closing", "crowd-mix", "overnight", "event",
        "each-day", "admission", "michigan-fireworks", "applicant", "company", "officers", "in-charge",
        "land-use", "use-contract", "site-details", "michigan-camping", "services", "swimming",
        "michigan-alcohol-sold", "michigan-food-stands"], "You need a license"),
}
