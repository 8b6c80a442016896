"""Money an application brought in: payments received for each sum the assessment names (the
application fee, a deposit and its return, a bond) and the certificates of insurance held."""
from __future__ import annotations

from ...store import marks
from .base import Repository

PAYMENT = ("id, sum_key, amount_cents, method, detail, received_on, taken_by, recorded_at, returned_on, returned_cents, "
           "kept_reason, returned_by")
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

    def deposits_held(self, references: list[str]) -> set[str]:
        """Those of these references with a deposit received and not returned yet (the inbox's flag, per page)."""
        if not references:
            return set()
        return {r["reference"] for r in self._query(
            "SELECT reference FROM payments WHERE sum_key = 'deposit' AND returned_on IS NULL "
            f"AND reference IN ({marks(references)})", tuple(references))}

    def add_certificate(self, row: dict) -> None:
        self._insert("insurance_certificates", row)

    def certificates(self, reference: str) -> list[dict]:
        return self._query("SELECT id, coverage, insurer, limit_cents, starts_on, ends_on, names_insured, recorded_by, "
                           "recorded_at FROM insurance_certificates WHERE reference = ? ORDER BY id", (reference,))

    def forget(self, reference: str) -> None:
        self._forget(TABLES, reference)
