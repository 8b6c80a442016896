"""The interview pages: start, one step at a time, check your answers, result.

Every page is one template; an htmx request gets the template's `content` block, a plain
request the whole page, so each step works with JavaScript off (see `render_page`).
"""
from __future__ import annotations

from datetime import date

from flask import (Blueprint, abort, current_app, flash, redirect, request, url_for)

from ..answers import clean_answers
from ..errors import AnswersError
from ..interview import JURISDICTION_STEP, answered_steps, flow, previous_step
from ..storage import Interview
from . import choose, kiosk, load_interview, rulebook, store
from .formatting import show_answer
from .forms import form_for, form_to_answers
from .pages import render_page
from .prefill import answers_from_query

bp = Blueprint("interview", __name__)


def load(interview_id: str) -> Interview:
    return load_interview(interview_id)


def jurisdiction_step() -> dict:
    return {"step": JURISDICTION_STEP, "title": "Where is your event?", "questions": ["jurisdiction"],
            "why": "Each village and city has its own rules. We only ask what your local law needs.",
            "citation": "Each local ordinance"}


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
    context = dict(jurisdictions=rulebook().jurisdictions.values(), chosen=None, prefill={}, search=start_search())
    if context["search"] and choose.wants_results():
        return choose.render_results("start.html", **context)
    return render_page("start.html", **context)


@bp.get("/for/<jurisdiction_id>")
def start_for(jurisdiction_id: str):
    """A clerk's link: the municipality already chosen, optionally more answers in the query."""
    j = rulebook().get(jurisdiction_id) or abort(404)
    prefill, problems = answers_from_query(request.args, rulebook())
    for problem in problems:
        flash(problem, "warning")
    return render_page("start.html", jurisdictions=[j], chosen=j, prefill=prefill, search=None)


@bp.get("/clerks")
def clerks():
    jurisdictions = list(rulebook().jurisdictions.values())
    return render_page("clerks.html", groups=choose.by_state(rulebook()), example=jurisdictions[0])


@bp.post("/start")
def begin():
    book = rulebook()
    raw = {"jurisdiction": request.form.get("jurisdiction", "")}
    prefill, _ = answers_from_query(request.form, book, skip=("jurisdiction", "csrf_token", "q", "state"))
    try:
        answers = clean_answers({**prefill, **raw}, book.questions, book.jurisdictions)
    except AnswersError:
        return render_page("start.html", jurisdictions=book.jurisdictions.values(), chosen=None, prefill={},
                           error="Select where your event will take place", search=start_search()), 200
    interview = store().create(answers)
    kiosk.remember(interview.id)
    j = book.get(answers["jurisdiction"])
    interview.completed_steps = [JURISDICTION_STEP] + answered_steps(j, answers, book)
    store().save(interview)
    return redirect_to_next(interview)


@bp.get("/i/<interview_id>")
def resume(interview_id: str):
    return redirect_to_next(load(interview_id))


def next_url(interview: Interview) -> str:
    j, state = current_flow(interview)
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
    """The step and the path it is on; 404 for a step that does not apply to these answers."""
    if step_id == JURISDICTION_STEP:
        return jurisdiction_step(), [], None
    j, state = current_flow(interview)
    if j is None:
        abort(404)
    step = next((s for s in state.path if s["step"] == step_id), None)
    if step is None:
        abort(404)
    return step, state.path, j


def step_context(interview, step, path, j, form):
    book = rulebook()
    questions = dict(book.questions)
    back = previous_step(path, step["step"])
    position = [s["step"] for s in path].index(step["step"]) + 1 if path else 0
    return dict(
        interview=interview, step=step, form=form, questions=questions, jurisdiction=j,
        position=position, total=len(path),
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
    form = form_for(step, book.questions, interview.answers, formdata=formdata)
    if request.method == "POST" and form.validate():
        save_step(interview, step, form)
        return follow(next_url(interview))
    context = step_context(interview, step, path, j, form)
    if context["search"] and request.method == "GET" and choose.wants_results():
        return choose.render_results("step.html", **context)
    return render_page("step.html", **context)


def save_step(interview: Interview, step: dict, form) -> None:
    book = rulebook()
    values, cleared = form_to_answers(form, book.questions)
    answers = {k: v for k, v in interview.answers.items() if k not in cleared}
    answers.update(values)
    # The form validated each field; the vocabulary check also catches cross-field errors.
    moved = step["step"] == JURISDICTION_STEP and answers.get("jurisdiction") != interview.jurisdiction
    interview.answers = clean_answers(answers, book.questions, book.jurisdictions)
    if moved:
        # Another municipality: its steps differ, so only those the answers already cover are done.
        j = book.get(interview.jurisdiction)
        interview.completed_steps = [JURISDICTION_STEP] + answered_steps(j, interview.answers, book)
    elif step["step"] not in interview.completed_steps:
        interview.completed_steps.append(step["step"])
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
    rows = []
    for s in [jurisdiction_step()] + state.path:
        if s["step"] != JURISDICTION_STEP and s["step"] not in interview.completed_steps:
            continue
        for key in s["questions"]:
            rows.append({
                "label": book.questions[key]["label"] if key != "jurisdiction" else "Where the event is",
                "value": show_answer(key, state.answers, book.questions) if key != "jurisdiction" else j.name,
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
                       headline=result_headline(state.assessment["outcome"], j),
                       finished_early=state.finished_early, today=today, answers=state.answers,
                       questions=rulebook().questions)


def result_headline(outcome: str, j) -> str:
    word = j.data.get("license_word", "permit")
    return {
        "required": f"You need a {word}",
        "not_required": f"You do not need a {word} under this ordinance",
        "exempt": f"Your event is exempt from this {word}",
        "uncertain": f"The ordinance does not settle whether you need a {word}",
    }[outcome]


@bp.post("/i/<interview_id>/delete")
def delete(interview_id: str):
    interview = load(interview_id)
    store().delete(interview.id)
    flash("Your answers have been deleted from this computer and our records.", "success")
    return redirect(url_for(".start"), code=303)


@bp.after_app_request
def vary_on_htmx(response):
    response.vary.add("HX-Request")
    return response
