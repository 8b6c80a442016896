"""Print workers (docs/decisions/0007-print-workers.md), in Chromium: a packet not made yet is a "being
prepared" page that asks again by itself, with JavaScript and without, and the PDF downloads onto that
page when it is made."""
from __future__ import annotations

import pytest

from wizard.packet import cache
from wizard.web.app import create_app
from wizard.web.edge.state import store

from tests.support.packet import festival


@pytest.mark.parametrize("javascript", [False, True], ids=["no-js", "js"])
def test_the_download_link_shows_the_page_then_downloads_the_packet(browser, serve_app, book, tmp_path,
                                                                  monkeypatch, javascript):
    app = create_app({"TESTING": True, "RULEBOOK": book, "DATABASE": str(tmp_path / "wizard.db"),
                      "SECRET_KEY": "test-secret", "PACKET_PREFETCH": False})
    with app.app_context():
        interview_id = store().create(festival("baroda-mi", book, event_name=f"Prepared Fair {javascript}")).id
    base = serve_app(app)
    context = browser.new_context(accept_downloads=True, java_script_enabled=javascript)
    try:
        page = context.new_page()
        page.set_content(f'<a href="{base}/i/{interview_id}/packet.pdf">Download the packet (PDF)</a>')
        monkeypatch.setattr(cache, "WAIT_SECONDS", 0.05)  # the first request does not wait for the packet
        monkeypatch.setattr(cache, "FIRST_WAIT_SECONDS", 0.05)
        with page.expect_download(timeout=120_000) as download:
            page.get_by_role("link", name="Download the packet (PDF)").click(no_wait_after=True)
            page.get_by_role("heading", name="Your packet is being prepared").wait_for(timeout=60_000)
            monkeypatch.setattr(cache, "WAIT_SECONDS", 120)  # its refresh waits for the packet
            monkeypatch.setattr(cache, "FIRST_WAIT_SECONDS", 120)
        assert download.value.suggested_filename == f"baroda-mi-prepared-fair-{str(javascript).lower()}-packet.pdf"
        assert page.get_by_role("heading", name="Your packet is being prepared").is_visible()  # the page stays
    finally:
        context.close()
