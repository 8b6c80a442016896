"""The interview pages: start, one step at a time, check your answers, result.

Every page is one template; an htmx request gets the template's `content` block, a plain
request the whole page, so each step works with JavaScript off (see `render_page`).
"""
from __future__ import annotations


from flask import (Blueprint, abort, current_app, flash, redirect, request, url_for)

from ... import language
from ...engine.answers import clean_answers
from ...engine.assess import beside_the_town
from ...errors import AnswersError
from ...interview.flow import (
    JURISDICTION_STEP,
    where_step,
    Interview,
    asked_route,
    flow,
    previous_step,
    record_step,
    step_questions,
    steps_done_at_start,
)
from ...engine.facts import Facts
from ...engine.glossary import assessment_texts, terms_in
from ...kinds import show_answer
from ...packet.content import signature_specs
from ...interview.ahead import estimate, next_in_section, offers_task_list, questions_ahead
from ...interview.road import plan_road, road_marks
from ...rules.steps import RuleStep
from ...interview.timeline import build_timeline
from ...engine.wording import flip_notice, summarize
from . import corrections, downloads as packet
from ..edge import limits
from ..edge.state import office_card, question_to_office
from ..edge.opening import load_interview, this_screen
from . import choose
from .forms import form_for, form_to_answers
from .people import change_people_rows
from ..edge.pages import render_page
from ..edge.qr import qr_svg_uri
from .prefill import answers_from_query, clerk_prefill, posted_prefill
from ..edge.signing import SIGNATURE, signed_by_site
from ..edge.state import office_records, rulebook, rules_named, store, today

bp = Blueprint("interview", __name__)


def load(interview_id: str) -> Interview:
    return load_interview(interview_id)


def current_flow(interview: Interview):
    j = rules_named(interview.jurisdiction)
    if j is None:
        return None, None
    return j, flow(j, interview.answers, interview.completed_steps, rulebook())


def start_search():
    """The search over many jurisdictions, or None when a few radio buttons do (see choose.py)."""
    return choose.search(rulebook(), url_for(".start")) if choose.needs_search(rulebook()) else None


@bp.get("/")
def start():
    this_screen().clear_for_next_person()
    context = dict(jurisdictions=rulebook().listing(), chosen=None, prefill={}, search=start_search())
    context["spread"] = spread_of_minutes() if context["search"] is None else None
    if context["search"] and choose.wants_results():
        return choose.render_results("start.html", **context)
    return render_page("start.html", **context)


@bp.get("/for/<jurisdiction_id>")
def start_for(jurisdiction_id: str):
    """A clerk's link: the municipality already chosen, optionally more answers in the query."""
    j = rulebook().get(jurisdiction_id) or abort(404)
    this_screen().clear_for_next_person()
    prefill, problems = answers_from_query(request.args, rulebook(), skip=("jurisdiction", SIGNATURE),
                                           jurisdiction_id=j.id)
    for problem in problems:
        flash(problem, "warning")
    return render_page("start.html", jurisdictions=[j], chosen=j, search=None, estimate=estimate(j, rulebook()),
                       clerk_signed=signed_by_site(j.id, request.args), **clerk_prefill(prefill, j.id))


def spread_of_minutes() -> tuple[int, int] | None:
    """From the quickest small event to the longest festival of the few places listed
    (docs/decisions/0015-no-dead-ends-for-the-organizer.md)."""
    found = [estimate(j, rulebook()) for j in map(rulebook().get, (item.id for item in rulebook().listing())) if j]
    return (min(e.small for e in found), max(e.festival[1] for e in found)) if found else None


@bp.post("/start")
def begin():
    book = rulebook()
    raw = {"jurisdiction": request.form.get("jurisdiction", "")}
    prefill, form = posted_prefill(request.form)
    try:
        answers = clean_answers({**prefill, **raw}, book.questions_for_answers(raw), book.jurisdictions)
    except AnswersError:
        return render_page("start.html", jurisdictions=book.listing(), chosen=None, prefill={},
                           error=language.gettext("Select where your event will take place"), search=start_search(),
                           spread=None if choose.needs_search(book) else spread_of_minutes()), 200
    if form.errors:  # the organizer changed a clerk's answer into one we cannot use
        j = book.require(answers["jurisdiction"])  # clean_answers took it
        return render_page("start.html", jurisdictions=[j], chosen=j, search=None, prefill_form=form,
                           estimate=estimate(j, rulebook()), prefill_keys=form.question_keys, questions=book.questions_for(j.id)), 200
    limits.count_new_interview()
    this_screen().clear_for_next_person()
    interview = store().create(answers, steps_done_at_start(answers, book), language=language.current())
    this_screen().remember(interview.id)
    if request.form.get("before_you_start") == "show":  # from the home page: the place's start page unseen
        return redirect(next_url(interview) + "?" + BEFORE_OPEN, code=303)
    return redirect_to_next(interview)


BEFORE_OPEN = "before=open"  # the first question shows "Before you start" open, above the question


@bp.get("/i/<interview_id>")
def resume(interview_id: str):
    return redirect_to_next(load(interview_id))


