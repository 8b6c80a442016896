"""The jurisdiction search (wizard/web/organizer/choose.py): each organizer sees their own answer so
far and their own interview's address, what they type is shown as typed, and an error is shown when
there is one."""
from __future__ import annotations

import re

import pytest

from wizard.web.app import create_app

from tests.support import html


@pytest.fixture
def many(tmp_path, search_book):
    app = create_app({"TESTING": True, "RULEBOOK": search_book, "DATABASE": str(tmp_path / "many.db"),
                      "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False})
    return app.test_client()


def where_step(client, place: str) -> str:
    step = client.post("/start", data={"jurisdiction": place}).headers["Location"]
    return re.sub(r"/step/.*", "/step/where", step)


def search_addresses(page) -> set[str]:
    """Every address the search form sends to: its action, and the state's and name's htmx GETs."""
    return {*html.attributes(page, 'form[role="search"]', "action"),
            *html.attributes(page, 'form[role="search"] [hx-get]', "hx-get")}


def test_each_organizer_sees_their_own_place_and_their_own_interview_in_the_search(many):
    places = ["town-0008", "town-0009", "town-0008", "town-0005"]  # 0009 and 0005: copies of one file
    wheres = [where_step(many, place) for place in places]
    assert len(set(wheres)) == len(wheres)
    for _ in range(2):  # the second time round, every drawing is a remembered one
        for place, where in zip(places, wheres):
            page = many.get(where)
            assert html.field_values(page, "jurisdiction") == [place]
            assert search_addresses(page) == {where}
            assert html.attributes(page, "form.step-form", "action") == [where]


def test_a_name_typed_is_shown_as_typed_whatever_it_is(many):
    where = where_step(many, "town-0008")
    many.get(where)
    for typed in ("@@search-action@@", 'town "0002" <b>'):
        for page in (many.get(where, query_string={"q": typed}), many.get("/", query_string={"q": typed})):
            assert html.attributes(page, "input#q", "value") == [typed]
            assert "<b>" not in page.get_data(as_text=True)
    page = many.get(where, query_string={"q": "@@search-action@@"})
    assert search_addresses(page) == {where}


def test_the_state_chosen_is_selected_and_forgotten_on_a_page_without_it(many):
    def selected(page):
        return html.attributes(page, 'select[name="state"] option[selected]', "value")

    for _ in range(2):
        assert selected(many.get("/", query_string={"state": "NY"})) == ["NY"]
        assert selected(many.get("/")) == []
        assert selected(many.get("/", query_string={"state": "WI"})) == ["WI"]


def test_a_search_from_the_check_page_keeps_its_way_back_and_only_there(many):
    where = where_step(many, "town-0008")

    def kept(page):
        return html.attributes(page, 'form[role="search"] input[name="return"]', "value")

    for _ in range(2):
        assert kept(many.get(where, query_string={"return": "check"})) == ["check"]
        assert kept(many.get(where)) == []


def test_an_error_on_the_where_step_is_shown_between_clean_drawings(many):
    where = where_step(many, "town-0008")
    many.get(where)
    refused = many.post(where, data={"jurisdiction": "no-such-place"}, follow_redirects=True)
    assert html.texts(refused, ".error-summary a") and html.texts(refused, "#jurisdiction-error")
    clean = many.get(where)
    assert html.texts(clean, "#jurisdiction-error") == [] and html.field_values(clean, "jurisdiction") == ["town-0008"]
