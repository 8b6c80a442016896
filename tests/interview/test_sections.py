"""Named sections instead of "Step N of M", which grew as answers added steps
(docs/decisions/0006-sections-and-the-road.md)."""
from __future__ import annotations

from pathlib import Path

import yaml

from wizard.authoring.checks.vocabulary import vocabulary_problems
from wizard.interview.flow import path_and_answers
from wizard.interview.road import progress, step_sections

from tests.support.html import texts
from tests.support.interview import finished_interview
from tests.support.packet import festival


def test_a_step_without_a_listed_question_stays_in_the_section_before_it(book):
    path = [{"step": "a", "questions": ["site_address"]}, {"step": "b", "questions": ["a_new_question"]}]
    assert step_sections(path, book.questions) == ["The site", "The site"]


def test_the_sections_do_not_change_along_a_festival(book):
    for jurisdiction in book.jurisdictions:
        answers = festival(jurisdiction, book)
        path, _ = path_and_answers(book.jurisdictions[jurisdiction], answers, book)
        questions = book.questions_for(jurisdiction)
        shown = [[m.name for m in progress(path, step["step"], [], questions)] for step in path]
        assert all(names == shown[0] for names in shown), jurisdiction
        assert len(shown[0]) >= 3, (jurisdiction, shown[0])
        currents = [[m.name for m in progress(path, step["step"], [], questions) if m.current] for step in path]
        assert all(len(c) == 1 for c in currents)


def test_the_step_page_names_the_sections_and_marks_where_you_are(app, client, book):
    ident = finished_interview(app, festival("whitesboro-ny", book))
    page = client.get(f"/i/{ident}/step/site-details").get_data(as_text=True)
    assert "Step " not in page
    assert texts(page, 'li.sections__item[aria-current="step"]') == ["The site"]
    assert "Your event (done)" in texts(page, "li.sections__item--done")  # "(done)" for screen readers


def test_a_rule_files_own_question_declares_its_section_as_a_shared_one_does(book):
    """Sorting a question into a section is data where the question is described, not Python."""
    questions = {**book.questions, "a_new_question": {"kind": "yes_no", "label": "New?", "section": "Facilities"}}
    path = [{"step": "a", "questions": ["site_address"]}, {"step": "b", "questions": ["a_new_question"]}]
    assert step_sections(path, questions) == ["The site", "Facilities"]


def test_a_section_that_is_not_one_of_the_four_is_refused(tmp_path):
    text = (Path(__file__).resolve().parents[2] / "interviews" / "questions.yaml").read_text()
    broken = tmp_path / "questions.yaml"
    broken.write_text(text.replace("    section: Facilities\n", "    section: Facility\n", 1))
    problems = vocabulary_problems(broken)
    assert len(problems) == 1 and "section must be one of: Your event" in problems[0].message
    assert problems[0].line is not None


def test_every_shared_question_declares_its_section():
    """The vocabulary is the one home of a question: its section is written there, not inherited from
    whichever step comes before (only the jurisdiction, chosen on the start page, has none)."""
    questions = yaml.safe_load((Path(__file__).resolve().parents[2] / "interviews" / "questions.yaml").read_text())["questions"]
    assert [key for key, q in questions.items() if "section" not in q] == ["jurisdiction"]


def test_a_shared_question_without_a_section_is_refused(tmp_path):
    text = (Path(__file__).resolve().parents[2] / "interviews" / "questions.yaml").read_text()
    declared = "  locations:\n    kind: count\n    section: Your event\n"
    assert declared in text
    broken = tmp_path / "questions.yaml"
    broken.write_text(text.replace(declared, "  locations:\n    kind: count\n", 1))
    problems = vocabulary_problems(broken)
    assert [p.key for p in problems] == ["questions.locations"], problems
    assert "needs a section" in problems[0].message and problems[0].line is not None
