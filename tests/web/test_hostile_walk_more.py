"""The other half of the random walk of hostile requests (tests/support/hostile.py; the first half is
tests/web/test_hostile_walk.py): never a 5xx, never a marker reflected as live markup. Hypothesis draws
another derandomized sequence here (its seed comes from the test), so the halves send different requests."""
from __future__ import annotations

from tests.support.hostile import EXAMPLES, REQUESTS_PER_EXAMPLE, report, target, walk_hostile  # noqa: F401 - target: the fixture


def test_more_hostile_requests_to_every_route_never_get_a_5xx(target):
    walk_hostile(target, EXAMPLES - EXAMPLES // 2)
    summary = report(target)
    assert target.sent >= (EXAMPLES - EXAMPLES // 2) * REQUESTS_PER_EXAMPLE, summary
    assert not target.failures, summary
