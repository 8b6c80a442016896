"""Choosing the language (docs/decisions/0002-spanish-beside-the-law.md), through the real pages with
JavaScript off: `Accept-Language`, the switch on every organizer page (answers and place kept), the
choice kept with the interview, `<html lang>`, the office staying English, a kiosk's clear."""
from __future__ import annotations

import pytest

from wizard.web.app import create_app
from wizard.web.edge.state import store

from tests.support.stories import PATHS
from tests.support.html import field_values, links, parse, texts
from tests.support.posting import STEP, step_data
from tests.support.interview import interview_id, start

SPANISH = {"Accept-Language": "es-US,es;q=0.9,en;q=0.5"}


def lang(page) -> str:
    return parse(page).html["lang"]


def switch(page):
    found = parse(page).select_one("#language-switch")
    return found.select_one("a[lang], button[lang]")


def test_a_browser_that_asks_for_spanish_gets_spanish_and_one_that_does_not_english(client):
    assert lang(client.get("/", headers=SPANISH)) == "es"
    assert lang(client.get("/", headers={"Accept-Language": "fr-CA, es;q=0.4"})) == "es"
    assert lang(client.get("/", headers={"Accept-Language": "fr-CA, de"})) == "en"
    assert lang(client.get("/")) == "en"
    assert switch(client.get("/")).get_text(strip=True) == "Español" and switch(client.get("/"))["lang"] == "es"


def test_the_office_and_the_clerks_pages_stay_english(client):
    for path in ("/office/sign-in", "/clerks"):
        page = client.get(path, headers=SPANISH)
        assert page.status_code == 200 and lang(page) == "en" and parse(page).select_one("#language-switch") is None


def test_the_switch_link_keeps_the_page_and_the_choice_goes_with_the_interview(app, client):
    url = start(client, "dekalb-il")
    assert client.post(url, data={"starts_at": "7/16/2027", "starts_at_time": "2:00 PM",
                                  "ends_at": "7/17/2027", "ends_at_time": "10:00 PM"}).status_code == 303
    page = client.get("/")
    target = links(page, "#language-switch a")[0]
    assert target == "/language/es?next=/"
    back = client.get(target)
    assert back.status_code == 303 and back.headers["Location"] == "/"
    assert lang(client.get("/")) == "es"  # kept in this browser's session
    # The link on the check page of an interview: the same page, and the interview keeps the language.
    with app.app_context():
        ident = interview_id(url)
    there = client.get(f"/language/en?next=/i/{ident}/step/dates")
    assert there.headers["Location"] == f"/i/{ident}/step/dates"
    with app.app_context():
        assert store().get(ident).language == "en"
    client.get(f"/language/es?next=/i/{ident}/step/dates")
    with app.app_context():
        assert store().get(ident).language == "es"
    # Another browser, which asks for English, opens the interview: it speaks the interview's language.
    other = app.test_client()
    page = other.get(f"/i/{ident}/step/dates")
    # A saved date is shown with the month's name on a Spanish page: sent again, it is never asked back.
    assert lang(page) == "es" and field_values(page, "starts_at") == ["16 de julio de 2027"]


def test_an_interview_started_in_spanish_keeps_spanish(app):
    client = app.test_client()
    response = client.post("/start", data={"jurisdiction": "baroda-mi"}, headers=SPANISH)
    with app.app_context():
        assert store().get(interview_id(response.headers["Location"])).language == "es"


def test_the_switch_on_a_step_keeps_what_was_typed_and_not_yet_sent(app, client):
    url = start(client, "dekalb-il")
    button = switch(client.get(url))
    assert button.name == "button" and button["form"] == "step-form" and button["formmethod"] == "post"
    typed = {"starts_at": "7/16/2027", "starts_at_time": "2:00 PM", "ends_at": "7/17/2", "ends_at_time": ""}
    response = client.post(button["formaction"], data=typed)
    assert response.status_code == 303 and response.headers["Location"] == url
    page = client.get(url)
    assert lang(page) == "es"
    # What was typed is there, even the unfinished date, and no error is shown: nothing was sent.
    assert field_values(page, "starts_at") == ["7/16/2027"] and field_values(page, "ends_at") == ["7/17/2"]
    assert not parse(page).select(".error-message")
    with app.app_context():
        interview = store().get(interview_id(url))
        assert "starts_at" not in interview.answers and interview.language == "es"


