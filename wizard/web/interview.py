"""The interview pages: start, one step at a time, check your answers, result.

Every page is one template; an htmx request gets the template's `content` block, a plain
request the whole page, so each step works with JavaScript off (see `render_page`).
"""
from __future__ import annotations

from datetime import date

from flask import (Blueprint, abort, current_app, flash, redirect, request, url_for)

from ..answers import clean_answers
from ..errors import AnswersError
from ..interview import (JURISDICTION_STEP, WHERE_STEP, Interview, flow, path_and_answers, previous_step,
                         record_step, step_questions, steps_done_at_start)
from ..facts import Facts
from ..glossary import assessment_texts, terms_in
from ..kinds import show_answer
from ..packet.content import signature_specs
from ..sections import progress
from ..timeline import build_timeline
from ..wording import flip_notice, summarize
from . import kiosk, limits, packet
from .clerks import builder_page
from .offices import office_card
from .access import load_interview
from . import choose
from .forms import form_for, form_to_answers
from .people import change_people_rows
from .pages import render_page
from .prefill import answers_from_query, clerk_prefill, posted_prefill
from .state import rulebook, store

bp = Blueprint("interview", __name__)


def load(interview_id: str) -> Interview:
    return load_interview(interview_id)


def current_flow(interview: Interview):
    j = rulebook().get(interview.jurisdiction or "")
    if j is None:
        return None, None
    return j, flow(j, interview.answers, interview.completed_steps, rulebook())


def start_search():
    """The search over many jurisdictions, or None when a few radio buttons do (see choose.py)."""
    return choose.search(rulebook(), url_for(".start")) if choose.needs_search(rulebook()) else None


@bp.get("/")
def start():
    context = dict(jurisdictions=rulebook().listing(), chosen=None, prefill={}, search=start_search())
    if context["search"] and choose.wants_results():
        return choose.render_results("start.html", **context)
    return render_page("start.html", **context)


@bp.get("/for/<jurisdiction_id>")
def start_for(jurisdiction_id: str):
    """A clerk's link: the municipality already chosen, optionally more answers in the query."""
    j = rulebook().get(jurisdiction_id) or abort(404)
    prefill, problems = answers_from_query(request.args, rulebook(), jurisdiction_id=j.id)
    for problem in problems:
        flash(problem, "warning")
    return render_page("start.html", jurisdictions=[j], chosen=j, search=None, **clerk_prefill(prefill, j.id))


@bp.get("/clerks")
def clerks():
    return builder_page()


@bp.post("/start")
def begin():
    book = rulebook()
    raw = {"jurisdiction": request.form.get("jurisdiction", "")}
    prefill, form = posted_prefill(request.form)
    try:
        answers = clean_answers({**prefill, **raw}, book.questions_for_answers(raw), book.jurisdictions)
    except AnswersError:
        return render_page("start.html", jurisdictions=book.listing(), chosen=None, prefill={},
                           error="Select where your event will take place", search=start_search()), 200
    if form.errors:  # the organizer changed a clerk's answer into one we cannot use
        j = book.get(answers["jurisdiction"])
        return render_page("start.html", jurisdictions=[j], chosen=j, search=None, prefill_form=form,
                           prefill_keys=form.question_keys, questions=book.questions_for(j.id)), 200
    limits.count_new_interview()
    interview = store().create(answers, steps_done_at_start(answers, book))
    kiosk.remember(interview.id)
    return redirect_to_next(interview)


@bp.get("/i/<interview_id>")
def resume(interview_id: str):
    return redirect_to_next(load(interview_id))


def next_url(interview: Interview, where=None) -> str:
    """Where the interview goes next; `where` is its (jurisdiction, flow) when already worked out."""
    j, state = where or current_flow(interview)
    if j is None:
        return url_for(".step", interview_id=interview.id, step_id=JURISDICTION_STEP)
    if state.next_step is not None:
        return url_for(".step", interview_id=interview.id, step_id=state.next_step["step"])
    if state.finished_early:
        return url_for(".result", interview_id=interview.id)
    return url_for(".check", interview_id=interview.id)


def redirect_to_next(interview: Interview):
    return redirect(next_url(interview), code=303)


def find_step(interview: Interview, step_id: str):
    """The step and the path it is on; 404 for a step that does not apply to these answers.

    Only the path is needed here, not the flow: the flow is worked out once, after the answer is saved."""
    if step_id == JURISDICTION_STEP:
        return WHERE_STEP, [], None
    j = rulebook().get(interview.jurisdiction or "")
    if j is None:
        abort(404)
    path, _answers = path_and_answers(j, interview.answers, rulebook())
    step = next((s for s in path if s["step"] == step_id), None)
    if step is None:
        abort(404)
    return step, path, j


