"""A step of a rule file's interview, typed: read by the rule book (`Jurisdiction.steps`) and carried
through the interview's flow (which steps apply, what comes next, what is ahead) into the pages."""
from __future__ import annotations

from typing import NotRequired, TypedDict

# The schema's `step` (interviews/schema/jurisdiction.schema.yaml), texts in the language in force;
# `if` is a Python keyword, hence the functional form.
RuleStep = TypedDict("RuleStep", {
    "step": str,  # its id, in the step's address
    "title": str,
    "questions": list[str],  # question keys, a flag_set standing for each of its flags
    "why": str,
    "citation": str,
    "required": NotRequired[list[str]],  # keys that must be answered (a step's others may be left blank)
    "if": NotRequired[dict],  # a condition on the answers of the steps before it (wizard/engine/conditions.py)
    # The layer (a State's permits) whose question this is; its `if` is the question's `ask_if`,
    # holding unless false (wizard/interview/layer_steps.py).
    "layer": NotRequired[str],
})
