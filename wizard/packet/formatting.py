"""Answers and figures as an organizer or clerk reads them: "Yes", "5,000", "Friday, July 9, 2027, 12:00 PM"."""
from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any

from ..answers import DATETIME_FORMAT

# Short labels for the application form; the interview's questions are phrased for the
# organizer ("What is the most people you expect at the same time?"), a form wants nouns.
FIELD_LABELS = {
    "event_name": "Name of the event",
    "event_purpose": "Nature and purpose",
    "starts_at": "First opens",
    "ends_at": "Last closes",
    "closes_overnight": "Closes each night",
    "after_dark": "Open after dark",
    "overnight_stay": "Attendees stay overnight",
    "max_attendance": "Most people at one time",
    "total_attendance": "Total attendance over the event",
    "tickets": "Most tickets to be sold",
    "female_share": "Expected share of women and girls",
    "vehicles": "Most vehicles at one time",
    "property_owner": "Owner of the site",
    "setting": "Where the crowd will be",
    "venue_capacity": "Legal occupancy or seating capacity",
    "permanent_venue": "Permanent place of assembly",
    "government_fair_on_fairgrounds": "Government fair on fairgrounds",
    "licensed_under_other_ordinance": "Licensed under another ordinance",
    "organizer_type": "Applicant is",
    "nonprofit": "Not-for-profit or tax-exempt",
    "local_exempt_organizer": "Run by a local exempt group",
    "conducted_by_municipality": "Conducted by the municipality",
    "resides_locally": "Applicant lives in the municipality",
    "applicant_is_owner": "Applicant owns the property",
    "has_use_contract": "Use or rental contract with the owner",
    "owes_city_debt": "Owes the city any obligation",
    "admission_fee": "Admission or participation fee",
    "sells_goods": "Food, drink or goods sold",
    "prizes": "Prizes of value",
    "for_profit_sponsor": "For-profit organizer or sponsor",
    "for_profit_premises": "Held at a for-profit business",
    "taxable_sales": "Taxable transactions",
    "flea_market": "Flea market",
    "hazardous": "Hazardous activities",
    "speech_event": "Solely a rally, march or speech",
    "licensed_auction": "Auction by a licensed auctioneer",
    "separately_permitted": "Already permitted under another code",
    "street_closure": "Closes a street, lot, park or right of way",
    "temporary_structures": "Tents or temporary structures",
    "temporary_utilities": "Temporary utilities",
    "age_restricted_sales": "Alcohol, tobacco or age-restricted items",
    "multiple_parcels": "More than one parcel or off-site parking",
    "food_service": "Food or drink served",
    "amplified_sound": "Sound amplification",
    "outdoor_lighting": "Outdoor lights or signs",
    "security_personnel": "Security guards or police",
    "public_water": "Served by a public water system",
    "liquid_waste_hauled": "Portable toilets emptied by a hauler",
    "applicant_name": "Name",
    "applicant_age": "Age",
    "applicant_address": "Residence and mailing address",
    "applicant_phone": "Telephone",
    "applicant_email": "Email",
    "organization_name": "Organization",
    "site_address": "Address of the site",
    "site_legal_description": "Legal description",
    "property_owner_name": "Record owner",
    "property_owner_address": "Owner's address",
    "local_agent_name": "Agent in the county",
    "local_agent_address": "Agent's address",
}

# What the figures behind a facility count are, for the worksheet.
BASIS_LABELS = {
    "max_attendance": "people at one time",
    "female_attendance": "women and girls at one time",
    "male_attendance": "men and boys at one time",
    "total_attendance": "visits over the whole event",
    "total_attendance_or_max": "visits over the whole event",
    "vehicles": "vehicles at one time",
    "event_days": "days",
    "duration_hours": "hours",
}

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def clean_text(text: str) -> str:
    """User text safe to set: newlines kept, tabs as spaces, other control characters dropped."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", "    ")
    return _CONTROL.sub("", text).strip()


def number(value: Any) -> str:
    """5000 -> 5,000; 2500.5 -> 2,500.5; 1.25 -> 1.25."""
    if isinstance(value, float) and not value.is_integer():
        return f"{value:,.2f}".rstrip("0").rstrip(".")
    return f"{int(value):,}"


def money(value: Any) -> str:
    if isinstance(value, float) and not value.is_integer():
        return f"${value:,.2f}"
    return f"${int(value):,}"


def long_date(day: date) -> str:
    return f"{day:%A}, {day:%B} {day.day}, {day.year}"


def clock(moment: datetime) -> str:
    hour = moment.hour % 12 or 12
    return f"{hour}:{moment:%M} {'AM' if moment.hour < 12 else 'PM'}"


def long_datetime(moment: datetime) -> str:
    return f"{long_date(moment)}, {clock(moment)}"


def parse_moment(value: str) -> datetime:
    return datetime.strptime(value, DATETIME_FORMAT)


def answer_text(key: str, value: Any, questions: dict) -> str:
    """One answer as it belongs on a form."""
    question = questions.get(key, {})
    kind = question.get("kind")
    options = question.get("options") or {}
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if kind == "datetime":
        return long_datetime(parse_moment(value))
    if kind == "share":
        return f"{value * 100:.0f}%"
    if kind == "choice":
        return str(options.get(value, value))
    if kind == "choices" or isinstance(value, list):
        return "; ".join(str(options.get(v, v)) for v in value) if value else "None"
    if kind == "count" or isinstance(value, (int, float)):
        return number(value)
    return clean_text(str(value))


def field_label(key: str, questions: dict) -> str:
    return FIELD_LABELS.get(key) or questions.get(key, {}).get("label", key.replace("_", " ").capitalize())


def short_place(text: str) -> str:
    """ "the village office (the text does not name ...)" -> "the village office"."""
    return re.sub(r"\s*\([^)]*\)", "", text).split(",")[0].strip()


def duration_text(start: datetime, end: datetime) -> str:
    """How long the event lasts, as the forms ask it: days and hours."""
    days = (end.date() - start.date()).days + 1
    hours = (end - start).total_seconds() / 3600
    hours_text = number(round(hours, 2))
    day_word = "day" if days == 1 else "days"
    hour_word = "hour" if hours == 1 else "hours"
    return f"{days} calendar {day_word}; {hours_text} {hour_word} from first opening to last closing"
