"""The sums and dates an application was filed under (docs/decisions/0025-documents-as-issued-sums-as-filed.md).

Each version sent keeps its assessment as it was made then (fees, deposit, bond, insurance minimums, the
days to file and to decide, the checklist, every section) with the digest of the rule file it came from:
the ledger, the checklist, the decision's outstanding items and the documents read it, never the rule file
as it stands today. A version sent before the assessment was kept is assessed once, on first read, from
its answers and the rule file then loaded, and kept.

When the place's rule file changes later, the application is read under the new file once: where the
reading differs in what the office holds the organizer to, the clerk's page says so, sum by sum, and the
clerk applies the new reading or keeps the one filed; either choice goes in the history. Nothing changes
by itself.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Sequence

from ..engine.assess import assess_jurisdiction
from ..engine.other_permits import other_permits
from ..rules.layers import Layer
from ..language import OFFICE_LANGUAGE, speaking
from ..packet.cache import file_digest
from ..readable import long_date, money
from ..rules.rulebook import FEE_CATEGORIES, Jurisdiction
from .records import OfficeRecords, now_text

# Kept beside the engine's assessment: what the office itself reads from the rule file for a filing.
OFFICE_KEY = "office"


def rules_version(j: Jurisdiction) -> str:
    """The rule file's version: the sha256 of its bytes (rule files carry no version number of their own)."""
    return file_digest(Path(j.path))


def office_terms(j: Jurisdiction) -> dict:
    """The days the office itself counts from the rule file: to decide, to file, to have the license in hand
    (Baroda), to return a deposit (Whitesboro); and the sections it cites beside them, the one that deems an
    application granted undecided among them."""
    return {"decision_within_days": j.decision_within_days, "decision_citation": j.decision_citation,
            # As the engine reads it: a period that runs out is what deems it granted.
            "deemed_granted": j.deemed_granted if j.decision_within_days is not None else None,
            "filing_lead_days": j.filing_lead_days, "license_in_hand_days": j.license_in_hand_days,
            "filing_citation": j.filing_citation,
            "deposit_returned_within_days": (j.fees.get("deposit") or {}).get("returned_within_days")}


def assessed(j: Jurisdiction, answers: dict, layers: Sequence[Layer] = ()) -> dict:
    """The assessment as the office keeps it: in the office's language, with the office's own days and the
    other offices' permits the event needs (`layers`: the State's and county's files covering the place),
    so the clerk can ask for proof of them where the town's text does."""
    with speaking(OFFICE_LANGUAGE):
        found = assess_jurisdiction(j, answers)
        found["other_permits"] = other_permits(layers, j.name, answers)
    found[OFFICE_KEY] = office_terms(j)
    return found


# The sections the engine's own assessment kept at filing, for a kept assessment older than the office's
# "deemed granted" term: the office's term, its key in the engine's assessment.
ENGINE_SECTIONS = (("decision_citation", "decision_citation"), ("deemed_granted", "deemed_granted_citation"))


def filed_terms(j: Jurisdiction, assessment: dict | None) -> dict:
    """The office's days and sections as the application was filed under them (`assessment`, as kept); a term
    an older kept assessment lacks is read from what the engine kept beside it, else from the rule file as it
    stands (the reading it had before)."""
    kept = assessment or {}
    engine = {term: kept[key] for term, key in ENGINE_SECTIONS if key in kept}
    return {**office_terms(j), **engine, **(kept.get(OFFICE_KEY) or {})}


def kept_deadline(records: OfficeRecords, reference: str, version: int, assessment: dict) -> None:
    """The inbox's kept decision deadline (which it sorts and filters by), from the period `assessment` sets,
    when `version` is the application's current one: counted from the first receipt, as always."""
    row = records.applications.receipt_figures(reference)
    if row is None or row["version"] != version or not row["received_day"]:
        return
    office = (assessment.get(OFFICE_KEY) or {}) if assessment else {}
    days = office.get("decision_within_days")
    due = "" if days is None else (date.fromisoformat(row["received_day"]) + timedelta(days=days)).isoformat()
    records.applications.update_application(reference, decide_by=due, decision_citation=office.get("decision_citation"),
                                            updated_at=now_text())


