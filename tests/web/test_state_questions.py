"""The State's questions asked in the town's interview (interviews/layers/): as steps of the same
pages, only when their `ask_if` holds, even after the village exempts the event, with JavaScript on
(htmx) and off, on the kiosk, in Check your answers, corrected, resumed, in English and Spanish;
and the result page lists the State's permits the answers call for."""
from __future__ import annotations

import re

from tests.support.html import parse
from tests.support.interview import interview_id, start
from tests.support.kiosk import kiosk_app
from tests.support.organizer import dated  # noqa: F401 - the fixture
from tests.support.stories import BIG_FESTIVAL
from tests.support.walks import walk

SPANISH = {"Accept-Language": "es-US,es;q=0.9"}
HTMX = {"HX-Request": "true"}

# A Whitesboro volunteer fire company's field days: 6,000 people, Friday noon to Sunday 11 PM (59 hours).
FIRE_COMPANY_POSTS = {
    "dates": {"starts_at": "2027-07-16T12:00", "ends_at": "2027-07-18T23:00"},
    "crowd": {"max_attendance": "6000", "total_attendance": "6000"},
    "local-group": {"local_exempt_organizer": "volunteer_fire_company"},
    "new-york-alcohol-sold": {"alcohol_sold": "yes"},
    "new-york-fireworks": {"fireworks": "no"},
    "new-york-advertising-starts": {"advertising_starts": ""},
    "new-york-food-stands": {"food_stands": "0"},
}


def step_of(location: str) -> str | None:
    found = re.search(r"/step/([a-z0-9-]+)", location)
    return found.group(1) if found else None


def answer_all(client, location: str, posts: dict) -> tuple[str, list[str]]:
    """Post each page's answers until the interview leaves the steps; the last address and the steps shown."""
    shown = []
    while step_of(location):
        shown.append(step_of(location))
        response = client.post(location, data=posts[step_of(location)])
        assert response.status_code == 303, (shown[-1], response.get_data(as_text=True)[:300])
        location = response.headers["Location"]
    return location, shown


def other_permits(client, ident: str) -> str:
    page = parse(client.get(f"/i/{ident}/result").get_data(as_text=True))
    return page.select_one("section.other-permits").get_text(" ", strip=True)


def test_the_exempt_fire_company_is_asked_about_beer_and_sees_the_state_permits(dated, client):  # noqa: F811
    location, shown = answer_all(client, start(client, "whitesboro-ny"), FIRE_COMPANY_POSTS)
    # The village exempts the fire company after three pages; the State's questions are still asked.
    assert shown == ["dates", "crowd", "local-group", "new-york-alcohol-sold", "new-york-fireworks",
                     "new-york-advertising-starts", "new-york-food-stands"]
    assert location.endswith("/result")
    ident = interview_id(location)
    heading = parse(client.get(location).get_data(as_text=True)).select_one("h1").get_text(" ", strip=True)
    assert "exempt" in heading
    text = other_permits(client, ident)
    assert "Mass gathering permit (State Sanitary Code)" in text and "10 NYCRR 7-4.1(b), 7-4.2(a)" in text
    assert "secondary copy of the text, not the official one: confirm it with the county health department" in text
    assert "Temporary beer and wine permit (State Liquor Authority)" in text
    assert "3 (one for each 24 consecutive hours of the event)" in text and "$26 each, $78 in all" in text
    assert "N.Y. Alco. Bev. Cont. Law § 97(1)" in text
    assert "May be needed" not in text and "Fireworks display permit" not in text  # no fireworks, no food stands
    assert "Temporary food service establishment permit" not in text


def test_the_state_question_reads_in_spanish_with_its_reason(dated, client):  # noqa: F811
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = SPANISH["Accept-Language"]  # an interview begun in Spanish
    location = start(client, "whitesboro-ny")
    for step in ("dates", "crowd", "local-group"):
        location = client.post(location, data=FIRE_COMPANY_POSTS[step]).headers["Location"]
    assert location.endswith("/step/new-york-alcohol-sold")
    page = parse(client.get(location).get_data(as_text=True))
    assert page.select_one("h1, legend").get_text(" ", strip=True) == "¿Se venderá cerveza, vino, sidra o licor en el evento?"
    why = page.select_one(".why").get_text(" ", strip=True)
    assert "Estado de Nueva York" in why and "Whitesboro" in why and "N.Y. Alco. Bev. Cont. Law § 97(1)" in why
    # The rest in Spanish too; the result lists the State's permits in Spanish.
    location, _ = answer_all(client, location, FIRE_COMPANY_POSTS)
    text = other_permits(client, interview_id(location))
    assert "Permiso temporal de cerveza y vino (State Liquor Authority)" in text and "$78" in text


