"""The last day to file leaves the whole decision period, in every place."""
from __future__ import annotations

from datetime import date, timedelta

import pytest

from wizard.engine.assess import assess_jurisdiction
from wizard.interview.timeline import build_timeline

from tests.support.stories import PATHS
from tests.support.office_days import built_in


def test_wisconsin_files_21_days_ahead_and_the_decision_is_the_day_before(book):
    # Ch. 64: the application "shall be processed within 20 days of receipt".
    jurisdiction, answers, _, _ = PATHS["wisconsin-festival"]
    a = assess_jurisdiction(book.jurisdictions[jurisdiction], answers)
    first = date.fromisoformat(answers["starts_at"][:10])
    assert a["file_by_basis"] == "decision_period"
    assert date.fromisoformat(a["file_by"]) == first - timedelta(days=21)
    plan = build_timeline(a, answers, "license", date(2026, 12, 1))
    decision = next(m for m in plan.milestones if m.title.startswith("Latest day for the decision"))
    assert decision.day == first - timedelta(days=1)


def _assessed(story: str) -> dict:
    jurisdiction, answers, _, _ = PATHS[story]
    return assess_jurisdiction(built_in().jurisdictions[jurisdiction], answers)


# The stories with a last day to file and a decision period (the others have nothing to check here).
DATED = [story for story in sorted(PATHS)
         if _assessed(story).get("file_by") and _assessed(story).get("decision_within_days") is not None]


def test_most_stories_have_a_decision_period_to_check():
    assert len(DATED) >= 4, DATED


@pytest.mark.parametrize("story", DATED)
def test_the_latest_decision_comes_before_the_event(story):
    jurisdiction, answers, _, _ = PATHS[story]
    a = _assessed(story)
    first = date.fromisoformat(answers["starts_at"][:10])
    assert date.fromisoformat(a["file_by"]) + timedelta(days=a["decision_within_days"]) < first
