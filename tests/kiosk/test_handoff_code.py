"""The hand-off code (docs/decisions/0010-the-kiosk-keeps-nothing-of-a-person.md): whoever scans a
"Continue on your phone" code gets all the answers, and a screen may be left with it showing: the code
shows for two minutes, then "Show the code again" takes its place (with JavaScript off too), a new code
ends the old one, and so does clearing the screen."""
from __future__ import annotations

import hashlib

from wizard.store.retention import moment_ago
from wizard.web.edge.state import store

from tests.support.html import parse, refresh, texts
from tests.support.kiosk import handoff_link, kiosk_app, kiosk_result


def two_minutes_pass(client) -> None:
    with client.session_transaction() as session:
        session["handoff"] = {**session["handoff"], "shown_at": session["handoff"]["shown_at"] - 121}


def still_open(app, link: str) -> bool:
    """The hand-off row is still there (claiming it finds an interview id), whatever it would move."""
    token = link.removeprefix("/handoff/")
    with app.app_context():
        return store().claim_handoff(hashlib.sha256(token.encode()).hexdigest(), moment_ago(0)) is not None


def test_the_code_leaves_the_screen_after_two_minutes_and_a_new_one_ends_it(tmp_path, book):
    app = kiosk_app(tmp_path, book)
    kiosk, phone = app.test_client(), app.test_client()
    ident = kiosk_result(app, kiosk, book)
    link = handoff_link(kiosk, ident)
    page = kiosk.get(f"/i/{ident}/handoff")
    assert 110 <= int(parse(page).select_one("[data-handoff-code]")["data-shown-for"]) <= 120  # the page's timer
    assert "The code shows for 2 minutes" in page.get_data(as_text=True)
    two_minutes_pass(kiosk)
    later = kiosk.get(f"/i/{ident}/handoff")
    assert later.status_code == 200
    assert not parse(later).select("img.qr__image") and not texts(later, ".link-text")
    assert link not in later.get_data(as_text=True)
    # Without JavaScript the page no longer reloads itself; the screen's own idle refresh is what is left.
    assert "/kiosk/still-there" in refresh(later)[1]
    (again,) = parse(later).select("main form button")
    assert again.get_text(strip=True) == "Show the code again"
    assert again.find_parent("form")["action"] == f"/i/{ident}/handoff"
    new_link = handoff_link(kiosk, ident)  # pressing it
    assert new_link != link
    assert phone.get(link).status_code == 410  # the code that left the screen opens nothing now
    assert phone.get(new_link).status_code == 303


def test_clearing_the_screen_forgets_its_code(tmp_path, book):
    app = kiosk_app(tmp_path, book)
    kiosk = app.test_client()
    link = handoff_link(kiosk, kiosk_result(app, kiosk, book))
    kiosk.post("/kiosk/clear")
    assert not still_open(app, link)
