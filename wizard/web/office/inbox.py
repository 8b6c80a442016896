"""The office at /office: the inbox of sent applications, one page per application, and what a
clerk does there (status, a message to the organizer, checklist ticks, downloads).

Every view needs a signed-in clerk (Flask-Login), and an application is found only among the
jurisdictions on the clerk's account: another place's reference is "not found", by id, in the
list and for every download.
"""
from __future__ import annotations

import json
from datetime import date

from flask import Blueprint, Response, abort, current_app, flash, redirect, request, url_for
from flask_login import current_user, login_required

from ...kinds import show_answer
from ...office.schema import ApplicationRow
from ...office.applications import (
    DECIDED,
    REFERENCE,
    STATUSES,
    amendment_pending,
    change_status,
    checklist_items,
    deadline_flag,
    decision_due,
    decision_timing,
    documents_to_attach,
    filed_late,
    permit_valid,
    same_as_a_document,
)
from ...office.filed import filed_terms, rules_changed
from ...office.issued import issued_list
from ...office.inbox import DUE_FILTERS, InboxQuery, decided_versions, fill_figures, inbox_page
from ...office.issuance import ACTIONS, MARKS, action_choices, decided_version, standing
from ...office.prerequisites import prerequisites
from ...office.letters import ABOUT, envelope_window, flag
from ...packet.envelope_window import AddressDoesNotFit
from ...office.mailing import organizer_message, reads, status_notice
from ...office.meetings import deciding_meeting, meeting_words, revocation_meetings
from ...office.money import money_view, return_day
from ...office.next_step import next_step, others, unticked
from ...office.review import ANSWERS, DECISIONS, late, outstanding
from ...office.versions import changes
from ...packet.cache import cached_packet_pdf
from ...engine.wording import office_short
from ...language import OFFICE_LANGUAGE, speaking
from ..jobs.mailer import mail_on, send_mail
from ..edge.state import office_card
from ..edge.pages import render_page
from ..edge.state import filed_version, office_records, rulebook, sent_version, today

bp = Blueprint("office", __name__)
MESSAGE_LIMIT = 5000
SORTS = {"received": "Received, newest first", "deadline": "Decision deadline, soonest first",
         "event": "Event date, soonest first"}


def clerk_application(reference: str) -> ApplicationRow:
    """The application, or 404 when it does not exist or is not one of this clerk's places."""
    row = office_records().applications.application(reference) if REFERENCE.fullmatch(reference or "") else None
    if row is None or not current_user.account.may_open(row["jurisdiction"]):
        abort(404)
    if request.method != "GET":  # every action on an application of a place whose rules are gone is refused
        rulebook().require(row["jurisdiction"])
    return row


def who() -> str:
    return current_user.account.email


def with_deadline(row: ApplicationRow, filed: dict | None = None) -> dict:
    """The row with its decision deadline and flags; `filed`: its kept assessment, whose days it keeps. An
    inbox row's deadline is the one kept with it (`decide_by`), which the inbox sorts and filters by."""
    j = rulebook().get(row["jurisdiction"])
    kept = row.get("decide_by")
    due = (date.fromisoformat(str(kept)) if kept else None) if kept is not None else \
        decision_due(row["received_at"], j, filed) if j else None
    terms = filed_terms(j, filed) if j else {}
    return {**row, "jurisdiction_name": j.name if j else row["jurisdiction"], "due": due,
            # The sections as filed, beside the days as filed: never the rule file as it reads today.
            "decision_citation": terms.get("decision_citation") or "", "deemed_granted": terms.get("deemed_granted"),
            "filing_citation": terms.get("filing_citation") or "",
            "flag": deadline_flag(due, row["status"], today(j), terms.get("deemed_granted")),
            "late": filed_late(row, j.zone, j, filed) if j else False,
            **(decision_timing(row, due, j, filed) if j else {}),
            "license_word": j.license_word if j else "permit",
            "status_label": STATUSES.get(row["status"], row["status"]), "reads": reads(row.get("language"))}


def inbox_query(place: str) -> InboxQuery:
    """The clerk's places (or the one chosen) and the page's filters, from the address."""
    account = current_user.account
    places = tuple([place] if place in account.jurisdictions else account.jurisdictions)
    status, due = request.args.get("status", ""), request.args.get("due", "")
    sort = request.args.get("sort", "received")
    page = request.args.get("page", "1")
    return InboxQuery(places=places, today={jid: today(rulebook().get(jid)) for jid in places},
                      status=status if status in STATUSES or status == "open" else "",
                      due=due if due in DUE_FILTERS else "", sort=sort if sort in SORTS else "received",
                      search=request.args.get("q", "")[:100], page=int(page) if page.isdigit() else 1)


