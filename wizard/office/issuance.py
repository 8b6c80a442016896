"""Whether an approved permit stands issued: the conditions the text lets the office set before it issues (Baroda
(h): "set conditions ... prerequisite to the issuance of" a license), each ticked as met with who and when; and its
suspension, reinstatement or revocation (Baroda (j), DeKalb § 34.06(g)), each with its reasons and the section it
rests on (docs/decisions/0014-the-office-paper-trail.md).

Every section comes from the rule file: `decision.conditions_before_issuance`, `decision.suspension`
and the citations of its `revocation:` notes. A place whose text gives none offers none.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from ..readable import citation_text, long_date
from .schema import ApplicationRow
from ..readable import money as dollars
from ..rules.rulebook import Jurisdiction
from .applications import permit_valid
from .office_time import local_day
from ..engine.wording import say
from ..language import N_, gettext as _
from .mailing import Mail, for_the_organizer, link, office_wrote, paragraph_mail
from .money import cents
from .records import OfficeRecords, now_text
from .prerequisites import Prerequisite, outstanding
from .waiting import said
from .review import ReviewError, posted

TEXT_LIMIT = 5000
ACTIONS = {"suspended": "Suspended", "reinstated": "Suspension lifted", "revoked": "Revoked"}
# The organizer's mail of each action, whole sentences so that each language can say them its own way.
ACTION_SUBJECTS = {"suspended": N_("{reference}: {word} suspended"),
                   "reinstated": N_("{reference}: {word} suspension lifted"),
                   "revoked": N_("{reference}: {word} revoked")}
ACTION_LINES = {"suspended": N_("Your {word} {reference} is suspended as of {day} ({section})."),
                "reinstated": N_("The suspension of your {word} {reference} is lifted as of {day} ({section})."),
                "revoked": N_("Your {word} {reference} is revoked as of {day} ({section}).")}
MARKS = {"suspended": "SUSPENDED", "revoked": "REVOKED"}  # printed across every page of the permit


class IssuanceError(ReviewError):
    """A condition, suspension or revocation that cannot be recorded; the message says why."""


def condition_lines(text: str) -> list[str]:
    return [line.strip(" -•\t") for line in (text or "").splitlines() if line.strip(" -•\t")]


def set_issuance_conditions(records: OfficeRecords, reference: str, j: Jurisdiction, text: str, who: str) -> list[str]:
    """The decision's conditions before issuance, replacing the ones before: a condition written the
    same way again keeps whether, by whom and when it was met. The lines added."""
    lines = condition_lines(text)
    kept = {c["text"]: c for c in records.trail.issuance_conditions(reference)}
    for old in kept.values():
        if old["text"] not in lines:
            records.trail.remove_issuance_condition(reference, old["id"])
    added = [line for line in dict.fromkeys(lines) if line not in kept]
    for line in added:
        records.trail.add_issuance_condition(reference, line, j.conditions_before_issuance, now_text(), who)
    return added


def check_conditions_text(text: str, approved: bool, j: Jurisdiction) -> None:
    if len(text or "") > TEXT_LIMIT:
        raise IssuanceError(f"Write at most {TEXT_LIMIT:,} characters.")
    if condition_lines(text) and not approved:
        raise IssuanceError(f"Conditions to meet before the {j.license_word} issues go with an approval only.")
    if condition_lines(text) and not j.conditions_before_issuance:
        raise IssuanceError(f"The {j.ordinance} sets no conditions to meet before the {j.license_word} issues: "
                            f"write them as conditions of the {j.license_word}.")


@dataclass(frozen=True)
class Standing:
    """What the permit is now: issued, or approved and waiting for what must be in hand first
    (docs/decisions/0022-approval-and-issuance.md), and any suspension or revocation."""
    valid: bool  # approved, and the application stands approved
    conditions: tuple[dict, ...] = ()
    action: dict | None = None  # the latest suspension, reinstatement or revocation
    inspections: tuple[dict, ...] = ()
    waiting: tuple[Prerequisite, ...] = ()  # what the permit still waits for (prerequisites.outstanding)
    issuance: dict | None = None  # the permit issued for the version decided: its day

    @property
    def open_conditions(self) -> list[dict]:
        return [c for c in self.conditions if not c["met_at"]]

    @property
    def failed_inspection(self) -> dict | None:
        """The last inspection with a result, when it failed."""
        done = sorted((i for i in self.inspections if i["result"]), key=lambda i: (i["result_on"], i["id"]))
        return done[-1] if done and done[-1]["result"] == "failed" else None

    @property
    def issued(self) -> bool:
        return self.valid and self.issuance is not None

    @property
    def held(self) -> bool:
        """Approved, the permit not yet issued: it waits for `waiting`."""
        return self.valid and self.issuance is None

    @property
    def mark(self) -> str | None:
        """REVOKED or SUSPENDED, printed across the permit; None while it stands."""
        return MARKS.get(self.action["action"]) if self.action else None

    @property
    def revoked(self) -> bool:
        return bool(self.action) and self.action["action"] == "revoked"


def decided_version(application: ApplicationRow, decision: dict | None) -> int:
    return (decision or {}).get("version") or application["version"]


def standing(records: OfficeRecords, application: ApplicationRow, decision: dict | None, j: Jurisdiction) -> Standing:
    reference = application["reference"]
    actions = records.trail.permit_actions(reference)
    valid = permit_valid(application, decision)
    version = decided_version(application, decision)
    issuance = records.trail.permit_issued(reference, version) if valid else None
    waiting = outstanding(records, application, j, version) if valid and issuance is None else ()
    return Standing(valid, tuple(records.trail.issuance_conditions(reference)), actions[-1] if actions else None,
                    tuple(records.trail.inspections(reference)), waiting, issuance)


def issued_on(decision: dict, now: Standing) -> str:
    """The day the permit issued: the day its last prerequisite was recorded, or the decision's when
    nothing was outstanding at the decision."""
    return now.issuance["issued_on"] if now.issuance else decision["decided_on"]


def issue_when_ready(records: OfficeRecords, application: ApplicationRow, j: Jurisdiction, decision: dict | None,
                     day: date | str, who: str) -> Standing | None:
    """The gate of issuance: an approved permit with nothing outstanding is issued, dated `day`, once. The
    standing when it has just issued (the caller mails it), else None. The text's "shall not be issued
    unless" has no way around it: nothing else issues a permit."""
    now = standing(records, application, decision, j)
    if not now.valid or now.issued or now.waiting:
        return None
    row = dict(reference=application["reference"], version=decided_version(application, decision),
               issued_on=day if isinstance(day, str) else day.isoformat(), issued_at=now_text(), issued_by=who)
    if not records.trail.issue_permit(row):
        return None
    records.applications.add_history(application["reference"], who, f"{j.license_word.capitalize()} issued",
                                     f"dated {row['issued_on']}: nothing outstanding before issuance")
    return standing(records, application, decision, j)


