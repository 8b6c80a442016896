"""The organizer's side of sending: attach the documents, confirm the declaration, send; then the
application's status page at the interview's own link, where the organizer reads the office's
messages and answers with a new upload.
"""
from __future__ import annotations


from flask import Blueprint, Response, abort, current_app, flash, get_flashed_messages, redirect, request, url_for
from werkzeug.exceptions import RequestEntityTooLarge

from ...engine.assess import assess_jurisdiction
from ...engine.facts import Facts
from ...interview.flow import applicable_answers, flow
from ...office.schema import ApplicationRow
from ...office.applications import (
    STATUSES,
    SendRefused,
    amendment_pending,
    can_send,
    co_signers_needed,
    deadline_flag,
    decision_due,
    decision_timing,
    documents_to_attach,
    originals_needed,
    permit_valid,
    send,
)
from ...office.filed import filed_terms
from ...office.issuance import ACTIONS, standing
from ...office.waiting import waiting_words
from ...office.review import condition_lines
from ...packet.content import signature_specs
from ...office.attachments import MAX_FILE, UploadRefused, keep_upload
from ...office.mailing import clerk_notice, clerk_upload_notice, organizer_receipt
from ...engine.wording import office_short
from ...store.interviews import looks_like_id
from ...language import gettext as _
from ..edge.filters import N_
from ..edge.opening import load_interview, this_screen
from ..edge.extensions import csrf
from ..jobs.mailer import send_mail
from ..edge.pages import render_page
from ..edge.state import filed_version, office_card, office_records, rulebook, rules_named, today

bp = Blueprint("sending", __name__)
OTHER = "other"
DECLARATION = N_("I confirm that the answers and documents I am sending are true and complete, "
                 "to the best of my knowledge.")  # shown in the page's language (`_` where drawn)
DECLARATION_MISSING = N_("Tick the box to confirm that your answers and documents are true and complete")
# Flashed categories a page draws itself, not as a notice at the top (templates/_flashes.html):
# the declaration's error (the Send page's error summary and inline error) and the reference just
# sent (the status page's confirmation panel).
DECLARATION_ERROR, JUST_SENT = "drawn:declaration", "drawn:sent"


def sendable(interview_id: str):
    """The interview, its jurisdiction, its applicable answers and assessment; 404 unless finished
    with an outcome that needs or may need a permit."""
    interview = load_interview(interview_id)
    j = rules_named(interview.jurisdiction)
    if j is None:
        abort(404)
    state = flow(j, interview.answers, interview.completed_steps, rulebook())
    if state.next_step is not None or not can_send(state.assessment):
        abort(404)
    return interview, j, applicable_answers(interview.answers, rulebook()), state.assessment


