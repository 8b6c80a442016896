"""A new jurisdiction is one data file: copy the made-up Town of Maple Hollow into a temporary
folder, serve it with `wizard serve --rules` (no Python changed) and complete its interview."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.support.stories import BIG_FESTIVAL
from tests.support.served import served_wizard
from tests.browser.story import open_all_parts, run_story

FIXTURE = Path(__file__).parent.parent / "fixtures" / "fifth-jurisdiction.yaml"


@pytest.fixture
def fifth_server(tmp_path):
    rules = tmp_path / "rules"
    rules.mkdir()
    shutil.copy(FIXTURE, rules / "maple-hollow.yaml")
    with served_wizard("--db", str(tmp_path / "w.db"), "--rules", str(rules)) as url:
        yield url


def test_fifth_jurisdiction_interview_in_the_browser(page, fifth_server):
    page.goto(fifth_server + "/")
    assert page.locator("label").all_inner_texts() == ["Town of Maple Hollow (example)"]
    shown = run_story(page, fifth_server, "maple-hollow", BIG_FESTIVAL)
    assert shown == ["land", "money", "organizer", "crowd", "dates", "overnight", "crowd-mix", "food", "event"]
    assert page.locator("h1").inner_text() == "You need a permit"
    open_all_parts(page)
    text = page.locator("main").inner_text()
    assert "§ 9-2(b)(1)" in text  # the reason, cited
    assert "$250" in text  # the tiered fee for 5,000 people in this made-up ordinance


def test_fifth_jurisdiction_small_school_event_ends_early(page, fifth_server):
    story = {**BIG_FESTIVAL, "organizer_type": "school", "max_attendance": 800}
    shown = run_story(page, fifth_server, "maple-hollow", story)
    assert shown == ["land", "money", "organizer", "crowd"]
    assert page.locator("h1").inner_text() == "Your event is exempt from this permit"
    assert "§ 9-3(a)" in page.locator("main").inner_text()