def meet(records: OfficeRecords, reference: str, now: Standing, ticked: list[str], who: str) -> int:
    """Tick these open conditions as met; how many were."""
    open_ids = {str(c["id"]): c for c in now.open_conditions}
    chosen = [open_ids[i] for i in dict.fromkeys(ticked) if i in open_ids]
    if not now.valid:
        raise IssuanceError("Only an approved application's conditions can be met.")
    if not chosen:
        raise IssuanceError("Tick at least one condition that has been met.")
    stamp = now_text()
    for condition in chosen:
        if records.trail.meet_issuance_condition(reference, condition["id"], stamp, who):
            records.applications.add_history(reference, who, "Condition met",
                                             f"{condition['text']} ({condition['citation']})")
    return len(chosen)


def action_choices(j: Jurisdiction, now: Standing) -> dict[str, list[str]]:
    """What the clerk may do to an issued permit now, with the sections each may cite."""
    revoking = list(dict.fromkeys(n["citation"] for n in j.notes("revocation")))
    if not now.issued or now.revoked:
        return {}
    choices = {}
    if now.mark == "SUSPENDED":
        choices["reinstated"] = [now.action["citation"]]
    elif j.suspension_citation:
        choices["suspended"] = [j.suspension_citation]
    if revoking:
        choices["revoked"] = revoking
    return choices


def act(records: OfficeRecords, reference: str, j: Jurisdiction, now: Standing, decision: dict, form: dict,
        today: date, who: str) -> dict:
    """Record a suspension, reinstatement or revocation: its reasons, its section and its day."""
    choices = action_choices(j, now)
    action, reasons, citation = form.get("action", ""), (form.get("reasons") or "").strip(), form.get("citation", "")
    if action not in choices:
        raise IssuanceError("Choose what to do with the " + j.license_word + ": " +
                            " or ".join(f"“{ACTIONS[a]}”" for a in choices) + "." if choices else
                            f"The {j.license_word} is not issued, or is revoked already: nothing to record.")
    if citation not in choices[action]:
        raise IssuanceError("Choose the section it rests on: " + "; ".join(choices[action]) + ".")
    if not reasons:
        raise IssuanceError("Write the reasons: the organizer's notice states them.")
    if len(reasons) > TEXT_LIMIT:
        raise IssuanceError(f"Write at most {TEXT_LIMIT:,} characters.")
    try:
        day = date.fromisoformat(form.get("acted_on") or "")
    except ValueError:
        raise IssuanceError("Enter the date, like 2027-07-01.") from None
    if not date.fromisoformat(decision["decided_on"]) <= day <= today:
        raise IssuanceError(f"The date must be between the decision ({decision['decided_on']}) and today "
                            f"({today.isoformat()}).")
    row = dict(reference=reference, action=action, reasons=reasons, citation=citation, acted_on=day.isoformat(),
               acted_by=who, recorded_at=now_text())
    records.trail.add_permit_action(row)
    records.applications.add_history(reference, who, f"{j.license_word.capitalize()} {ACTIONS[action].lower()}",
                                     f"{reasons} ({citation})")
    return row


