"""Money corrected with a trail (docs/decisions/0024-money-corrected-with-a-trail.md). A payment recorded is never
edited or deleted: it is voided (who, when, why), and where the sum was mistyped an adjusting entry records the
right one, naming the entry it corrects (its own, new receipt). An overpayment the clerk confirmed is refunded
like a deposit is returned (the sum, the day, who). A bond is a payment too: withdrawn by voiding it, replaced by
a correction. A certificate of insurance is withdrawn with a reason (replacing one: wizard/office/money.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from ..readable import money as dollars
from .money import METHODS, Owed, cents, held, ledger, live, typed_day
from .records import OfficeRecords, now_text
from .review import ReviewError


@dataclass(frozen=True)
class Voided:
    """What a void did: the payment as voided, and the adjusting entry recorded with it, if any."""
    voided: dict
    correction: dict | None


def _reason(form: dict, what: str, example: str) -> str:
    reason = " ".join((form.get("reason") or "").split())[:1000]
    if not reason:
        raise ReviewError(f"Write why the {what} (for example: “{example}”).")
    return reason


def void_payment(records: OfficeRecords, reference: str, owed: list[Owed], payment: dict, form: dict,
                 who: str) -> Voided:
    """Voids `payment` with the clerk's reason; with an amount typed (`corrected`), records the right sum as an
    adjusting entry of the same kind, day and hand, at most what is outstanding once the void is counted."""
    sum_owed = next((o for o in owed if o.key == payment["sum_key"]), None)
    if sum_owed is None or not live(payment):
        raise ReviewError("This entry is void already.")
    if payment["returned_on"] or payment["refunded_on"]:
        raise ReviewError("This entry has a return or a refund recorded against it: it cannot be voided. Record the "
                          "correction as a new entry.")
    reason = _reason(form, "entry is voided", "Typed $17,000 for $1,700")
    typed = (form.get("corrected") or "").strip()
    amount = cents(typed) if typed else None
    others = [p for p in records.money.payments(reference) if p["id"] != payment["id"]]
    left = ledger([sum_owed], others)[0].outstanding
    if amount is not None and left is not None and amount > left:
        raise ReviewError(f"The corrected sum is more than the {dollars(left / 100)} outstanding once this entry is "
                          "void. Void it without a corrected sum, then record the payment (and confirm the overpayment).")
    at = now_text()
    if not records.money.void(reference, payment["id"], at, who, reason):
        raise ReviewError("This entry is void already.")
    label = f"{sum_owed.label}, receipt {reference}-R{payment['id']}"
    records.applications.add_history(reference, who, "Voided: " + label,
                                     f"{dollars(payment['amount_cents'] / 100)}: {reason}")
    correction = None
    if amount is not None:
        row = dict(reference=reference, sum_key=payment["sum_key"], amount_cents=amount, method=payment["method"],
                   detail=payment["detail"], received_on=payment["received_on"], taken_by=payment["taken_by"],
                   recorded_at=at, corrects=payment["id"])
        new_id = records.money.add_payment(row)
        correction = records.money.payment(reference, new_id)
        records.applications.add_history(reference, who, f"Corrected: {label}",
                                         f"{dollars(amount / 100)} by {METHODS[payment['method']].lower()}, "
                                         f"{payment['received_on']}, receipt {reference}-R{new_id} ({sum_owed.citation})")
    return Voided(records.money.payment(reference, payment["id"]) or payment, correction)


def refund_overpayment(records: OfficeRecords, reference: str, owed: list[Owed], payment: dict, form: dict,
                       today: date, who: str) -> str:
    """The overpayment's refund, recorded like a deposit's return: the sum (all that is over, if left empty), the
    day and who; the flag goes once nothing is over. The history's line."""
    sum_owed = next((o for o in owed if o.key == payment["sum_key"]), None)
    line = ledger([sum_owed], records.money.payments(reference))[0] if sum_owed else None
    if sum_owed is None or line is None or not live(payment) or payment["refunded_on"] or not line.overpaid:
        raise ReviewError("Only a live entry of a sum overpaid can be refunded.")
    typed = (form.get("refunded") or "").strip()
    back = min(line.overpaid, held(payment)) if not typed else cents(typed)
    if back > held(payment):
        raise ReviewError(f"At most the {dollars(held(payment) / 100)} of this entry can be refunded.")
    day = typed_day(form.get("refunded_on", ""), date.fromisoformat(payment["received_on"]), today, "it was refunded")
    records.money.refunded(reference, payment["id"], day.isoformat(), back, who)
    text = (f"{dollars(back / 100)} of receipt {reference}-R{payment['id']} refunded on {day.isoformat()} "
            f"({sum_owed.citation})")
    records.applications.add_history(reference, who, f"Overpayment refunded: {sum_owed.label}", text)
    return text


def withdraw_certificate(records: OfficeRecords, reference: str, certificate_id: int, form: dict, who: str) -> dict:
    """A certificate of insurance withdrawn (cancelled, recorded in error), with the reason; it stays on the page,
    struck through, and is no longer the one checked."""
    found = next((c for c in records.money.certificates(reference) if c["id"] == certificate_id), None)
    if found is None or found["withdrawn_at"]:
        raise ReviewError("This certificate is withdrawn already.")
    reason = _reason(form, "certificate is withdrawn", "Cancelled by the insurer")
    records.money.withdraw_certificate(reference, certificate_id, now_text(), who, reason)
    records.applications.add_history(reference, who, "Certificate of insurance withdrawn",
                                     f"{found['coverage']}: {found['insurer']}, "
                                     f"{dollars(found['limit_cents'] / 100)}: {reason}")
    return found