def keep_filed(records: OfficeRecords, reference: str, version: int, j: Jurisdiction, answers: dict,
               layers: Sequence[Layer] = ()) -> dict:
    """Assess a version as it is sent (or first read) and keep it; the assessment."""
    found = assessed(j, answers, layers)
    records.applications.keep_assessment(reference, version, found, rules_version(j), now_text())
    return found


class RulesChoiceError(ValueError):
    """A choice on a changed rule file that cannot be recorded; the message says why."""


@dataclass(frozen=True)
class Filed:
    assessment: dict
    rules_digest: str
    assessed_at: str
    rules_kept: str | None  # a later rule file's digest the clerk chose not to apply (or that changed nothing)

    @property
    def checklist(self) -> list[dict]:
        return [c for c in self.assessment.get("checklist") or [] if c.get("id")]


def filed(records: OfficeRecords, reference: str, version: int, j: Jurisdiction, answers: dict,
          layers: Sequence[Layer] = ()) -> Filed:
    """The version's assessment as filed, assessed and kept now if it has none yet (sent before they were kept)."""
    row = records.applications.filed(reference, version)
    if row is None or not row["assessment"]:
        keep_filed(records, reference, version, j, answers, layers)
        row = records.applications.filed(reference, version) or {}
        if not row:  # no such version (an application stored without one): assessed, not kept
            return Filed(assessed(j, answers, layers), rules_version(j), now_text(), None)
    return Filed(json.loads(row["assessment"]), row["rules_digest"] or "", row["assessed_at"] or "", row["rules_kept"])


@dataclass(frozen=True)
class Reading:
    """One thing the current rule file reads differently: what, as filed, and under the current rules."""
    what: str
    filed: str
    now: str


def _sum(fee: dict | None) -> str:
    if not fee:
        return "none"
    return (money(fee["amount"]) if fee.get("amount") is not None else "no amount set") + f" ({fee['citation']})"


def _day(day: str | None, citation: str | None) -> str:
    return f"{long_date(day)} ({citation})" if day else "none"


def _minimums(assessment: dict) -> dict[str, str]:
    return {i["coverage"]: f"at least {money(i['minimum'])} ({i['citation']})" for i in assessment.get("insurance") or []}


def readings(before: dict, after: dict) -> list[Reading]:
    """What the office holds the organizer to that differs between two assessments, in words."""
    found = []
    fees_before, fees_after = before.get("fees") or {}, after.get("fees") or {}
    for key, label in FEE_CATEGORIES.items():
        if (old := _sum(fees_before.get(key))) != (new := _sum(fees_after.get(key))):
            found.append(Reading(label, old, new))
    old_minimums, new_minimums = _minimums(before), _minimums(after)
    for coverage in dict.fromkeys([*old_minimums, *new_minimums]):
        if old_minimums.get(coverage) != new_minimums.get(coverage):
            found.append(Reading(f"Insurance, {coverage}", old_minimums.get(coverage, "none"),
                                 new_minimums.get(coverage, "none")))
    for key, citation, label in (("last_day", "last_day_citation", "Last day to file"),
                                 ("file_by", "file_by_basis", "Day to file by")):
        if (old := _day(before.get(key), before.get(citation))) != (new := _day(after.get(key), after.get(citation))):
            found.append(Reading(label, old, new))  # the day, or only the section that sets it
    office_before, office_after = before.get(OFFICE_KEY) or {}, after.get(OFFICE_KEY) or {}
    if _days(office_before) != _days(office_after):  # the days, or only the section that sets them
        found.append(Reading("Days to decide", _days(office_before), _days(office_after)))
    if (deemed := _deemed(before) or "none") != (deemed_now := _deemed(after) or "none"):
        found.append(Reading("Deemed granted if undecided", deemed, deemed_now))
    old_items = {c["id"]: f"{c['text']} ({c['citation']})" for c in before.get("checklist") or []}
    new_items = {c["id"]: f"{c['text']} ({c['citation']})" for c in after.get("checklist") or []}
    for item in dict.fromkeys([*old_items, *new_items]):
        if old_items.get(item) != new_items.get(item):
            found.append(Reading("Checklist item", old_items.get(item, "none"), new_items.get(item, "none")))
    return found


