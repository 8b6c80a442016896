"""What changed between two versions of an application: every answer that differs, in words, so a clerk reads
"attendance 5,000 → 20,000" instead of comparing two packets (docs/decisions/0014-the-office-paper-trail.md)."""
from __future__ import annotations

from dataclasses import dataclass

from ..kinds import show_answer

NOT_GIVEN = "not given"


@dataclass(frozen=True)
class Change:
    key: str
    label: str
    before: str
    after: str


def _shown(key: str, answers: dict, questions: dict) -> str:
    return show_answer(key, answers, questions) if key in answers else NOT_GIVEN


def changes(before: dict, after: dict, questions: dict) -> list[Change]:
    """The answers `after` changes, added or leaves out, in the order the questions are listed;
    a key the vocabulary no longer has is shown as it is stored."""
    keys = [k for k in questions if k in before or k in after]
    keys += sorted(k for k in {*before, *after} if k not in questions)
    found = []
    for key in keys:
        if before.get(key) == after.get(key):
            continue
        if key in questions:
            label, old, new = questions[key]["label"], _shown(key, before, questions), _shown(key, after, questions)
        else:
            label, old, new = key, str(before.get(key, NOT_GIVEN)), str(after.get(key, NOT_GIVEN))
        found.append(Change(key, label, old, new))
    return found
