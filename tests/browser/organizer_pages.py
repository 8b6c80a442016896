"""Browser helpers for an organizer's pages: a finished interview and its result."""
from __future__ import annotations

import json
from functools import cache

from wizard.authoring.loader import load_rulebook
from wizard.interview.flow import JURISDICTION_STEP
from wizard.web.edge.state import rulebook, store

from tests.browser.story import wait_for_new_content
from tests.support.packet import festival, with_state_answers


@cache
def built_in_book():
    return load_rulebook()


def finished(live_app, jurisdiction: str, **changes) -> str:
    """A stored interview that went through every step: its Check your answers page opens."""
    with live_app.app_context():
        book = rulebook()
        answers = festival(jurisdiction, book, bathing_beach=False, swimming_pool=False, **changes)
        interview = store().create(answers)
        interview.completed_steps = [JURISDICTION_STEP] + [s["step"] for s in book.get(jurisdiction).steps]
        store().save(interview)
        return interview.id


def open_result(page, base_url: str, answers: dict) -> None:
    """Import an answers file (it lands on Check your answers) and go on to the result. The State's
    questions the file leaves are answered "nothing of that", as a finished interview saves them."""
    answers = with_state_answers(answers, built_in_book())
    page.goto(base_url + "/import")
    page.set_input_files("#answers_file", files=[{
        "name": "answers.json", "mimeType": "application/json", "buffer": json.dumps(answers).encode()}])
    wait_for_new_content(page, lambda: page.get_by_role("button", name="Continue").click())
    if not page.url.endswith("/result"):  # an interview that ends early goes straight to its result
        assert page.url.endswith("/check"), page.url
        wait_for_new_content(page, lambda: page.get_by_role("link", name="See your result").click())
    page.wait_for_selector(".panel h1")
