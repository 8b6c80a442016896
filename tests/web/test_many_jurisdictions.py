"""With hundreds of jurisdictions the organizer finds theirs by state and name, not in a list of
hundreds of radio buttons; with a few, the radio buttons stay."""
from __future__ import annotations

import re

import pytest

from wizard.web.app import create_app

from tests.support import html

RESULTS = {"HX-Request": "true", "HX-Target": "jurisdiction-results"}


@pytest.fixture
def many(tmp_path, many_book):
    app = create_app({"TESTING": True, "RULEBOOK": many_book, "DATABASE": str(tmp_path / "many.db"),
                      "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False})
    return app.test_client()


def choices(page) -> list[str]:
    """The places offered as radio buttons."""
    return html.texts(page, 'input[name="jurisdiction"][type="radio"] + label.choice__label')


def searches(page) -> bool:
    """The page has the state-and-name search."""
    return bool(html.parse(page).select('[role="search"]'))


def search_box(page) -> list[str]:
    return html.attributes(page, "input#q", "value")


def error_links(page) -> list[str]:
    return html.texts(page, ".error-summary a")


def test_the_start_page_is_a_search_not_two_hundred_radio_buttons(many):
    page = many.get("/").get_data(as_text=True)
    assert searches(page) and {"q", "state"} <= html.field_names(page)
    assert choices(page) == []
    assert len(page) < 20_000
    assert html.attributes(page, 'select[name="state"] option', "value") == ["", "IL", "MI", "NY", "WI"]


def test_a_plain_get_search_by_state_and_name_lists_the_matches_to_choose_from(many):
    page = many.get("/?state=MI&q=town+004")
    assert choices(page) == [f"Town {n:04d} (Village of Baroda, Michigan)" for n in (4, 40, 44, 48)]
    assert html.texts(page, ".search-count") == ["4 places match."]
    assert search_box(page) == ["town 004"]  # the search box keeps what was typed


def test_typing_with_javascript_swaps_only_the_results(many):
    response = many.get("/?q=Town+0122", headers=RESULTS)
    assert html.parse(response).select("html, h1, form") == [] and "HX-Push-Url" not in response.headers
    assert choices(response) == ["Town 0122 (Village of Whitesboro, New York) (Oneida County)"]


def test_a_search_that_finds_nothing_says_so(many):
    page = many.get("/?state=IL&q=Baroda")
    assert html.texts(page, ".search-count")[0].startswith("No place matches “Baroda” in Illinois.")
    assert choices(page) == []


def test_a_long_list_is_cut_short_with_a_hint_to_type_more(many):
    page = many.get("/?state=WI")
    assert len(choices(page)) == 25
    assert html.texts(page, ".search-count")[0].startswith("Showing 25 of 50 places. Type more of the name")


def test_starting_without_choosing_points_to_the_search(many):
    page = many.post("/start", data={})
    assert error_links(page) == ["Select where your event will take place"]
    assert html.links(page, ".error-summary a") == ["#q"]


def test_the_where_step_searches_too_and_keeps_the_answer_so_far(many):
    step = many.post("/start", data={"jurisdiction": "town-0008"}).headers["Location"]
    where = re.sub(r"/step/.*", "/step/where", step)
    page = many.get(where)
    assert searches(page)
    assert html.field_values(page, "jurisdiction") == ["town-0008"]
    found = many.get(where + "?q=0013", headers=RESULTS)
    assert choices(found) == ["Town 0013 (City of DeKalb, Illinois)"]
    moved = many.post(where, data={"jurisdiction": "town-0013"})
    assert moved.status_code == 303
    assert html.parse(many.get(moved.headers["Location"])).select('[aria-current="step"]')


def test_the_clerks_page_searches_instead_of_listing_every_municipality(many):
    page = many.get("/clerks").get_data(as_text=True)
    assert "q" in html.field_names(page) and len(page) < 100_000
    assert [v for v in html.attributes(page, "option", "value") if v.startswith("town-")] == []
    found = many.get("/clerks?state=NY&q=0002&event_name=Fair")
    assert choices(found) == ["Town 0002 (Village of Whitesboro, New York) (Oneida County)"]
    assert set(html.field_values(found, "event_name")) == {"Fair"}  # a search keeps the answers the clerk typed
    made = many.get("/clerks?state=NY&q=0002&event_name=Fair&jurisdiction=town-0002")
    (link,) = html.attributes(made, "#clerk-link-text", "value")
    assert "/for/town-0002?event_name=Fair" in link
    assert choices(made) == ["Town 0002 (Village of Whitesboro, New York) (Oneida County)"]
    swapped = many.get("/clerks?state=WI", headers=RESULTS)
    assert html.parse(swapped).select("form") == [] and len(choices(swapped)) == 25  # the results block alone


def test_the_jurisdictions_api_comes_a_page_at_a_time(many):
    first = many.get("/api/jurisdictions?limit=80")
    assert len(first.get_json()) == 80 and first.headers["X-Total-Count"] == "200"
    pages, link = [first.get_json()], first.headers["Link"]
    while link:
        response = many.get(re.search(r"<([^>]+)>", link).group(1))
        pages.append(response.get_json())
        link = response.headers.get("Link")
    ids = [j["id"] for page in pages for j in page]
    assert len(ids) == len(set(ids)) == 200
    assert set(pages[0][0]) == {"id", "name", "ordinance"}
    found = many.get("/api/jurisdictions?state=MI&q=town+004").get_json()
    assert [j["id"] for j in found] == ["town-0004", "town-0040", "town-0044", "town-0048"]
    assert len(many.get("/api/jurisdictions?limit=100000").get_json()) == 200  # at most 500 a page
    assert many.get("/api/jurisdictions?offset=9999").get_json() == []
    one = many.get("/api/jurisdictions?limit=0&_scheme=javascript&_external=1")
    assert len(one.get_json()) == 1 and one.headers["Link"].startswith("</api/jurisdictions?")


def test_a_few_jurisdictions_stay_radio_buttons(client):
    page = client.get("/")
    assert not searches(page)
    assert len(choices(page)) == 4


def test_an_error_keeps_the_search_that_was_typed(many):
    page = many.post("/start", data={"state": "NY", "q": "town 0002"})
    assert error_links(page) == ["Select where your event will take place"]
    assert choices(page) == ["Town 0002 (Village of Whitesboro, New York) (Oneida County)"]
    assert search_box(page) == ["town 0002"]
