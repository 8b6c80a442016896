"""Every path through an interview ends in an answer, and one that can be
acted on.

A seeded random walk answers each step the interview shows, through the same `flow` the pages
use, until no step is left. At the end the assessment must be complete (`missing` empty), and
no step may have been asked twice. Answers are drawn from the vocabulary itself, so a new
question or step is covered without touching this file; the numbers lean towards the
thresholds the ordinances use (100, 200, 250, 300, 1,000, 2,000), where dead ends hide.

When a permit is needed or may be (`required`, `uncertain`), the finished interview must also give what
the organizer acts on, as docs/decisions/0012-readings-never-invented.md asks (Wisconsin's "uncertain" once
ended after four questions, with no dates, a calendar link answering 409 and a packet of blank boxes):
the event's dates and the last day to file, a calendar with dates in it, and a packet whose every box is
answered, not applicable, or a question the walk was asked and chose to leave blank.
"""
from __future__ import annotations

import random
from functools import cache
from datetime import datetime, timedelta

import pytest

from wizard.engine.answers import clean_answers
from wizard.engine.conditions import evaluate
from wizard.engine.facts import Facts
from wizard.readable import DATETIME_FORMAT
from wizard.errors import AnswersError
from wizard.interview.flow import flow, step_keys
from wizard.authoring.loader import load_rulebook
from wizard.packet import build_packet
from wizard.packet.calendar import build_calendar, calendar_events
from wizard.engine.wording import permit_applies

BOOK = load_rulebook()
WALKS = 1000  # per jurisdiction
FULL_CALENDAR_EVERY = 50  # walks: the whole .ics is written for one walk in this many (the events for all)
EDGES = [0, 1, 50, 99, 100, 101, 150, 199, 200, 201, 249, 250, 251, 299, 300, 301, 500, 999, 1000,
         1001, 1250, 1251, 1999, 2000, 2001, 5000, 100_000]


def _count(rng: random.Random) -> int:
    return rng.choice(EDGES) if rng.random() < 0.8 else rng.randint(0, 1_000_000)


def _dates(rng: random.Random) -> tuple[str, str]:
    start = datetime(2027, 7, 9, rng.choice([0, 8, 12, 18, 22]), rng.choice([0, 30]))
    length = timedelta(minutes=rng.choice([30, 60 * 4, 60 * 8, 60 * 12, 60 * 13, 60 * 26, 60 * 59, 60 * 24 * 9]))
    return start.strftime(DATETIME_FORMAT), (start + length).strftime(DATETIME_FORMAT)


def random_answer(key: str, question: dict, rng: random.Random, answers: dict):
    kind = question["kind"]
    if question.get("optional") and rng.random() < 0.2:
        return None
    if kind == "yes_no":
        return rng.random() < 0.5
    if kind == "count":
        return _count(rng)
    if kind == "share":
        return rng.choice([0, 0.3, 0.5, 0.55, 1])
    if kind == "choice":
        return rng.choice(list(question["options"]))
    if kind == "choices":
        return [o for o in question["options"] if rng.random() < 0.2]
    if kind in ("text", "long_text"):
        return rng.choice(["Harvest fair", "Zoë Núñez", "12 Elm St"])
    if kind == "datetime":  # a date of its own beside the event's (the first day of advertising): weeks before it, or after
        return (datetime(2027, 7, 9, 9, 0) - timedelta(days=rng.choice([90, 20, 3, -1]))).strftime(DATETIME_FORMAT)
    if kind == "mailing_address":
        return rng.choice(["12 Elm St, Baroda, MI 49101", "PO Box 7\nWhitesboro, New York 13492"])
    if kind == "email":
        return rng.choice(["zoe@example.org", "amy.lee+fair@example.co.uk"])
    if kind == "phone":
        return rng.choice(["315-555-0100", "(269) 555-0142 x7"])
    if kind == "people":
        return [{"name": "Zoë Núñez", "age": rng.choice([None, 41]), "address": "12 Elm St"}][:rng.randint(0, 1)] \
            if question.get("optional") else [{"name": "Ann Lee", "age": 51, "address": "2 Oak St"}]
    raise AssertionError(f"no generator for {key} ({kind})")


