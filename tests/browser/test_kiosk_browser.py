"""In a real browser, the kiosk's idle timer clears the screen for the next person."""
from __future__ import annotations

import threading

from werkzeug.serving import make_server

from wizard.web.app import create_app

from .story import wait_for_new_content


def test_idle_screen_is_cleared(browser, tmp_path, book):
    app = create_app({"DATABASE": str(tmp_path / "k.db"), "SECRET_KEY": "k", "RULEBOOK": book,
                      "KIOSK": True, "KIOSK_IDLE_SECONDS": 2})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    context = browser.new_context()
    page = context.new_page()
    try:
        base = f"http://127.0.0.1:{server.server_port}"
        page.goto(f"{base}/for/baroda-mi")
        wait_for_new_content(page, lambda: page.get_by_role("button", name="Start now").click())
        interview_url = page.url
        assert "/step/" in interview_url
        page.wait_for_selector("text=The screen was cleared because no one had used it", timeout=10_000)
        page.goto(interview_url)
        assert page.locator("h1").inner_text() == "Page not found"
    finally:
        context.close()
        server.shutdown()
