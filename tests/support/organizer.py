"""An organizer's result pages: finished festivals, their texts, a verdict to follow."""
from __future__ import annotations

from datetime import date

import pytest

from wizard.interview.flow import JURISDICTION_STEP
from wizard.interview.road import plan_road
from wizard.web.edge.state import rulebook, store

from tests.support.html import parse
from tests.support.stories import PATHS
from tests.support.walks import stored_answers, walk_story

TODAY = date(2026, 12, 1)


class Text:
    """The page's visible words in <main>, without citations; and its headings and links (by their words)."""

    def __init__(self, html: str):
        document = parse(html)
        self.headings = [_words(h) for h in document.select("h1, h2, h3")]
        self.links = {_words(a): a.get("href", "") for a in document.select("a")}
        main = document.select_one("main")
        for hidden in main.select(".citation, script, style"):
            hidden.decompose()
        self.text = " ".join(main.get_text(" ").split())


def _words(element) -> str:
    return " ".join(element.get_text().split())


@pytest.fixture
def dated(app):
    app.config["TODAY"] = TODAY
    return app


def finished(app, story: str, **changes) -> str:
    jurisdiction, answers, _, _ = PATHS[story]
    answers = {**answers, **changes}
    book = app.extensions["rulebook"]
    asked, _ = walk_story(book, jurisdiction, answers)
    with app.app_context():
        interview = store().create(stored_answers(book, jurisdiction, answers))
        interview.completed_steps = [JURISDICTION_STEP] + asked
        store().save(interview)
        return interview.id


def festival_after_the_verdict(app, path_id="whitesboro-festival") -> tuple[str, list[str]]:
    """A festival's interview with the pages that settle the verdict answered; its id, and the
    story's steps after them."""
    with app.app_context():
        book = rulebook()
        jurisdiction, story, steps, _ = PATHS[path_id]
        road = plan_road(book.get(jurisdiction), book.questions_for(jurisdiction))
        deciding = [s for s in steps if s in road.deciding]
        given = {key for s in deciding for key in road.asks[s]} | {"jurisdiction"}
        answers = {k: v for k, v in stored_answers(book, jurisdiction, story).items() if k in given}
        interview = store().create(answers, [JURISDICTION_STEP, *deciding])
        return interview.id, steps[len(deciding):]
