"""Issue 11: named sections instead of "Step N of M", which grew as answers added steps."""
from __future__ import annotations

import re

from wizard.interview import path_and_answers
from wizard.sections import SECTIONS, progress, step_sections

from .test_interview_http import finished_interview
from .test_packet import festival


def test_every_listed_question_exists(book):
    every = set(book.questions).union(*(book.questions_for(j) for j in book.jurisdictions))
    for name, keys in SECTIONS.items():
        assert set(keys) <= every, name


def test_a_step_without_a_listed_question_stays_in_the_section_before_it():
    path = [{"step": "a", "questions": ["site_address"]}, {"step": "b", "questions": ["a_new_question"]}]
    assert step_sections(path) == ["The site", "The site"]


def test_the_sections_do_not_change_along_a_festival(book):
    for jurisdiction in book.jurisdictions:
        answers = festival(jurisdiction, book)
        path, _ = path_and_answers(book.jurisdictions[jurisdiction], answers, book)
        shown = [[m.name for m in progress(path, step["step"], [])] for step in path]
        assert all(names == shown[0] for names in shown), jurisdiction
        assert len(shown[0]) >= 3, (jurisdiction, shown[0])
        currents = [[m.name for m in progress(path, step["step"], []) if m.current] for step in path]
        assert all(len(c) == 1 for c in currents)


def test_the_step_page_names_the_sections_and_marks_where_you_are(app, client, book):
    ident = finished_interview(app, festival("whitesboro-ny", book))
    page = client.get(f"/i/{ident}/step/site-details").get_data(as_text=True)
    assert "Step " not in page
    current = re.search(r'<li class="sections__item sections__item--current" aria-current="step">([^<]+)</li>', page)
    assert current and current.group(1) == "The site"
    assert "Your event<span class=\"visually-hidden\"> (done)</span>" in page


def test_every_question_a_built_in_interview_asks_has_a_section(book):
    """A new question must be sorted into a section (wizard/sections.py), or its step borrows one."""
    from wizard.sections import section_of_question
    asked = {key for j in book.jurisdictions.values() for step in j.steps for key in step["questions"]}
    assert sorted(k for k in asked if section_of_question(k) is None) == []
