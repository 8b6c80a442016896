"""Downloads for a saved interview: the PDF packet, the answers as JSON, and a calendar file;
and the way back in: importing a saved answers file into a new interview."""
from __future__ import annotations

import hashlib
import json
import re

from flask import Blueprint, Response, current_app, flash, redirect, render_template, request, url_for

from ...engine.answers import clean_answers
from ...engine.assess import assess_jurisdiction, beside_the_town
from ...engine.event_dates import CONFIRMED_KEY, confirmed_days, date_problems, far_days
from ...errors import AnswersError
from ...interview.flow import Interview, applicable_answers, steps_done_at_start
from ...language import current, gettext as _
from ...packet.cache import cached_packet_pdf, prefetch
from ...packet.calendar import build_calendar
from ..edge import limits
from ..edge.opening import load_interview, this_screen
from ..edge.state import office_card
from ..edge.state import office_records, rulebook, rules_named, store, today
from ..edge.pages import render_page

bp = Blueprint("packet", __name__)

IMPORT_LIMIT = 1024 * 1024  # bytes: an answers file is a few kilobytes


def _interview(interview_id: str) -> Interview:
    """The saved interview with only the answers that apply: what the check page and result show.

    Answers of steps that a later change made irrelevant stay in storage (so flipping the change
    back restores them) but must not reach the packet, the calendar or the export."""
    interview = load_interview(interview_id)
    interview.answers = applicable_answers(interview.answers, rulebook())
    return interview


def _not_ready(message: str):
    return render_template("error.html", status=409, title=_("Not ready yet"), message=message), 409


def _filename(answers: dict, what: str) -> str:
    """Named after the place and the event, so a folder of downloads sorts itself:
    whitesboro-ny-riverside-fair-packet.pdf."""
    name = re.sub(r"[^A-Za-z0-9]+", "-", answers.get("event_name") or "").strip("-").lower()[:40].strip("-")
    place = answers.get("jurisdiction") or ""
    return "-".join(part for part in (place, name or "event", what) if part)


def _download(body: bytes, mimetype: str, filename: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "private, no-store"  # an organizer's answers: keep out of shared caches
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


def _jurisdiction(interview: Interview):
    jurisdiction_id = interview.answers.get("jurisdiction")
    return rules_named(jurisdiction_id)


@bp.get("/i/<interview_id>/packet.pdf")
def packet(interview_id: str):
    interview = _interview(interview_id)
    j = _jurisdiction(interview)
    if j is None:
        return _not_ready(_("Say where your event takes place first: the packet follows that place's ordinance."))
    body = cached_packet_pdf(interview.answers, rulebook(), today(j), office=office_card(interview.jurisdiction),
                             language=current())
    return _download(body, "application/pdf",
                     _filename(interview.answers, "packet.pdf"))


def prefetch_packet(interview: Interview) -> None:
    """The last answer is saved: start making the packet in a worker now, so the download finds
    it made (wizard/packet/cache.py). Not on a kiosk, which never downloads one."""
    if current_app.config.get("KIOSK") or not current_app.config["PACKET_PREFETCH"]:
        return
    answers = applicable_answers(interview.answers, rulebook())
    j = rulebook().get(answers.get("jurisdiction") or "")
    if j is not None:  # the day the download will ask for, so that it finds this one made
        prefetch(answers, rulebook(), today(j), office=office_card(answers["jurisdiction"]), language=current())


@bp.get("/i/<interview_id>/answers.json")
def answers_file(interview_id: str):
    interview = _interview(interview_id)
    sent = office_records().applications.application_for(interview.id)
    # The reference goes with the answers, so the file names the application the office holds.
    extra: dict[str, object] = {"application_reference": sent["reference"]} if sent else {}
    # Far-off days the organizer confirmed stay confirmed when the file comes back in.
    if far := far_days(interview.answers, rulebook().questions_for_answers(interview.answers),
                         today(rulebook().get(interview.jurisdiction or ""))):  # the answers are the organizer's own, rules or not
        extra[CONFIRMED_KEY] = far
    body = json.dumps({**interview.answers, **extra}, ensure_ascii=False, indent=2) + "\n"
    return _download(body.encode("utf-8"), "application/json", _filename(interview.answers, "answers.json"))


@bp.get("/i/<interview_id>/event.ics")
def calendar_file(interview_id: str):
    interview = _interview(interview_id)
    j = _jurisdiction(interview)
    if j is None:
        return _not_ready(_("Say where your event takes place first: the dates follow that place's ordinance."))
    # The State's permits beside the town's: their deadlines in the same calendar, each with its issuer.
    assessment = {**assess_jurisdiction(j, interview.answers), **beside_the_town(rulebook(), j, interview.answers)}
    seed = hashlib.sha256(interview.id.encode()).hexdigest()
    body = build_calendar(interview.answers, assessment, j, seed, office=office_card(j.id))
    if body is None:
        return _not_ready(_("Give the dates of your event first: there is nothing to put in a calendar yet."))
    return _download(body, "text/calendar", _filename(interview.answers, "dates.ics"))


def _read_answers_file() -> tuple[dict | None, str | None]:
    """The cleaned answers from the uploaded file, or a message saying what is wrong with it."""
    upload = request.files.get("answers_file")
    if upload is None or not upload.filename:
        return None, "Choose the answers file you saved (it ends in .json)."
    with upload.stream:  # a large upload is a temporary file: closed now, whatever the answers turn out to be
        data = upload.read(IMPORT_LIMIT + 1)
    if len(data) > IMPORT_LIMIT:
        return None, "That file is too large to be a saved answers file."
    try:
        raw = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):  # ValueError covers JSONDecodeError
        return None, _("That file is not a saved answers file: it could not be read as JSON.")
    book = rulebook()
    questions = book.questions_for_answers(raw)
    try:
        answers = clean_answers(raw, questions, book.jurisdictions)
        day = today(book.get(answers.get("jurisdiction") or ""))  # the place's day: dates are its office's
        problems = date_problems(answers, questions, day, confirmed_days(raw))
    except AnswersError as error:
        return None, _("That file has an answer we cannot use. %(problem)s", problem=error)
    # Last year's file for this year's event: its dates are asked again, the rest is kept.
    for problem in problems:
        answers.pop(problem.key, None)
        flash(f"“{questions[problem.key]['label']}”: {problem.message(day, 'enter it again')}", "warning")
    return answers, None


@bp.route("/import", methods=["GET", "POST"])
def import_answers():
    if request.method == "GET":
        return render_page("import.html", error=None)
    answers, error = _read_answers_file()
    if error:
        return render_page("import.html", error=error), 400
    # Steps the file already answers count as done, so the organizer picks up where they left off.
    limits.count_new_interview()
    interview = store().create(answers, steps_done_at_start(answers, rulebook()))
    this_screen().remember(interview.id)
    return redirect(url_for("interview.resume", interview_id=interview.id), code=303)