def next_url(interview: Interview, where=None) -> str:
    """Where the interview goes next; `where` is its (jurisdiction, flow) when already worked out."""
    j, state = where or current_flow(interview)
    if j is None:
        return url_for("interview.step", interview_id=interview.id, step_id=JURISDICTION_STEP)
    if state.next_step is not None:
        return url_for("interview.step", interview_id=interview.id, step_id=state.next_step["step"])
    if state.finished_early:
        return url_for("interview.result", interview_id=interview.id)
    return url_for("interview.check", interview_id=interview.id)


def redirect_to_next(interview: Interview):
    return redirect(next_url(interview), code=303)


def find_step(interview: Interview, step_id: str):
    """The step and the flow it is on (its path, what is ahead); for a step that does not apply to
    these answers, a redirect to the next step that does."""
    if step_id == JURISDICTION_STEP:
        return where_step(), None, None
    j = rules_named(interview.jurisdiction)
    if j is None:
        abort(404)
    state = flow(j, interview.answers, interview.completed_steps, rulebook())
    step = next((s for s in state.path if s["step"] == step_id), None)
    if step is None:
        # A step these answers no longer ask (Back into it after a change): the step that applies, so the address
        # and the page agree with JavaScript on and off (docs/decisions/0015-no-dead-ends-for-the-organizer.md).
        abort(redirect(next_url(interview), code=303))
    return step, state, j


def step_context(interview, step, state, j, form):
    book = rulebook()
    shared = book.questions_for(interview.jurisdiction)
    questions = {**shared, **step_questions(step, shared)}
    path = state.path if state else []
    back = previous_step(path, step["step"])
    returning = request.args.get("return")
    from_tasks = returning == "tasks"
    task_list = state is not None and offers_task_list(state, interview.completed_steps, book)
    first_step = bool(path) and step["step"] == path[0]["step"]
    return dict(
        interview=interview, step=step, form=form, questions=questions, jurisdiction=j,
        sections=(road_marks(plan_road(j, shared), path, step["step"], interview.completed_steps, j.license_word)
                  if j else []),
        ahead=questions_ahead(state, interview.completed_steps, step["step"], book) if state else None,
        first_step=first_step, single=len(step["questions"]) == 1,
        # "Before you start" open above the question: asked for, on the first step of a place that lists anything
        before_open=bool(first_step and request.query_string.decode() == BEFORE_OPEN and j and j.before_you_start),
        task_list_url=url_for("tasks.task_list", interview_id=interview.id) if task_list else None,
        back_url=(url_for("tasks.task_list", interview_id=interview.id) if from_tasks and task_list
                  else url_for(".step", interview_id=interview.id, step_id=back["step"]) if back
                  else url_for(".step", interview_id=interview.id, step_id=JURISDICTION_STEP) if path
                  else url_for(".start")),
        action=url_for(".step", interview_id=interview.id, step_id=step["step"],
                       **({"return": returning} if returning in ("check", "tasks") else {})),
        search=(choose.search(book, url_for(".step", interview_id=interview.id, step_id=step["step"]),
                            interview.jurisdiction)
                if step["step"] == JURISDICTION_STEP and choose.needs_search(book) else None),
    )


@bp.route("/i/<interview_id>/step/<step_id>", methods=["GET", "POST"])
def step(interview_id: str, step_id: str):
    interview = load(interview_id)
    step, state, j = find_step(interview, step_id)
    book = rulebook()
    kept = corrections.take(interview, step_id) if request.method == "GET" else None
    formdata = request.form if request.method == "POST" else kept
    form = form_for(step, book.questions_for(interview.jurisdiction), interview.answers, formdata=formdata,
                    today=today(rules_named(interview.jurisdiction)), posted=request.method == "POST")
    # Each answered page is counted against the abuse limits: one that saves, as it saves (one
    # statement on PostgreSQL: save_step); any other before it is kept for the page shown again.
    if request.method == "POST" and change_people_rows(form, request.form):
        limits.count_answer()
        # "Add another person" or "Remove": the same step again, by a GET, nothing saved, no errors shown.
        corrections.keep_rows(interview.id, step["step"], form, request.form)
        return follow(step_context(interview, step, state, j, form)["action"])
    if request.method == "POST" and form.validate():
        changing = request.args.get("return") == "check" and j is not None
        before = current_flow(interview)[1].decision.outcome if changing else None
        save_step(interview, step, form)
        where = current_flow(interview)
        after = where[1]
        if after is not None and after.next_step is None and not after.finished_early:
            packet.prefetch_packet(interview)
        if after is not None and after.next_step is None and not after.decision.missing:
            # The Board's "interviews finished" (docs/decisions/0009-counts-from-totals-kept-by-triggers.md): the
            # outcome, written once, in the place's month.
            office_records().counts.record_finish(interview.id, after.decision.outcome, today(where[0]).isoformat())
        if changing and after is not None and not after.decision.missing:
            notice = flip_notice(before, after.decision.outcome, where[0].license_word)
            if notice:
                flash(notice, "important")
        return follow(after_task(interview, step, where) if request.args.get("return") == "tasks"
                      else next_url(interview, where))
    context = step_context(interview, step, state, j, form)
    if request.method == "POST":
        # Errors: keep the post and show it by a GET, so Back never meets a resubmission page.
        limits.count_answer()
        corrections.keep(interview.id, step["step"], form, request.form)
        return follow(context["action"])
    if kept is not None and not corrections.rows_changed(kept, form):
        form.validate()  # the kept post's errors, worked out again
    if context["search"] and choose.wants_results():
        return choose.render_results("step.html", **context)
    return render_page("step.html", **context)


