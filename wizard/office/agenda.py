"""The staff report the office prints for the agenda of the body that decides (docs/decisions/0023-the-body-that-decides.md):
the facts of the application, the money and the cover held, the departments' answers, what is still
outstanding, the criteria the text gives the body and a draft motion. It gathers them from the records
here; `wizard.packet.staff_report` prints them (a tagged PDF, like the permit) in a print worker.
"""
from __future__ import annotations

from datetime import date

from ..packet.permit import joint_application
from ..packet.staff_report import StaffReport
from ..readable import money as dollars
from ..rules.office_cards import OfficeCard
from ..rules.rulebook import Jurisdiction
from .applications import checklist_items
from .money import Line, held_view, ledger, owed_for
from .prerequisites import outstanding as waiting_for
from .records import OfficeRecords
from .review import ANSWERS, outstanding
from .schema import ApplicationRow


def prerequisites_outstanding(records: OfficeRecords, row: ApplicationRow, j: Jurisdiction,
                              assessment: dict) -> list[dict]:
    """What the record still lacks before the permit may issue: the rule file's prerequisites of issuance,
    each with what the record lacks, from the one gate (wizard/office/prerequisites.py)."""
    return [{"text": p.text + (f": {p.detail}" if p.detail else ""), "citation": p.citation}
            for p in waiting_for(records, row, j, assessment=assessment)]


def money_rows(lines: list[Line]) -> tuple[dict, ...]:
    return tuple({"label": line.owed.label, "owed": None if line.owed.amount is None else dollars(line.owed.amount),
                  "received": dollars(line.received / 100), "citation": line.owed.citation} for line in lines)


def cover_rows(insurance_rows: list[dict]) -> tuple[dict, ...]:
    return tuple({"coverage": r["coverage"].coverage, "minimum": dollars(r["coverage"].minimum),
                  "citation": r["coverage"].citation,
                  "held": tuple(f"{c['insurer']}, {dollars(c['limit_cents'] / 100)}, {c['starts_on']} to {c['ends_on']}"
                                + (f" ({'; '.join(c['flags'])})" if c["flags"] else "") for c in r["certificates"])}
                 for r in insurance_rows)


def staff_report(records: OfficeRecords, row: ApplicationRow, j: Jurisdiction, answers: dict, assessment: dict,
                 office: OfficeCard | None, today: date) -> StaffReport:
    reference = row["reference"]
    lines = ledger(owed_for(records, reference, j, assessment), records.money.payments(reference))
    held = held_view(records, reference, j, assessment, lines, row["starts_at"], row["ends_at"])
    referrals = tuple({"department": r["department"], "answer": ANSWERS.get(r["answer"] or "", "No answer yet"),
                       "text": r["answer_text"] or "", "answered": (r["answered_at"] or "")[:10]}
                      for r in records.review.referrals(reference))
    sections = tuple({"text": s["text"], "citation": s["citation"]} for s in assessment.get("reasons") or [])
    facilities = tuple({"text": f"{f['label']}: {f['quantity']} ({f['rate']})", "citation": f["citation"]}
                       for f in assessment.get("facilities") or [])
    return StaffReport(
        reference=reference, jurisdiction=j, answers=answers, office=office, prepared_on=today.isoformat(),
        received_on=row["received_at"][:10], joint=joint_application(j, answers), sections=sections + facilities,
        money=money_rows(lines), cover=cover_rows(held["insurance_rows"]), bond_flag=held["bond_flag"],
        referrals=referrals, prerequisites=tuple(prerequisites_outstanding(records, row, j, assessment)),
        application_outstanding=outstanding(records, reference, j, answers, checklist_items(assessment)),
        criteria=tuple((j.decided_by or {}).get("criteria") or ()))
