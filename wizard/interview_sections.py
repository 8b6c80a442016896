"""The interview's sections (issue 11): a progress indicator that names where the organizer is
("Your event", "About you", "The site", "Facilities") instead of "Step 4 of 12", a count that
grows as answers add steps.

Each question names its section where it is described (`section:` in interviews/questions.yaml,
or in a rule file's own `questions:`); a step is in the section of its first question that has
one. A question without one keeps its step in the section of the step before it, so the
indicator never jumps for it. No Flask here.
"""
from __future__ import annotations

from dataclasses import dataclass

# The order the indicator shows them in; the vocabulary check refuses any other `section:`.
SECTIONS = ("Your event", "About you", "The site", "Facilities")
FIRST_SECTION = SECTIONS[0]


def section_of_question(key: str, questions: dict) -> str | None:
    return (questions.get(key) or {}).get("section")


def step_sections(path: list[dict], questions: dict) -> list[str]:
    """The section of each step on the path, in order."""
    sections, current = [], FIRST_SECTION
    for step in path:
        current = next((found for k in step["questions"] if (found := section_of_question(k, questions))),
                       current)
        sections.append(current)
    return sections


@dataclass(frozen=True)
class SectionMark:
    name: str
    current: bool
    done: bool  # every step of this section on the path is answered


def progress(path: list[dict], step_id: str, completed: list[str], questions: dict) -> list[SectionMark]:
    """The sections this interview has, in their usual order, with the current one marked."""
    sections = step_sections(path, questions)
    current = next((name for step, name in zip(path, sections) if step["step"] == step_id), None)
    marks = []
    for name in SECTIONS:
        steps = [step["step"] for step, section in zip(path, sections) if section == name]
        if steps:
            marks.append(SectionMark(name, name == current, all(s in completed for s in steps)))
    return marks
