"""Money received and insurance held at the web edge (docs/decisions/0014-the-office-paper-trail.md): the clerk
records a sum received (the organizer is emailed its receipt, a tagged PDF, also on their status page), returns a
deposit, and records certificates of insurance. The rules are in wizard/office/money.py (no Flask).
"""
from __future__ import annotations

from flask import Blueprint, abort, current_app, flash, redirect, request, url_for
from flask_login import login_required

from ...engine.assess import assess_jurisdiction
from ...engine.wording import office_short
from ...errors import PrintingFailed
from ...office.money import (
    METHODS,
    close_after_event,
    coverages,
    record_certificate,
    ledger,
    owed_for,
    receipt_mail,
    record_payment,
    return_deposit,
)
from ...office.schema import ApplicationRow
from ...office.office_time import local_day
from ...office.issuance import standing
from ...office.review import ReviewError
from ...packet.documents import printed_receipt
from ...packet.receipt import Receipt, receipt_number
from ...readable import money
from ..jobs.mailer import send_mail
from ..edge.state import office_card, office_records, rulebook, sent_version, today
from ..organizer.sending import organizers_application
from .inbox import clerk_application, download, organizer_path, who
from .review import issue_and_mail
from .typed import keep_refused

bp = Blueprint("money", __name__)
PAYMENT_FIELDS = ("sum_key", "amount", "method", "detail", "received_on")


def _page(reference: str, part: str = "#money") -> str:
    return url_for("office.application", reference=reference) + part


def _owed(row: ApplicationRow):
    j, answers = sent_version(row)
    return j, answers, owed_for(office_records(), row["reference"], j, assess_jurisdiction(j, answers))


def the_receipt(row: ApplicationRow, payment: dict) -> bytes:
    j, answers, owed = _owed(row)
    return printed_receipt(Receipt(row["reference"], j, answers, office_card(row["jurisdiction"]), payment,
                                   tuple(ledger(owed, office_records().money.payments(row["reference"]))), METHODS,
                                   office_short(j.file_with)))


@bp.post("/office/a/<reference>/payments")
@login_required
def payment(reference: str):
    row = clerk_application(reference)
    j, _, owed = _owed(row)
    before = standing(office_records(), row, office_records().review.decision(reference), j)
    try:
        made = record_payment(office_records(), reference, owed, request.form, local_day(row["received_at"], j.zone),
                              today(j), who())
    except ReviewError as error:
        keep_refused(error, PAYMENT_FIELDS, _page(reference, ""))
        return redirect(_page(reference), code=303)
    label = next(o.label for o in owed if o.key == made["sum_key"])
    line = f"{money(made['amount_cents'] / 100)} ({label.lower()}, {METHODS[made['method']].lower()})"
    try:
        pdf = the_receipt(row, made)
    except PrintingFailed as error:
        current_app.logger.error("receipt of %s: %s", reference, error)
        pdf = None
    send_mail(receipt_mail(row["applicant_email"], reference, receipt_number(reference, made), line,
                           organizer_path(row), current_app.config.get("PUBLIC_URL"), pdf, language=row.get("language")))
    flash(f"Recorded: {line}. The receipt is emailed to the organizer and on their page.", "success")
    issue_and_mail(row, j, today(j), before)  # the last sum the permit waited for
    return redirect(_page(reference), code=303)


@bp.post("/office/a/<reference>/payments/<int:payment_id>/return")
@login_required
def deposit_return(reference: str, payment_id: int):
    row = clerk_application(reference)
    j, _, owed = _owed(row)
    found = office_records().money.payment(reference, payment_id)
    deposit = next((o for o in owed if o.key == "deposit"), None)
    if found is None or deposit is None:
        abort(404)
    try:
        line = return_deposit(office_records(), reference, deposit, found, request.form, today(j), who())
    except ReviewError as error:
        keep_refused(error, ("returned", "kept_reason", "returned_on"), _page(reference, ""))
        return redirect(_page(reference), code=303)
    flash(f"Deposit returned: {line}.", "success")
    return redirect(_page(reference), code=303)


def _payment_or_404(reference: str, payment_id: int) -> dict:
    found = office_records().money.payment(reference, payment_id)
    if found is None:
        abort(404)
    return found


@bp.get("/office/a/<reference>/receipts/<int:payment_id>.pdf")
@login_required
def receipt(reference: str, payment_id: int):
    row = clerk_application(reference)
    found = _payment_or_404(reference, payment_id)
    return download(the_receipt(row, found), "application/pdf", f"{receipt_number(reference, found)}.pdf")


@bp.get("/i/<interview_id>/application/receipts/<int:payment_id>.pdf")
def organizers_receipt(interview_id: str, payment_id: int):
    """The organizer's copy of a receipt, from the application's private status page."""
    row = organizers_application(interview_id)
    found = _payment_or_404(row["reference"], payment_id)
    return download(the_receipt(row, found), "application/pdf", f"{receipt_number(row['reference'], found)}.pdf")


@bp.post("/office/a/<reference>/insurance")
@login_required
def certificate(reference: str):
    row = clerk_application(reference)
    j, answers = sent_version(row)
    before = standing(office_records(), row, office_records().review.decision(reference), j)
    try:
        record_certificate(office_records(), reference, coverages(j, assess_jurisdiction(j, answers)), request.form,
                           who())
    except ReviewError as error:
        keep_refused(error, ("coverage", "insurer", "limit", "starts_on", "ends_on"), _page(reference, ""))
        return redirect(_page(reference, "#held"), code=303)
    flash("Certificate of insurance recorded.", "success")
    issue_and_mail(row, j, today(j), before)  # the last certificate the permit waited for
    return redirect(_page(reference, "#held"), code=303)


@bp.post("/office/a/<reference>/close")
@login_required
def close(reference: str):
    row = clerk_application(reference)
    j = rulebook().require(row["jurisdiction"])
    try:
        close_after_event(office_records(), row, request.form, today(j), who())
    except ReviewError as error:
        keep_refused(error, ("notes",), _page(reference, ""))
        return redirect(_page(reference, "#after-event"), code=303)
    flash("Closed after the event: the application is kept for the keeping period from today.", "success")
    return redirect(_page(reference, "#after-event"), code=303)
