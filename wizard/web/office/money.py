"""Money received and insurance held at the web edge (docs/decisions/0014-the-office-paper-trail.md): the clerk
records a sum received (the organizer is emailed its receipt, a tagged PDF, also on their status page), returns a
deposit, and records certificates of insurance. Corrections leave a trail (docs/decisions/0024-money-corrected-with-
a-trail.md): a sum above what is outstanding waits for the clerk's confirmation, an entry is voided (its receipt
re-mailed marked VOID) or corrected (a new receipt mailed), an overpayment refunded, a certificate withdrawn.
The rules are in wizard/office/money.py and wizard/office/corrections.py (no Flask).
"""
from __future__ import annotations

from flask import Blueprint, abort, current_app, flash, redirect, request, url_for
from flask_login import login_required

from ...engine.wording import office_short
from ...errors import PrintingFailed
from ...office.corrections import refund_overpayment, void_payment, withdraw_certificate
from ...office.money import (
    METHODS,
    OverpaymentToConfirm,
    close_after_event,
    coverages,
    record_certificate,
    ledger,
    owed_for,
    receipt_mail,
    sum_line,
    record_payment,
    return_deposit,
    void_receipt_mail,
)
from ...office.issued import Wanted, issue
from ...office.schema import ApplicationRow
from ...office.office_time import local_day
from ...office.issuance import standing
from ...office.review import ReviewError
from ...packet.documents import printed_receipt
from ...packet.receipt import Receipt, receipt_number
from ...readable import money
from ..jobs.mailer import send_mail
from ..edge.state import filed_version, office_card, office_records, rulebook, sent_version, today
from ..organizer.sending import organizers_application
from .inbox import clerk_application, download, organizer_path, who
from .review import issue_and_mail
from .typed import keep_refused, keep_typed

bp = Blueprint("money", __name__)
PAYMENT_FIELDS = ("sum_key", "amount", "method", "detail", "received_on")


def _page(reference: str, part: str = "#money") -> str:
    return url_for("office.application", reference=reference) + part


def _owed(row: ApplicationRow):
    """The application's rules, answers, and the sums owed as filed (never as the rule file reads today)."""
    j, answers, filed = filed_version(row)
    return j, answers, owed_for(office_records(), row["reference"], j, filed.assessment)


def the_receipt(row: ApplicationRow, payment: dict, owed=None, by: str = "office") -> bytes:
    """The one place a receipt is drawn, kept as issued: printed once with the ledger as that payment left it,
    and every later download (the clerk's, the organizer's) and mail is the same bytes. A voided entry's receipt
    is a new document marked VOID that supersedes the one issued. `owed`: the sums, when the caller has them."""
    number = receipt_number(row["reference"], payment)
    void = bool(payment.get("voided_at"))

    def make(_old: dict | None) -> bytes:  # only when not issued yet: a kept receipt needs no rules
        j, answers, sums = _owed(row) if owed is None else (*sent_version(row), owed)
        shown = {**payment, "voided_on": local_day(payment["voided_at"], j.zone).isoformat()} if void else payment
        # The ledger as this payment left it, even when first printed later (the mail went without it); a void
        # as it left it, with the entry that corrects it
        then = [p for p in office_records().money.payments(row["reference"])
                if p["id"] <= payment["id"] or (void and p.get("corrects") == payment["id"])]
        return printed_receipt(Receipt(row["reference"], j, answers, office_card(row["jurisdiction"]), shown,
                                       tuple(ledger(sums, then)), METHODS, office_short(j.file_with)))
    wanted = Wanted("receipt", str(payment["id"]), number, situation="void" if void else "as issued")
    return issue(office_records(), row["reference"], wanted, make, by, "the entry was voided" if void else "").body


@bp.post("/office/a/<reference>/payments")
@login_required
def payment(reference: str):
    row = clerk_application(reference)
    j, _, owed = _owed(row)
    before = standing(office_records(), row, office_records().review.decision(reference), j)
    try:
        made = record_payment(office_records(), reference, owed, request.form, local_day(row["received_at"], j.zone),
                              today(j), who())
    except OverpaymentToConfirm as asked:
        # Nothing recorded yet: the page asks to confirm, with what was typed kept in the form and the confirmation.
        flash(f"Not recorded yet: {asked}", "warning")
        keep_typed({**{name: request.form.get(name, "") for name in PAYMENT_FIELDS}, "overpayment": str(asked)},
                   _page(reference, ""))
        return redirect(_page(reference, "#confirm-overpayment"), code=303)
    except ReviewError as error:
        keep_refused(error, PAYMENT_FIELDS, _page(reference, ""))
        return redirect(_page(reference), code=303)
    line = _mail_receipt(row, owed, made)
    over = f" It is {money(made['overpaid_cents'] / 100)} over what was owed: a refund is due." \
        if made["overpaid_cents"] else ""
    flash(f"Recorded: {line}. The receipt is emailed to the organizer and on their page.{over}", "success")
    issue_and_mail(row, j, today(j), before)  # the last sum the permit waited for
    return redirect(_page(reference), code=303)


