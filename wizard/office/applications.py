"""A sent application: its reference, its versions, its status and the decision deadline.

An interview is sent once and gets one reference (`BAR-2027-0042`: the jurisdiction's short
letters, the year, a number); sending it again after a change adds a version to the same
application. The record keeps every version's answers, so #22's referrals and decisions can
read the version they acted on, and the history keeps every status change with who and when.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Sequence

from ..engine.conditions import evaluate
from .schema import ApplicationRow
from ..engine.facts import Facts
from ..rules.layers import Layer
from ..rules.rulebook import Jurisdiction
from ..engine.filing_days import last_day, lead_section
from ..engine.wording import permit_applies
from ..language import N_, OFFICE_LANGUAGE, current, gettext as _, speaking
from .office_time import local_day
from .filed import assessed, filed_terms, kept_deadline, rules_version
from .inbox import first_receipt, organizer_of
from .records import OfficeRecords, now_text

# The office's words; an organizer's mail and page say them in the organizer's language (`_()`).
STATUSES = {
    "received": N_("Received"),
    "more_information": N_("More information needed"),
    "under_review": N_("Under review"),
    "approved": N_("Approved"),
    "denied": N_("Denied"),
    "withdrawn": N_("Withdrawn"),
}
DECIDED = ("approved", "denied")  # set only by recording a decision (office/review.py): it makes the permit
CLOSED = ("approved", "denied", "withdrawn")  # a closed application starts its retention period
SOON_DAYS = 7  # the inbox flags a decision deadline this many days away or fewer
REFERENCE = re.compile(r"[A-Z]{3}-\d{4}-\d{4,}")


class SendRefused(ValueError):
    """The interview cannot be sent (yet); the message says why, for the organizer."""


@dataclass(frozen=True)
class Sent:
    reference: str
    version: int
    first: bool  # a new application, not a new version of one
    unchanged: bool = False  # sent again with the last version's answers: no new version, no new mail


def reference_letters(j: Jurisdiction) -> str:
    """Three capital letters from the jurisdiction's short name (Baroda: BAR), else from its id."""
    letters = re.sub(r"[^A-Za-z]", "", j.short_name) or re.sub(r"[^A-Za-z]", "", j.id)
    return (letters.upper() + "XXX")[:3]


def new_reference(records: OfficeRecords, j: Jurisdiction, year: int) -> str:
    # Numbered per letters and year, not per jurisdiction: two places with the same letters
    # still never share a reference.
    prefix = f"{reference_letters(j)}-{year}"
    return f"{prefix}-{records.applications.next_number(prefix):04d}"


def can_send(assessment: dict) -> bool:
    """Only an outcome that needs (or may need) a permit, with nothing left to answer."""
    return permit_applies(assessment["outcome"]) and not assessment.get("missing")


def send(records: OfficeRecords, interview_id: str, answers: dict, j: Jurisdiction, assessment: dict,
         layers: Sequence[Layer] = ()) -> Sent:
    """Send or send again, in one transaction that two presses of Send at once take in turn: the
    second finds the first's application (and, with the same answers, its version) instead of
    making a second one or spending a reference number."""
    if not can_send(assessment):
        raise SendRefused(_("This interview does not end in an application to send."))
    language = current()
    with speaking(OFFICE_LANGUAGE):  # kept in the office's language (docs/decisions/0002-spanish-beside-the-law.md)
        return _send(records, interview_id, answers, j, assessment, language, layers)


def _send(records: OfficeRecords, interview_id: str, answers: dict, j: Jurisdiction, assessment: dict,
          language: str, layers: Sequence[Layer] = ()) -> Sent:
    # The organizer's language, as they send: their mails are written in it
    # (docs/decisions/0002-spanish-beside-the-law.md).
    details = dict(event_name=(answers.get("event_name") or "")[:300], starts_at=answers.get("starts_at"),
                   ends_at=answers.get("ends_at"), applicant_email=answers.get("applicant_email"),
                   # The ordinance's own last day, never a day we advise: only it makes a filing late.
                   file_by=last_day(assessment), organizer=organizer_of(answers), language=language)
    filing = assessed(j, answers, layers), rules_version(j)  # the sums and dates it is filed under, kept with the version
    with records.backend.transaction():
        records.applications.take_turn("sends")
        now = now_text()
        existing = records.applications.application_for(interview_id)
        if existing is None:
            reference = new_reference(records, j, int(now[:4]))
            records.applications.insert_application(dict(
                reference=reference, interview_id=interview_id, jurisdiction=j.id, status="received", version=1,
                received_at=now, updated_at=now, closed_at=None, **first_receipt(now, j), **details))
            records.applications.add_version(reference, 1, answers, now)
            records.applications.keep_assessment(reference, 1, filing[0], filing[1], now)
            records.applications.add_history(reference, "organizer", "Received", "Version 1")
            return Sent(reference, 1, True)
        reference, version = existing["reference"], existing["version"]
        if records.applications.version_answers(reference, version) == json.loads(json.dumps(answers)):  # as stored
            return Sent(reference, version, False, unchanged=True)
        sent = _new_version(records, existing, answers, details, now)
        records.applications.keep_assessment(reference, sent.version, filing[0], filing[1], now)
        kept_deadline(records, reference, sent.version, filing[0])  # the period this version is filed under
        return sent


