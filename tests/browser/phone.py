"""The pages at the narrowest phone width, audited by axe-core with nothing wider than the screen."""
from __future__ import annotations

from tests.browser.audit import AXE
from tests.browser.conftest import PHONE


def audit(page, what: str) -> None:
    results = AXE.run(page)
    assert results.violations_count == 0, f"{what}: {results.generate_report()}"
    overflow = page.evaluate("document.documentElement.scrollWidth")
    assert overflow <= PHONE["width"], f"{what}: page is {overflow}px wide at {PHONE['width']}px"
