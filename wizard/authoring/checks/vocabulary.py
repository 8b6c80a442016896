"""The shared questions file (interviews/questions.yaml): known kinds and keys, options, flag sets."""
from __future__ import annotations

from pathlib import Path

from ...errors import Problem
from ...engine.facts import FACTS
from ...engine.cross_answers import TESTS, declared
from ...interview.road import SECTIONS
from ...kinds import KINDS, NEEDABLE, NEEDS_KEY
from ...resources import resource_dir
from ...language import OFFICE_LANGUAGE
from ...rules.texts import in_language
from .texts import language_problems
from ...rules.yamlfile import dotted, line_map, read_yaml

QUESTION_KEYS = {"kind", "label", "hint", "error", "options", "optional", "contract", "part_of", "max_length",
                 "form_label", "autocomplete", "input_type", "section", "must_be", "always_used", "counts", "at_least",
                 NEEDS_KEY}
INPUT_TYPES = ("text", "email", "tel", "url")


def vocabulary_problems(path: Path | None = None) -> list[Problem]:
    """The shared questions file: known kinds and keys, options where needed, flag sets that fit."""
    path = path or resource_dir("interviews") / "questions.yaml"
    written, lines = read_yaml(path), line_map(path)
    data = in_language(written, OFFICE_LANGUAGE)  # checked as the English reads; the Spanish below
    questions, found = data.get("questions") or {}, []

    def problem(where: tuple, message: str) -> None:
        where = ("questions",) + where
        found.append(Problem(str(path), lines.get(where) or lines.get(where[:2]), dotted(where), message))

    for key, q in questions.items():
        if key in FACTS:  # a rule file reading the name would silently get the fact, not the answer
            problem((key,), f"{key!r} is the name of a derived fact (wizard/engine/facts.py); give the question another key")
        if key != "jurisdiction" and isinstance(q, dict) and "section" not in q:  # jurisdiction: the start page's
            # A step is in the section of its first question that names one: a question without one would
            # take whichever section the step before it happens to be in.
            problem((key,), f"needs a section: write `section:` and one of: {', '.join(SECTIONS)}")
        question_problems(key, q, questions, lambda where, message, key=key: problem((key,) + where, message))
    if isinstance(written, dict):
        language_problems(written, lambda where, message: found.append(
            Problem(str(path), lines.get(where), dotted(where), message)), law=False)
    return found


def question_problems(key: str, q, questions: dict, problem) -> None:
    """One question's definition (shared, or a rule file's own): `problem(where, message)` with
    `where` a key path inside the question. `questions` is every question it may refer to."""
    if not isinstance(q, dict) or q.get("kind") not in KINDS:
        written = f", not {q['kind']!r}" if isinstance(q, dict) and "kind" in q else " (write `kind:`)"
        problem((), f"kind must be one of: {', '.join(KINDS)}{written}")
        return
    for extra in sorted(set(q) - QUESTION_KEYS, key=str):
        problem((extra,), f"unknown key {extra!r} (a comma in an unquoted label splits it: quote the label)")
    if not isinstance(q.get("label"), str) or not q["label"].strip():
        problem((), "needs a label: write `label:` and the question as the organizer will read it")
    for text_key in ("form_label", "autocomplete", "hint", "error", "counts"):
        if text_key in q and (not isinstance(q[text_key], str) or not q[text_key].strip()):
            problem((text_key,), f"{text_key} must be text")
    if "section" in q and q["section"] not in SECTIONS:
        problem(("section",), f"section must be one of: {', '.join(SECTIONS)}")
    if "must_be" in q:
        must_be_problems(key, q, questions, problem)
    if "at_least" in q:
        at_least_problems(q, problem)
    if NEEDS_KEY in q:
        needs_problems(q["kind"], q[NEEDS_KEY], problem)
    if "input_type" in q and q["input_type"] not in INPUT_TYPES:
        problem(("input_type",), f"input_type must be one of: {', '.join(INPUT_TYPES)}")
    if ("autocomplete" in q or "input_type" in q) and KINDS[q["kind"]].widget not in ("line", "lines"):
        problem((), "autocomplete and input_type apply to text questions only")
    options = q.get("options")
    if KINDS[q["kind"]].needs_options and key != "jurisdiction" and not options:
        problem((), f"a {q['kind']} question needs options: a mapping of each option's key to its words")
    elif options is not None and not isinstance(options, dict):
        problem(("options",), "options must be a mapping of each option's key to its words, like `yes_local: In the town`")
        return
    for flag in options or {} if KINDS[q["kind"]].asks_flags else ():
        kind = KINDS.get((questions.get(flag) or {}).get("kind"))
        if kind is None or not kind.is_flag:
            problem(("options", flag), f"flag {flag!r} must also be a yes_no question")
    parent = q.get("part_of")
    if parent and flag_owner_missing(questions, parent, key):
        problem(("part_of",), f"{parent!r} is not a flag_set listing {key!r}")


