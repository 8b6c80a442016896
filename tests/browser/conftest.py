"""Browser fixtures: the real app served on a loopback port, driven by Debian's Chromium."""
from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner
from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

from wizard.cli import main as wizard_command
from wizard.web.app import create_app

from tests.support.office import CHEAP_HASH

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 320, "height": 700}  # the narrowest phone the pages are checked at
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run",
]


OFFICE_CLERK = "clerk@example.org"  # the clerk of the `office` fixture
BROWSER_TESTS = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items):
    """Mark the tests in this folder (the hook sees every collected test): `-m "not browser"` runs the rest."""
    for item in items:
        if BROWSER_TESTS in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def live_app(tmp_path_factory):
    app = create_app({
        "DATABASE": str(tmp_path_factory.mktemp("live") / "wizard.db"),
        "SECRET_KEY": "browser-test-secret",
        # One address (127.0.0.1) plays every organizer of the whole browser suite on this server.
        "NEW_INTERVIEWS_PER_HOUR": 100_000, "ANSWERS_PER_HOUR": 1_000_000,
        # As in tests/conftest.py: most stories finish an interview and never download its packet, and
        # each finish would print one (seconds of CPU) in a worker; tests/packet/test_cache.py tests prefetching.
        "PACKET_PREFETCH": False,
    })
    return app


@pytest.fixture(scope="session")
def live_server(live_app):
    server = make_server("127.0.0.1", 0, live_app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()


def desktop_page(browser, **options):
    """A page in a fresh browser context at desktop width; the context is closed after the test."""
    context = browser.new_context(viewport={"width": 1100, "height": 900}, **options)
    context.javascript_enabled = options.get("java_script_enabled", True)  # what the audit reads
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture
def page(browser):
    yield from desktop_page(browser)


@pytest.fixture
def page_no_js(browser):
    yield from desktop_page(browser, java_script_enabled=False)


@pytest.fixture
def phone_pages(browser):
    """`phone_pages()` opens a new page in a fresh browser context at phone width (a second device,
    or a new person at the kiosk); every context is closed after the test."""
    opened = []

    def new_page(**options):
        context = browser.new_context(viewport=PHONE, **options)
        opened.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        return page

    yield new_page
    for context in opened:
        context.close()


@pytest.fixture
def serve_app():
    """Start an app of a test's own (kiosk mode, an office card...) on a loopback port; stopped after the test."""
    servers = []

    def serve(app) -> str:
        server = make_server("127.0.0.1", 0, app, threaded=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_port}"

    yield serve
    for server in servers:
        server.shutdown()


@pytest.fixture
def office_for(tmp_path, smtp, serve_app):
    """`office_for(clerk, jurisdiction, secret)`: the wizard with mail through the real SMTP server
    (`smtp`), served on a loopback port, and a clerk added with `wizard clerk add`; returns the base
    URL, the one-time password link it printed, the inbox and the app."""
    controller, inbox = smtp
    apps = []

    def serve(clerk: str, jurisdiction: str, secret: str):
        db = tmp_path / "office.db"
        app = create_app({"DATABASE": str(db), "SECRET_KEY": secret, "SMTP_HOST": "127.0.0.1",
                          "SMTP_PORT": controller.port, "MAIL_FROM": "permits@example.org",
                          "PASSWORD_HASH_METHOD": CHEAP_HASH})
        apps.append(app)
        base = serve_app(app)
        app.config["PUBLIC_URL"] = base  # the links in the mail
        # `wizard clerk add` in this process (click's runner): the same command, without starting Python again.
        added = CliRunner().invoke(wizard_command, ["clerk", "add", clerk, "--jurisdiction", jurisdiction,
                                                    "--db", str(db), "--public-url", base])
        assert added.exit_code == 0, added.output
        return base, re.search(r"http://\S+/office/password/\S+", added.output).group(0), inbox, app

    yield serve
    for app in apps:
        app.extensions["interview_store"].close()


@pytest.fixture
def office(office_for):
    """A Baroda office with one clerk (OFFICE_CLERK): base URL, password link, inbox, app."""
    return office_for(OFFICE_CLERK, "baroda-mi", "office-story")
