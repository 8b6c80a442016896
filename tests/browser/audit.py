"""axe-core audits of what a browser shows, with JavaScript on or off.

axe cannot run inside a page whose context has JavaScript off: `page.evaluate` still injects it
(Playwright runs it through the DevTools protocol), but `axe.run` waits on promises and timers that
such a page never fires, so the audit hangs until the test times out. So a JavaScript-off page is
audited as shown: its HTML, exactly as that browser holds it, is served at the same address to a
page of a second context with JavaScript on (same viewport, so the same CSS applies), with every
script request blocked and each `<noscript>` made a `<div>` (laid out as without JavaScript);
axe runs there. Nothing is asked of the server again, so a one-time link or a message shown once
is audited as the organizer saw it.
"""
from __future__ import annotations

import re
from urllib.parse import urlparse

from axe_playwright_python.sync_playwright import Axe

AXE = Axe()


def violations(page) -> tuple[int, str]:
    if page.context.javascript_enabled:
        results = AXE.run(page)
        return results.violations_count, results.generate_report()
    html = re.sub(r"<(/?)noscript\b", r"<\1div", page.content())
    shown = page.url.split("#")[0]
    context = page.context.browser.new_context(viewport=page.viewport_size)
    try:
        auditor = context.new_page()
        auditor.route(lambda url: url.split("#")[0] == shown,
                      lambda route: route.fulfill(status=200, content_type="text/html; charset=utf-8", body=html))
        auditor.route(lambda url: urlparse(url).path.endswith(".js"), lambda route: route.abort())
        auditor.goto(page.url)
        results = AXE.run(auditor)
        return results.violations_count, results.generate_report()
    finally:
        context.close()


def audit(page, what: str) -> None:
    """axe finds nothing on the page as shown (JavaScript on or off)."""
    count, report = violations(page)
    assert count == 0, f"{what}: {report}"