def needs_problems(kind: str, needs, problem) -> None:
    """`each_person_needs: [age, address]`: only on a list of people, each part once and known."""
    if kind != "people":
        problem((NEEDS_KEY,), f"{NEEDS_KEY} applies to a list of people (kind: people) only, not to a {kind} question")
        return
    parts = ", ".join(NEEDABLE)
    unknown = [p for p in needs if not isinstance(p, str) or p not in NEEDABLE] if isinstance(needs, list) else []
    if unknown:
        problem((NEEDS_KEY,), f"{', '.join(repr(p) for p in unknown)} is not one of: {parts}; {NEEDS_KEY} lists "
                              f"what each person must have besides the name, like `{NEEDS_KEY}: [age, address]`")
    elif not isinstance(needs, list) or not needs or len(set(needs)) != len(needs):
        problem((NEEDS_KEY,), f"{NEEDS_KEY} lists what each person must have besides the name, each once, "
                              f"from: {parts}, like `{NEEDS_KEY}: [age, address]`")


def must_be_problems(key: str, q: dict, questions: dict, problem) -> None:
    """`must_be: {after: other_key, message: ...}`: one known test, another question of the same
    comparable kind, and the message the organizer reads."""
    rule, written = declared(q), q["must_be"]
    tests = ", ".join(TESTS)
    if rule is None or not isinstance(written, dict) or set(written) - {*TESTS, "message"} or len(set(written) & set(TESTS)) != 1:
        problem(("must_be",), f"must_be is one test ({tests}) naming another question, and a message")
        return
    test, other, message = rule
    if not isinstance(message, str) or not message.strip():
        problem(("must_be",), "must_be needs a message: the sentence the organizer reads when the answers do not fit")
    other_question = questions.get(other) if isinstance(other, str) else None
    if other == key or not isinstance(other_question, dict):
        problem(("must_be", test), f"{other!r} is not another question")
    elif KINDS.get(other_question.get("kind")) is None or KINDS[other_question["kind"]].compare_as != KINDS[q["kind"]].compare_as \
            or KINDS[q["kind"]].compare_as not in ("number", "datetime"):
        problem(("must_be", test), f"{key!r} and {other!r} must both be counts or both dates and times to compare")


def at_least_problems(q: dict, problem) -> None:
    """`at_least: {value: 1, message: ...}`: the smallest count the form takes, and the sentence it says below it."""
    rule = q["at_least"]
    value = rule.get("value") if isinstance(rule, dict) else None
    if KINDS[q["kind"]].compare_as != "number" or not isinstance(rule, dict) or set(rule) != {"value", "message"} \
            or not isinstance(value, int) or isinstance(value, bool) or value < 0 \
            or not isinstance(rule["message"], str) or not rule["message"].strip():
        problem(("at_least",), "at_least is for a count: a whole number (`value: 1`) and the `message` the organizer reads")


def flag_owner_missing(questions: dict, parent: str, key: str) -> bool:
    owner = questions.get(parent) or {}
    return owner.get("kind") not in KINDS or not KINDS[owner["kind"]].asks_flags or key not in (owner.get("options") or {})
