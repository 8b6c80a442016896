"""A jurisdiction's own questions and its rewording of shared ones.

A rule file may declare `questions:` of its own (the format of interviews/questions.yaml) and
`question_wording:` to change a shared question's label, form label, hint, error or option texts
(never its key, kind or option keys: the answers vocabulary stays the same for every jurisdiction),
and, for a list of people, what the ordinance needs of each one (`each_person_needs: [age, address]`).
`question_changes` gives what a jurisdiction adds or rewords; the rule book merges it over the
shared questions wherever that jurisdiction's answers are read (`RuleBook.questions_for`).
"""
from __future__ import annotations

OWN = "questions"
WORDING = "question_wording"
REWORDABLE = ("label", "form_label", "hint", "error", "options", "each_person_needs")


def question_changes(shared: dict, data: dict) -> dict:
    """Answer key -> question for every question the rule file declares or rewords. An own question
    may not take a shared key (the check says so); the shared question stands."""
    changes = {key: dict(q) for key, q in _mapping(data.get(OWN)).items()
               if isinstance(q, dict) and key not in shared}
    for key, wording in _mapping(data.get(WORDING)).items():
        base = shared.get(key)
        if not isinstance(base, dict) or not isinstance(wording, dict) or key in changes:
            continue
        merged = {**base, **{k: v for k, v in wording.items() if k in REWORDABLE and k != "options"}}
        if isinstance(wording.get("options"), dict) and isinstance(base.get("options"), dict):
            merged["options"] = {**base["options"],
                                 **{k: v for k, v in wording["options"].items() if k in base["options"]}}
        changes[key] = merged
    return changes


def _mapping(value: object) -> dict:
    """A section as written, or nothing when it is not a mapping (the schema check says why)."""
    return value if isinstance(value, dict) else {}


def effective_questions(shared: dict, data: object) -> dict:
    """The shared questions with a rule file's own and reworded ones merged in."""
    changes = question_changes(shared, data) if isinstance(data, dict) else {}
    return {**shared, **changes} if changes else shared
