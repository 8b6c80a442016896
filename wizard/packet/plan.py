"""The plan to the day in the packet: the same steps as the result page and the
calendar file (`wizard.interview.timeline`), as plain rows for the packet's plan page (templates/packet/) to set in type."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from ..readable import long_date
from ..interview.timeline import build_timeline


@dataclass
class PlanStep:
    when: str  # "Friday, March 19, 2027", or "No set date"
    title: str
    detail: str
    citation: str
    event: bool  # the event's own days, set apart from what is due


def plan_steps(answers: dict, assessment: dict, word: str, today: date) -> list[PlanStep]:
    plan = build_timeline(assessment, answers, word, today)
    steps = []
    for m in plan.milestones:
        passed = plan.passed(m) and m.kind != "event"
        # A day that has gone is said to have gone, never given as something still to do.
        title = (f"Passed: {m.title[:1].lower()}{m.title[1:]}" if passed
                 else f"{m.title}; that day is behind us: file now" if plan.behind(m) else m.title)
        steps.append(PlanStep(long_date(m.day) if m.day else "No set date", title, m.detail.strip(), m.citation,
                              m.kind == "event"))
    return steps