def deposit_overdue(row: ApplicationRow, filed: dict | None) -> date | None:
    """The day a deposit still held was due back, once it has passed (the days it was filed under)."""
    j = rulebook().get(row["jurisdiction"])
    due = return_day(filed_terms(j, filed)["deposit_returned_within_days"], row.get("ends_at")) if j else None
    return due if due is not None and today(j) > due else None


OLDEST_SHOWN = 5  # the inbox names the oldest few mails not sent; the outbox pages list them all
OUTBOX_PAGE = 50
COUNTED_UP_TO = 1000  # the inbox counts this many waiting mails at most ("1000 or more"): the same cost at any number


@bp.get("/office/outbox")
@login_required
def outbox():
    """Every mail about the clerk's places not sent yet, oldest first, a page at a time."""
    places = list(current_user.account.jurisdictions)
    records = office_records()
    total = records.mail.unsent_count(places)
    pages = max(1, -(-total // OUTBOX_PAGE))
    page = min(max(request.args.get("page", 1, type=int) or 1, 1), pages)
    return render_page("office/outbox.html", mails=records.mail.unsent_mail(places, OUTBOX_PAGE, (page - 1) * OUTBOX_PAGE),
                       total=total, page=page, pages=pages, first=(page - 1) * OUTBOX_PAGE + 1, mail_on=mail_on())


@bp.get("/office")
@login_required
def inbox():
    place = request.args.get("place", "")
    account = current_user.account
    query = inbox_query(place)
    fill_figures(office_records(), rulebook().get, list(query.places))
    found = inbox_page(office_records(), query)
    decided = decided_versions(office_records(), found.rows)
    references = [r["reference"] for r in found.rows]  # the paper trail's flags, for this page's rows only
    records = office_records()
    held, acted = records.money.deposits_held(references), records.trail.last_permit_actions(references)
    issued = records.trail.versions_issued(references)
    kept = {ref: json.loads(text) for ref, text in records.applications.current_assessments(references).items()}
    rows = [{**with_deadline(r, kept.get(r["reference"])), "amendment": amendment_pending(r, decided.get(r["reference"])),
             # Approved, and its permit still waiting on what must be in hand before it issues.
             "waiting": r["status"] == "approved" and decided.get(r["reference"]) is not None
             and (r["reference"], decided_version(r, decided[r["reference"]])) not in issued,
             "deposit_due": deposit_overdue(r, kept.get(r["reference"])) if r["reference"] in held else None,
             "mark": MARKS.get((acted.get(r["reference"]) or {}).get("action")) if r["status"] == "approved" else None}
            for r in found.rows]
    places = [(jid, j.name if (j := rulebook().get(jid)) else jid) for jid in account.jurisdictions]
    chosen = {k: v for k, v in dict(place=place, status=query.status, due=query.due, sort=query.sort,
                                    q=query.search).items() if v and not (k == "sort" and v == "received")}
    return render_page("office/inbox.html", rows=rows, found=found, chosen=chosen, due_filters=DUE_FILTERS,
                       statuses=STATUSES, sorts=SORTS, status=query.status, due=query.due, sort=query.sort,
                       search=query.search, place=place, places=places,
                       mail_on=mail_on(), unsent=records.mail.unsent_mail(list(account.jurisdictions), OLDEST_SHOWN),
                       unsent_count=records.mail.unsent_count(list(account.jurisdictions), COUNTED_UP_TO),
                       counted_up_to=COUNTED_UP_TO, clerk=account,
                       feed=records.clerks.has_feed(account.email))


def answer_rows(answers: dict, jurisdiction_id: str) -> list[dict]:
    questions = rulebook().questions_for(jurisdiction_id)
    return [{"label": questions[key]["label"], "value": show_answer(key, answers, questions)}
            for key in answers if key in questions and key != "jurisdiction"]


@bp.get("/office/a/<reference>")
@login_required
def application(reference: str):
    row = clerk_application(reference)
    records = office_records()
    j, answers, filed = filed_version(row)
    assessment = filed.assessment  # as filed: the rule file as it reads today only in the notice below
    ticks = records.applications.ticks(reference)
    uploads = records.applications.uploads(row["interview_id"])
    checklist = checklist_items(assessment)
    attach = documents_to_attach(j, answers)
    paired = same_as_a_document(checklist, attach)  # listed once, as the document (its tick stands for both)
    items = [{"id": c["id"], "text": c["text"], "citation": c["citation"], "received": ticks.get(c["id"], False)}
             for c in checklist if c["id"] not in paired]
    documents = [{"id": d.id, "text": d.label, "citation": d.citation, "received": ticks.get(d.id, False),
                  "uploads": [u for u in uploads if u["document"] == d.id]} for d in attach]
    held = money_view(records, reference, j, assessment, row["starts_at"], row["ends_at"], today(j))
    versions, trail = version_context(row, j, answers, checklist), trail_context(row, j)
    now = trail["standing"]
    step = next_step(row["status"], versions["outstanding"], held["money_lines"],
                     len(now.open_conditions) if now else 0, bool(held["closing"]), row["ends_at"], today(j))
    return render_page("office/application.html", a=with_deadline(row, assessment), answers=answer_rows(answers, j.id), items=items,
                       documents=documents, uploads=uploads, history=records.applications.history(reference),
                       versions=records.applications.versions(reference), statuses=STATUSES, decided=DECIDED,
                       mail_on=mail_on(), next_step=step, not_ticked=unticked(versions["outstanding"]),
                       outstanding_others=others(versions["outstanding"]),
                       outcome=assessment["outcome"], after_filing=assessment.get("after_you_apply") or [],
                       other_permits=assessment.get("other_permits") or [],  # as filed (kept since the layers)
                       rules_change=rules_changed(records, reference, row["version"], j, answers, filed, rulebook().layers_for(j)),
                       issued_documents=issued_list(records, reference),
                       **review_context(row, j), **versions, **trail, **held)


def version_context(row: ApplicationRow, j, answers: dict, checklist: list[dict]) -> dict:
    """The versions' part of the page (docs/decisions/0014-the-office-paper-trail.md): what the current version
    changes, from the version before and from the one decided, and whether it waits for a decision as an
    amendment."""
    records, questions = office_records(), rulebook().questions_for(j.id)
    decision = records.review.decision(row["reference"])
    decided_version = (decision.get("version") or row["version"]) if decision else None
    before = records.applications.version_answers(row["reference"], row["version"] - 1) if row["version"] > 1 else None
    since_decision = []
    if decided_version is not None and decided_version < row["version"] - 1:
        decided_answers = records.applications.version_answers(row["reference"], decided_version)
        since_decision = changes(decided_answers, answers, questions)
    return {"changes": changes(before, answers, questions) if before is not None else [],
            "since_decision": since_decision, "decided_version": decided_version,
            "amendment": amendment_pending(row, decision), "permit_valid": permit_valid(row, decision),
            "outstanding": outstanding(records, row["reference"], j, answers, checklist)}


def review_context(row: ApplicationRow, j) -> dict:
    """The review's part of the page (docs/decisions/0019-the-office-reviews-from-the-rule-file.md): the referrals
    with their answers and flags, and the decision."""
    referrals = [{**r, "late": late(r, today(j)), "answer_label": ANSWERS.get(r["answer"] or "", "")}
                 for r in office_records().review.referrals(row["reference"])]
    decision = office_records().review.decision(row["reference"])
    meeting = deciding_meeting(office_records(), row["reference"], decision)
    return {"departments": j.referrals, "referrals": referrals, "decision": decision, "meeting": meeting,
            "meeting_line": meeting_words(meeting) if meeting else "",
            "decisions": DECISIONS, "today": today(j).isoformat(), "j": j}


def trail_context(row: ApplicationRow, j) -> dict:
    """The paper trail's part of the page (docs/decisions/0014-the-office-paper-trail.md): conditions before
    issuance, the permit's standing and what may be done to it, and the letters to post with their flags."""
    records = office_records()
    now = standing(records, row, records.review.decision(row["reference"]), j)
    notices = [{**n, "about_label": ABOUT[n["about"]], "flag": flag(n, today(j))}
               for n in records.trail.mailed_notices(row["reference"])]
    if notices:
        made = records.review.decision(row["reference"]) or {}
        answers = records.applications.version_answers(row["reference"], made.get("version") or row["version"])
        notices = [{**n, "window": window, "fits": not isinstance(window, AddressDoesNotFit)}
                   for n in notices for window in (envelope_window(n, answers),)]
    version = decided_version(row, records.review.decision(row["reference"]))
    return {"standing": now, "action_choices": action_choices(j, now), "action_words": ACTIONS,
            "prerequisites": prerequisites(records, row, j, version),
            "revocation_meetings": revocation_meetings(records, row["reference"]),
            "permit_actions": records.trail.permit_actions(row["reference"]), "notices": notices}


def organizer_path(row: ApplicationRow) -> str:
    return url_for("sending.status", interview_id=row["interview_id"])


def new_status(row: ApplicationRow, status: str) -> None:
    """Every status change is recorded and emailed to the organizer, whichever control made it."""
    change_status(office_records(), row["reference"], status, who())
    send_mail(status_notice(row["applicant_email"], row["reference"], STATUSES[status], organizer_path(row),
                            current_app.config.get("PUBLIC_URL"), language=row.get("language")))


@bp.post("/office/a/<reference>/status")
@login_required
def set_status(reference: str):
    row = clerk_application(reference)
    status = request.form.get("status", "")
    if status not in STATUSES:
        flash("Choose one of the statuses in the list.", "danger")
    elif status in DECIDED and status != row["status"]:
        # A bare status would leave no conditions or reasons, no permit and no date for the counts.
        flash("Approve or deny with “Record the decision”: it keeps the conditions or the reasons, "
              "makes the permit and tells the organizer.", "danger")
        return redirect(url_for(".application", reference=reference) + "#decision", code=303)
    elif status != row["status"]:
        new_status(row, status)
        flash(f"Status changed to {STATUSES[status]}.", "success")
    return redirect(url_for(".application", reference=reference), code=303)


@bp.post("/office/a/<reference>/message")
@login_required
def message(reference: str):
    row = clerk_application(reference)
    text = request.form.get("message", "").strip()
    if not text:
        flash("Write the message first.", "danger")
    elif len(text) > MESSAGE_LIMIT:
        flash(f"A message may be at most {MESSAGE_LIMIT:,} characters.", "danger")
    else:
        with speaking(row.get("language") or OFFICE_LANGUAGE):  # the office's name as the organizer reads it
            office = office_short(rulebook().require(row["jurisdiction"]).file_with)
        office_records().applications.add_history(reference, who(), "Message to the organizer", text)
        send_mail(organizer_message(row["applicant_email"], reference, text, office, organizer_path(row),
                                    current_app.config.get("PUBLIC_URL"), language=row.get("language")))
        if request.form.get("ask") == "yes" and row["status"] != "more_information":
            new_status(row, "more_information")
        flash("Message sent to the organizer." if row["applicant_email"] else
              "Message saved. The organizer gave no email address: it is on their application's page.", "success")
    return redirect(url_for(".application", reference=reference), code=303)


@bp.post("/office/a/<reference>/checklist")
@login_required
def checklist(reference: str):
    row = clerk_application(reference)
    records = office_records()
    j, answers, filed = filed_version(row)
    checklist, attach = checklist_items(filed.assessment), documents_to_attach(j, answers)
    paired = same_as_a_document(checklist, attach)  # not on the page: their document's tick stands for them
    known = [c["id"] for c in checklist if c["id"] not in paired] + [d.id for d in attach]
    received = set(request.form.getlist("received"))
    before = records.applications.ticks(reference)
    changed = [item for item in known if before.get(item, False) != (item in received)]
    for item in changed:
        records.applications.set_tick(reference, item, item in received)
    if changed:
        records.applications.add_history(reference, who(), "Checklist",
                                         f"{len([i for i in changed if i in received])} ticked, "
                                         f"{len([i for i in changed if i not in received])} unticked")
    flash("Checklist saved.", "success")
    return redirect(url_for(".application", reference=reference), code=303)


def download(body: bytes, mimetype: str, filename: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "private, no-store"
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


@bp.get("/office/a/<reference>/packet.pdf")
@login_required
def packet(reference: str):
    row = clerk_application(reference)
    answers = office_records().applications.version_answers(reference, row["version"])
    body = cached_packet_pdf(answers, rulebook(), today(rulebook().require(row["jurisdiction"])),
                             office=office_card(row["jurisdiction"]))
    office_records().applications.add_history(reference, who(), "Downloaded the packet", f"Version {row['version']}")
    return download(body, "application/pdf", f"{reference}-packet.pdf")


@bp.get("/office/a/<reference>/uploads/<upload_id>")
@login_required
def upload(reference: str, upload_id: str):
    row = clerk_application(reference)
    found = office_records().applications.upload(row["interview_id"], upload_id[:40])
    if found is None:
        abort(404)
    office_records().applications.add_history(reference, who(), "Downloaded a document", found["filename"])
    return download(found["data"], found["mimetype"], f"{reference}-{found['filename']}")


@bp.after_request
def private(response):
    """Office pages and downloads stay out of every cache, the browser's included."""
    response.headers["Cache-Control"] = "private, no-store"
    return response
