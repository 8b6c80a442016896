"""The office's receipt for money received (docs/decisions/0014-the-office-paper-trail.md), as a tagged PDF
(PDF/UA-1): the office card as letterhead, the reference, who paid, the sum with how and when it was received and
who took it, and every sum the assessment names with what is owed, received and outstanding, each with its section.
Printed like the permit by a print worker (`wizard.packet.printing.receipt_pdf`)."""
from __future__ import annotations

from dataclasses import dataclass

from ..rules.office_cards import OfficeCard
from ..rules.rulebook import Jurisdiction
from .letter import addressee
from .permit import office_templates


@dataclass(frozen=True)
class Receipt:
    reference: str
    jurisdiction: Jurisdiction
    answers: dict
    office: OfficeCard | None
    payment: dict
    lines: tuple  # wizard.office.money.Line, one per sum owed
    methods: dict
    office_name: str = ""


def receipt_number(reference: str, payment: dict) -> str:
    return f"{reference}-R{payment['id']}"


def receipt_title(receipt: Receipt) -> str:
    return f"Receipt {receipt_number(receipt.reference, receipt.payment)}"


def receipt_html(receipt: Receipt) -> str:
    j = receipt.jurisdiction
    paid = next(line.owed for line in receipt.lines if line.owed.key == receipt.payment["sum_key"])
    return office_templates().get_template("office/receipt_document.html").render(
        receipt=receipt, j=j, title=receipt_title(receipt), number=receipt_number(receipt.reference, receipt.payment),
        payer=", ".join(addressee(receipt.answers)), sum_label=paid.label, citation=paid.citation,
        method=receipt.methods[receipt.payment["method"]], **corrections(receipt))


def corrections(receipt: Receipt) -> dict:
    """A voided receipt says VOID on every page, with why and the receipt that corrects it; a correction names the
    receipt it corrects (docs/decisions/0024-money-corrected-with-a-trail.md)."""
    payment = receipt.payment
    entries = [p for line in receipt.lines for p in line.payments]
    later = next((p for p in entries if p.get("corrects") == payment["id"]), None)
    return {"void": payment if payment.get("voided_at") else None,
            "corrected_by": receipt_number(receipt.reference, later) if later else "",
            "corrects": f"{receipt.reference}-R{payment['corrects']}" if payment.get("corrects") else ""}
