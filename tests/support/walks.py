"""Interviews walked through the web pages by the story tables (tests/support/stories.py)."""
from __future__ import annotations

import re

from wizard.engine.answers import clean_answers
from wizard.interview.flow import flow

from tests.support import html
from tests.support.posting import STEP, step_data

FESTIVAL_PATHS = {"whitesboro-ny": "whitesboro-festival", "wi-village-ch64": "wisconsin-festival",
                  "baroda-mi": "baroda-festival", "dekalb-il": "dekalb-festival"}


def walk(client, book, jurisdiction: str, story: dict) -> tuple[str, list[str]]:
    """Post every step the interview shows; returns the interview id and the steps shown."""
    location = client.post("/start", data={"jurisdiction": jurisdiction}).headers["Location"]
    shown = []
    for _ in range(40):
        match = STEP.search(location)
        if match is None:
            break
        step_id = match.group(2)
        shown.append(step_id)
        response = client.post(location, data=step_data(book, jurisdiction, location, story))
        assert response.status_code == 303, f"step {step_id} refused the story's answers"
        location = response.headers["Location"]
    assert location.endswith("/check"), location
    return re.search(r"/i/([^/]+)/", location).group(1), shown


def step_url(client, jurisdiction: str, step_id: str, story: dict, book) -> str:
    """An interview walked up to `step_id` (not answered yet)."""
    location = client.post("/start", data={"jurisdiction": jurisdiction}).headers["Location"]
    while not location.endswith(f"/step/{step_id}"):
        location = client.post(location, data=step_data(book, jurisdiction, location, story)).headers["Location"]
    return location


def people_names(page) -> dict[str, list[str]]:
    """The people list's name boxes, row by row, and what each shows."""
    return {name: html.field_values(page, name) for name in sorted(html.field_names(page)) if name.endswith("-name")}


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


def town_steps(book, jurisdiction: str, asked: list[str]) -> list[str]:
    """The steps asked that are the town's own: the State's questions follow them whatever the town decides."""
    own = {step["step"] for step in book.jurisdictions[jurisdiction].own_steps}
    return [step for step in asked if step in own]