def _new_version(records: OfficeRecords, existing: ApplicationRow, answers: dict, details: dict, now: str) -> Sent:
    reference, version = existing["reference"], existing["version"] + 1
    records.applications.add_version(reference, version, answers, now)
    decided = records.review.decision(reference) if existing["status"] in DECIDED else None
    if decided is not None:
        # An amendment: the decision stands for the version it decided until the office decides
        # on this one (an approved permit never takes answers no one approved). It is open again
        # meanwhile: the keeping period starts when the amendment is decided (closed_at).
        records.applications.update_application(reference, version=version, updated_at=now, closed_at=None, **details)
        records.applications.add_history(reference, "organizer", "Amendment received",
                                         f"Version {version} asks to change version {decided['version']}, "
                                         f"{STATUSES[decided['decision']].lower()}")
        return Sent(reference, version, False)
    # A new version of an undecided or withdrawn application is received afresh.
    records.applications.update_application(reference, version=version, updated_at=now, status="received",
                                            closed_at=None, **details)
    records.applications.add_history(reference, "organizer", "Received", f"Version {version}")
    return Sent(reference, version, False)


def amendment_pending(application: ApplicationRow, decision: dict | None) -> bool:
    """A version sent after the decision, which the office has not decided on yet."""
    return decision is not None and application["status"] in DECIDED and \
        (decision.get("version") or application["version"]) < application["version"]


def permit_valid(application: ApplicationRow, decision: dict | None) -> bool:
    """The permit is valid while the application stands approved; withdrawn or denied, it is not."""
    return decision is not None and decision["decision"] == "approved" and application["status"] == "approved"


def filed_late(application: ApplicationRow, zone, j: Jurisdiction | None = None, filed: dict | None = None) -> bool:
    """Received after the ordinance's last day to file (kept when it was sent), by the office's day.
    A place whose text sets no last day (`j` without a lead time) has no late filing, whatever an
    older record kept as its day to file. `filed`: the kept assessment, whose days it reads."""
    terms = filed_terms(j, filed) if j is not None else {}
    if j is not None and terms["filing_lead_days"] is None:
        return False
    last = application.get("file_by")
    starts = application.get("starts_at")
    if terms.get("license_in_hand_days") is not None and starts:
        # Baroda, License (a): the text's own day is the in-hand day, whatever day an older record kept.
        last = (date.fromisoformat(starts[:10]) - timedelta(days=terms["license_in_hand_days"])).isoformat()
    if not last:
        return False
    return local_day(application["received_at"], zone) > date.fromisoformat(last)


def decision_timing(application: ApplicationRow, due: date | None, j: Jurisdiction, filed: dict | None = None) -> dict:
    """What the decision day means for the event: it falls on or after the event's first day, or
    (Baroda) the license must be in hand before it, so the office must decide sooner. `filed`: the kept
    assessment, whose days it reads."""
    terms = filed_terms(j, filed)
    starts = application.get("starts_at")
    first = date.fromisoformat(starts[:10]) if starts else None
    in_hand = terms["license_in_hand_days"]
    needed_by = first - timedelta(days=in_hand) if first and in_hand is not None else None
    return {"due_after_event": bool(due and first and due >= first), "event_starts": first,
            "decide_by_citation": lead_section(terms["filing_citation"]),
            "decide_by": needed_by if due and needed_by and due > needed_by and not filed_late(application, j.zone, j,
                                                                                                filed) else None}


