"""What a step page works out from a jurisdiction's rule file alone (its "Before you
start" box) is kept once per loaded file, and a file read again (edited, or dropped from the cache
and read back) shows what it says now, never the earlier text; so do its merged questions, merged
on each call: keeping them saved only 1 µs a page (docs/decisions/0013-memos-only-where-they-pay.md)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from wizard.authoring.loader import load_rulebook
from wizard.rules.rulebook import RuleBook

from tests.support.html import texts

PLACE = "whitesboro-ny"


def reworded(j, label: str, needed: str):
    """The same rule file as read after an edit: the event's name asked in other words, and another
    first thing to have ready."""
    first = {**j.before_you_start[0], "text": needed}
    return replace(j, data={**j.data, "before_you_start": [first, *j.before_you_start[1:]]},
                   question_changes={**j.question_changes, "event_name": {"kind": "text", "label": label}})


@pytest.fixture
def kept():
    """The book's jurisdictions, as a mapping a test can put a re-read rule file into."""
    built_in = load_rulebook()
    return {PLACE: reworded(built_in.jurisdictions[PLACE], "What is the fair called?", "A map of the fairground")}


@pytest.fixture
def book(kept):
    return RuleBook(load_rulebook().questions, kept)


def test_a_jurisdictions_questions_are_merged_with_what_its_file_says_now(book, kept):
    first = book.questions_for(PLACE)
    assert first["event_name"]["label"] == "What is the fair called?"
    assert first["jurisdiction"] is book.questions["jurisdiction"]
    kept[PLACE] = reworded(kept[PLACE], "What is the show called?", "A map of the showground")
    assert book.questions_for(PLACE)["event_name"]["label"] == "What is the show called?"


def test_the_first_steps_box_shows_what_the_file_says_now(client, kept):
    step = client.post("/start", data={"jurisdiction": PLACE}).headers["Location"]
    page = client.get(step).get_data(as_text=True)
    assert texts(page, "#before-you-start h2") == ["Before you start, you'll need"]
    assert texts(page, "#before-you-start li")[0].startswith("A map of the fairground.")
    kept[PLACE] = reworded(kept[PLACE], "What is the show called?", "A map of the showground")
    again = texts(client.get(step).get_data(as_text=True), "#before-you-start li")
    assert again[0].startswith("A map of the showground.")
    assert not any("fairground" in item for item in again)