def documents_context(interview_id: str, j, answers: dict) -> dict:
    uploads = office_records().applications.uploads(interview_id)
    documents = [{"id": d.id, "text": d.label, "citation": d.citation,
                  "uploads": [u for u in uploads if u["document"] == d.id]} for d in documents_to_attach(j, answers)]
    others = [u for u in uploads if u["document"] not in {d["id"] for d in documents}]
    return dict(documents=documents, others=others, uploads=uploads, max_mb=MAX_FILE // (1024 * 1024))


@bp.get("/i/<interview_id>/send")
def send_page(interview_id: str):
    interview, j, answers, assessment = sendable(interview_id)
    missing = get_flashed_messages(category_filter=[DECLARATION_ERROR])
    return render_page("send.html", interview=interview, jurisdiction=j, office=office_short(j.file_with),
                       originals=originals_needed(j, answers, assessment["outcome"]), declaration=_(DECLARATION),
                       declaration_error=missing[0] if missing else None,
                       co_signers=co_signers_needed(j, answers, assessment["outcome"]),
                       sent=office_records().applications.application_for(interview.id),
                       email=answers.get("applicant_email"), **documents_context(interview.id, j, answers))


def back_to(interview_id: str):
    target = "status" if request.args.get("back") == "status" else "send_page"
    return redirect(url_for(f".{target}", interview_id=interview_id), code=303)


UPLOAD_REQUEST_LIMIT = MAX_FILE + 64 * 1024  # one document and the form around it


TOO_BIG = N_("That file is larger than 10 MB. Make it smaller (scan at a lower resolution, or save the PDF "
             "for the web) and upload it again.")


@bp.post("/i/<interview_id>/uploads")
@csrf.exempt  # checked below, once the larger limit is set
def add_upload(interview_id: str):
    # The one route that takes more than the app's 2 MB: a document of up to 10 MB. A bigger body is
    # refused by werkzeug as it is read, and the organizer is told why on the page they came from.
    request.max_content_length = UPLOAD_REQUEST_LIMIT
    interview = load_interview(interview_id)
    sent = office_records().applications.application_for(interview.id)
    if sent is None:  # before sending, only an interview that can be sent takes documents: not any link
        sendable(interview.id)  # (asked before the body is read: a refused upload is never stored)
    try:
        if current_app.config.get("WTF_CSRF_ENABLED", True):
            csrf.protect()
        request.files.get("file")
    except RequestEntityTooLarge:
        flash(_(TOO_BIG), "danger")
        return back_to(interview.id)
    j = rules_named(interview.jurisdiction) or abort(404)
    known = {d.id for d in documents_to_attach(j, applicable_answers(interview.answers, rulebook()))} | {OTHER}
    document = request.form.get("document", OTHER)
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        flash(_("Choose a file to upload."), "danger")
        return back_to(interview.id)
    try:
        with upload.stream:  # a large upload is a temporary file: closed now, kept or refused
            data = upload.stream.read(MAX_FILE + 1)
        keep_upload(office_records(), interview.id, document if document in known else OTHER, upload.filename, data)
    except UploadRefused as error:
        flash(str(error), "danger")
        return back_to(interview.id)
    if sent is not None:  # an answer to the office: it goes in the history and the clerks hear of it
        office_records().applications.add_history(sent["reference"], "organizer", "Document uploaded", "")
        for clerk_email in office_records().clerks.clerks_of(j.id):
            send_mail(clerk_upload_notice(clerk_email, sent["reference"],
                                          url_for("office.application", reference=sent["reference"]),
                                          current_app.config.get("PUBLIC_URL"), language=sent.get("language")))
    flash(_("Document uploaded."), "success")
    return back_to(interview.id)


@bp.post("/i/<interview_id>/uploads/<upload_id>/remove")
def remove_upload(interview_id: str, upload_id: str):
    interview = load_interview(interview_id)
    if office_records().applications.application_for(interview.id) is not None:
        flash(_("A document already sent to the office stays with the application."), "danger")
    elif office_records().applications.remove_upload(interview.id, upload_id[:40]):
        flash(_("Document removed."), "success")
    return back_to(interview.id)


@bp.get("/i/<interview_id>/uploads/<upload_id>")
def own_upload(interview_id: str, upload_id: str):
    interview = load_interview(interview_id)
    found = office_records().applications.upload(interview.id, upload_id[:40]) or abort(404)
    response = Response(found["data"], mimetype=found["mimetype"])
    response.headers["Content-Disposition"] = f'attachment; filename="{found["filename"]}"'
    response.headers["Cache-Control"] = "private, no-store"
    return response


@bp.post("/i/<interview_id>/send")
def send_application(interview_id: str):
    interview, j, answers, assessment = sendable(interview_id)
    if request.form.get("declaration") != "yes":
        # An error summary and the box's own error, as every step shows them
        # (docs/decisions/0015-no-dead-ends-for-the-organizer.md), by a GET so that Back never meets a resubmission
        # page.
        flash(DECLARATION_MISSING, DECLARATION_ERROR)
        return redirect(url_for(".send_page", interview_id=interview.id), code=303)
    try:
        sent = send(office_records(), interview.id, answers, j, assessment, rulebook().layers_for(j))
    except SendRefused as error:
        flash(str(error), "danger")
        return redirect(url_for(".send_page", interview_id=interview.id), code=303)
    if sent.unchanged:  # a second press, or nothing changed since: the office has these answers already
        flash(_("Already sent: your reference is %(reference)s. Your answers have not changed since, "
                "so nothing new was sent.", reference=sent.reference), "success")
        return redirect(url_for(".status", interview_id=interview.id), code=303)
    notify(sent.reference, j)
    flash(sent.reference, JUST_SENT)  # the status page shows its confirmation panel once
    return redirect(url_for(".status", interview_id=interview.id), code=303)


def notify(reference: str, j) -> None:
    row = office_records().applications.application(reference)
    if row is None:  # just sent in this request: only a concurrent purge could have taken it
        return
    base = current_app.config.get("PUBLIC_URL")
    due = decision_due(row["received_at"], j)
    for clerk_email in office_records().clerks.clerks_of(j.id):
        send_mail(clerk_notice(clerk_email, row, due, j.decision_citation,
                               url_for("office.application", reference=reference), base, j.name,
                               deemed_granted=j.deemed_granted))
    send_mail(organizer_receipt(row["applicant_email"], reference, row["version"], office_short(j.file_with),
                                url_for(".status", interview_id=row["interview_id"]), base, language=row["language"]))


def organizers_application(interview_id: str) -> ApplicationRow:
    """The application sent from this interview, reached by its private link; a 404 otherwise."""
    row = office_records().applications.application_for(interview_id) if looks_like_id(interview_id) else None
    if row is None or not this_screen().allowed_record(interview_id):
        abort(404)
    return row


@bp.get("/i/<interview_id>/application")
def status(interview_id: str):
    """The status page; it reads the application, so it works after the interview itself is gone."""
    row = organizers_application(interview_id)
    j, answers, filed = filed_version(row)
    history = office_records().applications.history(row["reference"])
    messages = [h for h in history if h["what"] == "Message to the organizer"]
    just_sent = bool(get_flashed_messages(category_filter=[JUST_SENT]))
    due = decision_due(row["received_at"], j, filed.assessment)
    terms = filed_terms(j, filed.assessment)  # the sections beside the deadline, as filed
    return render_page("application_status.html", a=row, jurisdiction=j, status_label=_(STATUSES[row["status"]]),
                       just_sent=just_sent, to_bring=to_bring_or_post(j, answers) if just_sent else [],
                       due=due, timing=decision_timing(row, due, j, filed.assessment), messages=messages, office=office_short(j.file_with),
                       deemed_granted=deadline_flag(due, row["status"], today(j), terms["deemed_granted"]) == "deemed_granted",
                       terms=terms,
                       interview_exists=office_records().store.get(interview_id) is not None,
                       today=today(j), card=office_card(j.id) if just_sent else None,
                       **decision_context(row), **documents_context(interview_id, j, answers))


def to_bring_or_post(j, answers: dict) -> list[dict]:
    """What must still reach the office on paper after sending online: each statement the text
    wants sworn or notarised (its signed original), and each signature block someone other than
    the organizer signs (the owner's, say), which the organizer's tick cannot give."""
    outcome = assess_jurisdiction(j, answers)["outcome"]
    sworn = originals_needed(j, answers, outcome)
    listed = [{"title": o.title, "citation": o.citation, "sworn": True} for o in sworn]
    sworn_titles = {o.title for o in sworn}
    for block in signature_specs(j, Facts(answers), outcome):
        others = [line for line in block.get("lines", ()) if line.get("role") != "applicant"]
        if others and block["title"] not in sworn_titles:
            listed.append({"title": block["title"], "citation": block["citation"], "sworn": False,
                           "signers": block.get("signers", "")})
    return listed


def decision_context(row: ApplicationRow) -> dict:
    """The decision as the organizer reads it: what it covers, its reasons or conditions."""
    decision = office_records().review.decision(row["reference"])
    return {"decision": decision, "decided_version": (decision.get("version") or row["version"]) if decision else None,
            "amendment": amendment_pending(row, decision), "permit_valid": permit_valid(row, decision),
            "conditions": condition_lines(decision) if decision else [],
            "standing": standing(office_records(), row, decision, rulebook().require(row["jurisdiction"])),
            "waiting": waiting_words(rulebook().require(row["jurisdiction"])), "action_words": ACTIONS,
            "payments": office_records().money.payments(row["reference"])}


def send_offer(interview, assessment: dict, j) -> dict | None:
    """For the result page: where to send this interview and whether it was sent (None: nothing to send)."""
    if interview is None or j is None or not can_send(assessment):
        return None
    sent = office_records().applications.application_for(interview.id)
    return {"url": url_for("sending.send_page", interview_id=interview.id), "office": office_short(j.file_with),
            "reference": sent["reference"] if sent else None,
            "status_url": url_for("sending.status", interview_id=interview.id) if sent else None}


def init_app(app) -> None:
    app.register_blueprint(bp)
    app.add_template_global(send_offer)
