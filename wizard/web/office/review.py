"""The office's review at the web edge (docs/decisions/0019-the-office-reviews-from-the-rule-file.md): referring an
application to a department, the department's private page, the decision, and the permit PDF (printed by a print
worker, wizard/packet/printing.py: a permit that cannot be printed leaves the decision recorded and says so).

A department's page needs no account: its link's token is the key, it shows only that one
application's answers, packet and uploaded documents (each download through the same token), and
it stops working when the link expires. The clerks of the place are emailed each answer. Everything
else is a signed-in clerk's, through `office.clerk_application` (another place's reference is "not found").
"""
from __future__ import annotations

import dataclasses

from flask import Blueprint, Response, abort, current_app, flash, redirect, request, url_for
from flask_login import login_required

from ...errors import PrintingFailed
from ...office.schema import ApplicationRow
from ...office.applications import STATUSES, checklist_items
from ...office.issuance import (
    ACTIONS,
    Standing,
    check_conditions_text,
    issue_when_ready,
    issued_notice,
    issued_on,
    set_issuance_conditions,
    standing,
)
from ...office.issued import Wanted, issue, situation, supersedes_line
from ...office.letters import notice_due
from ...office.waiting import waiting_words
from ...office.meetings import MEETING_FIELDS, deciding_meeting, read_meeting, record_meeting
from ...office.mailing import clerk_answer_notice, clerk_late_note_notice
from ...office.office_time import local_day
from ...packet.cache import cached_packet_pdf
from ...packet.permit import Permit
from ...office.review import (
    ANSWERS,
    DECISIONS,
    Answered,
    asked_maximum,
    Decided,
    ReviewError,
    condition_lines,
    decide,
    decided,
    decision_notice,
    open_referral,
    outstanding,
    record_answer,
    refer,
    referral_request,
)
from ...packet.documents import printed_permit, printed_staff_report
from ...office.agenda import staff_report as staff_report_facts
from ...engine.wording import office_short
from ..jobs.mailer import mail_on, send_mail
from .inbox import answer_rows, clerk_application, download, organizer_path, who
from ..edge.state import today
from ..edge.pages import render_page
from ..organizer.sending import organizers_application
from ..edge.state import filed_version, office_card, office_records, rulebook, sent_version
from .typed import keep_refused

bp = Blueprint("review", __name__)


@bp.post("/office/a/<reference>/referrals")
@login_required
def referral(reference: str):
    row = clerk_application(reference)
    j = rulebook().require(row["jurisdiction"])
    try:
        made = refer(office_records(), reference, j, request.form.get("department", ""),
                     request.form.get("recipient", ""), today(j), who())
    except ReviewError as error:
        keep_refused(error, ("department", "recipient"), url_for("office.application", reference=reference))
    else:
        chosen = next(d["department"] for d in j.referrals if d["id"] == request.form.get("department"))
        send_mail(referral_request(request.form["recipient"].strip(), reference, chosen, j, made.due_on,
                                   url_for(".department_page", token=made.token), current_app.config.get("PUBLIC_URL")))
        flash(f"Referred to the {chosen}.", "success")
        if row["status"] == "received":
            office_records().applications.update_application(reference, status="under_review")
            office_records().applications.add_history(reference, who(), f"Status: {STATUSES['under_review']}")
    return redirect(url_for("office.application", reference=reference), code=303)


def _referral_or_404(token: str) -> dict:
    found = open_referral(office_records(), token, today())
    if found is None:
        abort(404)
    return found


def _referred(token: str) -> tuple[dict, ApplicationRow]:
    """The link's referral and its application, or 404: the token is the only key to either."""
    referral = _referral_or_404(token)
    row = office_records().applications.application(referral["reference"])
    if row is None:
        abort(404)
    if request.method != "GET":  # an answer on an application of a place whose rules are gone is refused
        rulebook().require(row["jurisdiction"])
    return referral, row


@bp.get("/r/<token>")
def department_page(token: str):
    referral, row = _referred(token)
    j, answers = sent_version(row)
    chosen = next((d for d in j.referrals if d["department"] == referral["department"]), None)
    return render_page("office/referral.html", referral=referral, a=row, j=j, chosen=chosen,
                       answers=answer_rows(answers, j.id), choices=ANSWERS, answered=ANSWERS.get(referral["answer"] or ""),
                       decision=decided(office_records(), referral),
                       uploads=office_records().applications.uploads(row["interview_id"]))


@bp.post("/r/<token>")
def department_answer(token: str):
    referral, row = _referred(token)
    try:
        made = record_answer(office_records(), referral, request.form.get("answer", ""), request.form.get("text", ""))
    except ReviewError as error:
        keep_refused(error, ("answer", "text"), url_for(".department_page", token=token))
    else:
        _tell_the_clerks(row, referral["department"], made)
        flash("Thank you: your note is recorded and the clerk is told." if made.late else
              "Thank you: your answer is recorded and the clerk sees it.", "success")
    return redirect(url_for(".department_page", token=token), code=303)


