"""The browser story tables (tests/browser/stories.py), walked through the same `flow` the pages
use without a browser: each story asks exactly its expected steps and ends on its heading. The
browser runs the same rows in Chromium; this keeps every row checked on every run in seconds."""
from __future__ import annotations

import pytest

from wizard.engine.answers import clean_answers
from wizard.interview.flow import flow, step_keys
from wizard.engine.wording import headline

from .browser.stories import PATHS


def story_answer(key: str, question: dict, story: dict, answers: dict) -> None:
    """What the browser story would type into the field for `key`, as a stored answer."""
    kind, value = question["kind"], story[key]
    if kind == "flag_set":
        answers.update({flag: flag in value for flag in question["options"]})
    elif value is None or value == "":
        answers.pop(key, None)
    elif kind == "share":
        answers[key] = value / 100
    else:
        answers[key] = value


def stored_answers(book, jurisdiction: str, story: dict) -> dict:
    """A story's answers as the interview stores them, cleaned with the rule file's own questions too."""
    kept = {"jurisdiction": jurisdiction}
    questions = book.questions_for(jurisdiction)
    for step in book.get(jurisdiction).steps:
        for key in step["questions"]:
            if key in story:
                story_answer(key, questions[key], story, kept)
    return clean_answers(kept, questions, book.jurisdictions)


def walk_story(book, jurisdiction: str, story: dict) -> tuple[list[str], dict]:
    j = book.jurisdictions[jurisdiction]
    answers, asked = {"jurisdiction": jurisdiction}, []
    for _ in range(len(j.steps) + 1):
        state = flow(j, answers, asked, book)
        if state.next_step is None:
            return asked, state.assessment
        step = state.next_step
        asked.append(step["step"])
        for key in step["questions"]:
            assert key in story, f"step {step['step']} asks {key!r}, which the story does not answer"
            story_answer(key, book.questions_for(jurisdiction)[key], story, answers)
        answers = clean_answers(answers, book.questions_for(jurisdiction), book.jurisdictions)
    raise AssertionError(f"the interview never ended: {asked}")


@pytest.mark.parametrize("path_id", sorted(PATHS))
def test_story_asks_exactly_its_steps_and_ends_on_its_heading(book, path_id):
    jurisdiction, story, expected_steps, heading = PATHS[path_id]
    asked, assessment = walk_story(book, jurisdiction, story)
    assert asked == expected_steps
    assert assessment["missing"] == []
    assert headline(assessment, book.jurisdictions[jurisdiction].license_word) == heading
