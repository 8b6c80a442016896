"""Money received and the bond and insurance held, from the assessment's own sums and minimums, each
with its section (docs/decisions/0014-the-office-paper-trail.md).

The sums owed are the assessment's `fees` (application fee, deposit, bond) for the version decided,
else the current one. The clerk records what was received: amount, how, the day and who took it. A
deposit is returned (in full, or less what is kept, with the reason); where the rule file gives
`returned_within_days` on it (Whitesboro, Permit E: "within 10 days from the date of termination of
the assembly"), one not returned by then is flagged. Certificates of insurance are compared with the
assessment's `insurance` minimums and the event's last day. No card is processed here: the record is
what the office needs.

Nothing recorded is edited or deleted (docs/decisions/0024-money-corrected-with-a-trail.md, wizard/office/corrections.py):
a payment is voided or corrected by an adjusting entry, the sums use the live ones only, and a sum above what is
outstanding is recorded only once the clerk confirms it, then flagged as an overpayment until its refund is recorded.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal, InvalidOperation

from ..readable import money as dollars
from .schema import ApplicationRow
from ..rules.rulebook import FEE_CATEGORIES, Jurisdiction
from ..language import N_, gettext as _
from .mailing import Mail, for_the_organizer, link, office_wrote, paragraph_mail
from .filed import filed_terms
from .records import OfficeRecords, now_text
from .review import ReviewError

# The office's words; the organizer's receipt mail says them in the organizer's language (sum_line).
METHODS = {"cash": N_("Cash"), "check": N_("Check"), "money_order": N_("Money order"), "card": N_("Card"),
           "surety_bond": N_("Surety bond"), "certificate": N_("Certificate of deposit")}
NEEDS_DETAIL = {"check": "the check's number", "money_order": "the money order's number",
                "surety_bond": "the surety (the bonding company)"}
MOST = Decimal("100000000")  # a site limit: no sum the ordinances name comes near a hundred million dollars


@dataclass(frozen=True)
class Owed:
    key: str  # application, deposit, bond
    label: str
    amount: float | None  # None: the text sets no amount
    citation: str
    text: str = ""
    returned_within_days: int | None = None
    set_by: str = ""  # who sets an amount the text leaves open ("Estimated by the City of DeKalb")


def sums_owed(j: Jurisdiction, assessment: dict) -> list[Owed]:
    fees = assessment.get("fees") or {}
    returned = filed_terms(j, assessment)["deposit_returned_within_days"]  # the days as filed
    return [Owed(key, fee.get("name") or FEE_CATEGORIES[key], fee.get("amount"), fee["citation"], fee.get("text", ""),
                 returned if key == "deposit" else None)
            for key in FEE_CATEGORIES if (fee := fees.get(key))]


def escrows(j: Jurisdiction, assessment: dict) -> list[Owed]:
    """An escrow the text asks for without a figure, as a line of the money owed: DeKalb § 34.06(d)(1),
    "a cash escrow in an amount estimated to be adequate to cover the anticipated costs" of the City's
    supplemental services. The City estimates it, so the clerk records what is posted; no amount is
    invented. Read from the assessment's checklist money items that name an escrow."""
    return [Owed("escrow", N_("Cash escrow"), None, item["citation"], item["text"], set_by=f"Estimated by {j.file_with}")
            for item in assessment.get("checklist") or [] if item.get("money") and "escrow" in item["id"]][:1]


def owed_for(records: OfficeRecords, reference: str, j: Jurisdiction, assessment: dict) -> list[Owed]:
    """The assessment's sums, and the inspections' recorded costs where the text puts them on the applicant
    (DeKalb § 34.06(c): "the cost of any such inspections shall be borne by the applicant")."""
    owed = sums_owed(j, assessment) + escrows(j, assessment)
    inspection = j.inspection or {}
    costs = [i["cost_cents"] for i in records.trail.inspections(reference) if i["cost_cents"]]
    if inspection.get("cost_to_applicant") and costs:
        owed.append(Owed("inspection", N_("Inspection costs"), sum(costs) / 100, inspection["citation"]))
    return owed