def _tell_the_clerks(row: ApplicationRow, department: str, made: Answered) -> None:
    """Every clerk of the application's place gets the department's answer or late note by email."""
    path = url_for("office.application", reference=row["reference"]) + "#referrals"
    base_url = current_app.config.get("PUBLIC_URL")
    for clerk_email in office_records().clerks.clerks_of(row["jurisdiction"]):
        if made.late:
            send_mail(clerk_late_note_notice(clerk_email, row["reference"], department, made.decided_on, made.text,
                                             path, base_url))
        else:
            send_mail(clerk_answer_notice(clerk_email, row["reference"], department, made.label, made.text,
                                          path, base_url))


@bp.get("/r/<token>/packet.pdf")
def department_packet(token: str):
    """The packet of the version the department reviews: the one the clerk downloads."""
    referral, row = _referred(token)
    answers = office_records().applications.version_answers(row["reference"], row["version"])
    body = cached_packet_pdf(answers, rulebook(), today(rulebook().require(row["jurisdiction"])),
                             office=office_card(row["jurisdiction"]))
    office_records().applications.add_history(row["reference"], referral["department"], "Downloaded the packet",
                                              f"Version {row['version']}")
    return download(body, "application/pdf", f"{row['reference']}-packet.pdf")


@bp.get("/r/<token>/uploads/<upload_id>")
def department_upload(token: str, upload_id: str):
    """A document the organizer uploaded, found only among this application's."""
    referral, row = _referred(token)
    found = office_records().applications.upload(row["interview_id"], upload_id[:40])
    if found is None:
        abort(404)
    office_records().applications.add_history(row["reference"], referral["department"], "Downloaded a document",
                                              found["filename"])
    return download(found["data"], found["mimetype"], f"{row['reference']}-{found['filename']}")


def the_permit(row: ApplicationRow, decision: dict, who: str = "office") -> bytes:
    """The permit as issued; PrintingFailed if it cannot be had (errors.py makes that a 503 page). It prints the
    version the decision approved, never a later one still waiting for a decision, dated the day it issued, and
    marked REVOKED or SUSPENDED across every page when it is (docs/decisions/0014-the-office-paper-trail.md).
    Printed once per situation and kept: a suspension, its lifting or a revocation issues a new one that
    supersedes it (docs/decisions/0025-documents-as-issued-sums-as-filed.md)."""
    j = rulebook().require(row["jurisdiction"])
    version = decision.get("version") or row["version"]
    now = standing(office_records(), row, decision, j)
    day = issued_on(decision, now)
    shown = situation(version, decision["decided_on"], day, condition_lines(decision), decision.get("permitted_maximum"),
                      now.mark, now.action["id"] if now.action else None)

    def make(old: dict | None) -> bytes:
        answers = office_records().applications.version_answers(row["reference"], version)
        return printed_permit(Permit(row["reference"], j, answers, condition_lines(decision), day,
                                     office_short(j.issuer), decision.get("permitted_maximum"), now.mark,
                                     now.action if now.mark else None, supersedes_line(old),
                                     deciding_meeting(office_records(), row["reference"], decision)))
    why = ACTIONS[now.action["action"]] if now.action else "A new decision"
    return issue(office_records(), row["reference"], Wanted("permit", "", "", shown), make, who, why).body


def issued_or_waiting(row: ApplicationRow, status_path: str | None = None) -> dict:
    """The decision of a permit that is issued; an approved one not yet issued answers with a page that says
    what it waits for (409), anything else 404 (docs/decisions/0022-approval-and-issuance.md)."""
    j = rulebook().require(row["jurisdiction"])
    made = office_records().review.decision(row["reference"])
    now = standing(office_records(), row, made, j)
    if now.issued:
        return made
    if not now.held:
        abort(404)
    page = render_page("permit_waiting.html", a=row, j=j, standing=now, waiting=waiting_words(j), back=status_path or
                       url_for("office.application", reference=row["reference"]) + "#prerequisites",
                       clerk=status_path is None)
    abort(Response(page, status=409))


def issue_and_mail(row: ApplicationRow, j, day, before: Standing | None = None) -> Standing | None:
    """Issue the permit if nothing is outstanding now (the one gate, office/issuance.issue_when_ready): recorded,
    dated `day`, emailed with its PDF, and the clerk told. The standing when it has just issued, else None.
    `before`: the standing before the clerk's record, whose waiting items the mail says are in hand."""
    made = office_records().review.decision(row["reference"])
    now = issue_when_ready(office_records(), row, j, made, day, who())
    if now is None or made is None:
        return None
    waited = before.waiting if before else ()
    permit = permit_to_attach(row, made, j.license_word)
    send_mail(issued_notice(row["applicant_email"], row["reference"], j, organizer_path(row),
                            current_app.config.get("PUBLIC_URL"), permit, waited, language=row.get("language")))
    flash(f"Done: the {j.license_word} is issued, dated today, and the organizer is told by email.", "success")
    return now


