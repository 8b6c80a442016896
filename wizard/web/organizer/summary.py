"""A printable one-page summary for an interview that ends early (no permit needed, or exempt):
the outcome, why, with the citations, and what may still apply."""
from __future__ import annotations

from flask import Blueprint, redirect, url_for

from ...engine.wording import summarize
from ..edge.opening import load_interview
from .interview import current_flow
from ..edge.pages import render_page
from ..edge.state import today as site_today

bp = Blueprint("summary", __name__)


@bp.get("/i/<interview_id>/summary")
def summary(interview_id: str):
    interview = load_interview(interview_id)
    j, state = current_flow(interview)
    if j is None or state.next_step is not None:
        return redirect(url_for("interview.resume", interview_id=interview.id), code=303)
    today = site_today(j)
    result = summarize(state.assessment, j.license_word, today)
    if result.applies or state.assessment.get("missing"):
        # With a permit to apply for, the result page and the packet are the summary.
        return redirect(url_for("interview.result", interview_id=interview.id), code=303)
    return render_page("summary.html", interview=interview, jurisdiction=j, a=state.assessment, summary=result,
                       answers=state.answers, today=today)