def cents(typed: str) -> int:
    """Dollars as typed ("500", "$1,250.50") in cents; ReviewError when not an amount."""
    text = (typed or "").strip().replace("$", "").replace(",", "")
    try:
        amount = Decimal(text)
    except InvalidOperation:
        raise ReviewError("Enter the amount in dollars, like 500 or 1,250.50.") from None
    if not amount.is_finite() or amount <= 0 or amount >= MOST or amount != amount.quantize(Decimal("0.01")):
        raise ReviewError("Enter the amount in dollars, like 500 or 1,250.50.")
    return int(amount * 100)


def typed_day(typed: str, earliest: date, today: date, what: str) -> date:
    try:
        day = date.fromisoformat(typed or "")
    except ValueError:
        raise ReviewError(f"Enter the day {what}, like {today.isoformat()}.") from None
    if not earliest <= day <= today:
        raise ReviewError(f"The day {what} must be between {earliest.isoformat()} and today ({today.isoformat()}).")
    return day


class OverpaymentToConfirm(ReviewError):
    """A sum above what is outstanding: recorded only when the clerk confirms it (a slip of the keys, $17,000 for
    $1,700, is caught before a receipt is mailed)."""

    def __init__(self, amount: int, outstanding: int, label: str):
        self.amount, self.outstanding, self.excess = amount, outstanding, amount - outstanding
        super().__init__(f"{dollars(amount / 100)} is more than the {dollars(outstanding / 100)} outstanding for the "
                         f"{label.lower()}. Check the amount; if it is right, confirm it: it is recorded as an "
                         f"overpayment of {dollars(self.excess / 100)}, to refund.")


def record_payment(records: OfficeRecords, reference: str, owed: list[Owed], form: dict, received_on: date,
                   today: date, who: str) -> dict:
    chosen = next((o for o in owed if o.key == form.get("sum_key")), None)
    if chosen is None:
        raise ReviewError("Choose which sum was received.")
    amount = cents(form.get("amount", ""))
    line = next(x for x in ledger([chosen], records.money.payments(reference)))
    over = 0 if line.outstanding is None else max(amount - line.outstanding, 0)
    method, detail = form.get("method", ""), " ".join((form.get("detail") or "").split())[:200]
    if method not in METHODS:
        raise ReviewError("Choose how it was received.")
    if method in NEEDS_DETAIL and not detail:
        raise ReviewError(f"Write {NEEDS_DETAIL[method]}.")
    day = typed_day(form.get("received_on", ""), received_on, today, "it was received")
    if over and form.get("overpayment_confirmed") != "yes":
        raise OverpaymentToConfirm(amount, line.outstanding or 0, chosen.label)
    row = dict(reference=reference, sum_key=chosen.key, amount_cents=amount, method=method, detail=detail,
               received_on=day.isoformat(), taken_by=who, recorded_at=now_text(), overpaid_cents=over or None)
    row["id"] = records.money.add_payment(row)
    records.applications.add_history(reference, who, f"Received: {chosen.label}",
                                     f"{dollars(amount / 100)} by {METHODS[method].lower()}"
                                     + (f" ({detail})" if detail else "") + f", {day.isoformat()} ({chosen.citation})"
                                     + (f"; an overpayment of {dollars(over / 100)}, to refund" if over else ""))
    return records.money.payment(reference, row["id"]) or row


@dataclass(frozen=True)
class Line:
    """One sum on the application's page: owed, received (net: live payments less their refunds), outstanding,
    returned, overpaid. `payments` keeps the voided ones too, for the page to show struck through."""
    owed: Owed
    received: int  # cents
    returned: int
    payments: tuple[dict, ...]

    @property
    def outstanding(self) -> int | None:
        return None if self.owed.amount is None else max(round(self.owed.amount * 100) - self.received, 0)

    @property
    def overpaid(self) -> int:
        """What was received above the sum owed and not refunded yet (cents): a refund is due."""
        return 0 if self.owed.amount is None else max(self.received - round(self.owed.amount * 100), 0)