@bp.post("/office/a/<reference>/decision")
@login_required
def decision(reference: str):
    row = clerk_application(reference)
    j, answers, filed = filed_version(row)
    about = Decided(row["version"], local_day(row["received_at"], j.zone), today(j),
                    outstanding(office_records(), reference, j, answers, checklist_items(filed.assessment)),
                    request.form.get("approve_anyway") == "yes",
                    asked_maximum(answers))
    before = request.form.get("before_issuance", "")
    try:
        check_conditions_text(before, request.form.get("decision") == "approved", j)
        # Where a board decides, the decision's date is its meeting's, typed with the meeting.
        meeting = read_meeting(request.form, j, about) if j.decided_in_a_meeting else None
        made = decide(office_records(), reference, request.form.get("decision", ""), request.form.get("conditions", ""),
                      request.form.get("reasons", ""), request.form.get("decided_on", ""), who(), about,
                      request.form.get("permitted_maximum", ""))
    except ReviewError as error:
        keep_refused(error, ("decision", "conditions", "reasons", "decided_on", "permitted_maximum", "before_issuance",
                             *MEETING_FIELDS), url_for("office.application", reference=reference))
        return redirect(url_for("office.application", reference=reference) + "#decision", code=303)
    if meeting:
        record_meeting(office_records(), reference, j, meeting, made["decision"], who())
    set_issuance_conditions(office_records(), reference, j, before if made["decision"] == "approved" else "", who())
    row = office_records().applications.application(reference) or row  # with the status the decision set
    now = issue_when_ready(office_records(), row, j, made, made["decided_on"], who()) \
        if made["decision"] == "approved" else None
    now = now or standing(office_records(), row, made, j)
    open_conditions = tuple(c["text"] for c in now.open_conditions)
    notice_due(office_records(), reference, j, made, bool(open_conditions))
    permit = permit_to_attach(row, made, j.license_word) if now.issued else None
    send_mail(decision_notice(row["applicant_email"], reference, made, j, organizer_path(row),
                              current_app.config.get("PUBLIC_URL"), permit, open_conditions,
                              now.waiting, language=row.get("language")))
    told = (" The organizer is told by email and on their application's page." if row["applicant_email"] and mail_on()
            else " The organizer sees it on their application's page.")
    waiting = f" The {j.license_word} is not issued yet: {len(now.waiting)} item(s) outstanding, below." \
        if now.held else ""
    flash(f"Decision recorded: {DECISIONS[made['decision']]}.{waiting}{told}", "success")
    return redirect(url_for("office.application", reference=reference), code=303)


def permit_to_attach(row: ApplicationRow, made: dict, word: str) -> bytes | None:
    """The approval's permit for the organizer's email, or None (and the clerk told) if it could not
    be printed: the decision is recorded already, and the mail then points to the status page."""
    try:
        return the_permit(row, made, who())
    except PrintingFailed as error:
        current_app.logger.error("approval of %s: %s", row["reference"], error)
        flash(f"The decision is recorded, but the {word} could not be printed just now: the organizer's email "
              f"has no PDF attached and tells them to download the {word} from their application's page. "
              f"Open the {word} (PDF) link below in a minute to check it prints.", "warning")
        return None


@bp.get("/office/a/<reference>/permit.pdf")
@login_required
def permit(reference: str):
    row = clerk_application(reference)
    made = issued_or_waiting(row)
    body = the_permit(row, made, who())  # first: a permit that could not be printed was not downloaded
    word = rulebook().require(row["jurisdiction"]).license_word
    office_records().applications.add_history(reference, who(), f"Downloaded the {word}")
    return download(body, "application/pdf", f"{reference}-permit.pdf")


@bp.get("/office/a/<reference>/staff-report.pdf")
@login_required
def staff_report(reference: str):
    """The staff report for the agenda of the body the text gives the decision to; 404 where the clerk decides.
    Kept as issued: the same facts download the same report; changed facts (a payment, an answer) issue a new
    one that supersedes it (docs/decisions/0025-documents-as-issued-sums-as-filed.md)."""
    row = clerk_application(reference)
    j, answers, filed = filed_version(row)
    if not j.decided_in_a_meeting:
        abort(404)
    facts = staff_report_facts(office_records(), row, j, answers, filed.assessment, office_card(row["jurisdiction"]),
                               today(j))
    # Its day of preparation is no fact of the application: the report in force keeps the day it was prepared.
    shown = situation(j.id, filed.rules_digest, {k: v for k, v in vars(facts).items()
                                                 if k not in ("jurisdiction", "prepared_on")})

    def make(old: dict | None) -> bytes:
        return printed_staff_report(dataclasses.replace(facts, supersedes=supersedes_line(old)))
    body = issue(office_records(), reference, Wanted("staff_report", "", "", shown), make, who(),
                 "The record changed").body
    office_records().applications.add_history(reference, who(), "Downloaded the staff report", f"Version {row['version']}")
    return download(body, "application/pdf", f"{reference}-staff-report.pdf")


@bp.get("/i/<interview_id>/application/permit.pdf")
def organizers_permit(interview_id: str):
    """The organizer's own copy of the permit, from the application's private status page."""
    row = organizers_application(interview_id)
    made = issued_or_waiting(row, url_for("sending.status", interview_id=interview_id))
    return download(the_permit(row, made), "application/pdf", f"{row['reference']}-permit.pdf")
