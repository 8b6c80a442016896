"""Two pages an applying result links to: what it costs, on one page
(docs/decisions/0005-fees-due-at-their-moment.md), and the question to send the office when the ordinance does not
settle the answer, as a printable letter (docs/decisions/0012-readings-never-invented.md; the result page carries
the same message as a mailto: link)."""
from __future__ import annotations

from flask import Blueprint, redirect, url_for

from ...engine.assess import beside_the_town
from ...engine.glossary import explained
from ...engine.wording import office_short, permit_applies
from ..edge.opening import load_interview
from .interview import current_flow
from ..edge.state import question_to_office, rulebook
from ..edge.pages import render_page

bp = Blueprint("costs", __name__)

# The plain meanings the costs page explains, from the glossary (one home for each meaning).
EXPLAINED = ("Surety bond", "Certificate of insurance")


def finished_flow(interview_id: str):
    """The interview's jurisdiction and flow when it has a result; None to send the organizer on."""
    interview = load_interview(interview_id)
    j, state = current_flow(interview)
    if j is None or state.next_step is not None:
        return interview, None, None
    return interview, j, state


@bp.get("/i/<interview_id>/costs")
def costs(interview_id: str):
    interview, j, state = finished_flow(interview_id)
    if j is None:
        return redirect(url_for("interview.resume", interview_id=interview.id), code=303)
    if not permit_applies(state.assessment["outcome"]):
        return redirect(url_for("interview.result", interview_id=interview.id), code=303)
    terms = explained(EXPLAINED)
    return render_page("costs.html", interview=interview, jurisdiction=j, a=state.assessment, terms=terms,
                       office=office_short(state.assessment["file_with"]),
                       other=beside_the_town(rulebook(), j, state.answers))


@bp.get("/i/<interview_id>/question")
def letter(interview_id: str):
    interview, j, state = finished_flow(interview_id)
    if j is None:
        return redirect(url_for("interview.resume", interview_id=interview.id), code=303)
    if state.assessment["outcome"] != "uncertain" or state.assessment.get("missing"):
        return redirect(url_for("interview.result", interview_id=interview.id), code=303)
    return render_page("question.html", interview=interview, jurisdiction=j, a=state.assessment,
                       ask=question_to_office(j, state.assessment, state.answers))
