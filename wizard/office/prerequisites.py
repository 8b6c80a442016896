"""What must be in hand before the permit issues, from the rule file's `decision.before_issuance`, each
checked against the office's records (docs/decisions/0022-approval-and-issuance.md).

Approval is the decision; issuance is the permit. An approved application whose prerequisites are not all
recorded waits ("Approved, permit not yet issued: waiting for ..."); the permit issues, dated that day,
when the last one is. `outstanding()` is the one gate: every page, mail and download asks it.

Each prerequisite names the record that shows it: a sum of the money owed paid in full (`fee`, `deposit`,
`bond`, `escrow`), certificates of insurance meeting every minimum (`insurance`), an inspection's passing
result (`inspection`), the conditions set under the text's `conditions_before_issuance` met
(`conditions`), or a confirmation the clerk records (`confirmation`: a written approval, an authorization,
an agreement, "not a debtor to the City"). One with `unless` may instead be recorded as the alternative
the text allows (a fee the City Manager waived).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from ..engine.conditions import evaluate
from ..engine.facts import Facts
from ..language import gettext as _
from ..readable import money as dollars
from ..rules.rulebook import Jurisdiction
from .money import certificate_flags, coverages, ledger, owed_for
from .filed import filed
from .records import OfficeRecords, now_text
from .review import ReviewError
from .schema import ApplicationRow
from .waiting import INSPECTION_HELD, ORGANIZER_HOW

SUMS = {"fee": "application", "deposit": "deposit", "bond": "bond", "escrow": "escrow"}
# Where on the clerk's page each is recorded: its section's anchor and the words that say how.
HOW = {"fee": ("#money", "Record the payment under “Money received”."),
       "deposit": ("#money", "Record the deposit under “Money received”."),
       "bond": ("#money", "Record the bond under “Money received”."),
       "escrow": ("#money", "Record the escrow posted under “Money received”."),
       "insurance": ("#held", "Record a certificate meeting each minimum under “Bond and insurance held”."),
       "inspection": ("#inspections", "Schedule the inspection and record its result under “Inspections”."),
       "conditions": ("#before-issuance", "Tick each condition as met under “Before the permit issues”."),
       "confirmation": ("#prerequisites", "Record it as in hand under “Before the permit issues”.")}
class PrerequisiteError(ReviewError):
    """A prerequisite that cannot be recorded as in hand; the message says why."""


@dataclass(frozen=True)
class Prerequisite:
    """One item of what must be in hand, and whether the record shows it."""
    id: str
    record: str
    text: str  # in the language in force
    quote: str  # the law's words
    citation: str
    unless: str = ""
    met: bool = False
    detail: str = ""  # for the clerk: what the record lacks, or how it is met
    other_permit: str = ""  # the State's or county's permit it corresponds to (its id), shown beside it

    @property
    def anchor(self) -> str:
        return HOW[self.record][0]

    @property
    def how(self) -> str:
        return HOW[self.record][1]

    @property
    def organizer_how(self) -> str:
        return ORGANIZER_HOW[self.record]

    @property
    def recordable(self) -> bool:
        """The clerk records it on the prerequisites' own form: a confirmation, or the text's alternative."""
        return not self.met and (self.record == "confirmation" or bool(self.unless))


def applying(j: Jurisdiction, answers: dict) -> list[dict]:
    """The rule file's prerequisites for these answers: an `if` not known to be false keeps one (the safe reading)."""
    facts = Facts(answers)
    return [p for p in j.before_issuance or [] if evaluate(p.get("if"), facts)[0] is not False]


def prerequisites(records: OfficeRecords, application: ApplicationRow, j: Jurisdiction, version: int | None = None,
                  assessment: dict | None = None) -> list[Prerequisite]:
    """Each prerequisite that applies to the version (the decided one, else the current), checked against the records."""
    reference = application["reference"]
    answers = records.applications.version_answers(reference, version or application["version"])
    if assessment is None:  # the sums and days as filed, never the rule file as it reads today
        assessment = filed(records, reference, version or application["version"], j, answers or {}).assessment
    recorded = {r["prerequisite"]: r for r in records.trail.prerequisites_recorded(reference)}
    checked = []
    for spec in applying(j, answers):
        state = _state(records, application, j, assessment, spec, recorded.get(spec["id"]))
        if state is None:  # the record this reads has nothing to ask of these answers (no deposit owed)
            continue
        checked.append(Prerequisite(spec["id"], spec["record"], spec["text"], spec["quote"], spec["citation"],
                                    spec.get("unless", ""), *state, other_permit=spec.get("other_permit", "")))
    checked += _inspection_held(records, reference, j, checked)
    return checked


def outstanding(records: OfficeRecords, application: ApplicationRow, j: Jurisdiction, version: int | None = None,
                assessment: dict | None = None) -> tuple[Prerequisite, ...]:
    """What the permit still waits for: the gate of issuance."""
    return tuple(p for p in prerequisites(records, application, j, version, assessment) if not p.met)


