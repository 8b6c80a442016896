"""The road through an interview (docs/decisions/0006-sections-and-the-road.md): the order its steps are asked in, so that the section
indicator only moves forward (how many questions are left: ahead.py).

The rule files list steps in the ordinance's order, which jumps between sections (Baroda's
festival went The site → About you → Your event → The site... twelve times in twenty steps). The
road keeps the rule file's order for the steps that can settle whether a permit is needed (up to
the last one asking an answer the scope rules read), so a small or exempt event sees the same
pages as before; they form a first section, "Do you need a permit?". The
application's details follow, section by section in the usual order (the section of each step
comes from its questions, below), each section's steps in the rule file's order. A step never comes
before a step whose answers its `if` reads, so every condition is decided the same way; a step
that a step of an earlier section depends on is asked in that earlier section (Whitesboro asks the
admission prices only when the activities include an admission fee, so the activities are asked
under "Your event").

The sections are a progress indicator that names where the organizer is ("Your event",
"About you", "The site", "Facilities") instead of "Step 4 of 12", a count that grows as answers
add steps. Each question names its section where it is described (`section:` in
interviews/questions.yaml, or in a rule file's own `questions:`); a step is in the section of its
first question that has one. A question without one keeps its step in the section of the step
before it, so the indicator never jumps for it. No Flask here.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.conditions import names_in
from ..engine.facts import inputs_of
from ..engine.wording import say
from ..language import N_, gettext as _
from ..rules.rulebook import Jurisdiction, PerRuleFile, expand_questions
from ..rules.steps import RuleStep

# The order the indicator shows them in; the vocabulary check refuses any other `section:`.
SECTIONS = (N_("Your event"), N_("About you"), N_("The site"), N_("Facilities"))
FIRST_SECTION = SECTIONS[0]


def section_of_question(key: str, questions: dict) -> str | None:
    return (questions.get(key) or {}).get("section")


def step_sections(path: list[RuleStep], questions: dict) -> list[str]:
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


def progress(path: list[RuleStep], step_id: str, completed: list[str], questions: dict) -> list[SectionMark]:
    """The sections this interview has, in their usual order, with the current one marked."""
    sections = step_sections(path, questions)
    current = next((name for step, name in zip(path, sections) if step["step"] == step_id), None)
    marks = []
    for name in SECTIONS:
        steps = [step["step"] for step, section in zip(path, sections) if section == name]
        if steps:
            marks.append(SectionMark(name, name == current, all(s in completed for s in steps)))
    return marks


DECIDING_SECTION = N_("Do you need a {word}?")


def said_section(name: str, word: str) -> str:
    """A section's name (as `section_of` gives it: the English, which pages and links use as its key)
    in the language in force, for the page to show."""
    return say(DECIDING_SECTION, word) if name == DECIDING_SECTION.format(word=word) else _(name)


def deciding_keys(j: Jurisdiction) -> set[str]:
    """Answer keys the scope rules read: answering them may change the verdict."""
    keys: set[str] = set()
    for name in names_in(j.scope):
        keys |= set(inputs_of(name))
    return keys


def condition_keys(step: RuleStep) -> set[str]:
    """The answers a step's `if` reads."""
    keys: set[str] = set()
    for name in names_in(step.get("if")):
        keys |= set(inputs_of(name))
    return keys


@dataclass(frozen=True)
class Road:
    """The steps in the order they are asked, which of them decide whether a permit is needed, and
    the section each of the others is shown in."""

    steps: list[RuleStep]
    deciding: frozenset[str]  # step ids
    section: dict[str, str]  # step id -> section name, for the steps that do not decide
    asks: dict[str, tuple[str, ...]]  # step id -> the answer keys it asks (a flag set's flags each)

    def section_of(self, step_id: str, word: str) -> str:
        return DECIDING_SECTION.format(word=word) if step_id in self.deciding else self.section[step_id]


_ROADS: PerRuleFile[Road] = PerRuleFile(512, "roads")  # rule files read at once are bounded too (rulebook.KEEP)


def plan_road(j: Jurisdiction, questions: dict) -> Road:
    """The road of a jurisdiction, worked out once per loaded rule file (`questions` are its own)."""
    return _ROADS.get(j, lambda: work_out_road(j, questions))


def work_out_road(j: Jurisdiction, questions: dict) -> Road:
    steps = list(j.steps)
    asked = [set(expand_questions(s["questions"], questions)) for s in steps]
    # needs[i]: the earlier steps whose answers step i's `if` reads
    needs = [{k for k in range(i) if asked[k] & condition_keys(steps[i])} for i in range(len(steps))]
    # The rule file's steps up to the last one asking an answer the scope rules read: these keep
    # their order (a step's condition only reads steps before it there), so the pages a small or
    # exempt event sees are exactly those the rule file's order gives.
    last = max((i for i in range(len(steps)) if asked[i] & deciding_keys(j)), default=-1)
    deciding = set(range(last + 1))
    order = [m.name for m in progress(steps, "", [], questions)]
    section = [order.index(name) for name in step_sections(steps, questions)]
    changed = True
    while changed:  # what a step depends on is asked no later than its section
        changed = False
        for i in set(range(len(steps))) - deciding:
            for k in needs[i] - deciding:
                if section[k] > section[i] and "layer" in steps[i]:
                    # A State's question never moves the town's pages: it waits for the section of
                    # the town's answer its `ask_if` reads (alcohol sold after the food asked under Facilities).
                    section[i], changed = section[k], True
                elif section[k] > section[i]:
                    section[k], changed = section[i], True

    def rank(i: int) -> tuple:
        return (0, 0, i) if i in deciding else (1, section[i], i)

    placed: list[int] = []
    waiting = set(range(len(steps)))
    while waiting:
        ready = [i for i in waiting if needs[i] <= set(placed)]
        best = min(ready, key=rank)
        placed.append(best)
        waiting.discard(best)
    return Road([steps[i] for i in placed], frozenset(steps[i]["step"] for i in deciding),
                {steps[i]["step"]: order[section[i]] for i in range(len(steps)) if i not in deciding},
                {s["step"]: tuple(expand_questions(s["questions"], questions)) for s in steps})


@dataclass(frozen=True)
class RoadMark:
    name: str
    current: bool
    done: bool  # every step of this section on the path is answered


def road_marks(road: Road, path: list[RuleStep], step_id: str, completed: list[str], word: str) -> list[RoadMark]:
    """The sections of this interview in the order they are met, the current one marked."""
    answered = set(completed)
    done: dict[str, bool] = {}  # section name -> every step of it on the path answered
    current = None
    for s in path:
        name = road.section_of(s["step"], word)
        done[name] = done.get(name, True) and s["step"] in answered
        if s["step"] == step_id:
            current = name
    return [RoadMark(name, name == current, all_done) for name, all_done in done.items()]
