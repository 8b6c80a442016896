"""Every route of app.url_map, with every method and bad ids, once: never a 5xx, never a marker of ours
reflected as live markup, never a header the server could not send (tests/support/hostile.py). With
the two walks of tests/web/test_hostile_walk*.py, over 5,000 hostile requests; three files, so that
xdist's two workers share them."""
from __future__ import annotations

from tests.support.hostile import METHODS, report, sweep, target  # noqa: F401 - target: the fixture


def test_every_route_with_every_method_and_bad_id_never_gets_a_5xx(target):
    sweep(target, target.client)
    summary = report(target)
    assert target.sent >= len(target.rules) * len(METHODS) * 3, summary
    assert target.routes_hit == {rule.rule for rule in target.app.url_map.iter_rules()}
    assert not target.failures, summary
