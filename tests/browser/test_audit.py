"""The audit of a JavaScript-off page (tests/browser/audit.py) reports what axe finds on the page as
that browser holds it, each page anew, though one auditor page serves every audit."""
from __future__ import annotations

from tests.browser.audit import violations

BAD = '<!doctype html><html lang="en"><head><title>Bad</title></head><body><main><img src="x.png"></main></body></html>'
GOOD = ('<!doctype html><html lang="en"><head><title>Good</title></head><body><main><h1>Fine</h1>'
        '<img src="x.png" alt="A fine picture"></main></body></html>')


def serving(html: str):
    return lambda route: route.fulfill(status=200, content_type="text/html; charset=utf-8", body=html)


def test_a_javascript_off_page_is_audited_as_shown_each_time(page_no_js, live_server):
    for path, html in (("/audit-bad", BAD), ("/audit-good", GOOD), ("/audit-bad-again", BAD)):
        page_no_js.route(f"{live_server}{path}", serving(html))
        page_no_js.goto(f"{live_server}{path}")
        count, report = violations(page_no_js)
        if html is BAD:
            assert count > 0 and "image-alt" in report, path
        else:
            assert count == 0, report