def test_the_switch_answers_htmx_with_a_whole_page_load(client):
    url = start(client, "dekalb-il")
    button = switch(client.get(url))
    response = client.post(button["formaction"], data={"starts_at": "7/16/2027"}, headers={"HX-Request": "true"})
    assert response.status_code == 200 and response.headers["HX-Redirect"] == url
    # A step swapped in by htmx brings the switch for its own page (out of band).
    fragment = client.get(url, headers={"HX-Request": "true"}).get_data(as_text=True)
    assert parse(fragment).select_one("#language-switch")["hx-swap-oob"] == "true"


@pytest.mark.parametrize("next_value", ["https://evil.example/", "//evil.example", "javascript:alert(1)", ""])
def test_the_switch_never_leads_off_the_site(client, next_value):
    response = client.get("/language/es", query_string={"next": next_value})
    assert response.status_code == 303 and response.headers["Location"] == "/"


def test_an_unknown_language_is_not_found(client):
    assert client.get("/language/fr?next=/").status_code == 404


def test_a_kiosk_clear_returns_to_the_screens_own_language(tmp_path, book):
    app = create_app({"DATABASE": str(tmp_path / "k.db"), "SECRET_KEY": "k", "WTF_CSRF_ENABLED": False,
                      "RULEBOOK": book, "KIOSK": True, "SWEEPER": False})
    client = app.test_client()
    start_page = client.get("/")
    # The kiosk's start page offers both languages.
    assert {a.get_text(strip=True) for a in parse(start_page).select(".language-choice a")} == {"English", "Español"}
    assert not parse(start_page).select("#language-switch a")  # one way to choose, not two
    for htmx in ({}, {"HX-Request": "true"}):  # a swap to the start page takes the other page's switch away
        assert parse(client.get("/for/baroda-mi", headers=htmx)).select("#language-switch")
        assert not parse(client.get("/for/baroda-mi", headers=htmx)).select("#language-switch a")
    started = client.post("/start", data={"jurisdiction": "baroda-mi"}).headers["Location"]
    assert parse(client.get(started)).select("#language-switch button")  # the steps keep theirs
    client.get("/language/es?next=/")
    assert lang(client.get("/")) == "es"  # the start page's own clear keeps the person's choice
    client.post("/kiosk/clear")
    assert lang(client.get("/")) == "en"
    client.get("/language/es?next=/")
    client.get("/kiosk/timeout")
    assert lang(client.get("/")) == "en"


def test_the_switch_on_a_clerks_link_keeps_its_answers_only_when_the_site_signed_them(client):
    # An unsigned link's answers (anyone's typing) are not repeated in the page; the place is kept.
    page = client.get("/for/baroda-mi?max_attendance=abc&nonsense=1&return=check")
    assert links(page, "#language-switch a") == ["/language/es?next=/for/baroda-mi?return%3Dcheck"]


# Words of the frame and the interview's own pages that must not be left in English on a Spanish page.
ENGLISH_FRAME = ("Continue", "Why we ask", "Back", "Check your answers", "See your result", "What to do next",
                 "Download the packet", "Skip to main content", "Finished? Delete my answers", "Change")


def spanish_page(page) -> str:
    assert lang(page) == "es"
    words = {text for text in texts(page, "button, a, h1, h2, .why__title, summary, dt")}
    assert not words & set(ENGLISH_FRAME), words & set(ENGLISH_FRAME)
    return page.get_data(as_text=True)