@for_the_organizer
def issued_notice(recipient: str, reference: str, j: Jurisdiction, status_path: str, base_url: str | None,
                  permit: bytes | None, waited: tuple[Prerequisite, ...]) -> Mail:
    """What the permit waited for is recorded (`waited`, said in the organizer's language with its
    section): it is issued, attached when it printed. In the organizer's language (`language=`)."""
    word = j.license_word
    kept = (N_("For {reference}: {waited}. Your {word} is issued and is attached as a PDF") if permit else
            N_("For {reference}: {waited}. Your {word} is issued and is on your application's page as a PDF "
               "(linked below)"))
    lines = [say(kept, word, reference=reference, waited="; ".join(said(j, waited))) + posted(j),
             _("Issued under %(law)s.", law=citation_text(j.issued_under)), _("See your application's page:")]
    attachment = (f"{reference}-{word}.pdf", permit) if permit else None
    return paragraph_mail(reference, recipient, say(N_("{reference}: {word} issued"), word, reference=reference), lines,
                          link(base_url, status_path), attachment)


@for_the_organizer
def action_notice(recipient: str, reference: str, j: Jurisdiction, row: dict, status_path: str,
                  base_url: str | None) -> Mail:
    """The organizer is told of a suspension, its lifting or a revocation, with the reasons and section, in
    their language (`language=`); the clerk's reasons as written."""
    word, action = j.license_word, row["action"]
    said = [n["text"] for n in j.notes("revocation") if n["citation"] == row["citation"]] if action != "reinstated" else []
    lines = [say(ACTION_LINES[action], word, reference=reference, day=long_date(row["acted_on"]),
                 section=citation_text(row["citation"])),
             *office_wrote(row["reasons"]), _("Reasons: %(reasons)s", reasons=row["reasons"]), *said, _("See your application's page:")]
    return paragraph_mail(reference, recipient, say(ACTION_SUBJECTS[action], word, reference=reference), lines,
                          link(base_url, status_path))


# Inspections ---------------------------------------------------------------------------------------

RESULTS = {"passed": "Passed", "failed": "Failed"}
FARTHEST_DAYS = 3 * 366  # as the interview's dates (engine/event_dates.py): no day more than three years away


def schedule_inspection(records: OfficeRecords, reference: str, j: Jurisdiction, form: dict, received_on: date,
                        who: str) -> dict:
    if not j.inspection:
        raise IssuanceError(f"The {j.ordinance} calls for no inspection.")
    try:
        day = date.fromisoformat(form.get("scheduled_on") or "")
    except ValueError:
        raise IssuanceError("Enter the day of the inspection, like 2027-06-15.") from None
    if day < received_on:
        raise IssuanceError(f"The inspection cannot be before the application was received ({received_on.isoformat()}).")
    if day > received_on + timedelta(days=FARTHEST_DAYS):
        raise IssuanceError("Schedule the inspection within three years of the application.")
    inspector = " ".join((form.get("inspector") or "").split())[:200]
    if not inspector:
        raise IssuanceError("Write who inspects (a name or a department).")
    row = dict(reference=reference, scheduled_on=day.isoformat(), inspector=inspector, recorded_by=who)
    records.trail.add_inspection(row)
    records.applications.add_history(reference, who, "Inspection scheduled", f"{day.isoformat()}, {inspector} "
                                     f"({j.inspection['citation']})")
    return row


def record_inspection(records: OfficeRecords, reference: str, j: Jurisdiction, inspection: dict, form: dict,
                      today: date, who: str) -> str:
    """The result of a scheduled inspection, with any cost: the history's line."""
    result = form.get("result", "")
    if result not in RESULTS:
        raise IssuanceError("Choose “Passed” or “Failed”.")
    try:
        day = date.fromisoformat(form.get("result_on") or "")
    except ValueError:
        raise IssuanceError("Enter the day it was inspected, like 2027-06-15.") from None
    if day > today:
        raise IssuanceError(f"The day it was inspected cannot be after today ({today.isoformat()}).")
    if day.isoformat() < inspection["scheduled_on"]:
        raise IssuanceError(f"The inspection is scheduled for {inspection['scheduled_on']}: a result cannot be dated "
                            f"before it. Record it on or after that day, or schedule the inspection again.")
    typed = (form.get("cost") or "").strip()
    cost = cents(typed) if typed else None
    notes = " ".join((form.get("notes") or "").split())[:TEXT_LIMIT]
    if result == "failed" and not notes:
        raise IssuanceError("Write what failed: the organizer is told.")
    if not records.trail.inspection_result(reference, inspection["id"], result, day.isoformat(), cost, notes, who,
                                           now_text()):
        raise IssuanceError("That inspection's result is recorded already.")
    line = f"{RESULTS[result]} on {day.isoformat()}" + (f": {notes}" if notes else "") + \
        (f"; cost {dollars(cost / 100)}" if cost else "") + f" ({j.inspection['citation']})"
    records.applications.add_history(reference, who, "Inspection", line)
    return line