def answer_step(step: dict, answers: dict, rng: random.Random) -> None:
    """Answer a step as an organizer would, again and again while the step refuses the answers
    (the page's check is `clean_answers`: numbers that contradict each other are refused)."""
    for _ in range(50):
        trial = dict(answers)
        _fill(step, trial, rng)
        try:
            cleaned = clean_answers(trial, BOOK.questions_for(answers["jurisdiction"]), BOOK.jurisdictions)
        except AnswersError:
            continue
        answers.clear()
        answers.update(cleaned)
        return
    raise AssertionError(f"step {step['step']} refused 50 random answers in a row")


def _fill(step: dict, answers: dict, rng: random.Random) -> None:
    j = BOOK.jurisdictions[answers["jurisdiction"]]
    questions = BOOK.questions_for(j.id)
    keys = step_keys(step, BOOK, j)
    if "starts_at" in keys:
        answers["starts_at"], answers["ends_at"] = _dates(rng)
    for key in keys:
        if key in ("starts_at", "ends_at"):
            continue
        value = random_answer(key, questions[key], rng, answers)
        if value is None:
            answers.pop(key, None)
        else:
            answers[key] = value


def walk(jurisdiction: str, seed: int) -> tuple[list[str], object]:
    j = BOOK.jurisdictions[jurisdiction]
    rng = random.Random(f"{jurisdiction}-{seed}")
    answers: dict = {"jurisdiction": jurisdiction}
    asked: list[str] = []
    for _ in range(len(j.steps) + 1):
        state = flow(j, answers, asked, BOOK)
        if state.next_step is None:
            return asked, state
        asked.append(state.next_step["step"])
        answer_step(state.next_step, answers, rng)
    raise AssertionError(f"{jurisdiction} seed {seed}: the interview never ended: {asked}")


@cache
def keys_by_step(jurisdiction: str) -> dict[str, list[str]]:
    """Each step's answer keys, which the rule file fixes: worked out once, not for every box of every walk."""
    j = BOOK.jurisdictions[jurisdiction]
    return {step["step"]: step_keys(step, BOOK, j) for step in j.steps}


def blank_boxes(j, answers: dict, asked: list[str]) -> list[str]:
    """Answer keys the packet's application form prints as a box to fill in by hand although the
    interview never asked them: not answered, not "Not applicable", not on a step the walk saw."""
    facts = Facts(answers)
    keys = keys_by_step(j.id)
    asked_keys = {key for step in j.steps if step["step"] in asked for key in keys[step["step"]]}
    blank = []
    for item in j.application_form:
        if evaluate(item.get("if"), facts)[0] is not True:
            continue
        for key in item.get("fills", []):
            steps = [s for s in j.steps if key in keys[s["step"]]]
            not_applicable = bool(steps) and all(evaluate(s.get("if"), facts)[0] is False for s in steps)
            if key not in answers and key not in asked_keys and not not_applicable:
                blank.append(key)
    return blank


def check_actionable(j, seed: int, asked: list[str], state) -> None:
    """A permit is needed or may be: the dates, the last day to file, a calendar and a full packet."""
    answers, assessment = state.answers, state.assessment
    where = f"{j.id} seed {seed} ({assessment['outcome']}) after {asked}"
    assert "starts_at" in answers and assessment["file_by"], f"{where}: no dates, so no last day to file"
    assert calendar_events(answers, assessment, j, str(seed)), f"{where}: the calendar file would be refused"
    if seed % FULL_CALENDAR_EVERY == 0:
        assert build_calendar(answers, assessment, j, str(seed))
    assert blank_boxes(j, answers, asked) == [], f"{where}: the packet leaves boxes the interview never asked"
    packet = build_packet(answers, j, BOOK.questions_for(j.id), assessment=assessment)
    assert packet.applies and packet.application


@pytest.mark.parametrize("jurisdiction", sorted(BOOK.jurisdictions))
def test_every_random_path_ends_in_an_answer(jurisdiction):
    j = BOOK.jurisdictions[jurisdiction]
    for seed in range(WALKS):
        asked, state = walk(jurisdiction, seed)
        assert len(asked) == len(set(asked)), f"seed {seed}: a step was asked twice: {asked}"
        assessment = state.assessment
        assert assessment["missing"] == [], (
            f"{jurisdiction} seed {seed}: ended on 'we need more answers' after {asked}, "
            f"missing {assessment['missing']}; answers {state.answers}")
        assert assessment["reasons"]
        if permit_applies(assessment["outcome"]):
            check_actionable(j, seed, asked, state)
