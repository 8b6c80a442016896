"""The hand-off code (docs/decisions/0026-a-hand-off-ends-the-kiosk-session.md): whoever scans a "Continue on
your phone" code gets all the answers, and a person may walk away with it showing. A hand-off lasts one
minute: within it "Show the code again" makes a new code (the old one ends); once the minute passes unused,
the screen is cleared as Finish clears it, and nothing of the person is left to show again. The code is
short enough to type, in any case, and a phone gets only a few tries."""
from __future__ import annotations

import re

from wizard.store.retention import moment_ago
from wizard.web.edge.state import store
from wizard.web.kiosk.handoff import code_hash

from tests.support.html import parse, refresh, texts
from tests.support.kiosk import SECRET_NAME, handoff_link, kiosk_app, kiosk_result


def a_minute_passes(client) -> None:
    """The hand-off's clock, moved on by a minute and a second (no one waits a minute in a test)."""
    with client.session_transaction() as session:
        session["handoff"] = {**session["handoff"], "started_at": session["handoff"]["started_at"] - 61}


def still_open(app, link: str) -> bool:
    """The hand-off row is still there (claiming it finds an interview id), whatever it would move."""
    with app.app_context():
        return store().claim_handoff(code_hash(link.removeprefix("/handoff/")), moment_ago(0)) is not None


def test_a_code_unused_for_a_minute_is_gone_and_the_screen_is_cleared(tmp_path, book):
    app = kiosk_app(tmp_path, book)
    kiosk, phone = app.test_client(), app.test_client()
    ident = kiosk_result(app, kiosk, book, applicant_name=SECRET_NAME)
    link = handoff_link(kiosk, ident)
    page = kiosk.get(f"/i/{ident}/handoff")
    assert 55 <= int(parse(page).select_one("[data-handoff-code]")["data-shown-for"]) <= 60  # the page's timer
    assert "The code works once, for one minute." in page.get_data(as_text=True)
    a_minute_passes(kiosk)
    later = kiosk.get(f"/i/{ident}/handoff")  # the page's reload, or its no-JavaScript refresh
    assert later.status_code == 404 and texts(later, "h1") == ["This screen was cleared"]
    assert not parse(later).select("img.qr__image") and not texts(later, ".link-text")
    again = kiosk.post(f"/i/{ident}/handoff", follow_redirects=True)  # "Show the code again", too late
    shown = again.get_data(as_text=True)
    assert texts(again, "h1") == ["This screen was cleared"] and SECRET_NAME not in shown
    assert not parse(again).select("img.qr__image") and "/handoff/" not in shown
    with app.app_context():
        assert store().get(ident) is None  # deleted, as Finish deletes it
    assert not still_open(app, link) and phone.get(link).status_code == 410


def test_within_the_minute_a_new_code_ends_the_old_one_and_keeps_the_minute(tmp_path, book):
    app = kiosk_app(tmp_path, book)
    kiosk, phone = app.test_client(), app.test_client()
    ident = kiosk_result(app, kiosk, book)
    link = handoff_link(kiosk, ident)
    with kiosk.session_transaction() as session:
        started = session["handoff"]["started_at"]
    (again,) = [b for b in parse(kiosk.get(f"/i/{ident}/handoff")).select("main form button")
                if b.get_text(strip=True) == "Show the code again"]
    assert again.find_parent("form")["action"] == f"/i/{ident}/handoff"
    new_link = handoff_link(kiosk, ident)  # pressing it
    assert new_link != link
    with kiosk.session_transaction() as session:
        assert session["handoff"]["started_at"] == started  # a new code is not a new minute
    assert phone.get(link).status_code == 410  # the code that left the screen opens nothing now
    assert phone.get(new_link).status_code == 303


def test_the_code_is_short_typed_in_any_case_and_a_phone_gets_few_tries(tmp_path, book):
    app = kiosk_app(tmp_path, book)
    kiosk, phone = app.test_client(), app.test_client()
    link = handoff_link(kiosk, kiosk_result(app, kiosk, book))
    code = link.removeprefix("/handoff/")
    assert re.fullmatch(r"[2-9A-HJKMNP-TW-Z]{4}-[2-9A-HJKMNP-TW-Z]{4}", code)  # no 0/O, 1/I/L to confuse
    refused = [phone.get(f"/handoff/{guess}").status_code for guess in ("AAAA-AAAA", "BBBB-BBBB")]
    assert refused == [410, 410]
    assert phone.get(f"/handoff/{code.lower().replace('-', ' ')}").status_code == 303  # as typed on a phone
    stranger = app.test_client()
    statuses = [stranger.get(f"/handoff/{n:04d}-ZZZZ").status_code for n in range(25)]
    # The test clients share one address, the phone's: 3 of its 20 tries an hour are used.
    assert statuses[:17] == [410] * 17 and set(statuses[17:]) == {429}


def test_back_to_the_result_ends_the_hand_off_and_keeps_the_answers(tmp_path, book):
    app = kiosk_app(tmp_path, book)
    kiosk, phone = app.test_client(), app.test_client()
    ident = kiosk_result(app, kiosk, book)
    link = handoff_link(kiosk, ident)
    response = kiosk.post(f"/i/{ident}/handoff/back")
    assert response.headers["Location"].endswith(f"/i/{ident}/result")
    with kiosk.session_transaction() as session:
        assert "handoff" not in session  # no minute running: the screen is not cleared for it
    assert kiosk.get(f"/i/{ident}/result").status_code == 200
    assert phone.get(link).status_code == 410


def test_a_screen_closed_with_its_code_showing_is_swept_when_the_minute_ends(tmp_path, book):
    app = kiosk_app(tmp_path, book)
    kiosk = app.test_client()
    ident = kiosk_result(app, kiosk, book)
    handoff_link(kiosk, ident)
    with app.app_context():
        assert store().delete_idle(moment_ago(3600), moment_ago(0)) == 0  # within its minute: kept
        assert store().delete_idle(moment_ago(3600), moment_ago(-61)) == 1  # a minute on: deleted
        assert store().get(ident) is None


def test_clearing_the_screen_forgets_its_code(tmp_path, book):
    app = kiosk_app(tmp_path, book)
    kiosk = app.test_client()
    link = handoff_link(kiosk, kiosk_result(app, kiosk, book))
    kiosk.post("/kiosk/clear")
    assert not still_open(app, link)
