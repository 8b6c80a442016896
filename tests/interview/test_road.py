"""The steps' order (docs/decisions/0006-sections-and-the-road.md) makes the section indicator move only
forward, keeps every condition decided by earlier answers, and leaves the early-ending roads as short as
before."""
from __future__ import annotations

import pytest

from wizard.interview.road import condition_keys, plan_road, road_marks
from wizard.rules.rulebook import expand_questions

from tests.support.stories import PATHS
from tests.support.walks import walk_story


@pytest.mark.parametrize("path_id", sorted(PATHS))
def test_the_section_indicator_only_moves_forward_in_every_story(book, path_id):
    jurisdiction, story, _steps, _heading = PATHS[path_id]
    j = book.jurisdictions[jurisdiction]
    road = plan_road(j, book.questions_for(j.id))
    asked, _ = walk_story(book, jurisdiction, story)
    current, orders = [], []
    for index, step_id in enumerate(asked):
        path = [s for s in road.steps if s["step"] in asked]
        marks = road_marks(road, path, step_id, asked[:index], j.license_word)
        names = [m.name for m in marks]
        current.append(names.index(next(m.name for m in marks if m.current)))
        orders.append(names)
    assert current == sorted(current), list(zip(asked, current))
    assert all(order == orders[-1] for order in orders)  # the sections are listed in the order they come


@pytest.mark.parametrize("jurisdiction", ["baroda-mi", "dekalb-il", "whitesboro-ny", "wi-village-ch64"])
def test_no_step_comes_before_the_steps_its_condition_reads(book, jurisdiction):
    j = book.jurisdictions[jurisdiction]
    questions = book.questions_for(j.id)
    road = plan_road(j, questions)
    assert sorted(s["step"] for s in road.steps) == sorted(s["step"] for s in j.steps)
    for index, step in enumerate(road.steps):
        file_index = j.steps.index(step)
        earlier_in_file = {s["step"] for s in j.steps[:file_index]
                           if set(expand_questions(s["questions"], questions)) & condition_keys(step)}
        assert earlier_in_file <= {s["step"] for s in road.steps[:index]}, step["step"]


def test_a_done_mark_appears_as_soon_as_a_section_is_finished(book):
    j = book.jurisdictions["baroda-mi"]
    _, story, steps, _ = PATHS["baroda-festival"]
    road = plan_road(j, book.questions_for(j.id))
    path = [s for s in road.steps if s["step"] in steps]
    first_detail = steps.index("dates")
    marks = road_marks(road, path, "dates", steps[:first_detail], "license")
    assert [(m.name, m.current, m.done) for m in marks[:2]] == [
        ("Do you need a license?", False, True), ("Your event", True, False)]