def after_task(interview: Interview, step: RuleStep, where) -> str:
    """A page opened from the task list leads to the next page of its section still to answer, then back to the task
    list (docs/decisions/0015-no-dead-ends-for-the-organizer.md); where there is none, where the interview goes
    next."""
    j, state = where
    if j is None or not offers_task_list(state, interview.completed_steps, rulebook()):
        return next_url(interview, where)
    section = plan_road(j, rulebook().questions_for(j.id)).section_of(step["step"], j.license_word)
    following = next_in_section(state, interview.completed_steps, section, rulebook())
    if following is None:
        return url_for("tasks.task_list", interview_id=interview.id)
    return url_for(".step", interview_id=interview.id, step_id=following, **{"return": "tasks"})


def save_step(interview: Interview, step: RuleStep, form) -> None:
    book = rulebook()
    values, cleared = form_to_answers(form, book.questions_for(interview.jurisdiction))
    # The form validated each field; the vocabulary check in record_step also catches cross-field errors.
    record_step(interview, step["step"], values, cleared, book)
    limits.save_counted_answer(lambda counter, client, limit: store().save_counted(interview, counter, client, limit))


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
    road = plan_road(j, questions)
    # The answers under the section headings, in the order asked (docs/decisions/0006-sections-and-the-road.md).
    groups: list[dict] = []
    answered = asked_route(state, interview.completed_steps, book)
    for s in [where_step()] + answered:
        section = (road.section_of(s["step"], j.license_word) if s["step"] != JURISDICTION_STEP
                   else road.section_of(state.path[0]["step"], j.license_word) if state.path else "")
        if not groups or groups[-1]["name"] != section:
            groups.append({"name": section, "rows": []})
        for key in s["questions"]:
            groups[-1]["rows"].append({
                "label": questions[key]["label"] if key != "jurisdiction" else language.gettext("Where the event is"),
                "value": show_answer(key, state.answers, questions) if key != "jurisdiction" else j.name,
                "change_url": url_for(".step", interview_id=interview.id, step_id=s["step"], **{"return": "check"}),
                "key": key,
            })
    back_url = url_for(".step", interview_id=interview.id,
                       step_id=answered[-1]["step"] if answered else JURISDICTION_STEP)
    return render_page("check.html", interview=interview, groups=groups, jurisdiction=j,
                       finished_early=state.finished_early, back_url=back_url)


@bp.get("/i/<interview_id>/result")
def result(interview_id: str):
    interview = load(interview_id)
    j, state = current_flow(interview)
    if j is None or state.next_step is not None:
        return redirect_to_next(interview)
    beside = beside_the_town(rulebook(), j, state.answers)  # the State's permits, in one plan with the town's
    return render_page("result.html", interview=interview, jurisdiction=j, a=state.assessment,
                       summary=summarize(state.assessment, j.license_word, today(j), Facts(state.answers).first_day()),
                       timeline=build_timeline({**state.assessment, **beside}, state.answers, j.license_word, today(j)),
                       glossary=terms_in(assessment_texts(state.assessment)),
                       finished_early=state.finished_early, answers=state.answers,
                       signable=bool(signature_specs(j, Facts(state.answers), state.assessment["outcome"])),
                       office=office_card(j.id), retention_days=current_app.config["RETENTION_DAYS"],
                       ask=(question_to_office(j, state.assessment, state.answers)
                            if state.assessment["outcome"] == "uncertain" and not state.assessment["missing"] else None),
                       own_link=own_link(interview.id), other=beside,
                       other_questions=rulebook().questions_for_answers({"jurisdiction": j.id}))


def own_link(interview_id: str) -> dict:
    """The interview's address to keep (docs/decisions/0015-no-dead-ends-for-the-organizer.md): full, with a QR
    code, when PUBLIC_URL is set; else relative, and the page's script makes it full from the address bar for the
    copy button."""
    path = url_for("interview.resume", interview_id=interview_id)
    public = current_app.config.get("PUBLIC_URL")
    link = public.rstrip("/") + path if public else path
    return {"link": link, "qr": qr_svg_uri(link) if public else None}


@bp.post("/i/<interview_id>/delete")
def delete(interview_id: str):
    interview = load(interview_id)
    store().clear([interview.id])  # for good: overwritten, and out of the WAL
    flash(language.gettext("Your answers have been deleted from our server for good."), "success")
    return redirect(url_for(".start"), code=303)