def step_context(interview, step, path, j, form):
    book = rulebook()
    shared = book.questions_for(interview.jurisdiction)
    questions = {**shared, **step_questions(step, shared)}
    back = previous_step(path, step["step"])
    return dict(
        interview=interview, step=step, form=form, questions=questions, jurisdiction=j,
        sections=progress(path, step["step"], interview.completed_steps),
        back_url=(url_for(".step", interview_id=interview.id, step_id=back["step"]) if back
                  else url_for(".step", interview_id=interview.id, step_id=JURISDICTION_STEP) if path
                  else url_for(".start")),
        action=url_for(".step", interview_id=interview.id, step_id=step["step"],
                       **({"return": "check"} if request.args.get("return") == "check" else {})),
        search=(choose.search(book, url_for(".step", interview_id=interview.id, step_id=step["step"]),
                              interview.jurisdiction)
                if step["step"] == JURISDICTION_STEP and choose.needs_search(book) else None),
    )


@bp.route("/i/<interview_id>/step/<step_id>", methods=["GET", "POST"])
def step(interview_id: str, step_id: str):
    interview = load(interview_id)
    step, path, j = find_step(interview, step_id)
    book = rulebook()
    formdata = request.form if request.method == "POST" else None
    form = form_for(step, book.questions_for(interview.jurisdiction), interview.answers, formdata=formdata)
    if request.method == "POST" and change_people_rows(form, request.form):
        # "Add another person" or "Remove": the same step again, nothing saved, no errors shown.
        return render_page("step.html", **step_context(interview, step, path, j, form))
    if request.method == "POST" and form.validate():
        changing = request.args.get("return") == "check" and j is not None
        before = current_flow(interview)[1].decision.outcome if changing else None
        save_step(interview, step, form)
        where = current_flow(interview)
        after = where[1]
        if after is not None and after.next_step is None and not after.finished_early:
            packet.prefetch_packet(interview)
        if changing and after is not None and not after.decision.missing:
            notice = flip_notice(before, after.decision.outcome, where[0].license_word)
            if notice:
                flash(notice, "important")
        return follow(next_url(interview, where))
    context = step_context(interview, step, path, j, form)
    if context["search"] and request.method == "GET" and choose.wants_results():
        return choose.render_results("step.html", **context)
    return render_page("step.html", **context)


def save_step(interview: Interview, step: dict, form) -> None:
    book = rulebook()
    values, cleared = form_to_answers(form, book.questions_for(interview.jurisdiction))
    # The form validated each field; the vocabulary check in record_step also catches cross-field errors.
    record_step(interview, step["step"], values, cleared, book)
    store().save(interview)


def follow(target: str):
    """Redirect after a successful post. htmx's request follows it with its headers, so the
    next page comes back as a fragment with its own URL to push (see pages.render_page)."""
    return redirect(target, code=303)


@bp.get("/i/<interview_id>/check")
def check(interview_id: str):
    interview = load(interview_id)
    j, state = current_flow(interview)
    if j is None:
        return redirect_to_next(interview)
    if state.next_step is not None:
        return redirect_to_next(interview)
    book = rulebook()
    questions = book.questions_for(j.id)
    rows = []
    for s in [WHERE_STEP] + state.path:
        if s["step"] != JURISDICTION_STEP and s["step"] not in interview.completed_steps:
            continue
        for key in s["questions"]:
            rows.append({
                "label": questions[key]["label"] if key != "jurisdiction" else "Where the event is",
                "value": show_answer(key, state.answers, questions) if key != "jurisdiction" else j.name,
                "change_url": url_for(".step", interview_id=interview.id, step_id=s["step"], **{"return": "check"}),
                "key": key,
            })
    return render_page("check.html", interview=interview, rows=rows, jurisdiction=j,
                       finished_early=state.finished_early)


@bp.get("/i/<interview_id>/result")
def result(interview_id: str):
    interview = load(interview_id)
    j, state = current_flow(interview)
    if j is None or state.next_step is not None:
        return redirect_to_next(interview)
    today = current_app.config.get("TODAY") or date.today()
    return render_page("result.html", interview=interview, jurisdiction=j, a=state.assessment,
                       summary=summarize(state.assessment, j.license_word, today),
                       timeline=build_timeline(state.assessment, state.answers, j.license_word, today),
                       glossary=terms_in(assessment_texts(state.assessment)),
                       finished_early=state.finished_early, answers=state.answers,
                       questions=rulebook().questions_for(j.id),
                       signable=bool(signature_specs(j, Facts(state.answers), state.assessment["outcome"])),
                       office=office_card(j.id), retention_days=current_app.config["RETENTION_DAYS"])


@bp.post("/i/<interview_id>/delete")
def delete(interview_id: str):
    interview = load(interview_id)
    store().clear([interview.id])  # for good: overwritten, and out of the WAL
    flash("Your answers have been deleted from this computer and our records.", "success")
    return redirect(url_for(".start"), code=303)


@bp.after_app_request
def vary_on_htmx(response):
    response.vary.add("HX-Request")
    return response
