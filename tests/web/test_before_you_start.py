"""Every organizer sees "Before you start" once (docs/decisions/0015-no-dead-ends-for-the-organizer.md).
From the home page (which names no place) the first question shows it open, above the question; from a
clerk's link, whose start page lists it, the first question keeps it folded below Continue."""
from __future__ import annotations

from wizard.web.edge.state import store

from tests.support.html import parse


def home_form_fields(client) -> dict:
    """What the home page's form sends besides the place: its hidden fields, as a browser would."""
    page = parse(client.get("/").get_data(as_text=True))
    form = page.select_one("form[action$='/start']")
    return {i["name"]: i.get("value", "") for i in form.select("input[type=hidden]") if i.get("name")}


def first_page(client, data: dict):
    response = client.post("/start", data=data)
    assert response.status_code == 303
    return response.headers["Location"], parse(client.get(response.headers["Location"]).get_data(as_text=True))


def test_from_the_home_page_every_places_first_question_shows_before_you_start_open(client, book):
    hidden = home_form_fields(client)
    places = [j for j in book.listing() if book.get(j.id).before_you_start]
    assert len(places) >= 4
    for place in places:
        _url, page = first_page(client, {**hidden, "jurisdiction": place.id})
        box = page.select_one("details#before-you-start")
        assert box is not None and box.has_attr("open"), place.id
        form = page.select_one("form.step-form")
        # above the question and its Continue button, not folded away below them
        assert box.find_next("form") is form, place.id
        assert "start early" in box.get_text()
        for item in book.get(place.id).before_you_start:
            assert item["text"] in box.get_text(), (place.id, item["id"])


def test_from_a_clerks_link_the_start_page_lists_it_and_the_first_question_folds_it(client, book):
    place = next(j for j in book.listing() if book.get(j.id).before_you_start)
    start_page = parse(client.get(f"/for/{place.id}").get_data(as_text=True))
    assert "Before you start, you'll need" in start_page.get_text()
    hidden = {i["name"]: i.get("value", "") for i in start_page.select("form[action$='/start'] input[type=hidden]")
              if i.get("name")}
    _url, page = first_page(client, hidden)
    box = page.select_one("details#before-you-start")
    assert box is not None and not box.has_attr("open")
    assert page.select_one("form.step-form").find_next("details") is box  # below Continue


def test_the_open_box_is_there_once_and_not_after_an_answer_or_on_going_back(client, book):
    hidden = home_form_fields(client)
    url, page = first_page(client, {**hidden, "jurisdiction": "whitesboro-ny"})
    assert len(page.select("#before-you-start")) == 1
    plain = parse(client.get(url.split("?")[0]).get_data(as_text=True))
    assert not plain.select_one("details#before-you-start").has_attr("open")


def test_back_into_a_step_that_no_longer_applies_goes_to_the_step_that_does(app, client):
    """Back into a step that no longer applies goes to the step that does, not a 404 "it may have been
    cleared", with JavaScript on or off."""
    url = client.post("/start", data={"jurisdiction": "dekalb-il", "property_owner": "other_public"}).headers["Location"]
    ident = url.split("/i/")[1].split("/")[0]
    public_owner = f"/i/{ident}/step/public-owner"
    assert client.get(public_owner).status_code == 200  # asked while the land is another public body's
    with app.app_context():
        interview = store().get(ident)
        interview.answers["property_owner"] = "private"  # changed: the step no longer applies
        store().save(interview)
    for headers in ({}, {"HX-Request": "true"}):
        response = client.get(public_owner, headers=headers)
        assert response.status_code == 303 and response.headers["Location"].endswith(f"/i/{ident}/step/dates")
        assert client.get(response.headers["Location"], headers=headers).status_code == 200
