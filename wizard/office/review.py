"""After filing: referrals to the departments the rule file names, their answers, and the decision,
with the emails each sends (docs/decisions/0019-the-office-reviews-from-the-rule-file.md).

A referral goes to a department of `referrals:` in the rule file, at an address the clerk types
(the ordinances give none). Its link is private (a random token, stored hashed) and expires
LINK_DAYS after its answer is due (or after it is sent, where the text gives no period). A referral
not answered by the day its period ends is flagged late; with no period it is never flagged.
A department may answer again until the decision; after it, its answer stays as the decision saw
it, and what it sends is a late note in the history (docs/decisions/0014-the-office-paper-trail.md).
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import date, timedelta

from ..engine.assess import assess_jurisdiction
from ..kinds import NotAnEmail, email_address
from ..readable import citation_text, long_date
from ..rules.rulebook import Jurisdiction
from ..store.interviews import token_hash
from .applications import change_status, checklist_items, documents_to_attach, same_as_a_document
from ..engine.wording import say
from ..language import N_, gettext as _
from .mailing import Mail, for_the_organizer, link, office_wrote, paragraph_mail
from .records import OfficeRecords, now_text
from .waiting import said

ANSWERS = {"no_objection": "No objection", "conditions": "Conditions", "objection": "Objection"}
DECISIONS = {"approved": N_("Approved"), "denied": N_("Denied")}
LINK_DAYS = 60  # a site choice, not the ordinance's: a department's link works this long after its due day
TEXT_LIMIT = 5000


class ReviewError(ValueError):
    """A referral, answer or decision that cannot be recorded; the message says why, in plain words."""


@dataclass(frozen=True)
class Referred:
    token: str
    due_on: date | None


def department(j: Jurisdiction, department_id: str) -> dict:
    found = next((d for d in j.referrals if d["id"] == department_id), None)
    if found is None:
        raise ReviewError("Choose one of the departments in the list.")
    return found


def refer(records: OfficeRecords, reference: str, j: Jurisdiction, department_id: str, recipient: str,
          today: date, who: str) -> Referred:
    chosen = department(j, department_id)
    try:
        recipient = email_address(recipient or "")
    except NotAnEmail:
        raise ReviewError("Enter the department's email address, one address like police@example.org, "
                          "with no spaces, commas or line breaks.") from None
    token = secrets.token_urlsafe(24)
    period = chosen.get("within_days")
    due = today + timedelta(days=period) if period else None
    expires = (due or today) + timedelta(days=LINK_DAYS)
    records.review.add_referral(dict(reference=reference, department=chosen["department"], recipient=recipient,
                                     token_hash=token_hash(token), sent_at=now_text(),
                                     due_on=due.isoformat() if due else None, expires_at=expires.isoformat(),
                                     answer=None, answer_text=None, answered_at=None))
    records.applications.add_history(reference, who, f"Referred to the {chosen['department']}", recipient)
    return Referred(token, due)


def open_referral(records: OfficeRecords, token: str, today: date) -> dict | None:
    """The referral a department's link opens, or None when unknown or expired."""
    if not isinstance(token, str) or not 10 < len(token) < 100:
        return None
    row = records.review.referral_by_token(token_hash(token))
    if row is None or date.fromisoformat(row["expires_at"]) < today:
        return None
    return row


@dataclass(frozen=True)
class Answered:
    late: bool  # sent after the decision: kept as a note in the history, the recorded answer unchanged
    label: str  # the answer's words ("Conditions"), or the late note's line in the history
    text: str
    decided_on: str = ""  # a late note's: the day of the decision it came after


def decided(records: OfficeRecords, referral: dict) -> dict | None:
    """The decision on the referral's application, or None while the department may still change its answer."""
    return records.review.decision(referral["reference"])


def record_answer(records: OfficeRecords, referral: dict, answer: str, text: str) -> Answered:
    """The department's answer (again, it replaces the one before), until the decision; after it, a
    late note: the decision rested on the answer it had, so that answer stays as it was recorded."""
    decision = decided(records, referral)
    if decision is not None:
        return late_note(records, referral, decision, text)
    text = (text or "").strip()
    if answer not in ANSWERS:
        raise ReviewError("Choose “No objection”, “Conditions” or “Objection”.")
    if answer != "no_objection" and not text:
        raise ReviewError("Write the conditions." if answer == "conditions" else "Write the reasons for the objection.")
    if len(text) > TEXT_LIMIT:
        raise ReviewError(f"Write at most {TEXT_LIMIT:,} characters.")
    records.review.answer_referral(referral["id"], answer, text)
    records.applications.add_history(referral["reference"], referral["department"], f"Answer: {ANSWERS[answer]}", text)
    return Answered(False, ANSWERS[answer], text)


