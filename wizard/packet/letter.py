"""The office's letter by mail (docs/decisions/0014-the-office-paper-trail.md), as a tagged PDF (PDF/UA-1): the
office card as letterhead, the organizer's name and address where a window envelope shows it, the decision or action
with its reasons or conditions and their sections, and the date.

Printed like the permit (wizard/packet/permit.py, templates/office/letter_document.html) by a print
worker (`wizard.packet.printing.letter_pdf`), so the server never loads WeasyPrint.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from ..rules.office_cards import OfficeCard
from ..rules.rulebook import Jurisdiction
from .envelope_window import WindowFit, fit_window
from .permit import office_templates


@dataclass(frozen=True)
class Letter:
    reference: str
    jurisdiction: Jurisdiction
    answers: dict  # of the version decided
    office: OfficeCard | None
    notice: dict  # the mailed_notices row: what it is about, its day
    decision: dict
    before_issuance: tuple[dict, ...] = ()
    conditions: tuple[str, ...] = ()
    action: dict | None = None  # a suspension's, reinstatement's or revocation's row
    office_name: str = ""
    printed_on: date | None = None
    window: WindowFit | None = None  # the address as the office fitted it before asking for the print: fitted once


def addressee(answers: dict) -> list[str]:
    """The window envelope's lines: the organization (to the attention of its representative) or the person."""
    person = answers.get("applicant_name") or ""
    if answers.get("organization_name") and answers.get("organizer_type") not in (None, "individual"):
        lines = [answers["organization_name"]] + ([f"Attn: {person}"] if person else [])
    else:
        lines = [person or "The applicant"]
    return lines + [part.strip() for part in (answers.get("applicant_address") or "").split("\n") if part.strip()]


def window_lines(address_lines: str | None, answers: dict) -> list[str]:
    """The address for the envelope's window: as the clerk shortened it (`address_lines`, kept with the letter),
    or as the organizer typed it. The office's page and the letter read it here, so they never disagree."""
    return [line for line in address_lines.split("\n") if line.strip()] if address_lines else addressee(answers)


def envelope_fit(letter: Letter) -> WindowFit:
    """The address inside the envelope's window (wizard/packet/envelope_window.py); AddressDoesNotFit when it
    cannot be, which the office's page says before the letter is printed."""
    return letter.window or fit_window(window_lines(letter.notice.get("address_lines"), letter.answers))


def letter_title(letter: Letter) -> str:
    return f"Notice on application {letter.reference}"


def letter_html(letter: Letter) -> str:
    j = letter.jurisdiction
    said = [n for n in j.notes("revocation") if letter.action and n["citation"] == letter.action["citation"]]
    return office_templates().get_template("office/letter_document.html").render(
        letter=letter, j=j, word=j.license_word, window=envelope_fit(letter), said=said, title=letter_title(letter),
        mailed=j.mailed_notice or {}, printed_on=(letter.printed_on or date.today()).isoformat())