def _pdf(row: ApplicationRow, payment: dict, owed=None) -> bytes | None:
    try:
        return the_receipt(row, payment, owed, who())
    except PrintingFailed as error:
        current_app.logger.error("receipt of %s: %s", row["reference"], error)
        return None


def _mail_receipt(row: ApplicationRow, owed, made: dict) -> str:
    """The receipt of `made` mailed to the organizer; the line that names the sum."""
    label = next(o.label for o in owed if o.key == made["sum_key"])
    paid = (made["amount_cents"], label, made["method"])
    line = sum_line(*paid)
    send_mail(receipt_mail(row["applicant_email"], row["reference"], receipt_number(row["reference"], made), paid,
                           organizer_path(row), current_app.config.get("PUBLIC_URL"), _pdf(row, made, owed),
                           language=row.get("language")))
    return line


@bp.post("/office/a/<reference>/payments/<int:payment_id>/void")
@login_required
def void(reference: str, payment_id: int):
    """An entry voided with the reason (its receipt mailed again, marked VOID), and corrected if a sum is typed."""
    row = clerk_application(reference)
    j, _, owed = _owed(row)
    found = _payment_or_404(reference, payment_id)
    before = standing(office_records(), row, office_records().review.decision(reference), j)
    try:
        done = void_payment(office_records(), reference, owed, found, request.form, who())
    except ReviewError as error:
        keep_refused(error, ("reason", "corrected"), _page(reference, ""))
        return redirect(_page(reference, f"#payment-{payment_id}"), code=303)
    number = receipt_number(reference, found)
    send_mail(void_receipt_mail(row["applicant_email"], reference, number, done.voided["void_reason"],
                                organizer_path(row), current_app.config.get("PUBLIC_URL"), _pdf(row, done.voided),
                                language=row.get("language")))
    said = f"Receipt {number} is void; the organizer is emailed it marked VOID."
    if done.correction:
        said += f" Corrected: {_mail_receipt(row, owed, done.correction)}, receipt " \
                f"{receipt_number(reference, done.correction)}, emailed to the organizer."
    flash(said, "success")
    if done.correction:
        issue_and_mail(row, j, today(j), before)  # a corrected sum may be the last one the permit waited for
    return redirect(_page(reference), code=303)


@bp.post("/office/a/<reference>/payments/<int:payment_id>/refund")
@login_required
def refund(reference: str, payment_id: int):
    row = clerk_application(reference)
    j, _, owed = _owed(row)
    found = _payment_or_404(reference, payment_id)
    try:
        line = refund_overpayment(office_records(), reference, owed, found, request.form, today(j), who())
    except ReviewError as error:
        keep_refused(error, ("refunded", "refunded_on"), _page(reference, ""))
        return redirect(_page(reference, f"#payment-{payment_id}"), code=303)
    flash(f"Overpayment refunded: {line}.", "success")
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
    return download(the_receipt(row, found, by=who()), "application/pdf", f"{receipt_number(reference, found)}.pdf")


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
    j, _, filed = filed_version(row)
    before = standing(office_records(), row, office_records().review.decision(reference), j)
    try:
        record_certificate(office_records(), reference, coverages(j, filed.assessment), request.form, who())
    except ReviewError as error:
        keep_refused(error, ("coverage", "insurer", "limit", "starts_on", "ends_on", "replaces", "replace_reason"),
                     _page(reference, ""))
        return redirect(_page(reference, "#held"), code=303)
    flash("Certificate of insurance recorded.", "success")
    issue_and_mail(row, j, today(j), before)  # the last certificate the permit waited for
    return redirect(_page(reference, "#held"), code=303)


@bp.post("/office/a/<reference>/insurance/<int:certificate_id>/withdraw")
@login_required
def certificate_withdrawn(reference: str, certificate_id: int):
    # An application whose rules are no longer loaded is read-only (its page says so): nothing is recorded on it.
    rulebook().require(clerk_application(reference)["jurisdiction"])
    try:
        withdraw_certificate(office_records(), reference, certificate_id, request.form, who())
    except ReviewError as error:
        keep_refused(error, ("reason",), _page(reference, ""))
        return redirect(_page(reference, "#held"), code=303)
    flash("Certificate of insurance withdrawn; it stays on the page, struck through.", "success")
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