def late_note(records: OfficeRecords, referral: dict, decision: dict, text: str) -> Answered:
    text = (text or "").strip()
    if not text:
        raise ReviewError(f"The decision was made on {long_date(decision['decided_on'])}: your answer can no "
                          "longer be changed. Write a note for the clerk instead.")
    if len(text) > TEXT_LIMIT:
        raise ReviewError(f"Write at most {TEXT_LIMIT:,} characters.")
    line = f"Late note from the {referral['department']} after the decision"
    records.applications.add_history(referral["reference"], referral["department"], line, text)
    return Answered(True, line, text, decision["decided_on"])


def late(referral: dict, today: date) -> bool:
    return bool(referral.get("due_on")) and not referral.get("answered_at") and \
        date.fromisoformat(referral["due_on"]) < today


@dataclass(frozen=True)
class Decided:
    """What a decision is about: the version it decides, the office's day of receipt and today, and
    what is still outstanding (checklist items not ticked, departments not answered)."""
    version: int
    received_on: date
    today: date
    outstanding: tuple[str, ...] = ()
    confirmed: bool = False  # the clerk approves knowing what is outstanding
    asked_maximum: int | None = None  # the maximum attendance the application asks for


def asked_maximum(answers: dict) -> int | None:
    asked = answers.get("max_attendance")
    return asked if isinstance(asked, int) and not isinstance(asked, bool) else None


def permitted_maximum(typed: str, about: Decided) -> int | None:
    """The maximum the clerk permits: none typed keeps the application's; at most what it asked."""
    typed = (typed or "").strip().replace(",", "")
    if not typed:
        return about.asked_maximum
    if not typed.isdigit() or int(typed) < 1:
        raise ReviewError("Enter the maximum attendance permitted as a whole number of people, like 400.")
    if about.asked_maximum is not None and int(typed) > about.asked_maximum:
        raise ReviewError(f"The maximum permitted cannot be more than the application asks for "
                          f"({about.asked_maximum:,} people).")
    return int(typed)


def decision_day(decided_on: str, about: Decided) -> date:
    """The typed date of the decision: a real day between receipt and today (the office's days)."""
    try:
        day = date.fromisoformat(decided_on or "")
    except ValueError:
        raise ReviewError("Enter the date of the decision, like 2027-06-01.") from None
    if day < about.received_on:
        raise ReviewError(f"The decision cannot be dated before the application was received "
                          f"({about.received_on.isoformat()}).")
    if day > about.today:
        raise ReviewError(f"The decision cannot be dated after today ({about.today.isoformat()}).")
    return day


def decide(records: OfficeRecords, reference: str, decision: str, conditions: str, reasons: str,
           decided_on: str, who: str, about: Decided, maximum: str = "") -> dict:
    conditions, reasons = (conditions or "").strip(), (reasons or "").strip()
    if decision not in DECISIONS:
        raise ReviewError("Choose “Approved” or “Denied”.")
    if decision == "denied" and not reasons:
        raise ReviewError("Write the reasons for the denial: the notice to the organizer states them.")
    if len(conditions) > TEXT_LIMIT or len(reasons) > TEXT_LIMIT:
        raise ReviewError(f"Write at most {TEXT_LIMIT:,} characters.")
    day = decision_day(decided_on, about)
    permitted = permitted_maximum(maximum, about) if decision == "approved" else None
    if decision == "approved" and about.outstanding and not about.confirmed:
        raise ReviewError("Still outstanding: " + "; ".join(about.outstanding) + ". To approve anyway, tick "
                          "“Approve with these outstanding” and record the decision again.")
    row = dict(reference=reference, decision=decision, conditions=conditions if decision == "approved" else "",
               reasons=reasons if decision == "denied" else "", decided_on=day.isoformat(), decided_by=who,
               version=about.version, permitted_maximum=permitted, days_to_decide=(day - about.received_on).days)
    records.review.set_decision(row)
    change_status(records, reference, decision, who)
    if about.outstanding and decision == "approved":
        records.applications.add_history(reference, who, "Approved with items outstanding", "; ".join(about.outstanding))
    return row