def _deemed(assessment: dict) -> str | None:
    """The section that deems it granted undecided, from the engine's kept key where the office's is older."""
    return ((assessment.get(OFFICE_KEY) or {}).get("deemed_granted", assessment.get("deemed_granted_citation")))


def _days(office: dict) -> str:
    days = office.get("decision_within_days")
    return "none" if days is None else f"{days} days ({office.get('decision_citation')})"


@dataclass(frozen=True)
class RulesChanged:
    digest: str  # the current rule file's
    current: dict
    readings: tuple[Reading, ...]


def rules_changed(records: OfficeRecords, reference: str, version: int, j: Jurisdiction, answers: dict,
                  now: Filed, layers: Sequence[Layer] = ()) -> RulesChanged | None:
    """The new reading, when the place's rule file changed since the version was filed and reads it
    differently; None otherwise. Read under the new file once per change: a file that changes nothing the
    office holds the organizer to is noted as read, and not read again."""
    digest = rules_version(j)
    if digest in (now.rules_digest, now.rules_kept):
        return None
    current = assessed(j, answers, layers)
    found = readings(now.assessment, current)
    if not found:
        records.applications.keep_rules_as_filed(reference, version, digest)
        return None
    return RulesChanged(digest, current, tuple(found))


CHOICES = {"apply": "Rules changed: applied", "keep": "Rules changed: kept as filed"}


def decide_rules(records: OfficeRecords, reference: str, version: int, change: RulesChanged | None, choice: str,
                 seen: str, who: str) -> str:
    """The clerk's choice on a changed rule file: apply its reading to the version, or keep the one filed.
    `seen`: the digest of the file the clerk read the notice of (a file changed again since must be read
    again). Recorded in the history with every difference; the history's heading."""
    if choice not in CHOICES:
        raise RulesChoiceError("Choose whether to apply the current rules or keep the ones it was filed under.")
    if change is None or change.digest != seen:
        raise RulesChoiceError("The rule file changed again since this page was opened: read the notice again.")
    if choice == "apply":
        records.applications.keep_assessment(reference, version, change.current, change.digest, now_text())
        kept_deadline(records, reference, version, change.current)
    else:
        records.applications.keep_rules_as_filed(reference, version, change.digest)
    detail = "; ".join(f"{r.what}: {r.filed} as filed, {r.now} under the current rules" for r in change.readings)
    records.applications.add_history(reference, who, CHOICES[choice], f"Version {version}: {detail}")
    return CHOICES[choice]


def fill_decision_sections(records: OfficeRecords, rows: list[dict]) -> None:
    """The section of the decision period each row was filed under, for rows sent before it was kept beside
    the deadline: read once from the kept assessment, kept, and set on the row (the calendar feed's)."""
    missing = [r["reference"] for r in rows if r.get("decision_citation") is None]
    sections = {}
    for reference, text in records.applications.current_assessments(missing).items():
        kept = json.loads(text)
        if section := filed_section(kept):
            records.applications.update_application(reference, decision_citation=section)
            sections[reference] = section
    for row in rows:
        row.setdefault("decision_citation", None)
        if row["reference"] in sections:
            row["decision_citation"] = sections[row["reference"]]


def filed_section(assessment: dict) -> str | None:
    """The decision period's section in a kept assessment: the office's, else the engine's beside it."""
    return (assessment.get(OFFICE_KEY) or {}).get("decision_citation") or assessment.get("decision_citation")
