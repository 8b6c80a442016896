"""Kiosk screens, which keep nothing of a person
(docs/decisions/0010-the-kiosk-keeps-nothing-of-a-person.md): one server for the public and enrolled
screens, starting again clears the last person, the browser is asked to remember nothing, and nothing
turns a screen private."""
from __future__ import annotations

import re

from click.testing import CliRunner

from wizard.cli import main
from wizard.web.kiosk.screens import SCREEN_COOKIE
from wizard.web.edge.state import store

from tests.support.html import links, refresh
from tests.support.kiosk import kiosk_app, kiosk_result
from tests.support.kiosk import enrol, public_app, SECRET_NAME, started, text_boxes


def answer_contact_details(client, ident: str) -> None:
    response = client.post(f"/i/{ident}/step/applicant", data={
        "applicant_name": SECRET_NAME, "applicant_age": "40", "applicant_address": "9 Secret Lane, Baroda, MI 49101",
        "applicant_phone": "555-0199", "applicant_email": "quentin@example.org"})
    assert response.status_code == 303, response.get_data(as_text=True)


def test_a_new_interview_on_the_screen_clears_the_last_persons(tmp_path, book):
    app = kiosk_app(tmp_path, book)
    screen = app.test_client()
    first = kiosk_result(app, screen, book, applicant_name=SECRET_NAME)
    assert SECRET_NAME in screen.get(f"/i/{first}/step/applicant").get_data(as_text=True)
    assert screen.get("/").status_code == 200  # the next person taps "Start a new interview"
    with app.app_context():
        assert store().get(first) is None
    for step in ("applicant", "event", "site-details"):
        page = screen.get(f"/i/{first}/step/{step}")  # Back, three times
        assert page.status_code == 404 and SECRET_NAME not in page.get_data(as_text=True)
        assert "This screen was cleared" in page.get_data(as_text=True)


def test_back_into_an_earlier_persons_pages_keeps_the_present_persons_work(tmp_path, book):
    app = kiosk_app(tmp_path, book)
    screen = app.test_client()
    earlier = kiosk_result(app, screen, book)
    present = started(screen)  # a new interview: the earlier one is cleared
    assert "This screen was cleared" in screen.get(f"/i/{earlier}/result").get_data(as_text=True)
    assert screen.get(f"/i/{present}/step/land").status_code == 200
    with app.app_context():
        assert store().get(present) is not None


def test_every_text_box_on_a_kiosk_screen_asks_the_browser_to_remember_nothing(tmp_path, book):
    app = kiosk_app(tmp_path, book)
    screen = app.test_client()
    ident = started(screen)
    pages = [screen.get(f"/i/{ident}/step/{s['step']}").get_data(as_text=True)
             for s in book.jurisdictions["baroda-mi"].steps]
    pages.append(screen.get("/for/baroda-mi?event_name=Fair&site_address=1+Main").get_data(as_text=True))
    boxes = [box for page in pages for box in text_boxes(page)]
    assert len(boxes) > 15
    assert all(box.get("autocomplete") == "off" for box in boxes), [b.attrs for b in boxes if b.get("autocomplete") != "off"]
    # An organizer's own browser still gets the autofill hints.
    home = public_app(tmp_path, book).test_client()
    ident = started(home)
    hints = {box.get("autocomplete") for box in text_boxes(home.get(f"/i/{ident}/step/applicant"))}
    assert {"name", "street-address", "tel", "email"} <= hints


def test_one_server_serves_an_enrolled_screen_and_the_public(tmp_path, book):
    app = public_app(tmp_path, book)
    screen, home = app.test_client(), app.test_client()
    enrol(app, screen)
    on_screen = started(screen)
    at_home = started(home)
    screen_page = screen.get(f"/i/{on_screen}/step/land").get_data(as_text=True)
    home_page = home.get(f"/i/{at_home}/step/land").get_data(as_text=True)
    assert "Finish and clear the screen" in screen_page and "Finish and clear the screen" not in home_page
    # The public's header is drawn once (pages.site_part); the screen's, with its form, every time.
    assert "Finish and clear the screen" in screen.get(f"/i/{on_screen}/step/land").get_data(as_text=True)
    assert "Finish and clear the screen" not in home.get(f"/i/{at_home}/step/land").get_data(as_text=True)
    assert home.get(f"/i/{on_screen}/step/land").status_code == 404  # only the screen opens its interview
    assert screen.get(f"/i/{at_home}/step/land").status_code == 404
    screen.post("/kiosk/clear")
    with app.app_context():
        assert store().get(on_screen) is None and store().get(at_home) is not None


