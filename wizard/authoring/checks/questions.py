"""Load checks on a rule file's own questions (`questions:`) and rewordings (`question_wording:`)."""
from __future__ import annotations

from ...errors import Problem
from ...engine.facts import FACTS
from ...rules.questionbook import OWN, WORDING, effective_questions
from ...rules.rulebook import Jurisdiction
from .common import Reporter
from ...kinds import NEEDS_KEY
from .vocabulary import needs_problems, question_problems


def own_question_problems(j: Jurisdiction, shared: dict) -> list[Problem]:
    """Own questions are defined like shared ones and may not take a shared or derived name;
    rewordings name a shared question and only its existing options."""
    report = Reporter(j)
    everything = effective_questions(shared, j.data)
    if not isinstance(j.data.get(OWN) or {}, dict) or not isinstance(j.data.get(WORDING) or {}, dict):
        return report.problems  # the schema check names the section that is not a mapping
    for key, q in (j.data.get(OWN) or {}).items():
        where = (OWN, key)
        if key in shared:
            report(where, f"{key!r} is already a shared question (interviews/questions.yaml); ask it as it is, "
                          f"or change its words under `{WORDING}:` instead of declaring it again")
            continue
        if key in FACTS:
            report(where, f"{key!r} is the name of a derived fact; give the question another key")
            continue
        if isinstance(q, dict) and "contract" in q:
            report(where + ("contract",), "`contract` marks the shared public vocabulary; "
                                          "a rule file's own question cannot be part of it: remove the line")
        question_problems(key, q, everything, lambda path, message, where=where: report(where + path, message))
    for key, wording in (j.data.get(WORDING) or {}).items():
        where = (WORDING, key)
        if key == "jurisdiction":
            report(where, "the question that chooses the jurisdiction cannot be reworded by one jurisdiction")
        elif key not in shared:
            hint = (f" ({key!r} is this file's own question: write its words under `{OWN}:`)"
                    if key in (j.data.get(OWN) or {}) else "")
            report(where, f"there is no shared question {key!r} to reword{hint}; "
                          "the keys are listed in docs/vocabulary.md")
        else:
            _option_problems(report, where, key, shared[key], wording)
            if isinstance(wording, dict) and NEEDS_KEY in wording:
                needs_problems(shared[key].get("kind"), wording[NEEDS_KEY],
                               lambda path, message, where=where: report(where + path, message))
    return report.problems


def _option_problems(report: Reporter, where: tuple, key: str, question: dict, wording: dict) -> None:
    options = wording.get("options")
    if not isinstance(options, dict):
        return
    known = question.get("options") or {}
    if not known:
        report(where + ("options",), f"{key!r} has no options to reword")
        return
    for option in options:
        if option not in known:
            report(where + ("options", option), f"{key!r} has no option {option!r}; rewording keeps the option "
                                                f"keys, which are: {', '.join(known)}")
