"""The permit or license the office issues on approval, as a tagged PDF (PDF/UA-1)
(docs/decisions/0019-the-office-reviews-from-the-rule-file.md).

It is an HTML template (templates/office/permit_document.html) printed by WeasyPrint, the same HTML-to-PDF path as
the packet (docs/decisions/0011-one-html-source-for-the-packet.md): `wizard/packet/document.tagged_pdf`, with the
packet's bundled fonts (so a licensee's name in any script prints). This module only writes the HTML: it is printed
by `wizard.packet.printing.permit_pdf` in a print worker, so the server never loads WeasyPrint. The permit says what
the text asks a license to say where it says it (Baroda's Application (j): the licensee, the kind and location of
the gathering, the maximum number of attendants, the duration, the conditions, posted at the site), and for the
other places the same facts, with the section it is issued under.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from jinja2 import Environment, FileSystemLoader, select_autoescape

from ..engine.conditions import holds
from ..engine.facts import Facts
from ..readable import long_date, money, number, when
from ..resources import resource_dir
from ..rules.rulebook import Jurisdiction, load_questions


@dataclass(frozen=True)
class Permit:
    reference: str
    jurisdiction: Jurisdiction
    answers: dict
    conditions: list[str]
    decided_on: str  # ISO date
    office_name: str
    permitted_maximum: int | None = None  # the clerk's, at most what the application asked
    mark: str | None = None  # REVOKED or SUSPENDED, across every page (docs/decisions/0014-the-office-paper-trail.md)
    action: dict | None = None  # the suspension or revocation: its day, reasons and section
    supersedes: str = ""  # the permit issued before, which this one replaces (wizard/office/issued.py)
    # The meeting at which the body the text names decided (docs/decisions/0023-the-body-that-decides.md): the
    # permit says it was issued by that body on that day, under that motion or resolution.
    meeting: dict | None = None


@lru_cache(maxsize=1)
def _settings() -> dict:
    """Baroda (j) asks for "the kind of location of the gathering": the setting, in the interview's words."""
    return load_questions()["setting"]["options"]


@lru_cache(maxsize=1)
def office_templates() -> Environment:
    env = Environment(loader=FileSystemLoader(str(resource_dir("templates"))), autoescape=select_autoescape(),
                      trim_blocks=True, lstrip_blocks=True)
    env.filters.update(long_date=long_date, when=when, number=number, money=money)
    return env


def permit_html(permit: Permit) -> str:
    j = permit.jurisdiction
    return office_templates().get_template("office/permit_document.html").render(
        permit=permit, j=j, a=permit.answers, word=j.license_word, revocation=j.notes("revocation"),
        setting=_settings().get(permit.answers.get("setting")), title=permit_title(permit),
        joint=joint_application(j, permit.answers), decided_by=j.decided_by or {})


def joint_application(j: Jurisdiction, answers: dict) -> bool:
    """The owner applied jointly: the rule file's joint signature block applies to these answers (Baroda's
    License (a); where (b)'s use contract was shown, it does not, and the other texts have none)."""
    facts = Facts(answers)
    return any(s.get("joint") and holds(s, facts) for s in j.signatures)


def permit_title(permit: Permit) -> str:
    """The title viewers show (DisplayDocTitle), the same as the HTML document's <title>."""
    return f"Mass gathering {permit.jurisdiction.license_word} {permit.reference}"