def outstanding(records: OfficeRecords, reference: str, j: Jurisdiction, answers: dict,
                checklist: list[dict] | None = None) -> tuple[str, ...]:
    """What an approval would leave outstanding: checklist items and documents not ticked as
    received, and departments that have not answered. `checklist`: the answers' checklist items,
    where the caller has assessed them already."""
    ticks = records.applications.ticks(reference)
    if checklist is None:
        checklist = checklist_items(assess_jurisdiction(j, answers))
    documents = documents_to_attach(j, answers)
    paired = same_as_a_document(checklist, documents)
    items = [f"not ticked: {c['text']}" for c in checklist if not ticks.get(paired.get(c["id"], c["id"]))]
    items += [f"not ticked: {d.label}" for d in documents
              if not ticks.get(d.id) and d.id not in paired.values()]
    items += [f"no answer from the {r['department']}" for r in records.review.referrals(reference)
              if not r["answered_at"]]
    if (j.inspection or {}).get("before_issuance") and \
            not any(i["result"] == "passed" for i in records.trail.inspections(reference)):
        items.append(f"no inspection passed ({j.inspection['citation']})")
    return tuple(items)


def condition_lines(decision: dict) -> list[str]:
    """The conditions as a list, one per line the clerk wrote."""
    return [line.strip(" -•\t") for line in (decision.get("conditions") or "").splitlines() if line.strip(" -•\t")]




def referral_request(recipient: str, reference: str, chosen_department: str, j: Jurisdiction, due: date | None,
                     path: str, base_url: str | None) -> Mail:
    lines = [f"{j.name} asks the {chosen_department} to review application {reference}.",
             (f"Please answer by {due.isoformat()}." if due else "The ordinance sets no period for your answer."),
             "Read the application and answer (no account needed; this link is private to you):"]
    return paragraph_mail(reference, recipient, f"Review requested: {reference}", lines, link(base_url, path))


@for_the_organizer
def decision_notice(recipient: str, reference: str, decision: dict, j: Jurisdiction, status_path: str,
                    base_url: str | None, permit: bytes | None, before_issuance: tuple[str, ...] = (),
                    waiting: tuple = ()) -> Mail:
    """The decision in the organizer's language (`language=`); the clerk's conditions and reasons as written.
    An approval whose permit waits (`waiting`: the prerequisites.Prerequisite outstanding, said here in the
    organizer's language; `before_issuance`: the conditions the office set under the text) says so, and
    the permit follows by mail when the last is recorded (docs/decisions/0022-approval-and-issuance.md)."""
    word = j.license_word
    if decision["decision"] == "approved" and (waiting or before_issuance):
        lines = [say(N_("Your application {reference} is approved. The {word} is not issued yet: the ordinance "
                        "asks for the following first, and the office emails you the {word} once the last is "
                        "recorded."), word, reference=reference),
                 *[_("Waiting for: %(item)s", item=w) for w in said(j, waiting)],
                 *office_wrote(*before_issuance, *condition_lines(decision)),
                 *[_("To meet: %(condition)s", condition=c) for c in before_issuance],
                 *([say(N_("Conditions of the {word}: {condition}"), word, condition=c) for c in condition_lines(decision)])]
        attachment = None
    elif decision["decision"] == "approved":
        # No permit: it could not be printed just now, and the status page offers it to download.
        kept = (N_("Your application {reference} is approved. The {word} is attached as a PDF") if permit else
                N_("Your application {reference} is approved. The {word} is on your application's page as a PDF "
                   "(linked below)"))
        lines = [say(kept, word, reference=reference) + posted(j), *office_wrote(*condition_lines(decision)),
                 *([_("Conditions: %(condition)s", condition=c) for c in condition_lines(decision)]),
                 _("Issued under %(law)s.", law=citation_text(j.issued_under))]
        attachment = (f"{reference}-{word}.pdf", permit) if permit else None
    else:
        lines = [_("Your application %(reference)s is denied (%(section)s).", reference=reference,
                   section=citation_text(j.denial_citation)), *office_wrote(decision["reasons"]),
                 _("Reasons: %(reasons)s", reasons=decision["reasons"])]
        attachment = None
    lines.append(_("See your application's page:"))
    return paragraph_mail(reference, recipient, f"{reference}: {_(DECISIONS[decision['decision']])}", lines,
                 link(base_url, status_path), attachment)


def posted(j: Jurisdiction) -> str:
    """The end of the sentence that gives the permit: where the ordinance says to post it, if it does."""
    return _(": post it at the site, as %(section)s requires.", section=citation_text(j.post_at_site)) \
        if j.post_at_site else "."
