"""A Spanish step page, in a browser, keeps the ordinance's words in English, marked `lang="en"`, with
the gloss beside them (docs/decisions/0002-spanish-beside-the-law.md), and has no axe violation,
JavaScript on or off. The language is set for each request by the test app (the X-Test-Language header)
until the organizer's own choice is wired at the web edge."""
from __future__ import annotations

import threading

import pytest
from flask import request
from werkzeug.serving import make_server

from wizard import language
from wizard.authoring.loader import load_rulebook
from wizard.web.app import create_app
from wizard.web.edge.state import store

from tests.support.language import baroda_in_two_languages
from tests.browser.audit import violations


@pytest.fixture(scope="module")
def spanish_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("spanish")
    rules = folder / "rules"
    baroda_in_two_languages(rules)
    app = create_app({"DATABASE": str(folder / "wizard.db"), "SECRET_KEY": "browser-test-secret",
                      "RULEBOOK": load_rulebook([rules]), "PACKET_PREFETCH": False})
    tokens = []

    @app.before_request
    def in_the_language_asked():
        tokens.append(language.set_for_request(request.headers.get("X-Test-Language", "en")))

    @app.teardown_request
    def back(_error):
        if tokens:
            language.reset(tokens.pop())

    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield app, f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    app.extensions["interview_store"].close()


@pytest.mark.parametrize("javascript", [True, False])
def test_a_spanish_page_quoting_the_law_is_accessible(browser, spanish_server, javascript):
    app, url = spanish_server
    with app.app_context():
        interview = store().create({"jurisdiction": "baroda-mi"})
    context = browser.new_context(viewport={"width": 1100, "height": 900}, java_script_enabled=javascript,
                                  extra_http_headers={"X-Test-Language": "es"})
    try:
        page = context.new_page()
        page.context.javascript_enabled = javascript  # what the audit reads (tests/browser/audit.py)
        page.goto(f"{url}/i/{interview.id}/step/land")
        quote = page.locator(".why q[lang=en]")
        assert quote.inner_text() == "mass gathering"
        assert "«reunión masiva»" in page.locator(".why .gloss").inner_text()
        count, report = violations(page)
        assert count == 0, report
    finally:
        context.close()
