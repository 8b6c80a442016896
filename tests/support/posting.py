"""Posting a story's answers as the browser would: one form per step, the people list as rows.

Used by the tests that walk interviews over HTTP and by `scripts/bench.py`, so the benchmark
posts exactly what the tests post and breaks (and is fixed) with them."""
from __future__ import annotations

import re

STEP = re.compile(r"/i/([^/]+)/step/([a-z0-9-]+)$")


def form_data(key: str, question: dict, value) -> dict:
    """What the page posts for one question, as the browser would fill it from the story."""
    kind = question["kind"]
    if kind == "people":
        return {f"{key}-{n}-{part}": "" if person[part] is None else str(person[part])
                for n, person in enumerate(value or []) for part in ("name", "age", "address")}
    if kind == "yes_no":
        return {key: "yes" if value else "no"}
    if kind in ("flag_set", "choices"):
        return {key: list(value)}
    return {key: "" if value is None else str(value)}


def step_data(book, jurisdiction: str, location: str, story: dict) -> dict:
    """The form to post at the step page `location` (a URL ending in /step/<id>)."""
    step_id = STEP.search(location).group(2)
    step = next(s for s in book.jurisdictions[jurisdiction].steps if s["step"] == step_id)
    questions = book.questions_for(jurisdiction)
    data: dict = {}
    for key in step["questions"]:
        data.update(form_data(key, questions[key], story[key]))
    return data
