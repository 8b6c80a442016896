"""Complete interviews for every jurisdiction in Chromium, with JavaScript on and off, and check
that exactly the relevant steps were asked."""
from __future__ import annotations

import pytest

from tests.support.stories import PATHS
from tests.browser.story import run_story


@pytest.mark.parametrize("path_id", sorted(PATHS))
def test_interview_with_javascript(page, live_server, path_id):
    jurisdiction, story, expected_steps, heading = PATHS[path_id]
    shown = run_story(page, live_server, jurisdiction, story)
    assert shown == expected_steps
    assert page.locator("h1").inner_text().strip() == heading


@pytest.mark.parametrize("path_id", ["whitesboro-festival", "wisconsin-festival", "baroda-festival",
                                     "dekalb-festival", "dekalb-rally", "whitesboro-small"])
def test_interview_without_javascript(page_no_js, live_server, path_id):
    jurisdiction, story, expected_steps, heading = PATHS[path_id]
    shown = run_story(page_no_js, live_server, jurisdiction, story)
    assert shown == expected_steps
    assert page_no_js.locator("h1").inner_text().strip() == heading