def test_a_kiosk_link_works_once(tmp_path, book):
    app = public_app(tmp_path, book)
    result = CliRunner().invoke(main, ["kiosk-link", "--db", app.config["DATABASE"],
                                       "--public-url", "https://permits.example.org"])
    link = result.output.split()[0]
    assert link.startswith("https://permits.example.org/kiosk/enrol/")
    path = link.removeprefix("https://permits.example.org")
    first, second = app.test_client(), app.test_client()
    assert first.post(path).status_code == 303
    refused = second.post(path)
    assert refused.status_code == 410 and SCREEN_COOKIE not in refused.headers.get("Set-Cookie", "")
    assert second.get("/kiosk/enrol/made-up").status_code == 410


def test_a_forged_screen_cookie_is_no_screen(tmp_path, book):
    app = public_app(tmp_path, book)
    client = app.test_client()
    client.set_cookie(SCREEN_COOKIE, "screen-of-my-own")
    assert "Finish and clear the screen" not in client.get("/").get_data(as_text=True)


def test_a_hand_off_link_opened_on_the_screen_leaves_it_a_kiosk(tmp_path, book):
    app = kiosk_app(tmp_path, book)
    screen = app.test_client()
    screen.get("/")  # the screen's first page gives it its cookie
    ident = kiosk_result(app, screen, book)
    page = screen.get(screen.post(f"/i/{ident}/handoff").headers["Location"]).get_data(as_text=True)
    path = re.search(r"https://kiosk\.example\.org(/handoff/[A-Za-z0-9_-]+)", page).group(1)
    refused = screen.get(path)
    assert refused.status_code == 403 and "Open this link on your phone" in refused.get_data(as_text=True)
    assert "Finish and clear the screen" in screen.get(f"/i/{ident}/result").get_data(as_text=True)
    phone = app.test_client()
    assert phone.get(path).status_code == 303  # the link still works for the phone


def test_the_screen_offers_no_import_no_clerks_builder_and_no_come_back_later(tmp_path, book):
    app = kiosk_app(tmp_path, book)
    screen = app.test_client()
    start = screen.get("/").get_data(as_text=True)
    assert not [link for link in links(start) if link.startswith(("/import", "/clerks"))]
    assert "using the web address" not in start
    for path in ("/import", "/clerks", "/clerks/handout?jurisdiction=baroda-mi"):
        response = screen.get(path)
        assert response.status_code == 404 and "Not on this screen" in response.get_data(as_text=True)
    home = public_app(tmp_path, book).test_client().get("/").get_data(as_text=True)
    assert {"/import", "/clerks"} <= set(links(home))


def test_without_javascript_are_you_still_there_comes_before_the_clear(tmp_path, book):
    app = kiosk_app(tmp_path, book)
    screen = app.test_client()
    ident = started(screen)
    page = screen.get(f"/i/{ident}/step/land").get_data(as_text=True)
    seconds, target = refresh(page)
    assert seconds == 90  # 120 seconds idle, less the 30 of the warning
    still = screen.get(target).get_data(as_text=True)
    assert "Are you still there?" in still and f"/i/{ident}/step/land" in links(still, "a.button")  # Keep going
    assert refresh(still) == (30, "/kiosk/timeout")
    with app.app_context():
        assert store().get(ident) is not None  # nothing is cleared until the warning has passed
    assert links(screen.get("/kiosk/still-there?next=//evil.example/x"), "a.button") == ["/"]


def test_the_new_interview_limit_counts_per_screen(tmp_path, book):
    app = public_app(tmp_path, book, NEW_INTERVIEWS_PER_HOUR=2)
    first, second = app.test_client(), app.test_client()  # two screens in one hall: one address
    enrol(app, first)
    enrol(app, second)
    for _ in range(2):
        assert first.post("/start", data={"jurisdiction": "baroda-mi"}).status_code == 303
    assert first.post("/start", data={"jurisdiction": "baroda-mi"}).status_code == 429
    assert second.post("/start", data={"jurisdiction": "baroda-mi"}).status_code == 303


def test_without_javascript_the_screens_print_view_says_how_to_print(tmp_path, book):
    app = kiosk_app(tmp_path, book)
    screen = app.test_client()
    page = screen.get(f"/i/{kiosk_result(app, screen, book)}/print").get_data(as_text=True)
    assert "press the Ctrl and P keys together" in page  # a kiosk browser has no Print menu


def test_a_kiosk_screen_does_not_take_files_to_send_an_application(tmp_path, book):
    """Attaching documents means choosing files on this computer: the organizer sends from their own."""
    app = kiosk_app(tmp_path, book)
    screen = app.test_client()
    ident = started(screen)
    for method, path in (("get", f"/i/{ident}/send"), ("post", f"/i/{ident}/send"), ("post", f"/i/{ident}/uploads")):
        response = getattr(screen, method)(path)
        assert response.status_code == 404 and "Not on this screen" in response.get_data(as_text=True), path
