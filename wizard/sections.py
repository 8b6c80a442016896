"""The interview's sections (issue 11): a progress indicator that names where the organizer is
("Your event", "About you", "The site", "Facilities") instead of "Step 4 of 12", a count that
grows as answers add steps.

Each question belongs to one section, here, in one place; a step is in the section of its first
question that has one. A question not listed (a new one) keeps its step in the section of the
step before it, so the indicator never jumps for it. No Flask here.
"""
from __future__ import annotations

from dataclasses import dataclass

SECTIONS: dict[str, tuple[str, ...]] = {
    "Your event": (
        "event_name", "event_purpose", "starts_at", "ends_at", "closes_overnight", "after_dark", "overnight_stay",
        "max_attendance", "total_attendance", "tickets", "female_share", "vehicles", "commercial_features",
        "hazardous", "speech_event", "is_auction", "licensed_auction", "auction_only", "auction_outside",
        "auction_over_100", "private_event", "age_restricted_sales", "is_fair",
        "government_fair_on_fairgrounds", "licensed_under_other_ordinance", "separately_permitted",
        "admission_fee", "admission_prices", "admission_evidence", "daily_hours", "daily_attendance",
        "total_vehicles",
    ),
    "About you": (
        "organizer_type", "nonprofit", "local_exempt_organizer", "conducted_by_municipality", "resides_locally",
        "owes_city_debt", "applicant_name", "applicant_age", "applicant_address", "applicant_phone",
        "applicant_email", "organization_name", "local_agent_name", "local_agent_address",
        "officers", "stockholders", "person_in_charge",
    ),
    "The site": (
        "property_owner", "public_owner", "other_land", "setting", "venue_capacity", "seating_capacity", "permanent_venue",
        "applicant_is_owner", "has_use_contract", "multiple_parcels", "street_closure", "public_street_closure",
        "site_address", "site_legal_description", "property_owner_name", "property_owner_address",
        "property_interest",
    ),
    "Facilities": (
        "food_service", "amplified_sound", "outdoor_lighting", "security_personnel", "public_water",
        "bathing_beach", "swimming_pool", "liquid_waste_hauled", "temporary_structures", "temporary_utilities",
        "sound_plan", "food_plan", "security_plan", "fire_plan", "medical_plan", "camping_plan", "crowd_limit_plan",
    ),
}
FIRST_SECTION = "Your event"
_SECTION_OF = {key: name for name, keys in SECTIONS.items() for key in keys}


def section_of_question(key: str) -> str | None:
    return _SECTION_OF.get(key)


def step_sections(path: list[dict]) -> list[str]:
    """The section of each step on the path, in order."""
    sections, current = [], FIRST_SECTION
    for step in path:
        current = next((_SECTION_OF[k] for k in step["questions"] if k in _SECTION_OF), current)
        sections.append(current)
    return sections


@dataclass(frozen=True)
class SectionMark:
    name: str
    current: bool
    done: bool  # every step of this section on the path is answered


def progress(path: list[dict], step_id: str, completed: list[str]) -> list[SectionMark]:
    """The sections this interview has, in their usual order, with the current one marked."""
    sections = step_sections(path)
    current = next((name for step, name in zip(path, sections) if step["step"] == step_id), None)
    marks = []
    for name in SECTIONS:
        steps = [step["step"] for step, section in zip(path, sections) if section == name]
        if steps:
            marks.append(SectionMark(name, name == current, all(s in completed for s in steps)))
    return marks