def change_status(records: OfficeRecords, reference: str, status: str, who: str) -> None:
    if status not in STATUSES:
        raise ValueError(status)
    now = now_text()
    records.applications.update_application(reference, status=status, updated_at=now,
                                            closed_at=now if status in CLOSED else None)
    records.applications.add_history(reference, who, f"Status: {STATUSES[status]}")


def decision_due(received_at: str, j: Jurisdiction, filed: dict | None = None) -> date | None:
    """The last day of the ordinance's decision period, counted from the first receipt: the period the
    application was filed under (`filed`, its kept assessment) where it is known, else the rule file's.

    The ordinances count from filing and do not say whether a corrected version restarts the
    period; we count from the first version received, the reading that never makes an
    organizer wait longer than the text allows. The day of receipt is the office's (its time zone)."""
    days = filed_terms(j, filed)["decision_within_days"]
    if days is None or not received_at:
        return None
    return local_day(received_at, j.zone) + timedelta(days=days)


def deadline_flag(due: date | None, status: str, today: date, deemed_granted: str | None = None) -> str | None:
    """'past' or 'soon' (within a week) for an open application; None otherwise. Where the text deems
    an application granted when the period runs out undecided (`deemed_granted`, its section), a
    period past is 'deemed_granted', which is what the text says of it, not merely overdue."""
    if due is None or status in CLOSED:
        return None
    if due < today:
        return "deemed_granted" if deemed_granted else "past"
    return "soon" if (due - today).days <= SOON_DAYS else None


def _applies(item: dict, facts: Facts) -> bool:
    return evaluate(item.get("if"), facts)[0] is True


@dataclass(frozen=True)
class Document:
    id: str
    label: str
    citation: str


def documents_to_attach(j: Jurisdiction, answers: dict) -> list[Document]:
    """What the application form says to attach (`attach:` on a form item), for these answers."""
    facts = Facts(answers)
    # The id is made from the item's section and heading, not its place in the list, so a rule file
    # that adds an item keeps the ticks of applications already received.
    return [Document(re.sub(r"[^a-z0-9]+", "-", f"{item['ref']} {item['heading']}".lower()).strip("-")[:80],
                     f"{item['heading']}: {item['attach']}", item["citation"])
            for item in j.application_form if item.get("attach") and _applies(item, facts)]


def same_as_a_document(checklist: list[dict], documents: list[Document]) -> dict[str, str]:
    """Checklist items that are a document to attach under another name (Baroda's "Insurance and bonding
    arrangements", (f)(11), is the form's "Insurance and bonding" attachment): item id -> the document's id. Paired
    only where the section names one of each; the document's tick stands for both, so each is listed once."""
    def one(citations: list[str]) -> set[str]:
        return {c for c in citations if citations.count(c) == 1}
    single = one([c["citation"] for c in checklist]) & one([d.citation for d in documents])
    return {c["id"]: d.id for c in checklist for d in documents if c["citation"] == d.citation and d.citation in single}


@dataclass(frozen=True)
class Original:
    title: str
    citation: str
    signers: str = ""


def originals_needed(j: Jurisdiction, answers: dict, outcome: str) -> list[Original]:
    """Signature blocks the text wants sworn, verified or notarised: sending online cannot replace them."""
    facts = Facts(answers)
    return [Original(s["title"], s["citation"]) for s in j.signatures
            if s.get("notary") and outcome in s.get("outcomes", ("required", "uncertain")) and _applies(s, facts)]


def co_signers_needed(j: Jurisdiction, answers: dict, outcome: str) -> list[Original]:
    """Signature blocks someone besides the applicant must sign (Baroda's joint application: "the
    operator ... and the owner ... together apply in writing"): sending online signs for no one else."""
    facts = Facts(answers)

    def others(block: dict) -> set[str]:
        roles = {line["role"] for line in block.get("lines", ())} - {"applicant"}
        return roles - {"property_owner", "each_owner"} if answers.get("applicant_is_owner") is True else roles

    return [Original(s["title"], s["citation"], s["signers"]) for s in j.signatures
            if not s.get("notary") and others(s)
            and outcome in s.get("outcomes", ("required", "uncertain")) and _applies(s, facts)]


def checklist_items(assessment: dict) -> list[dict]:
    """The checklist the clerk ticks: what is due with the application, by id."""
    return [c for c in assessment["checklist"] if c.get("when", "with_application") == "with_application"]
