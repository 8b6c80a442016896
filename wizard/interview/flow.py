"""An interview's state and flow: starting one, recording a step, which steps apply, what comes next,
and when the interview can end early.

No Flask here. A step applies when its `if` holds on the answers of the steps before it that
apply; answers of steps that no longer apply are kept in storage (so flipping an answer back
restores them) but left out of the assessment, the pages and every download.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property

from ..engine.answers import clean_answers, usable_answers
from ..engine.assess import Decision, assess_jurisdiction, decide
from ..engine.conditions import evaluate
from ..errors import AnswersError
from ..kinds import KINDS
from .. import language
from ..language import N_, gettext as _
from ..engine.facts import Facts
from ..remembered import Remembered
from .layer_steps import LAYER_STEP
from .road import deciding_keys, plan_road
from ..rules.rulebook import Jurisdiction, RuleBook, expand_questions
from ..rules.steps import RuleStep

JURISDICTION_STEP = "where"

# The first step of every interview: it is not in any rule file, since it chooses the rule file.
WHERE_STEP: RuleStep = {
    "step": JURISDICTION_STEP,
    "title": N_("Where is your event?"),
    "questions": ["jurisdiction"],
    "why": N_("Each village and city has its own rules. We only ask what your local law needs."),
    "citation": N_("Each local ordinance"),
}


def where_step() -> RuleStep:
    """The first step, its words in the language in force."""
    return {**WHERE_STEP, "title": _(WHERE_STEP["title"]), "why": _(WHERE_STEP["why"]),
            "citation": _(WHERE_STEP["citation"])}


@dataclass
class Interview:
    """One organizer's answers and the steps they have been through, saved under a random id."""

    id: str
    answers: dict = field(default_factory=dict)
    completed_steps: list[str] = field(default_factory=list)
    created_at: str = ""
    updated_at: str = ""
    kiosk: bool = False  # started on a kiosk screen: only that screen's session may open it
    # A post with errors is kept for the step's next GET (web/organizer/corrections.py); knowing there is none
    # spares that GET a second query.
    has_kept_post: bool = False
    # The organizer's language ("en", "es"; None: started before the language was kept, read from the browser),
    # kept with the interview: the pages and the organizer's mails speak it (wizard/language.py).
    language: str | None = None

    @property
    def jurisdiction(self) -> str | None:
        return self.answers.get("jurisdiction")


class Flow:
    """Where an interview stands: the steps that apply, the answers on them, and what comes next.

    Choosing the next step needs only the scope rules (`decision`); the full assessment (fees,
    facilities, checklist) is computed on first use, by the pages that show it."""

    def __init__(self, j: Jurisdiction, path: list[RuleStep], answers: dict, next_step: RuleStep | None,
                 finished_early: bool, decision: Decision, route: list[tuple[RuleStep, bool]] | None = None):
        self.j, self.path, self.answers = j, path, answers
        self.next_step, self.finished_early, self.decision = next_step, finished_early, decision
        self.route = route or [(s, True) for s in path]  # with the steps not decided yet (route_and_answers)

    @cached_property
    def assessment(self) -> dict:
        return assess_jurisdiction(self.j, self.answers)


def step_keys(step: RuleStep, book: RuleBook, j: Jurisdiction | None = None) -> list[str]:
    return expand_questions(step["questions"], book.questions_for(j.id) if j else book.questions)


def path_and_answers(j: Jurisdiction, answers: dict, book: RuleBook) -> tuple[list[RuleStep], dict]:
    """The steps that apply, in the order they are asked (wizard/interview/road.py), and the answers given on
    them (the answers that still apply)."""
    route, effective = route_and_answers(j, answers, book)
    return [step for step, holds in route if holds], effective


def route_and_answers(j: Jurisdiction, answers: dict, book: RuleBook) -> tuple[list[tuple[RuleStep, bool]], dict]:
    """Every step the answers so far leave on the way, in road order, each with True when it applies
    and False when its `if` is not decided yet (it reads an answer not given); and the answers that
    still apply. A step whose `if` is false is left out."""
    effective = {"jurisdiction": j.id}
    route: list[tuple[RuleStep, bool]] = []
    road = plan_road(j, book.questions_for(j.id))
    facts = None  # the facts of `effective`, worked out again only when it grows (they are memoised)
    for step in road.steps:
        condition = step.get("if")  # most steps have none: no facts to look up
        if condition is not None and facts is None:
            facts = Facts(effective)
        holds = True if condition is None else evaluate(condition, facts)[0]
        if holds is None and LAYER_STEP in step:
            holds = True  # a layer's question is asked unless its `ask_if` is false (layer_steps.py)
        if holds is False:
            continue
        route.append((step, holds is True))
        if holds is True:
            for key in road.asks[step["step"]]:
                if key in answers:
                    effective[key] = answers[key]
                    facts = None
    return route, effective


