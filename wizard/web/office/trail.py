"""The clerk's paper trail at the web edge (docs/decisions/0014-the-office-paper-trail.md): conditions before
issuance ticked as met, the other prerequisites of issuance recorded as in hand and inspections' results (the
permit is issued and emailed when the last one is, docs/decisions/0022-approval-and-issuance.md), suspension, reinstatement and
revocation, and the letters the text says go by mail (printed as a tagged PDF; the day posted and the certified-mail
number recorded). The rules are in wizard/office/issuance.py and letters.py (no Flask).
"""
from __future__ import annotations

import dataclasses

from flask import Blueprint, abort, current_app, flash, redirect, request, url_for
from flask_login import login_required

from ...engine.wording import office_short
from ...office.issuance import ACTIONS, act, action_notice, meet, record_inspection, schedule_inspection, standing
from ...office.issued import Wanted, issue, situation
from ...office.prerequisites import record_in_hand
from ...office.schema import ApplicationRow
from ...office.office_time import local_day
from ...office.letters import action_letter, printed, record_posted, shorten_address
from ...office.meetings import MEETING_FIELDS, REVOCATION, read_revocation_meeting, record_meeting
from ...packet.envelope_window import AddressDoesNotFit
from ...office.review import ReviewError, condition_lines
from ...packet.letter import Letter, envelope_fit
from ...packet.documents import printed_letter
from ..jobs.mailer import send_mail
from ..edge.state import office_card, office_records, rulebook, today
from .inbox import clerk_application, download, organizer_path, who
from .review import issue_and_mail
from .typed import keep_refused, keep_typed

bp = Blueprint("trail", __name__)


def _page(reference: str, part: str = "") -> str:
    return url_for("office.application", reference=reference) + part


def _opened(reference: str):
    """The clerk's application (or 404), its jurisdiction, the records and its decision."""
    row = clerk_application(reference)
    return row, rulebook().require(row["jurisdiction"]), office_records(), office_records().review.decision(reference)


@bp.post("/office/a/<reference>/conditions")
@login_required
def conditions_met(reference: str):
    row, j, records, made = _opened(reference)
    before = standing(records, row, made, j)
    try:
        count = meet(records, reference, before, request.form.getlist("met"), who())
    except ReviewError as error:
        flash(str(error), "danger")
        return redirect(_page(reference, "#before-issuance"), code=303)
    if not issue_and_mail(row, j, today(j), before):
        now = standing(records, row, made, j)
        flash(f"{count} condition(s) recorded as met; {len(now.open_conditions)} still open.", "success")
    return redirect(_page(reference, "#before-issuance"), code=303)


@bp.post("/office/a/<reference>/prerequisites")
@login_required
def prerequisite(reference: str):
    """A prerequisite of issuance recorded as in hand (or the alternative the text allows); the permit issues
    when it was the last (docs/decisions/0022-approval-and-issuance.md)."""
    row, j, records, made = _opened(reference)
    before = standing(records, row, made, j)
    try:
        done = record_in_hand(records, row, j, request.form, today(j), who())
    except ReviewError as error:
        flash(str(error), "danger")
        keep_typed({f"{name}-{request.form.get('prerequisite', '')}": request.form.get(name, "")
                    for name in ("note", "recorded_on")}, _page(reference))
        return redirect(_page(reference, "#prerequisites"), code=303)
    if not issue_and_mail(row, j, today(j), before):
        flash(f"Recorded as in hand: {done.text} ({done.citation}).", "success")
    return redirect(_page(reference, "#prerequisites"), code=303)


@bp.post("/office/a/<reference>/inspections")
@login_required
def inspection(reference: str):
    row, j, records, _ = _opened(reference)
    try:
        made = schedule_inspection(records, reference, j, request.form, local_day(row["received_at"], j.zone), who())
    except ReviewError as error:
        keep_refused(error, ("scheduled_on", "inspector"), _page(reference))
        return redirect(_page(reference, "#inspections"), code=303)
    flash(f"Inspection scheduled for {made['scheduled_on']}: record its result once it is made.", "success")
    return redirect(_page(reference, "#inspections"), code=303)


@bp.post("/office/a/<reference>/inspections/<int:inspection_id>")
@login_required
def inspection_result(reference: str, inspection_id: int):
    row, j, records, made = _opened(reference)
    found = next((i for i in records.trail.inspections(reference) if i["id"] == inspection_id), None)
    if found is None:
        abort(404)
    before = standing(records, row, made, j)
    try:
        line = record_inspection(records, reference, j, found, request.form, today(j), who())
    except ReviewError as error:
        flash(str(error), "danger")
        keep_typed({f"{name}-{inspection_id}": request.form.get(name, "") for name in ("result_on", "cost", "notes")},
                   _page(reference))
        return redirect(_page(reference, "#inspections"), code=303)
    if not issue_and_mail(row, j, today(j), before):
        flash(f"Inspection recorded: {line}.", "success")
    return redirect(_page(reference, "#inspections"), code=303)