def live(payment: dict) -> bool:
    return not payment.get("voided_at")


def held(payment: dict) -> int:
    """What the office holds of a payment: nothing once voided, less any refund."""
    return 0 if not live(payment) else payment["amount_cents"] - (payment.get("refunded_cents") or 0)


def ledger(owed: list[Owed], payments: list[dict]) -> list[Line]:
    return [Line(o, sum(held(p) for p in mine), sum(p["returned_cents"] or 0 for p in mine if live(p)), tuple(mine))
            for o in owed for mine in [[p for p in payments if p["sum_key"] == o.key]]]


def return_day(days: int | None, ends_at: str | None) -> date | None:
    """The last day to return a deposit: the event's last day plus the text's days, where it gives them."""
    if not days or not ends_at:
        return None
    try:
        return date.fromisoformat(ends_at[:10]) + timedelta(days=days)
    except (ValueError, OverflowError):  # an event dated at the calendar's end: no day to count to
        return None


def return_due(owed: Owed, ends_at: str | None) -> date | None:
    return return_day(owed.returned_within_days, ends_at) if owed.key == "deposit" else None


def return_late(payment: dict, due: date | None, today: date) -> bool:
    return due is not None and not payment["returned_on"] and today > due


def return_deposit(records: OfficeRecords, reference: str, owed: Owed, payment: dict, form: dict, today: date,
                   who: str) -> str:
    """The deposit returned, in full or less what is kept (with the reason); the history's line."""
    if payment["sum_key"] != "deposit" or payment["returned_on"] or not live(payment):
        raise ReviewError("Only a deposit not returned yet can be returned.")
    typed = (form.get("returned") or "").strip()
    back = held(payment) if not typed else 0 if re.fullmatch(r"\$?0+(\.0*)?", typed) else cents(typed)
    if back > held(payment):
        raise ReviewError(f"At most the {dollars(held(payment) / 100)} received can be returned.")
    reason = " ".join((form.get("kept_reason") or "").split())[:1000]
    if back < held(payment) and not reason:
        raise ReviewError("Write why part of the deposit is kept (the cleanup costs it paid for).")
    day = typed_day(form.get("returned_on", ""), date.fromisoformat(payment["received_on"]), today, "it was returned")
    records.money.deposit_returned(reference, payment["id"], day.isoformat(), back, reason, who)
    line = f"{dollars(back / 100)} of {dollars(held(payment) / 100)} returned on {day.isoformat()}" + \
        (f", kept: {reason}" if reason else "") + f" ({owed.citation})"
    records.applications.add_history(reference, who, "Deposit returned", line)
    return line


def money_view(records: OfficeRecords, reference: str, j: Jurisdiction, assessment: dict, starts_at: str | None,
               ends_at: str | None, today: date) -> dict:
    """The application page's money: each sum's line, and each deposit's last day to return it, flagged late."""
    lines = ledger(owed_for(records, reference, j, assessment), records.money.payments(reference))
    returns = {p["id"]: {"due": due, "late": return_late(p, due, today)}
               for line in lines for due in [return_due(line.owed, ends_at)] for p in line.payments}
    return {"money_lines": lines, "deposit_returns": returns, "methods": METHODS,
            "closing": records.trail.closing(reference), **held_view(records, reference, j, assessment, lines, starts_at, ends_at)}


def sum_line(amount_cents: int, label: str, method: str) -> str:
    """A sum received, what it paid and how ("$900 (application fee, cash)"), in the language in force:
    the office's record in English, the organizer's receipt mail in theirs."""
    return _("%(sum)s (%(what)s, %(how)s)", sum=dollars(amount_cents / 100), what=_(label).lower(),
             how=_(METHODS[method]).lower())


