"""The task list (docs/decisions/0015-no-dead-ends-for-the-organizer.md): on a long route, the sections of the
application with their state, each opened by a real link, and the interview's own link to keep or have emailed.
GOV.UK's "task list" pattern; a page opened from it comes back to it when its section is done
(`interview.after_task`). What is a task and its state: wizard/interview/ahead.py."""
from __future__ import annotations

from flask import Blueprint, url_for

from ...interview.ahead import DONE, offers_task_list, tasks
from ..edge.pages import render_page
from ..edge.state import rulebook
from .interview import current_flow, load, own_link, redirect_to_next

bp = Blueprint("tasks", __name__)
FROM_TASKS = {"return": "tasks"}  # a step's address opened from the task list


@bp.get("/i/<interview_id>/tasks")
def task_list(interview_id: str):
    interview = load(interview_id)
    j, state = current_flow(interview)
    if j is None or not offers_task_list(state, interview.completed_steps, rulebook()):
        return redirect_to_next(interview)  # a short route, or the answer not settled yet: the next question
    found = tasks(state, interview.completed_steps, rulebook())
    rows = [{"task": task, "url": task.step and url_for("interview.step", interview_id=interview.id,
                                                        step_id=task.step, **FROM_TASKS)} for task in found]
    return render_page("tasks.html", interview=interview, jurisdiction=j, rows=rows,
                       done=sum(task.state == DONE for task in found), finished=state.next_step is None,
                       next_url=url_for("interview.resume", interview_id=interview.id),
                       own_link=own_link(interview.id), answers=state.answers, timeline=None, save_link_back="tasks")
