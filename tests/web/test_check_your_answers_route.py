"""Check your answers lists only the answers of the route the organizer is on now: a festival of 3,000
changed to 80 people needs no permit, and the page shows what a new 80-person interview would have asked,
while the festival's answers stay stored and come back when the crowd is changed back."""
from __future__ import annotations

import re

from tests.support.html import parse, texts
from tests.support.posting import STEP, step_data
from tests.support.stories import BIG_FESTIVAL
from tests.support.walks import walk

SMALL = {"max_attendance": "80", "total_attendance": "80"}
FESTIVAL = {"max_attendance": "3000", "total_attendance": "3000"}


def answered(client, ident: str) -> list[str]:
    return texts(client.get(f"/i/{ident}/check").get_data(as_text=True), ".summary-list__key")


def walk_to_the_end(client, book, story: dict) -> str:
    """A new Whitesboro interview answered with the story until it shows no more questions."""
    location = client.post("/start", data={"jurisdiction": "whitesboro-ny"}).headers["Location"]
    while STEP.search(location):
        location = client.post(location, data=step_data(book, "whitesboro-ny", location, story)).headers["Location"]
    return re.search(r"/i/([^/]+)/", location).group(1)


def change_crowd(client, ident: str, crowd: dict) -> None:
    response = client.post(f"/i/{ident}/step/crowd?return=check", data=crowd)
    assert response.status_code == 303


def test_the_check_page_lists_only_the_small_events_answers_and_keeps_the_festivals(client, book):
    festival = {**BIG_FESTIVAL, "max_attendance": 3000, "total_attendance": 3000}
    ident, _shown = walk(client, book, "whitesboro-ny", festival)
    at_3000 = answered(client, ident)
    fresh = walk_to_the_end(client, book, {**festival, "max_attendance": 80, "total_attendance": 80})
    at_80_fresh = answered(client, fresh)

    change_crowd(client, ident, SMALL)
    page = client.get(f"/i/{ident}/check").get_data(as_text=True)
    assert texts(page, ".summary-list__key") == at_80_fresh
    assert len(at_80_fresh) < 10 < len(at_3000)
    assert not parse(page).select("a[href*='/step/officers']")
    assert "You do not need a permit" in client.get(f"/i/{ident}/result").get_data(as_text=True)

    change_crowd(client, ident, FESTIVAL)  # changing back: every festival answer is there again
    assert answered(client, ident) == at_3000