def test_a_blank_answer_is_refused_in_words_and_keeps_the_earlier_answers(dated, client):  # noqa: F811
    location = start(client, "whitesboro-ny")
    for step in ("dates", "crowd", "local-group"):
        location = client.post(location, data=FIRE_COMPANY_POSTS[step]).headers["Location"]
    refused = client.post(location, data={})
    assert refused.status_code == 303 and refused.headers["Location"].endswith("/step/new-york-alcohol-sold")
    page = parse(client.get(refused.headers["Location"]).get_data(as_text=True))
    assert "Select yes if beer, wine, cider or liquor will be sold" in page.select_one(".error-summary").get_text(" ")
    stands = client.post(location, data={"alcohol_sold": "yes"}).headers["Location"]
    stands = client.post(stands, data={"fireworks": "no"}).headers["Location"]
    stands = client.post(stands, data={"advertising_starts": ""}).headers["Location"]
    assert stands.endswith("/step/new-york-food-stands")
    client.post(stands, data={"food_stands": "many"})
    page = parse(client.get(stands).get_data(as_text=True))
    assert "Enter a whole number using digits only, like 250" in page.select_one(".error-summary").get_text(" ")
    # Nothing asked before is lost: the check of the dates still shows them.
    dates = parse(client.get(re.sub(r"/step/.*", "/step/dates", stands)).get_data(as_text=True))
    assert dates.select_one("[name=starts_at]").get("value") == "7/16/2027"


def test_htmx_swaps_the_state_question_and_a_plain_post_works_without_javascript(dated, client):  # noqa: F811
    location = start(client, "whitesboro-ny")
    for step in ("dates", "crowd", "local-group"):
        location = client.post(location, data=FIRE_COMPANY_POSTS[step], headers=HTMX).headers["Location"]
    fragment = client.get(location, headers=HTMX).get_data(as_text=True)
    assert "Will beer, wine, cider or liquor be sold at the event?" in fragment and "<html" not in fragment
    whole = client.get(location).get_data(as_text=True)
    assert "<html" in whole and 'method="post"' in whole  # the form a browser without JavaScript posts
    following = client.post(location, data={"alcohol_sold": "no"})
    assert following.status_code == 303 and following.headers["Location"].endswith("/step/new-york-fireworks")


def test_a_question_whose_ask_if_is_false_is_not_asked(dated, client, book):  # noqa: F811
    # DeKalb asks about risky activities: none, so the State's fireworks question is not asked.
    _, shown = walk(client, book, "dekalb-il", BIG_FESTIVAL)
    assert "illinois-alcohol-sold" in shown and "illinois-fireworks" not in shown
    # No food at all in Baroda: no food stands question; one day: no camping question.
    _, shown = walk(client, book, "baroda-mi", {**BIG_FESTIVAL, "food_service": False, "starts_at": "2027-07-10T10:00",
                                                "ends_at": "2027-07-10T18:00"})
    assert "michigan-fireworks" in shown and "michigan-food-stands" not in shown and "michigan-camping" not in shown


def test_baroda_three_food_stands_and_fireworks(dated, client, book):  # noqa: F811
    ident, shown = walk(client, book, "baroda-mi", {**BIG_FESTIVAL, "food_stands": 3, "fireworks": True})
    assert {"michigan-food-stands", "michigan-fireworks"} <= set(shown)
    text = other_permits(client, ident)
    assert "Temporary food establishment license" in text and "3 (" in text
    assert "30 calendar days" in text
    assert "Display fireworks permit" in text and "Village of Baroda" in text and "MCL 28.466(1)" in text
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = SPANISH["Accept-Language"]  # an interview begun in Spanish
    ident, _ = walk(client, book, "baroda-mi", {**BIG_FESTIVAL, "food_stands": 3, "fireworks": True})
    spanish = other_permits(client, ident)
    assert "Otros permisos que necesita su evento" in spanish and "licencia" in spanish.lower()


def test_dekalb_street_closure_reads_the_citys_answer_for_the_roadway_notice(dated, client, book):  # noqa: F811
    ident, shown = walk(client, book, "dekalb-il", {**BIG_FESTIVAL, "street_closure": True, "public_street_closure": True})
    assert "street" in shown and not any("street" in s for s in shown if s.startswith("illinois-"))
    text = other_permits(client, ident)
    assert "430 ILCS 70/5" in text and "24 hours before inception" in text


def test_check_your_answers_lists_the_state_answers_with_a_change_link_that_comes_back(dated, client, book):  # noqa: F811
    ident, _ = walk(client, book, "whitesboro-ny", BIG_FESTIVAL)
    page = parse(client.get(f"/i/{ident}/check").get_data(as_text=True))
    rows = {row.select_one("dt").get_text(" ", strip=True): row for row in page.select(".summary-list__row")}
    row = rows["Will beer, wine, cider or liquor be sold at the event?"]
    assert row.select_one("dd").get_text(" ", strip=True).startswith("Yes")
    change = row.select_one("a")["href"]
    assert change.endswith("/step/new-york-alcohol-sold?return=check")
    back = client.post(change, data={"alcohol_sold": "no"})
    assert back.headers["Location"].endswith("/check")
    assert "Temporary beer and wine permit" not in other_permits(client, ident)


def test_a_resumed_interview_opens_at_the_state_question_not_answered(dated, client):  # noqa: F811
    location = start(client, "whitesboro-ny")
    for step in ("dates", "crowd", "local-group"):
        location = client.post(location, data=FIRE_COMPANY_POSTS[step]).headers["Location"]
    resumed = client.get(f"/i/{interview_id(location)}")
    assert resumed.headers["Location"].endswith("/step/new-york-alcohol-sold")


def test_the_kiosk_asks_the_state_questions(dated, tmp_path, book):  # noqa: F811
    app = kiosk_app(tmp_path, book)
    screen = app.test_client()
    ident, shown = walk(screen, book, "baroda-mi", {**BIG_FESTIVAL, "food_stands": 3, "fireworks": True})
    assert "michigan-food-stands" in shown
    assert "Temporary food establishment license" in other_permits(screen, ident)