@for_the_organizer
def receipt_mail(recipient: str, reference: str, number: str, paid: tuple[int, str, str], status_path: str,
                 base_url: str | None, pdf: bytes | None) -> Mail:
    """In the organizer's language (`language=`); `paid`: the sum in cents, its label and the method (sum_line)."""
    line = sum_line(*paid)
    kept = (_("The receipt is attached as a PDF.") if pdf else
            _("The receipt is on your application's page as a PDF (linked below)."))
    return paragraph_mail(reference, recipient, _("%(reference)s: receipt %(number)s", reference=reference, number=number),
                          [_("The office received %(sum)s for application %(reference)s.", sum=line, reference=reference),
                           kept, _("See your application's page:")], link(base_url, status_path),
                          (f"{number}.pdf", pdf) if pdf else None)


@for_the_organizer
def void_receipt_mail(recipient: str, reference: str, number: str, reason: str, status_path: str,
                      base_url: str | None, pdf: bytes | None) -> Mail:
    """A receipt voided, in the organizer's language: the office's reason as the office wrote it, the receipt marked
    VOID attached; a correction's new receipt follows in its own mail."""
    kept = (_("The receipt, marked VOID, is attached as a PDF.") if pdf else
            _("The receipt, marked VOID, is on your application's page as a PDF (linked below)."))
    return paragraph_mail(reference, recipient, _("%(reference)s: receipt %(number)s is void", reference=reference,
                                                  number=number),
                          [*office_wrote(reason),  # the reason is the clerk's, typed in English
                           _("The office voided receipt %(number)s for application %(reference)s: %(reason)s",
                             number=number, reference=reference, reason=reason),
                           kept, _("See your application's page:")], link(base_url, status_path),
                          (f"{number}-VOID.pdf", pdf) if pdf else None)


# The bond and insurance held ---------------------------------------------------------------------

@dataclass(frozen=True)
class Coverage:
    coverage: str
    minimum: float
    citation: str
    names_insured: str | None = None  # whom the policy must name as insured, where the text says so


def coverages(j: Jurisdiction, assessment: dict) -> list[Coverage]:
    """The insurance the assessment asks for, with whom the rule file says it must name."""
    named = {(i["coverage"], i["citation"]): i.get("names_insured") for i in j.insurance}
    return [Coverage(i["coverage"], i["minimum"], i["citation"], named.get((i["coverage"], i["citation"])))
            for i in assessment.get("insurance") or []]


def record_certificate(records: OfficeRecords, reference: str, required: list[Coverage], form: dict,
                       who: str) -> dict:
    index = form.get("coverage", "")
    if not (index.isascii() and index.isdigit()) or int(index) >= len(required):
        raise ReviewError("Choose the coverage the certificate is for.")
    chosen = required[int(index)]
    insurer = " ".join((form.get("insurer") or "").split())[:200]
    if not insurer:
        raise ReviewError("Write the insurer's name.")
    limit = cents(form.get("limit", ""))
    try:
        starts, ends = date.fromisoformat(form.get("starts_on") or ""), date.fromisoformat(form.get("ends_on") or "")
    except ValueError:
        raise ReviewError("Enter the policy's first and last days, like 2027-01-01 and 2027-12-31.") from None
    if ends < starts:
        raise ReviewError("The policy's last day cannot be before its first.")
    replaced, reason = replaced_certificate(records, reference, chosen, form)
    at = now_text()
    row = dict(reference=reference, coverage=chosen.coverage, insurer=insurer, limit_cents=limit,
               starts_on=starts.isoformat(), ends_on=ends.isoformat(),
               names_insured=1 if form.get("names_insured") == "yes" else 0, recorded_by=who, recorded_at=at,
               replaces=replaced["id"] if replaced else None)
    row["id"] = records.money.add_certificate(row)
    if replaced:
        records.money.withdraw_certificate(reference, replaced["id"], at, who,
                                           f"Replaced by {insurer}'s certificate, {dollars(limit / 100)}: {reason}")
    records.applications.add_history(reference, who, "Certificate of insurance",
                                     f"{chosen.coverage}: {insurer}, {dollars(limit / 100)}, "
                                     f"{starts.isoformat()} to {ends.isoformat()} ({chosen.citation})"
                                     + (f"; replaces {replaced['insurer']}'s: {reason}" if replaced else ""))
    return row