@pytest.mark.parametrize("story_path", ["dekalb-festival", "whitesboro-festival"])
def test_a_browser_asking_for_spanish_reads_every_step_the_check_page_and_the_result_in_spanish(app, book, story_path):
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "es-US,es;q=0.9"
    jurisdiction, story = PATHS[story_path][0], PATHS[story_path][1]
    assert "Empezar ahora" in spanish_page(client.get(f"/for/{jurisdiction}"))
    location = client.post("/start", data={"jurisdiction": jurisdiction}).headers["Location"]
    while (match := STEP.search(location)) is not None:
        page = spanish_page(client.get(location))
        assert texts(page, ".why__title") == ["Por qué preguntamos"] and "Continuar" in texts(page, "button")
        response = client.post(location, data=step_data(book, jurisdiction, location, story))
        assert response.status_code == 303, match.group(2)
        location = response.headers["Location"]
    check = spanish_page(client.get(location))
    assert texts(check, "h1") == ["Revise sus respuestas"] and "Cambiar" in " ".join(texts(check, "a"))
    result = spanish_page(client.get(location.replace("/check", "/result")))
    assert "Qué hacer ahora" in texts(result, "h2")
    # Long dates as es_US writes them: "sábado, 17 de julio de 2027".
    assert any(" de 2027" in day and day.split(",")[0] in SPANISH_WEEKDAYS for day in texts(result, "strong"))


SPANISH_WEEKDAYS = {"lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"}


def test_the_typed_date_field_in_spanish_takes_what_its_hint_shows_and_asks_back_an_ambiguous_day(app):
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "es-US"
    url = start(client, "dekalb-il")
    page = client.get(url)
    assert texts(page, ".hint")[0] == "Mes/día/año, como 7/16/2027 o 16 de julio de 2027"
    # Either day: 5/7/2027 is May 7 to the hint and July 5 to much of the Spanish-speaking world.
    asked = client.post(url, data={"starts_at": "5/7/2027", "starts_at_time": "2:00 p. m.",
                                   "ends_at": "5/7/2027", "ends_at_time": "10:00 p. m."}, follow_redirects=True)
    errors = " ".join(texts(asked, ".error-message"))
    assert "7 de mayo de 2027" in errors and "5 de julio de 2027" in errors
    saved = client.post(url, data={"starts_at": "16 de julio de 2027", "starts_at_time": "2:00 p. m.",
                                   "ends_at": "julio 17, 2027", "ends_at_time": "10:00 p. m."})
    assert saved.status_code == 303
    with app.app_context():
        answers = store().get(interview_id(url)).answers
    assert answers["starts_at"] == "2027-07-16T14:00" and answers["ends_at"] == "2027-07-17T22:00"
    # The same saved dates, shown again, go through unchanged.
    again = client.get(url)
    assert field_values(again, "starts_at") == ["16 de julio de 2027"]
    assert client.post(url, data={"starts_at": "16 de julio de 2027", "starts_at_time": "2:00 PM",
                                  "ends_at": "17 de julio de 2027", "ends_at_time": "10:00 PM"}).status_code == 303


def test_what_the_memos_keep_never_crosses_from_one_language_to_the_other(app, book):
    """The frame's pieces, a drawn question of options and a step's form class are kept once per
    value: each is kept per language too, so Spanish never shows on an English page nor back."""
    spanish, english = app.test_client(), app.test_client()
    spanish.environ_base["HTTP_ACCEPT_LANGUAGE"] = "es-US"
    steps = []
    for client in (spanish, english):
        location = client.post("/start", data={"jurisdiction": "baroda-mi"}).headers["Location"]
        steps.append(location)
    for _ in range(2):  # the second round reads what the first one kept
        for client, url, words, other in (
                (spanish, steps[0], {"Continuar", "Empezar de nuevo"}, {"Continue", "Start a new interview"}),
                (english, steps[1], {"Continue", "Start a new interview"}, {"Continuar", "Empezar de nuevo"})):
            shown = set(texts(client.get(url), "button, a"))
            assert words <= shown and not other & shown, shown
            # A step posted with an error, its form made from the kept class: the summary is the page's.
            title = texts(client.post(url, data={}, follow_redirects=True), ".error-summary__title")
            assert title == (["Hay un problema"] if "Continuar" in words else ["There is a problem"])
