"""A kiosk served for the browser and a screen started on it."""
from __future__ import annotations

from wizard.web.app import create_app

from tests.browser.story import wait_for_new_content


def kiosk_server(serve_app, tmp_path, book, idle: int, **config) -> str:
    app = create_app({"DATABASE": str(tmp_path / "k.db"), "SECRET_KEY": "k", "RULEBOOK": book,
                      "KIOSK": True, "KIOSK_IDLE_SECONDS": idle, **config})
    base = serve_app(app)
    app.config["PUBLIC_URL"] = base  # the address a phone reaches the kiosk's server at
    return base


def start(page, base: str) -> str:
    page.goto(f"{base}/for/baroda-mi")
    wait_for_new_content(page, lambda: page.get_by_role("button", name="Start now").click())
    assert "/step/" in page.url
    return page.url
