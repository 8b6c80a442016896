"""Names the wizard keeps for itself, which a rule file's steps and questions may not take.

A step with the id of the wizard's own first step is never shown (its address opens the
"Where is your event?" page), so its questions are never answered and the verdict waits for
them forever; a question named like a key the step form or an answers file uses for itself
would be shadowed or dropped. Nothing about such a file looks wrong when it is read, so the
checks name it, with what to write instead.
"""
from __future__ import annotations

from ...engine.answers import FILE_KEYS
from ...errors import Problem
from ...interview.flow import JURISDICTION_STEP
from ...rules.questionbook import OWN
from ...rules.rulebook import Jurisdiction
from .common import Reporter

# Step id -> why it is kept.
RESERVED_STEPS = {
    JURISDICTION_STEP: "the id of the wizard's own first step (\"Where is your event?\"), so a step of "
                       "this id is never shown and its questions are never answered",
}

# Question key -> why it is kept. The step form is a class whose attributes are its questions, so
# a question may not take the name of an attribute the form has itself; the people list's buttons
# and the form's security token are fields of every step's post.
FORM_NAMES = ("csrf_token", "add_person", "remove_person", "data", "errors", "form_errors", "meta",
              "populate_obj", "process", "post_process", "validate", "validate_on_submit", "is_submitted",
              "hidden_tag", "question_keys", "name_errors")
RESERVED_QUESTIONS = {
    "jurisdiction": "the question of the wizard's own first step, which chooses this rule file",
    **{key: "a key an answers file carries about itself, never an answer: it is dropped when answers "
            "are read" for key in sorted(FILE_KEYS)},
    **{key: "a name the interview's step form uses for itself" for key in FORM_NAMES},
}


def reserved_problems(j: Jurisdiction, _questions: dict) -> list[Problem]:
    """Every step id and question key that takes a reserved name, on its line."""
    report = Reporter(j)
    for index, step in enumerate(j.steps or []):
        if not isinstance(step, dict):
            continue
        name = step.get("step")
        if name in RESERVED_STEPS:
            report(("interview", index, "step"), f"step id {name!r} is reserved: it is {RESERVED_STEPS[name]}. "
                   f"Give this step another id, such as {name + '-held' if name == JURISDICTION_STEP else name + '-step'!r}")
        for q_index, key in enumerate(step.get("questions") or []):
            if key == "jurisdiction":
                report(("interview", index, "questions", q_index),
                       f"question {key!r} is reserved: it is {RESERVED_QUESTIONS[key]}, asked before any step "
                       "of this file. Remove it from this step (conditions may still read it)")
    own = j.data.get(OWN)
    for key in own if isinstance(own, dict) else ():
        if key in RESERVED_QUESTIONS and key != "jurisdiction":  # a shared key: the own-question check names it
            report((OWN, key), f"question key {key!r} is reserved: it is {RESERVED_QUESTIONS[key]}. "
                   f"Give the question another key, such as {key + '_answer'!r}")
    return report.problems