def _state(records: OfficeRecords, application: ApplicationRow, j: Jurisdiction, assessment: dict, spec: dict,
           recorded: dict | None) -> tuple[bool, str] | None:
    if recorded is not None:
        how = "in hand" if recorded["how"] == "in_hand" else f"recorded instead: {spec.get('unless', '')}"
        note = f" ({recorded['note']})" if recorded["note"] else ""
        return True, f"{how}, {recorded['recorded_on']}, by {recorded['recorded_by']}{note}"
    kind, reference = spec["record"], application["reference"]
    if kind in SUMS:
        return _sum_state(records, reference, j, assessment, SUMS[kind])
    if kind == "insurance":
        return _insurance_state(records, application, j, assessment)
    if kind == "inspection":
        return _inspection_state(records.trail.inspections(reference))
    if kind == "conditions":
        conditions = records.trail.issuance_conditions(reference)
        open_ones = [c["text"] for c in conditions if not c["met_at"]]
        return (not open_ones, "open: " + "; ".join(open_ones) if open_ones else "every one met") if conditions else None
    return False, "not recorded"


def _sum_state(records: OfficeRecords, reference: str, j: Jurisdiction, assessment: dict,
               key: str) -> tuple[bool, str] | None:
    lines = ledger(owed_for(records, reference, j, assessment), records.money.payments(reference))
    line = next((line for line in lines if line.owed.key == key), None)
    if line is None:
        return None
    if line.outstanding is None:
        return (line.received > 0, f"{dollars(line.received / 100)} received" if line.received else "none received")
    if line.outstanding:
        return False, f"{dollars(line.outstanding / 100)} of {dollars(line.owed.amount)} outstanding"
    return True, f"{dollars(line.received / 100)} received"


def _insurance_state(records: OfficeRecords, application: ApplicationRow, j: Jurisdiction,
                     assessment: dict) -> tuple[bool, str] | None:
    """Every coverage the assessment asks for held by a certificate with nothing wrong with it (its minimum,
    the event's days, whom it names)."""
    required = coverages(j, assessment)
    if not required:
        return None
    held = records.money.certificates(application["reference"])
    lacking = [c.coverage for c in required
               if not any(not certificate_flags(h, c, application["starts_at"], application["ends_at"])
                          for h in held if h["coverage"] == c.coverage)]
    return (not lacking, "no certificate meeting: " + "; ".join(lacking) if lacking else "every coverage held")


def _inspection_state(inspections: list[dict]) -> tuple[bool, str]:
    """Passed only on a recorded result: none scheduled, one without a result, or the last failed, holds."""
    if not inspections:
        return False, "none scheduled"
    pending = [i for i in inspections if not i["result"]]
    if pending:
        return False, f"scheduled for {pending[0]['scheduled_on']}, no result recorded"
    last = sorted(inspections, key=lambda i: (i["result_on"], i["id"]))[-1]
    if last["result"] != "passed":
        return False, f"the last inspection failed on {last['result_on']}"
    return True, f"passed on {last['result_on']}"


def _inspection_held(records: OfficeRecords, reference: str, j: Jurisdiction,
                     checked: list[Prerequisite]) -> list[Prerequisite]:
    """An inspection scheduled where the rule file lists none to pass (DeKalb's supplemental ones, § 34.06(c))
    holds the permit too until it passes: the safe reading of a text that does not say a failed one stops it."""
    if not j.inspection or any(p.record == "inspection" for p in checked):
        return []
    inspections = records.trail.inspections(reference)
    if not inspections:
        return []
    met, detail = _inspection_state(inspections)
    return [Prerequisite("inspection-scheduled", "inspection", _(INSPECTION_HELD), "",
                         j.inspection["citation"], met=met, detail=detail)]


def record_in_hand(records: OfficeRecords, application: ApplicationRow, j: Jurisdiction, form: dict, today: date,
                   who: str) -> Prerequisite:
    """The clerk records a confirmation as in hand, or the alternative the text allows (`how=instead`)."""
    found = {p.id: p for p in prerequisites(records, application, j)}
    chosen = found.get(form.get("prerequisite", ""))
    if chosen is None or not chosen.recordable:
        raise PrerequisiteError("Choose one of the items still outstanding.")
    how = form.get("how", "in_hand")
    if how not in ("in_hand", "instead") or (how == "in_hand" and chosen.record != "confirmation") or \
            (how == "instead" and not chosen.unless):
        raise PrerequisiteError("Choose how it is met.")
    note = " ".join((form.get("note") or "").split())[:1000]
    try:
        day = date.fromisoformat(form.get("recorded_on") or "")
    except ValueError:
        raise PrerequisiteError(f"Enter the day it came in, like {today.isoformat()}.") from None
    if day > today:
        raise PrerequisiteError(f"The day cannot be after today ({today.isoformat()}).")
    records.trail.add_prerequisite_record(dict(reference=application["reference"], prerequisite=chosen.id, how=how,
                                               note=note, recorded_on=day.isoformat(), recorded_by=who,
                                               recorded_at=now_text()))
    said = chosen.text if how == "in_hand" else f"{chosen.unless} (instead of: {chosen.text})"
    records.applications.add_history(application["reference"], who, "In hand before issuance",
                                     f"{said}, {day.isoformat()}" + (f": {note}" if note else "") +
                                     f" ({chosen.citation})")
    return chosen

