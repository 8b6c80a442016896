"""The browser story tables (tests/support/stories.py), walked through the same `flow` the pages
use without a browser: each story asks exactly its expected steps and ends on its heading. The
browser runs the same rows in Chromium; this keeps every row checked on every run in seconds."""
from __future__ import annotations

import pytest

from wizard.engine.wording import headline

from tests.support.stories import PATHS
from tests.support.walks import walk_story


@pytest.mark.parametrize("path_id", sorted(PATHS))
def test_story_asks_exactly_its_steps_and_ends_on_its_heading(book, path_id):
    jurisdiction, story, expected_steps, heading = PATHS[path_id]
    asked, assessment = walk_story(book, jurisdiction, story)
    assert asked == expected_steps
    assert assessment["missing"] == []
    assert headline(assessment, book.jurisdictions[jurisdiction].license_word) == heading
