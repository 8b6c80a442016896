"""The error summary at the top of a step says what the error under the field says, never
the packet's legal label; and DeKalb's "About the applicant" is not shown under "Your event"."""
from __future__ import annotations

import pytest

from wizard.interview.road import plan_road, road_marks, step_sections
from wizard.web.edge.filters import named_error

from tests.support.html import texts
from tests.support.interview import start

TODAY_POSTS = {"starts_at": "next Friday", "starts_at_time": "12:00 PM", "ends_at": "someday", "ends_at_time": "11:00 PM"}


def inline_errors(page) -> list[str]:
    return [text.removeprefix("Error: ") for text in texts(page, ".error-message")]


def test_each_summary_line_is_the_error_under_its_field(client):
    url = start(client)
    page = client.post(url, data=TODAY_POSTS, follow_redirects=True)
    summary = texts(page, ".error-summary__list li")
    assert len(summary) == 2 and summary == inline_errors(page)
    assert summary[0] != summary[1]  # two date boxes, each says which question it is about
    assert not any(line.startswith(("First opens", "Last closes")) for line in summary)  # the packet's labels


def test_a_number_says_its_question_not_the_packets_label(client):
    url = start(client)
    client.post(url, data={"starts_at": "7/9/2027", "starts_at_time": "12:00 PM", "ends_at": "7/11/2027",
                           "ends_at_time": "11:00 PM"})
    crowd = url.replace("/step/dates", "/step/crowd")
    page = client.post(crowd, data={"max_attendance": "about 3000", "total_attendance": "5000"}, follow_redirects=True)
    summary = texts(page, ".error-summary__list li")
    assert summary == inline_errors(page) == [
        "What is the most people you expect at the same time? Enter a whole number using digits only, like 250"]
    assert "Most people at one time" not in page.get_data(as_text=True)  # the packet's label for it


def test_a_declared_message_is_not_named_twice(client):
    url = start(client)
    page = client.post(url, data={"starts_at": "", "starts_at_time": "", "ends_at": "7/11/2027",
                                  "ends_at_time": "11:00 PM"}, follow_redirects=True)
    assert texts(page, ".error-summary__list li")[0] == "Enter when the event first opens" == inline_errors(page)[0]


@pytest.mark.parametrize("jurisdiction", ["baroda-mi", "dekalb-il", "whitesboro-ny", "wi-village-ch64"])
def test_a_step_is_shown_in_the_section_its_questions_name(book, jurisdiction):
    """The road pulls a step into an earlier section only when a step there reads its answers; the one
    place that does so on purpose is Whitesboro's activities, read by its admission question
    (wizard/interview/road.py)."""
    j = book.jurisdictions[jurisdiction]
    questions = book.questions_for(j.id)
    road = plan_road(j, questions)
    named = dict(zip((s["step"] for s in j.steps), step_sections(j.steps, questions)))
    moved = [s["step"] for s in road.steps if s["step"] not in road.deciding and road.section[s["step"]] != named[s["step"]]]
    town = [step for step in moved if not step.startswith(("new-york-", "michigan-", "illinois-", "wisconsin-"))]
    assert town == (["activities"] if jurisdiction == "whitesboro-ny" else [])
    # A State's question never moves the town's pages: it waits, in a later section, for the town's
    # answer its `ask_if` reads (alcohol after the food question Baroda and Wisconsin ask under Facilities).
    waiting = [step for step in moved if step not in town]
    assert waiting == ({"baroda-mi": ["michigan-alcohol-sold"], "wi-village-ch64": ["wisconsin-alcohol-sold"]}
                       .get(jurisdiction, []))
    order = ["Your event", "About you", "The site", "Facilities"]
    assert all(order.index(road.section[step]) > order.index(named[step]) for step in waiting)


def test_dekalbs_about_the_applicant_is_under_about_you(book):
    j = book.jurisdictions["dekalb-il"]
    road = plan_road(j, book.questions_for(j.id))
    marks = road_marks(road, road.steps, "organizer", [], j.license_word)
    assert [m.name for m in marks if m.current] == ["About you"]
    assert [s["step"] for s in road.steps].index("organizer") > [s["step"] for s in road.steps].index("event")


def test_a_message_that_names_its_question_is_left_as_it_is():
    question = {"label": "Your full name", "form_label": "Applicant's name"}
    assert named_error("Enter your full name", question) == "Enter your full name"
    assert named_error("Enter a name of 200 characters or fewer", question) == (
        "Your full name: enter a name of 200 characters or fewer")
