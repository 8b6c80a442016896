"""Money an application brought in: payments received for each sum the assessment names (the
application fee, a deposit and its return, a bond) and the certificates of insurance held. A payment or a
certificate is never edited nor deleted: it is voided or withdrawn, with who, when and why
(docs/decisions/0024-money-corrected-with-a-trail.md)."""
from __future__ import annotations

from ...store import marks
from .base import Repository

PAYMENT = ("id, sum_key, amount_cents, method, detail, received_on, taken_by, recorded_at, returned_on, returned_cents, "
           "kept_reason, returned_by, voided_at, voided_by, void_reason, corrects, overpaid_cents, refunded_on, refunded_cents, "
           "refunded_by")
CERTIFICATE = ("id, coverage, insurer, limit_cents, starts_on, ends_on, names_insured, recorded_by, recorded_at, "
               "withdrawn_at, withdrawn_by, withdrawn_reason, replaces")
TABLES = ("payments", "insurance_certificates")


class MoneyRecords(Repository):
    """payments and insurance_certificates."""

    def add_payment(self, row: dict) -> int:
        """The new payment's id (its receipt's number)."""
        return self._query(f"INSERT INTO payments ({', '.join(row)}) VALUES ({marks(row)}) RETURNING id",
                           tuple(row.values()))[0]["id"]

    def payments(self, reference: str) -> list[dict]:
        return self._query(f"SELECT {PAYMENT} FROM payments WHERE reference = ? ORDER BY id", (reference,))

    def payment(self, reference: str, payment_id: int) -> dict | None:
        return self._one(f"SELECT {PAYMENT} FROM payments WHERE reference = ? AND id = ?", (reference, payment_id))

    def deposit_returned(self, reference: str, payment_id: int, returned_on: str, cents: int, reason: str,
                         who: str) -> None:
        self._write("UPDATE payments SET returned_on = ?, returned_cents = ?, kept_reason = ?, returned_by = ? "
                    "WHERE reference = ? AND id = ?", (returned_on, cents, reason, who, reference, payment_id))

    def void(self, reference: str, payment_id: int, at: str, who: str, reason: str) -> bool:
        """Marks a payment void, once: False if it was voided already (a second clerk at the same moment)."""
        return self._write("UPDATE payments SET voided_at = ?, voided_by = ?, void_reason = ? "
                           "WHERE reference = ? AND id = ? AND voided_at IS NULL",
                           (at, who, reason, reference, payment_id)) > 0

    def refunded(self, reference: str, payment_id: int, refunded_on: str, cents: int, who: str) -> None:
        self._write("UPDATE payments SET refunded_on = ?, refunded_cents = ?, refunded_by = ? "
                    "WHERE reference = ? AND id = ?", (refunded_on, cents, who, reference, payment_id))

    def deposits_held(self, references: list[str]) -> set[str]:
        """Those of these references with a deposit received and not returned yet (the inbox's flag, per page)."""
        if not references:
            return set()
        return {r["reference"] for r in self._query(
            "SELECT reference FROM payments WHERE sum_key = 'deposit' AND returned_on IS NULL AND voided_at IS NULL "
            f"AND reference IN ({marks(references)})", tuple(references))}

    def add_certificate(self, row: dict) -> int:
        return self._query(f"INSERT INTO insurance_certificates ({', '.join(row)}) VALUES ({marks(list(row))}) "
                           "RETURNING id",
                           tuple(row.values()))[0]["id"]

    def certificates(self, reference: str) -> list[dict]:
        return self._query(f"SELECT {CERTIFICATE} FROM insurance_certificates WHERE reference = ? ORDER BY id",
                           (reference,))

    def withdraw_certificate(self, reference: str, certificate_id: int, at: str, who: str, reason: str) -> bool:
        return self._write("UPDATE insurance_certificates SET withdrawn_at = ?, withdrawn_by = ?, withdrawn_reason = ? "
                           "WHERE reference = ? AND id = ? AND withdrawn_at IS NULL",
                           (at, who, reason, reference, certificate_id)) > 0

    def forget(self, reference: str) -> None:
        self._forget(TABLES, reference)
