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

from axe_playwright_python.base import AxeResults
from playwright.sync_api import Error as PlaywrightError
from axe_playwright_python.sync_playwright import DEFAULT_OPTIONS, Axe


class AxeOncePerDocument(Axe):
    """axe as the library runs it, except that axe-core (half a megabyte of script) is put into a
    document only when it is not there yet: the library sends it before every audit, and the
    stories audit many states of one document (every htmx swap keeps the document, and axe in it).
    A page loaded anew has no axe, and gets it again. axe-core is made to be run many times in one
    document (each run starts from nothing), so each audit checks what it did before."""

    def run(self, page, context=None, options=DEFAULT_OPTIONS) -> AxeResults:
        if not page.evaluate("typeof window.axe === 'object' && typeof window.axe.run === 'function'"):
            page.evaluate(self.axe_script)
        command = "axe.run(%s).then(results => {return results;})" % self._format_script_args(
            context=context, options=options)
        return AxeResults(page.evaluate(command))


AXE = AxeOncePerDocument()


# One auditor page per browser, kept for the run: a context a JavaScript-off page took 0.5–1 s to
# make and close, and the auditor's cache keeps the style sheets between pages.
AUDITORS: dict[int, tuple[object, dict]] = {}


def auditor_for(browser):
    """The browser's auditor page and what it is to show ({"url", "html"}), made once. Every page it
    loads is to be audited, so axe-core is in its every document from the start (an init script):
    sending the half megabyte anew after each load took a tenth of a second more an audit."""
    if id(browser) not in AUDITORS:
        shown: dict = {"url": None, "html": ""}
        context = browser.new_context()
        context.add_init_script(AXE.axe_script)
        auditor = context.new_page()
        auditor.route(lambda url: url.split("#")[0] == shown["url"],
                      lambda route: route.fulfill(status=200, content_type="text/html; charset=utf-8",
                                                  body=shown["html"]))
        auditor.route(lambda url: urlparse(url).path.endswith(".js"), lambda route: route.abort())
        AUDITORS[id(browser)] = auditor, shown
    return AUDITORS[id(browser)]


def violations(page) -> tuple[int, str]:
    if page.context.javascript_enabled:
        results = AXE.run(page)
        return results.violations_count, results.generate_report()
    auditor, shown = auditor_for(page.context.browser)
    shown.update(url=page.url.split("#")[0], html=re.sub(r"<(/?)noscript\b", r"<\1div", page.content()))
    if auditor.viewport_size != page.viewport_size:  # the same CSS applies (a round trip saved when it is so already)
        auditor.set_viewport_size(page.viewport_size)
    # Without the fragment: from "x" to "x#top" a browser only scrolls, and the last page would be audited.
    try:
        auditor.goto(shown["url"])
    except PlaywrightError as error:
        # The page as shown may refresh itself (a meta refresh, as a cleared kiosk screen does): its refresh
        # to the same address, answered with the same page, can overtake the first load.
        if "interrupted by another navigation" not in str(error):
            raise
        auditor.wait_for_load_state()
    results = AXE.run(auditor)
    return results.violations_count, results.generate_report()


def audit(page, what: str) -> None:
    """axe finds nothing on the page as shown (JavaScript on or off)."""
    count, report = violations(page)
    assert count == 0, f"{what}: {report}"
