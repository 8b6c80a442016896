"""The staff report for the agenda of the body that decides (docs/decisions/0023-the-body-that-decides.md), as a tagged
PDF (PDF/UA-1): the office card as letterhead; the applicant and licensee; the event, its dates and hours, the site
and the crowd; the sections the assessment rests on; the fees owed and received; the departments' answers; the
insurance and bond held; what is still outstanding; the criteria the text gives the body; and a draft motion.

The facts are gathered by `wizard.office.agenda` and printed here like the permit
(templates/office/staff_report_document.html) by a print worker (`wizard.packet.printing.staff_report_pdf`).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..rules.office_cards import OfficeCard
from ..rules.rulebook import Jurisdiction
from .permit import office_templates


@dataclass(frozen=True)
class StaffReport:
    reference: str
    jurisdiction: Jurisdiction
    answers: dict  # of the version sent
    office: OfficeCard | None
    prepared_on: str  # ISO date
    received_on: str
    joint: bool = False  # the owner applied jointly with the operator
    sections: tuple[dict, ...] = ()  # {text, citation}: what the assessment rests on
    money: tuple[dict, ...] = ()  # {label, owed, received, citation}
    cover: tuple[dict, ...] = ()  # {coverage, minimum, citation, held}
    bond_flag: str = ""
    referrals: tuple[dict, ...] = ()  # {department, answer, text, answered}
    prerequisites: tuple[dict, ...] = ()  # {text, citation}: what the record lacks before issuance
    application_outstanding: tuple[str, ...] = ()  # checklist items not ticked, departments not answered
    criteria: tuple[dict, ...] = ()  # {text, citation}: what the text gives the body to decide on
    supersedes: str = ""  # the staff report issued before, which this one replaces (wizard/office/issued.py)


def staff_report_title(report: StaffReport) -> str:
    return f"Staff report on application {report.reference}"


def staff_report_html(report: StaffReport) -> str:
    j = report.jurisdiction
    return office_templates().get_template("office/staff_report_document.html").render(
        report=report, j=j, a=report.answers, body=(j.decided_by or {}).get("body") or j.issuer,
        decided_by=j.decided_by or {}, word=j.license_word, title=staff_report_title(report))
