"""Interview flow: which steps apply, which comes next, and when the interview can end early.

No Flask here. A step applies when its `if` holds on the answers of the steps before it that
apply; answers of steps that no longer apply are kept in storage (so flipping an answer back
restores them) but left out of the assessment.
"""
from __future__ import annotations

from dataclasses import dataclass

from .answers import DERIVED_INPUTS, Facts
from .assess import assess_jurisdiction
from .conditions import evaluate, names_in
from .loader import Jurisdiction, RuleBook, expand_questions

JURISDICTION_STEP = "where"


@dataclass(frozen=True)
class Flow:
    """Where an interview stands: the path of steps that apply, and what to show next."""

    path: list[dict]
    answers: dict  # effective answers: only those of steps on the path
    next_step: dict | None
    finished_early: bool
    assessment: dict


def step_keys(step: dict, book: RuleBook) -> list[str]:
    return expand_questions(step["questions"], book.questions)


def deciding_keys(j: Jurisdiction) -> set[str]:
    """Answer keys the scope rules read: answering them may change the verdict."""
    names = names_in(j.data["scope"])
    keys = set()
    for name in names:
        keys |= set(DERIVED_INPUTS.get(name, (name,)))
    return keys


def path_and_answers(j: Jurisdiction, answers: dict, book: RuleBook) -> tuple[list[dict], dict]:
    effective = {"jurisdiction": j.id}
    path = []
    for step in j.steps:
        if evaluate(step.get("if"), Facts(effective))[0] is True:
            path.append(step)
            for key in step_keys(step, book):
                if key in answers:
                    effective[key] = answers[key]
    return path, effective


def flow(j: Jurisdiction, answers: dict, completed: list[str], book: RuleBook) -> Flow:
    path, effective = path_and_answers(j, answers, book)
    assessment = assess_jurisdiction(j, effective)
    pending = [s for s in path if s["step"] not in completed]
    next_step = pending[0] if pending else None
    finished_early = False
    if next_step and assessment["decided_by"] in ("exemptions", "not_applicable"):
        finished_early, next_step = True, None  # an exemption or scope limit is final
    elif next_step and (assessment["outcome"] == "not_required" or assessment.get("likely") == "not_required"):
        # Every trigger is already false (or the text leans to "not covered", as Wisconsin's does
        # below 2,000 people); only answers that could change the verdict are still worth asking.
        deciding = deciding_keys(j)
        still_open = [s for s in pending if set(step_keys(s, book)) & deciding]
        next_step = still_open[0] if still_open else None
        finished_early = next_step is None
    return Flow(path, effective, next_step, finished_early, assessment)


def answered_steps(j: Jurisdiction, answers: dict, book: RuleBook) -> list[str]:
    """Steps whose required questions all have answers already (a prefilled link, an import)."""
    done = []
    for step in j.steps:
        required = [k for k in step["questions"] if not book.questions[k].get("optional")]
        if required and all(key in answers for key in expand_questions(required, book.questions)):
            done.append(step["step"])
    return done


def previous_step(path: list[dict], step_id: str) -> dict | None:
    ids = [s["step"] for s in path]
    if step_id not in ids:
        return None
    index = ids.index(step_id)
    return path[index - 1] if index > 0 else None