def applicable_answers(answers: dict, book: RuleBook) -> dict:
    """The answers that still apply: what the check page, the result and every download use."""
    j = book.get(answers.get("jurisdiction") or "")
    return answers if j is None else path_and_answers(j, answers, book)[1]


# The same answers' flow is asked for by each request of a step: the answer's POST before and after saving, and
# the GET its redirect leads to, which the next POST asks for again (docs/decisions/0037-a-step-works-out-its-flow-once.md).
# A few organizers per server thread.
FLOWS: Remembered[tuple] = Remembered(256, "flows")


def flow(j: Jurisdiction, answers: dict, completed: list[str], book: RuleBook, remember: bool = True) -> Flow:
    """Where these answers stand (see Flow). Remembered by the answers' text, the steps done and the language
    (a decision's reasons and the assessment are worded in it); a remembered flow is shared, so its users read
    it and never change it. Worked out from a copy of the answers: a caller changing its own in place changes
    no remembered flow. `remember=False`: answers no organizer gave (a sample walk), not kept."""
    if not remember:
        return _flow(j, answers, completed, book)
    try:
        text = json.dumps(answers, ensure_ascii=False)
    except (TypeError, ValueError):  # a value JSON does not hold: not a stored interview's answers
        return _flow(j, answers, completed, book)
    key = (id(j), id(book), language.current(), text, tuple(completed))
    found = FLOWS.get(key)
    if found is not None and found[0] is j and found[1] is book:  # the same rules, not another at that address
        return found[2]
    made = _flow(j, json.loads(text), list(completed), book)
    FLOWS.put(key, (j, book, made))
    return made


def _flow(j: Jurisdiction, answers: dict, completed: list[str], book: RuleBook) -> Flow:
    route, effective = route_and_answers(j, answers, book)
    path = [step for step, holds in route if holds]
    facts = Facts(effective)
    decision = decide(j, facts)
    pending = [s for s in path if s["step"] not in completed]
    next_step = pending[0] if pending else None
    finished_early = False
    # The State's questions are asked whatever the town decides (a State permit is due where the
    # village exempts the event): an interview the town's verdict ends early still asks them.
    if next_step and decision.decided_by in ("exemptions", "not_applicable"):
        finished_early = True  # an exemption or scope limit is final
        next_step = next((s for s in pending if LAYER_STEP in s), None)
    elif next_step and decision.outcome == "not_required":
        # Every trigger is already false; only answers that could change the verdict are still worth
        # asking. An `uncertain` outcome never ends early, whichever way the text leans (docs/decisions/0012-readings-never-invented.md):
        # if the office says the ordinance applies, the organizer needs the whole application.
        deciding = deciding_keys(j)
        still_open = [s for s in pending if set(step_keys(s, book, j)) & deciding]
        finished_early = not still_open
        next_step = still_open[0] if still_open else next((s for s in pending if LAYER_STEP in s), None)
    return Flow(j, path, effective, next_step, finished_early, decision, route)


def asked_route(state: Flow, completed: list[str], book: RuleBook) -> list[RuleStep]:
    """The answered steps on the current route: those a new interview giving the same answers would ask.

    A route that ends early (an exemption, or a crowd below every trigger) may still hold the answers of a
    longer route taken before a change (3,000 people, then 80): they stay stored, so changing back brings them
    back, but Check your answers lists only what this route asks. The route is walked again from the start,
    each step seeing only the answers given before it, as a new interview would."""
    decision = state.decision
    if decision.decided_by not in ("exemptions", "not_applicable") and decision.outcome != "not_required":
        return [s for s in state.path if s["step"] in completed]  # a route that never ends early asks every step
    asked: list[str] = []
    keys: set[str] = {"jurisdiction"}
    while True:
        known = {k: v for k, v in state.answers.items() if k in keys}
        step = flow(state.j, known, asked, book).next_step
        if step is None or step["step"] not in completed:
            break
        asked.append(step["step"])
        keys.update(step_keys(step, book, state.j))
    return [s for s in state.path if s["step"] in asked]


def step_questions(step: RuleStep, questions: dict) -> dict:
    """The step's questions as the page asks them: those its `required` lists are not optional there
    (the applicant's name, age and address, where the ordinance asks for them)."""
    wanted = set(step.get("required", ()))
    return {k: ({**questions[k], "optional": False} if k in wanted else questions[k]) for k in step["questions"]}


