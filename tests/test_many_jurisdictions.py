"""With hundreds of jurisdictions the organizer finds theirs by state and name, not in a list of
hundreds of radio buttons; with a few, the radio buttons stay."""
from __future__ import annotations

import re

import pytest

from wizard.web.app import create_app

RESULTS = {"HX-Request": "true", "HX-Target": "jurisdiction-results"}


@pytest.fixture
def many(tmp_path, many_book):
    app = create_app({"TESTING": True, "RULEBOOK": many_book, "DATABASE": str(tmp_path / "many.db"),
                      "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False})
    return app.test_client()


def choices(html: str) -> list[str]:
    return re.findall(r'<label class="choice__label" for="jurisdiction-\d+">([^<]*)</label>', html)


def test_the_start_page_is_a_search_not_two_hundred_radio_buttons(many):
    html = many.get("/").get_data(as_text=True)
    assert 'role="search"' in html and 'name="q"' in html and 'name="state"' in html
    assert choices(html) == []
    assert len(html) < 20_000
    assert [s for s in re.findall(r'<option value="([A-Z]*)"', html)] == ["", "IL", "MI", "NY", "WI"]


def test_a_plain_get_search_by_state_and_name_lists_the_matches_to_choose_from(many):
    html = many.get("/?state=MI&q=town+004").get_data(as_text=True)
    assert choices(html) == [f"Town {n:04d} (Village of Baroda, Michigan)" for n in (4, 40, 44, 48)]
    assert "4 places match." in html
    assert 'value="town+004"' not in html and 'value="town 004"' in html  # the search box keeps what was typed


def test_typing_with_javascript_swaps_only_the_results(many):
    response = many.get("/?q=Town+0122", headers=RESULTS)
    html = response.get_data(as_text=True)
    assert "<h1" not in html and "<html" not in html and "HX-Push-Url" not in response.headers
    assert choices(html) == ["Town 0122 (Village of Whitesboro, New York) (Oneida County)"]


def test_a_search_that_finds_nothing_says_so(many):
    html = many.get("/?state=IL&q=Baroda").get_data(as_text=True)
    assert "No place matches “Baroda” in Illinois" in html


def test_a_long_list_is_cut_short_with_a_hint_to_type_more(many):
    html = many.get("/?state=WI").get_data(as_text=True)
    assert len(choices(html)) == 25
    assert "Showing 25 of 50 places. Type more of the name" in html


def test_starting_without_choosing_points_to_the_search(many):
    html = many.post("/start", data={}).get_data(as_text=True)
    assert '<a href="#q">Select where your event will take place</a>' in html


def test_the_where_step_searches_too_and_keeps_the_answer_so_far(many):
    step = many.post("/start", data={"jurisdiction": "town-0008"}).headers["Location"]
    where = re.sub(r"/step/.*", "/step/where", step)
    html = many.get(where).get_data(as_text=True)
    assert 'role="search"' in html
    assert re.search(r'value="town-0008" checked', html)
    found = many.get(where + "?q=0013", headers=RESULTS).get_data(as_text=True)
    assert choices(found) == ["Town 0013 (City of DeKalb, Illinois)"]
    moved = many.post(where, data={"jurisdiction": "town-0013"})
    assert moved.status_code == 303
    assert 'aria-current="step"' in many.get(moved.headers["Location"]).get_data(as_text=True)


def test_the_clerks_page_searches_instead_of_listing_every_municipality(many):
    html = many.get("/clerks").get_data(as_text=True)
    assert 'name="q"' in html and '<option value="town-' not in html and len(html) < 100_000
    found = many.get("/clerks?state=NY&q=0002&event_name=Fair").get_data(as_text=True)
    assert choices(found) == ["Town 0002 (Village of Whitesboro, New York) (Oneida County)"]
    assert 'value="Fair"' in found  # a search keeps the answers the clerk typed
    made = many.get("/clerks?state=NY&q=0002&event_name=Fair&jurisdiction=town-0002").get_data(as_text=True)
    assert "/for/town-0002?event_name=Fair" in made
    assert choices(made) == ["Town 0002 (Village of Whitesboro, New York) (Oneida County)"]
    swapped = many.get("/clerks?state=WI", headers=RESULTS).get_data(as_text=True)
    assert "<form" not in swapped and len(choices(swapped)) == 25  # the results block alone, cut short


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
    html = client.get("/").get_data(as_text=True)
    assert 'role="search"' not in html
    assert len(choices(html)) == 4


def test_an_error_keeps_the_search_that_was_typed(many):
    html = many.post("/start", data={"state": "NY", "q": "town 0002"}).get_data(as_text=True)
    assert "Select where your event will take place" in html
    assert choices(html) == ["Town 0002 (Village of Whitesboro, New York) (Oneida County)"]
    assert 'value="town 0002"' in html
