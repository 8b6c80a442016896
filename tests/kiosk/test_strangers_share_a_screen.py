"""Kiosk mode: strangers share one screen; nobody can reach the previous person's answers."""
from __future__ import annotations

import pytest

from wizard.web.app import create_app

from tests.support.html import parse, refresh


@pytest.fixture
def kiosk_app(tmp_path, book):
    return create_app({"DATABASE": str(tmp_path / "k.db"), "SECRET_KEY": "k", "WTF_CSRF_ENABLED": False,
                       "RULEBOOK": book, "KIOSK": True, "KIOSK_IDLE_SECONDS": 120})


def test_an_interview_opens_only_in_the_session_that_started_it(kiosk_app):
    first, second = kiosk_app.test_client(), kiosk_app.test_client()
    url = first.post("/start", data={"jurisdiction": "baroda-mi"}).headers["Location"]
    assert first.get(url).status_code == 200
    assert second.get(url).status_code == 404  # the next person, or anyone with the link


def test_finish_clears_the_screen_and_deletes_the_answers(kiosk_app):
    client = kiosk_app.test_client()
    url = client.post("/start", data={"jurisdiction": "baroda-mi"}).headers["Location"]
    page = client.get(url).get_data(as_text=True)
    assert "Finish and clear the screen" in page and parse(page).body["data-kiosk-idle"] == "120"
    seconds, target = refresh(page)  # no-JS: "still there?" first
    assert seconds == 90 and target.startswith("/kiosk/still-there?next=")
    response = client.post("/kiosk/clear")
    assert response.headers["Location"] == "/"
    assert client.get(url).status_code == 404
    assert "cleared from this screen" in client.get("/").get_data(as_text=True)


def test_idle_timeout_without_javascript_clears_too(kiosk_app):
    client = kiosk_app.test_client()
    url = client.post("/start", data={"jurisdiction": "dekalb-il"}).headers["Location"]
    client.get("/kiosk/timeout")
    assert client.get(url).status_code == 404


def test_normal_mode_has_no_kiosk_controls(client):
    page = client.get("/").get_data(as_text=True)
    assert "Finish and clear the screen" not in page and not parse(page).body.has_attr("data-kiosk-idle")