def answered_steps(j: Jurisdiction, answers: dict, book: RuleBook) -> list[str]:
    """Steps the answers already cover (a prefilled link, an import, a change of municipality).

    A step with required questions is covered when they all have answers. A step of optional
    questions only is covered when one of them has an answer, or when the answers cover every
    required question on the path: the interview was finished, so a saved file lands on Check
    your answers rather than on its blank optional pages."""
    questions = book.questions_for(j.id)

    def required(step: RuleStep) -> list[str]:
        on_step = step_questions(step, questions)
        keys = [k for k in step["questions"] if not on_step[k].get("optional")]
        return expand_questions(keys, questions)

    def covered(step: RuleStep) -> bool:
        # An answer that leaves blank a part the question needs (an officer's age where the
        # ordinance asks it) does not cover its step: the interview asks it again.
        keys = required(step)
        return bool(keys) and all(key in answers and not KINDS[questions[key]["kind"]].missing_parts(
            questions[key], answers[key]) for key in keys)

    path, _ = path_and_answers(j, answers, book)
    # The town's interview finished is what spares its blank optional pages: a file saved before the
    # State's questions were asked still skips them, and resumes on the State's first question.
    finished = all(covered(s) for s in path if required(s) and LAYER_STEP not in s)
    on_path = {s["step"] for s in path}
    done = []
    for step in j.steps:
        asked = expand_questions(step["questions"], questions)
        if covered(step) or (not required(step) and step["step"] in on_path
                             and (finished or any(key in answers for key in asked))):
            done.append(step["step"])
    return done


def steps_done_at_start(answers: dict, book: RuleBook) -> list[str]:
    """A new interview (from a clerk's link, an import or a change of municipality) skips the steps
    its answers already cover."""
    j = book.get(answers.get("jurisdiction") or "")
    if j is None:
        return []
    return [JURISDICTION_STEP] + answered_steps(j, answers, book)


def record_step(interview: Interview, step_id: str, values: dict, cleared: list[str], book: RuleBook) -> None:
    """Apply one step's answers. Raises AnswersError when the result breaks the vocabulary."""
    answers = {k: v for k, v in interview.answers.items() if k not in cleared}
    answers.update(values)
    moved = step_id == JURISDICTION_STEP and answers.get("jurisdiction") != interview.jurisdiction
    questions = book.questions_for_answers(answers)
    if moved:  # answers to another municipality's own questions are not this one's: leave them behind
        answers = usable_answers(answers, questions, book.jurisdictions)[0]
    try:
        interview.answers = clean_answers(answers, questions, book.jurisdictions)
    except AnswersError as error:
        if error.key in values:
            raise
        # The form checked this step's own answers; an answer kept from another step (or another
        # municipality) that no longer fits them, like visits below the new crowd, is dropped.
        answers.pop(error.key, None)
        interview.answers = clean_answers(answers, questions, book.jurisdictions)
    _usable_as_stored(interview.answers, book)  # they have just cleaned: the GET that follows need not clean them
    if moved:
        # Another municipality: its steps differ, so only those the answers already cover are done.
        interview.completed_steps = steps_done_at_start(interview.answers, book)
    elif step_id not in interview.completed_steps:
        interview.completed_steps.append(step_id)


# Answers found usable as stored, by their text: each request of a step opens the interview and would clean
# every answer again (dates parsed, lists checked) to find, almost always, nothing to set aside.
USABLE: Remembered[RuleBook] = Remembered(256, "usable answers")


def _usable_key(answers: dict, book: RuleBook) -> tuple | None:
    try:
        return id(book), json.dumps(answers, ensure_ascii=False)
    except (TypeError, ValueError):  # not a stored interview's answers
        return None


def _usable_as_stored(answers: dict, book: RuleBook) -> None:
    key = _usable_key(answers, book)
    if key is not None:
        USABLE.put(key, book)


def set_aside_unusable(interview: Interview, book: RuleBook) -> Interview:
    """Open an interview without the stored answers that no longer clean (a year 9999 saved before
    dates were checked), and ask again the steps that held them, so the organizer can correct them."""
    key = _usable_key(interview.answers, book)
    if key is not None and USABLE.get(key) is book:
        return interview
    questions = book.questions_for_answers(interview.answers)
    answers, set_aside = usable_answers(interview.answers, questions, book.jurisdictions)
    if not set_aside and key is not None:
        USABLE.put(key, book)
    if set_aside:
        j = book.get(answers.get("jurisdiction") or "")
        asking = {s["step"] for s in (j.steps if j else [])
                  if set(expand_questions(s["questions"], questions)) & set(set_aside)}
        interview.answers = answers
        interview.completed_steps = [s for s in interview.completed_steps if s not in asking]
    return interview


def previous_step(path: list[RuleStep], step_id: str) -> RuleStep | None:
    ids = [s["step"] for s in path]
    if step_id not in ids:
        return None
    index = ids.index(step_id)
    return path[index - 1] if index > 0 else None