@bp.post("/office/a/<reference>/permit-action")
@login_required
def permit_action(reference: str):
    row, j, records, made = _opened(reference)
    try:
        meeting = read_revocation_meeting(request.form, j)  # where a board revokes, at its meeting
        done = act(records, reference, j, standing(records, row, made, j), made or {}, request.form, today(j), who())
    except ReviewError as error:
        keep_refused(error, ("action", "citation", "reasons", "acted_on", *(REVOCATION + f for f in MEETING_FIELDS)),
                     _page(reference))
        return redirect(_page(reference, "#suspension"), code=303)
    if meeting:
        record_meeting(records, reference, j, {**meeting, "met_on": done["acted_on"]}, "revoked", who())
    action_letter(records, reference, done)
    send_mail(action_notice(row["applicant_email"], reference, j, done, organizer_path(row),
                            current_app.config.get("PUBLIC_URL"), language=row.get("language")))
    flash(f"{j.license_word.capitalize()} {ACTIONS[done['action']].lower()}: the organizer is told, and the letter "
          "is ready to print below.", "success")
    return redirect(_page(reference, "#suspension"), code=303)


def _notice_or_404(reference: str, notice_id: int) -> dict:
    found = office_records().trail.mailed_notice(reference, notice_id)
    if found is None:
        abort(404)
    return found


def the_letter(row: ApplicationRow, notice: dict) -> bytes:
    """The notice's letter as issued: printed and dated the first time it is asked for, then kept, so a
    letter printed again is the one posted (docs/decisions/0025-documents-as-issued-sums-as-filed.md)."""
    j, records = rulebook().require(row["jurisdiction"]), office_records()

    def make(_old: dict | None) -> bytes:
        made = records.review.decision(row["reference"]) or {}
        answers = records.applications.version_answers(row["reference"], made.get("version") or row["version"])
        action = next((a for a in reversed(records.trail.permit_actions(row["reference"]))
                       if a["action"] == notice["about"] and a["acted_on"] == notice["dated"]), None)
        before = records.trail.issuance_conditions(row["reference"])
        letter = Letter(row["reference"], j, answers, office_card(row["jurisdiction"]), notice, made, tuple(before),
                        tuple(condition_lines(made)), action, office_short(j.issuer), today(j))
        # Fitted here, once: AddressDoesNotFit before a print worker is asked, and the worker draws this fit.
        return printed_letter(dataclasses.replace(letter, window=envelope_fit(letter)))
    # An address the clerk shortened after a first printing is a new letter, superseding the one printed
    wanted = Wanted("letter", str(notice["id"]), "", situation=situation(notice.get("address_lines")))
    return issue(records, row["reference"], wanted, make, who(), "the address was shortened").body


@bp.get("/office/a/<reference>/letters/<int:notice_id>.pdf")
@login_required
def letter(reference: str, notice_id: int):
    row = clerk_application(reference)
    notice = _notice_or_404(reference, notice_id)
    try:
        body = the_letter(row, notice)  # first: a letter that could not be printed was not printed
    except AddressDoesNotFit:
        flash("The address does not fit the window of a #10 envelope: shorten it below, then print the letter.",
              "danger")
        return redirect(_page(reference, f"#letter-{notice_id}"), code=303)
    printed(office_records(), reference, notice, who())
    return download(body, "application/pdf", f"{reference}-letter-{notice_id}.pdf")


@bp.post("/office/a/<reference>/letters/<int:notice_id>/address")
@login_required
def letter_address(reference: str, notice_id: int):
    clerk_application(reference)
    notice = _notice_or_404(reference, notice_id)
    try:
        line = shorten_address(office_records(), reference, notice, request.form, who())
    except ReviewError as error:
        flash(str(error), "danger")
        keep_typed({f"address_lines-{notice_id}": request.form.get("address_lines", "")}, _page(reference))
        return redirect(_page(reference, f"#letter-{notice_id}"), code=303)
    flash(f"Recorded: {line}.", "success")
    return redirect(_page(reference, f"#letter-{notice_id}"), code=303)


@bp.post("/office/a/<reference>/letters/<int:notice_id>")
@login_required
def letter_posted(reference: str, notice_id: int):
    row = clerk_application(reference)
    notice = _notice_or_404(reference, notice_id)
    j = rulebook().require(row["jurisdiction"])
    try:
        line = record_posted(office_records(), reference, notice, request.form, today(j), who())
    except ReviewError as error:
        flash(str(error), "danger")
        keep_typed({f"{name}-{notice_id}": request.form.get(name, "") for name in ("posted_on", "certified_number")},
                   _page(reference))
        return redirect(_page(reference, "#letters"), code=303)
    flash(f"Recorded: {line}.", "success")
    return redirect(_page(reference, "#letters"), code=303)

