"""A long route offers a task list (GOV.UK's pattern;
docs/decisions/0015-no-dead-ends-for-the-organizer.md): the sections with their state, each opened by a
real link that comes back to the list when its section is done, as a whole page and as an htmx swap, with
"Email me the link" there too."""
from __future__ import annotations

import pytest

from wizard.interview.ahead import TASK_LIST_AFTER, tasks
from wizard.interview.flow import JURISDICTION_STEP, flow
from wizard.interview.road import plan_road
from wizard.web.app import create_app
from wizard.web.edge.state import store

from tests.support.stories import PATHS
from tests.support.html import links, parse, texts
from tests.support.organizer_mail import deliver, mail_app, ME, notices
from tests.support.organizer import festival_after_the_verdict

FESTIVALS = ["whitesboro-festival", "wisconsin-festival", "baroda-festival", "dekalb-festival"]


def rows(page) -> list[tuple[str, str]]:
    """(section, state) of each row of the task list."""
    return [(item.select_one(".task-list__name > :first-child").get_text(" ", strip=True),
             item.select_one(".task-list__status").get_text(" ", strip=True)) for item in parse(page).select(".task-list__item")]


def story_post(book, path_id: str, step_id: str) -> dict:
    """What the browser story types on a step, as a form post."""
    jurisdiction, story, _, _ = PATHS[path_id]
    questions = book.questions_for(jurisdiction)
    step = next(s for s in book.get(jurisdiction).steps if s["step"] == step_id)
    post = {}
    for key in step["questions"]:
        value, kind = story[key], questions[key]["kind"]
        if kind == "yes_no":
            post[key] = "yes" if value else "no"
        elif kind == "flag_set":
            post[key] = list(value) if isinstance(value, list) else [f for f in questions[key]["options"] if story.get(f)]
        elif kind == "people":
            for n, person in enumerate(value):
                post.update({f"{key}-{n}-name": person["name"], f"{key}-{n}-age": str(person["age"] or ""),
                             f"{key}-{n}-address": person["address"]})
        elif kind == "datetime":
            day, time = value.split("T")
            year, month, date_ = day.split("-")
            post.update({key: f"{int(month)}/{int(date_)}/{year}", f"{key}_time": time})
        elif value is not None:
            post[key] = str(value)
    return post


def test_the_task_list_shows_each_section_with_its_state_and_a_link(client, app):
    ident, _ = festival_after_the_verdict(app)
    step_page = client.get(f"/i/{ident}/step/overnight").get_data(as_text=True)
    assert links(step_page, ".sections__tasks a") == [f"/i/{ident}/tasks"]  # offered on the question pages
    page = client.get(f"/i/{ident}/tasks").get_data(as_text=True)
    assert texts(page, "h1") == ["Your permit application"]
    assert rows(page) == [("Do you need a permit?", "Done"), ("Your event", "Not started"), ("About you", "Not started"),
                          ("The site", "Not started"), ("Facilities", "Not started")]
    assert links(page, ".task-list a") == [f"/i/{ident}/step/{s}?return=tasks"
                                           for s in ("dates", "overnight", "organizer", "site", "safety-plans")]


def test_a_section_opened_from_the_list_comes_back_to_it_when_done(client, app, book):
    ident, _ = festival_after_the_verdict(app)
    page = parse(client.get(f"/i/{ident}/tasks").get_data(as_text=True))
    site = page.select_one(".task-list a[href*='/step/site']")["href"]
    answered = client.post(site, data=story_post(book, "whitesboro-festival", "site"))
    assert answered.headers["Location"] == f"/i/{ident}/step/land-interest?return=tasks"  # the section's next page
    assert ("The site", "In progress") in rows(client.get(f"/i/{ident}/tasks").get_data(as_text=True))
    for step_id in ("land-interest", "site-details"):
        answered = client.post(f"/i/{ident}/step/{step_id}?return=tasks",
                               data=story_post(book, "whitesboro-festival", step_id))
    assert answered.headers["Location"] == f"/i/{ident}/tasks"  # the section is done: back to the list
    assert ("The site", "Done") in rows(client.get(f"/i/{ident}/tasks").get_data(as_text=True))
    assert links(client.get(f"/i/{ident}/step/site?return=tasks").get_data(as_text=True), ".back-link") == [
        f"/i/{ident}/tasks"]  # Back from a page opened from the list goes to the list


def test_a_refused_answer_keeps_the_way_back_to_the_list(client, app):
    ident, _ = festival_after_the_verdict(app)
    refused = client.post(f"/i/{ident}/step/organizer?return=tasks", data={})
    assert refused.headers["Location"] == f"/i/{ident}/step/organizer?return=tasks"