def replaced_certificate(records: OfficeRecords, reference: str, chosen: Coverage, form: dict) -> tuple[dict | None, str]:
    """The current certificate of the same coverage the new one replaces, if the clerk chose one, with the reason."""
    typed = form.get("replaces") or ""
    if not typed:
        return None, ""
    found = next((c for c in records.money.certificates(reference)
                  if str(c["id"]) == typed and not c["withdrawn_at"]), None)
    if found is None or found["coverage"] != chosen.coverage:
        raise ReviewError("Choose a current certificate of the same coverage to replace, or none.")
    reason = " ".join((form.get("replace_reason") or "").split())[:1000]
    if not reason:
        raise ReviewError("Write why the certificate is replaced (for example: “Renewed with a higher limit”).")
    return found, reason


def certificate_flags(certificate: dict, wanted: Coverage | None, starts_at: str | None,
                      ends_at: str | None) -> list[str]:
    """What is wrong with a certificate held, against the ordinance's minimum and the event's days."""
    flags = []
    if wanted and certificate["limit_cents"] < round(wanted.minimum * 100):
        flags.append(f"Below the {dollars(wanted.minimum)} the ordinance asks ({wanted.citation})")
    if ends_at and certificate["ends_on"] < ends_at[:10]:
        flags.append(f"Ends on {certificate['ends_on']}, before the event ends")
    if starts_at and certificate["starts_on"] > starts_at[:10]:
        flags.append(f"Starts on {certificate['starts_on']}, after the event begins")
    if wanted and wanted.names_insured and not certificate["names_insured"]:
        flags.append(f"Does not name {wanted.names_insured} as insured, as {wanted.citation} asks")
    return flags


def held_view(records: OfficeRecords, reference: str, j: Jurisdiction, assessment: dict, lines: list[Line],
              starts_at: str | None, ends_at: str | None) -> dict:
    """The page's bond and insurance: each coverage with its certificates and their flags, and the bond's."""
    required = coverages(j, assessment)
    kept = records.money.certificates(reference)
    # Only a current certificate is checked; one withdrawn or replaced stays on the page, struck through.
    rows = [{"coverage": c, "index": n,
             "certificates": [{**h, "flags": [] if h["withdrawn_at"] else certificate_flags(h, c, starts_at, ends_at)}
                              for h in kept if h["coverage"] == c.coverage]} for n, c in enumerate(required)]
    bond = next((line for line in lines if line.owed.key == "bond"), None)
    bond_flag = (f"Bond held {dollars(bond.received / 100)}, below the {dollars(bond.owed.amount)} the ordinance "
                 f"asks ({bond.owed.citation})") if bond and bond.outstanding else ""
    return {"insurance_rows": rows, "bond_flag": bond_flag}


# After the event -----------------------------------------------------------------------------------

def close_after_event(records: OfficeRecords, application: ApplicationRow, form: dict, today: date, who: str) -> dict:
    """The clerk closes an approved application after its event, with what happened: every deposit
    must be returned or kept (with the reason) first. Its keeping period starts again from today."""
    reference = application["reference"]
    if application["status"] != "approved":
        raise ReviewError("Only an approved application is closed after its event; the others closed at their decision.")
    if records.trail.closing(reference):
        raise ReviewError("This application is closed already.")
    ends = application.get("ends_at")
    if ends and date.fromisoformat(ends[:10]) > today:
        raise ReviewError(f"The event ends on {ends[:10]}: close the application after it.")
    if any(p["sum_key"] == "deposit" and not p["returned_on"] and live(p) for p in records.money.payments(reference)):
        raise ReviewError("Record the deposit returned, or kept with the reason (return $0), before closing.")
    notes = " ".join((form.get("notes") or "").split())[:5000]
    if not notes:
        raise ReviewError("Write what happened at the event (for example: “Held as approved, site clean.”).")
    now = now_text()
    row = dict(reference=reference, closed_on=today.isoformat(), notes=notes, closed_by=who, recorded_at=now)
    records.trail.add_closing(row)
    records.applications.update_application(reference, closed_at=now, updated_at=now)  # keeping starts again
    records.applications.add_history(reference, who, "Closed after the event", notes)
    return row
