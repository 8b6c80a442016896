"""What is still ahead on an interview's route, and how long a route takes (docs/decisions/0015-no-dead-ends-for-the-organizer.md).

"About N questions left" counted only the steps the answers so far already ask: a step whose `if`
reads an answer not yet given was left out, so Whitesboro's first page said 25 questions and a
festival was then asked 38 more. Here a step whose `if` is not decided yet counts, since a festival's
route asks nearly all of them; while the steps that decide the verdict are still ahead, the
interview may also end early, so the count is "up to" that many.

The start page's minutes are worked out from the route too, at a rate per question measured on
real routes (docs/organizers.md#how-long-it-takes): a small event's route is walked with the
answers of a small one-day event (the kinds' own samples, as `wizard check` runs formulas on),
and a festival's lies between the steps every route asks and every step. No Flask here.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..kinds import KINDS
from ..language import N_
from ..kinds.base import SamplePlan
from ..rules.rulebook import Jurisdiction, PerRuleFile, RuleBook
from ..rules.steps import RuleStep
from .flow import Flow, flow
from .layer_steps import LAYER_STEP
from .road import plan_road

# Minutes a question takes, read and answered: the routes timed by hand (Baroda's
# festival, 36 questions, 20 to 25 minutes; Wisconsin's small event, 25 questions, about
# 16 minutes, DeKalb's, 16 questions, about 10) took 48.5 minutes for 77 questions.
MINUTES_PER_QUESTION = 48.5 / 77

# A small event, as the kinds answer for it: one day, 50 people, no yes to any extra.
SMALL_EVENT = SamplePlan(50, 0.5, False, 0, "2027-06-05T10:00", "2027-06-05T18:00")


@dataclass(frozen=True)
class Ahead:
    questions: int  # on the pages after this one
    up_to: bool  # answers still to give may end the interview early or leave pages out


def questions_ahead(state: Flow, completed: list[str], step_id: str, book: RuleBook) -> Ahead:
    """The questions on the route's pages after `step_id` not answered yet (`state`: the interview's flow)."""
    if state.next_step is None and state.finished_early:
        return Ahead(0, False)
    road = plan_road(state.j, book.questions_for(state.j.id))
    pending = [(s, holds) for s, holds in state.route if s["step"] not in completed and s["step"] != step_id]
    if state.finished_early:  # only the State's questions are still asked (flow.py)
        pending = [(s, holds) for s, holds in pending if LAYER_STEP in s]
    elif state.decision.outcome == "not_required":  # only what could change the verdict, and the State's
        pending = [(s, holds) for s, holds in pending if s["step"] in road.deciding or LAYER_STEP in s]
    up_to = any(not holds or s["step"] in road.deciding for s, holds in pending)
    return Ahead(sum(len(s["questions"]) for s, _ in pending), up_to)


def asked_on_walk(j: Jurisdiction, plan: SamplePlan, book: RuleBook) -> list[RuleStep]:
    """The steps an interview asks when every question is answered as `plan` would."""
    questions = book.questions_for(j.id)
    road = plan_road(j, questions)
    answers, asked = {"jurisdiction": j.id}, []
    for _ in range(len(j.steps) + 1):
        step = flow(j, answers, [s["step"] for s in asked], book, remember=False).next_step  # kept by _ESTIMATES
        if step is None:
            break
        asked.append(step)
        for key in road.asks[step["step"]]:
            value = KINDS[questions[key]["kind"]].sample(key, questions[key], plan)
            if value is not None:
                answers[key] = value
    return asked


def minutes_for(questions: int) -> int:
    return max(1, round(questions * MINUTES_PER_QUESTION))


@dataclass(frozen=True)
class Estimate:
    small: int  # minutes, a small event's route
    festival: tuple[int, int]  # minutes: the steps asked of every event that goes the whole way, every step


_ESTIMATES: PerRuleFile[Estimate] = PerRuleFile(512, "estimates")


def estimate(j: Jurisdiction, book: RuleBook) -> Estimate:
    return _ESTIMATES.get(j, lambda: work_out_estimate(j, book))


def work_out_estimate(j: Jurisdiction, book: RuleBook) -> Estimate:
    small = sum(len(s["questions"]) for s in asked_on_walk(j, SMALL_EVENT, book))
    always = sum(len(s["questions"]) for s in j.steps if not s.get("if"))
    every = sum(len(s["questions"]) for s in j.steps)
    low, high = minutes_for(always), minutes_for(every)
    return Estimate(minutes_for(small), (low, max(high, low + 1)))


# A route longer than about 12 pages offers a task list (a festival is 19 to 23
# pages in one line), GOV.UK's pattern: the sections, each with its state and a link.
TASK_LIST_AFTER = 12
# The states are the task list's keys (its template styles each); the page says them with `_()`.
NOT_STARTED, IN_PROGRESS, DONE, CANNOT_START = N_("Not started"), N_("In progress"), N_("Done"), N_("Cannot start yet")


@dataclass(frozen=True)
class Task:
    name: str  # the section
    state: str
    step: str | None  # the page its link opens: its first page not answered, or its first page when done
    pages: int  # on the route, counting those not decided yet


def offers_task_list(state: Flow, completed: list[str], book: RuleBook) -> bool:
    """Once the pages that settle the answer are behind and the application is to be filled in, on a
    route of more than TASK_LIST_AFTER pages (`state`: the interview's flow)."""
    if state.finished_early:
        return False
    road = plan_road(state.j, book.questions_for(state.j.id))
    deciding_open = any(s["step"] in road.deciding and s["step"] not in completed for s, _ in state.route)
    return not deciding_open and len(state.route) > TASK_LIST_AFTER


def tasks(state: Flow, completed: list[str], book: RuleBook) -> list[Task]:
    """The route's sections in the order they are met, each with its state."""
    j = state.j
    road = plan_road(j, book.questions_for(j.id))
    sections: dict[str, list[tuple[RuleStep, bool]]] = {}
    for step, holds in state.route:
        sections.setdefault(road.section_of(step["step"], j.license_word), []).append((step, holds))
    found = []
    for name, steps in sections.items():
        unanswered = [(s, holds) for s, holds in steps if s["step"] not in completed]
        first_open = next((s["step"] for s, holds in unanswered if holds), None)
        started = len(unanswered) < len(steps)
        if not unanswered:
            found.append(Task(name, DONE, steps[0][0]["step"], len(steps)))
        elif first_open is None:  # its pages still open wait on answers of another section
            found.append(Task(name, IN_PROGRESS, steps[0][0]["step"], len(steps)) if started
                         else Task(name, CANNOT_START, None, len(steps)))
        else:
            found.append(Task(name, IN_PROGRESS if started else NOT_STARTED, first_open, len(steps)))
    return found


def next_in_section(state: Flow, completed: list[str], section: str, book: RuleBook) -> str | None:
    """The next page of `section` still to answer, after a page opened from the task list."""
    road = plan_road(state.j, book.questions_for(state.j.id))
    return next((s["step"] for s, holds in state.route if holds and s["step"] not in completed
                 and road.section_of(s["step"], state.j.license_word) == section), None)