def test_no_task_list_on_a_short_route_or_before_the_answer_is_settled(client, app):
    location = client.post("/start", data={"jurisdiction": "whitesboro-ny"}).headers["Location"]
    ident = location.split("/")[2]
    assert client.get(f"/i/{ident}/tasks").headers["Location"] == location  # the verdict's pages first
    assert not parse(client.get(location).get_data(as_text=True)).select(".sections__tasks")


@pytest.mark.parametrize("path_id", FESTIVALS)
def test_every_festival_gets_one_and_every_section_can_be_opened(app, book, path_id):
    ident, _ = festival_after_the_verdict(app, path_id)
    with app.test_client() as client:
        page = client.get(f"/i/{ident}/tasks").get_data(as_text=True)
        assert len(rows(page)) >= 4 and len(links(page, ".task-list a")) == len(rows(page))
        for href in links(page, ".task-list a"):
            assert client.get(href).status_code == 200, href
    with app.app_context():
        interview = store().get(ident)
        state = flow(book.get(interview.jurisdiction), interview.answers, interview.completed_steps, book)
        assert len(state.route) > TASK_LIST_AFTER


def test_the_task_list_is_an_htmx_swap_too(client, app):
    ident, _ = festival_after_the_verdict(app)
    fragment = client.get(f"/i/{ident}/tasks", headers={"HX-Request": "true"})
    body = fragment.get_data(as_text=True)
    assert parse(body).html is None and fragment.headers["HX-Push-Url"] == f"/i/{ident}/tasks"
    assert texts(body, "title") == ["Your permit application – Mass Gathering Permit Wizard"]
    assert len(rows(body)) == 5


def test_email_me_the_link_is_offered_on_the_task_list(tmp_path, book, smtp):
    controller, inbox = smtp
    app = mail_app(tmp_path, book, controller.port)
    client = app.test_client()
    ident, _ = festival_after_the_verdict(app)
    form = parse(client.get(f"/i/{ident}/tasks").get_data(as_text=True)).select_one("form.by-email")
    assert form is not None and form.select_one("input[name=back]")["value"] == "tasks"
    answered = client.post(f"/i/{ident}/by-email", data={"email": ME, "send": "link", "back": "tasks"},
                           follow_redirects=True)
    assert answered.request.path == f"/i/{ident}/tasks"
    assert notices(answered)[0].startswith(f"We sent the link to {ME}")
    assert deliver(app, controller.port) == 1


def test_on_a_kiosk_the_task_list_is_the_screens_alone_and_offers_no_email(tmp_path, book):
    app = create_app({"DATABASE": str(tmp_path / "k.db"), "SECRET_KEY": "k", "WTF_CSRF_ENABLED": False,
                      "RULEBOOK": book, "KIOSK": True, "KIOSK_IDLE_SECONDS": 120})
    client = app.test_client()
    url = client.post("/start", data={"jurisdiction": "whitesboro-ny"}).headers["Location"]
    ident = url.split("/")[2]
    client.post(url, data={"starts_at": "7/9/2027", "starts_at_time": "12:00 PM", "ends_at": "7/11/2027",
                           "ends_at_time": "11:00 PM"})
    client.post(f"/i/{ident}/step/crowd", data={"max_attendance": "5000", "total_attendance": "12000"})
    client.post(f"/i/{ident}/step/local-group", data={"local_exempt_organizer": "none"})
    page = client.get(f"/i/{ident}/tasks").get_data(as_text=True)
    assert texts(page, "h1") == ["Your permit application"] and "Finish and clear the screen" in page
    assert not parse(page).select(".save-link, form.by-email")  # no address typed on a shared screen
    assert app.test_client().get(f"/i/{ident}/tasks").status_code == 404  # nor seen from another session


def test_a_section_whose_pages_all_wait_on_another_cannot_start_yet(book):
    """Not met on the four places' festivals (every section there has a page to open), but a rule
    file may make one: a section of pages whose `if` reads answers not given yet has no link."""
    j = book.get("whitesboro-ny")
    state = flow(j, {"jurisdiction": j.id}, [JURISDICTION_STEP], book)
    road = plan_road(j, book.questions_for(j.id))
    waiting = [(s, holds and road.section_of(s["step"], j.license_word) != "Facilities") for s, holds in state.route]
    state.route = waiting
    (facilities,) = [t for t in tasks(state, [JURISDICTION_STEP], book) if t.name == "Facilities"]
    assert facilities.state == "Cannot start yet" and facilities.step is None
