"""Half of the random walk of hostile requests (tests/support/hostile.py), with the print workers killed,
stopped and let go on along the way, each time while a packet, a permit, a letter, a receipt, a staff
report and the print view are being made (tests/support/hostile_documents.py): never a 5xx, never a
marker reflected as live markup, and a download is a 200 or a "being prepared" 503. The other half is tests/web/test_hostile_walk_more.py,
in a file of its own so that xdist's two workers share the walk."""
from __future__ import annotations

from tests.support.hostile import (  # noqa: F401 - target: the fixture
    EXAMPLES, REQUESTS_PER_EXAMPLE, UPSETS, report, target, walk_hostile)


def test_hostile_requests_while_the_printer_is_upset_never_get_a_5xx(target):
    walk_hostile(target, EXAMPLES // 2, UPSETS)
    summary = report(target)
    assert target.sent >= EXAMPLES // 2 * REQUESTS_PER_EXAMPLE, summary
    assert not target.failures, summary
    assert target.printer_upsets == ["kill", "stop", "continue"] and target.preparing >= 1, summary
    asked = [path for path, _ in target.office.asked]
    assert asked.count("decision") == 2 and asked.count("payment") == 3, target.office.asked
    assert target.documents_preparing >= 1, summary  # a document asked of the stopped workers
