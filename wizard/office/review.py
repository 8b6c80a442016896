"""After filing (issue 22): referrals to the departments the rule file names, their answers, and
the decision, with the emails each sends.

A referral goes to a department of `referrals:` in the rule file, at an address the clerk types
(the ordinances give none). Its link is private (a random token, stored hashed) and expires
LINK_DAYS after its answer is due (or after it is sent, where the text gives no period). A referral
not answered by the day its period ends is flagged late; with no period it is never flagged.
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone

from ..kinds import NotAnEmail, email_address
from ..rules.rulebook import Jurisdiction
from ..store.interviews import token_hash
from .applications import change_status
from .mailing import Mail, link, paragraph_mail
from .records import OfficeRecords, now_text

ANSWERS = {"no_objection": "No objection", "conditions": "Conditions", "objection": "Objection"}
DECISIONS = {"approved": "Approved", "denied": "Denied"}
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
    records.add_referral(dict(reference=reference, department=chosen["department"], recipient=recipient,
                              token_hash=token_hash(token), sent_at=now_text(),
                              due_on=due.isoformat() if due else None, expires_at=expires.isoformat(),
                              answer=None, answer_text=None, answered_at=None))
    records.add_history(reference, who, f"Referred to the {chosen['department']}", recipient)
    return Referred(token, due)


def open_referral(records: OfficeRecords, token: str, today: date) -> dict | None:
    """The referral a department's link opens, or None when unknown or expired."""
    if not isinstance(token, str) or not 10 < len(token) < 100:
        return None
    row = records.referral_by_token(token_hash(token))
    if row is None or date.fromisoformat(row["expires_at"]) < today:
        return None
    return row


def record_answer(records: OfficeRecords, referral: dict, answer: str, text: str) -> None:
    text = (text or "").strip()
    if answer not in ANSWERS:
        raise ReviewError("Choose “No objection”, “Conditions” or “Objection”.")
    if answer != "no_objection" and not text:
        raise ReviewError("Write the conditions." if answer == "conditions" else "Write the reasons for the objection.")
    if len(text) > TEXT_LIMIT:
        raise ReviewError(f"Write at most {TEXT_LIMIT:,} characters.")
    records.answer_referral(referral["id"], answer, text)
    records.add_history(referral["reference"], referral["department"], f"Answer: {ANSWERS[answer]}", text)


def late(referral: dict, today: date) -> bool:
    return bool(referral.get("due_on")) and not referral.get("answered_at") and \
        date.fromisoformat(referral["due_on"]) < today


def decide(records: OfficeRecords, reference: str, decision: str, conditions: str, reasons: str,
           decided_on: str, who: str) -> dict:
    conditions, reasons = (conditions or "").strip(), (reasons or "").strip()
    if decision not in DECISIONS:
        raise ReviewError("Choose “Approved” or “Denied”.")
    if decision == "denied" and not reasons:
        raise ReviewError("Write the reasons for the denial: the notice to the organizer states them.")
    if len(conditions) > TEXT_LIMIT or len(reasons) > TEXT_LIMIT:
        raise ReviewError(f"Write at most {TEXT_LIMIT:,} characters.")
    try:
        day = date.fromisoformat(decided_on or "")
    except ValueError:
        raise ReviewError("Enter the date of the decision, like 2027-06-01.") from None
    row = dict(reference=reference, decision=decision, conditions=conditions if decision == "approved" else "",
               reasons=reasons if decision == "denied" else "", decided_on=day.isoformat(), decided_by=who)
    records.set_decision(row)
    change_status(records, reference, decision, who)
    return row


def condition_lines(decision: dict) -> list[str]:
    """The conditions as a list, one per line the clerk wrote."""
    return [line.strip(" -•\t") for line in (decision.get("conditions") or "").splitlines() if line.strip(" -•\t")]


def today_utc() -> date:
    return datetime.now(timezone.utc).date()


def referral_request(recipient: str, reference: str, chosen_department: str, j: Jurisdiction, due: date | None,
                     path: str, base_url: str | None) -> Mail:
    lines = [f"{j.name} asks the {chosen_department} to review application {reference}.",
             (f"Please answer by {due.isoformat()}." if due else "The ordinance sets no period for your answer."),
             "Read the application and answer (no account needed; this link is private to you):"]
    return paragraph_mail(reference, recipient, f"Review requested: {reference}", lines, link(base_url, path))


def decision_notice(recipient: str, reference: str, decision: dict, j: Jurisdiction, status_path: str,
                    base_url: str | None, permit: bytes | None) -> Mail:
    word = j.license_word
    if decision["decision"] == "approved":
        # No permit: it could not be printed just now, and the status page offers it to download.
        kept = "is attached as a PDF" if permit else "is on your application's page as a PDF (linked below)"
        lines = [f"Your application {reference} is approved. The {word} {kept}"
                 + (f": post it at the site, as {j.post_at_site} requires." if j.post_at_site else "."),
                 *([f"Conditions: {c}" for c in condition_lines(decision)]),
                 f"Issued under {j.issued_under}."]
        attachment = (f"{reference}-{word}.pdf", permit) if permit else None
    else:
        lines = [f"Your application {reference} is denied ({j.denial_citation}).", f"Reasons: {decision['reasons']}"]
        attachment = None
    lines.append("See your application's page:")
    return paragraph_mail(reference, recipient, f"{reference}: {DECISIONS[decision['decision']]}", lines,
                 link(base_url, status_path), attachment)
