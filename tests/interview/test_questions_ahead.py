"""The line "About N questions left" counts what the route will ask (Whitesboro said 25 and
asked 38 more), and the start page's minutes are worked out from the route at a measured rate."""
from __future__ import annotations

import re

import pytest

from wizard.interview.ahead import MINUTES_PER_QUESTION, asked_on_walk, estimate, questions_ahead, SMALL_EVENT
from wizard.interview.flow import flow
from wizard.interview.road import plan_road

from tests.support.stories import PATHS
from tests.support.html import texts
from tests.support.interview import start
from tests.support.walks import stored_answers

FESTIVALS = ["whitesboro-festival", "wisconsin-festival", "baroda-festival", "dekalb-festival"]


def counts_on_the_way(book, path_id: str) -> list[tuple[int, int, bool]]:
    """(questions the page says are left, questions the story is then asked, 'up to') on each page."""
    jurisdiction, story, steps, _ = PATHS[path_id]
    j = book.jurisdictions[jurisdiction]
    road = plan_road(j, book.questions_for(j.id))
    answers = stored_answers(book, jurisdiction, story)
    by_id = {s["step"]: s for s in j.steps}
    seen = []
    for index, step_id in enumerate(steps):
        given = {key for done in steps[:index] for key in road.asks[done]} | {"jurisdiction"}
        so_far = {k: v for k, v in answers.items() if k in given}
        ahead = questions_ahead(flow(j, so_far, ["where", *steps[:index]], book), ["where", *steps[:index]], step_id, book)
        seen.append((ahead.questions, sum(len(by_id[s]["questions"]) for s in steps[index + 1:]), ahead.up_to))
    return seen


@pytest.mark.parametrize("path_id", FESTIVALS)
def test_a_festival_is_never_told_fewer_questions_than_it_is_asked(book, path_id):
    seen = counts_on_the_way(book, path_id)
    assert all(said >= asked for said, asked, _ in seen), seen
    assert all(said == asked for said, asked, up_to in seen if not up_to), seen  # exact once nothing is open
    said, asked, _ = seen[0]
    assert said <= asked * 1.35, seen  # and not far over on the first page


def test_whitesboros_first_page_counts_the_festivals_questions(client):
    page = client.get(start(client)).get_data(as_text=True)
    (left,) = texts(page, ".sections__left")
    count = int(re.search(r"Up to (\d+) questions left after this page", left).group(1))
    assert count >= 38  # a festival is asked 38 more after the dates (it said 25)


def test_a_route_with_nothing_open_says_about(book):
    seen = counts_on_the_way(book, "whitesboro-festival")
    assert not seen[-2][2] and seen[-2][0] == seen[-2][1] == 1


# Timed by hand: (place, route, minutes).
TIMED = [("wi-village-ch64", "small", 16), ("dekalb-il", "small", 10), ("baroda-mi", "festival", (20, 25))]


@pytest.mark.parametrize("jurisdiction, route, timed", TIMED)
def test_the_minutes_agree_with_the_timed_routes(book, jurisdiction, route, timed):
    figure = estimate(book.jurisdictions[jurisdiction], book)
    if route == "small":
        assert abs(figure.small - timed) <= 2, figure  # Wisconsin said 8, DeKalb 22
    else:
        assert figure.festival[0] <= timed[0] + 2 and figure.festival[1] >= timed[1] - 2, figure


def test_the_small_event_walk_ends_where_a_small_event_ends(book):
    # The village's questions end with the crowd; the State's are asked whatever the village decides.
    assert [s["step"] for s in asked_on_walk(book.jurisdictions["whitesboro-ny"], SMALL_EVENT, book)] == [
        "dates", "crowd", "new-york-alcohol-sold", "new-york-fireworks", "new-york-food-stands"]
    assert len(asked_on_walk(book.jurisdictions["wi-village-ch64"], SMALL_EVENT, book)) > 10  # no trigger: all asked


def test_the_rate_is_the_timed_routes_minutes_over_their_questions(book):
    # The routes were timed before the State's questions joined them: their town questions only.
    questions = {j: sum(len(s["questions"]) for s in asked_on_walk(book.jurisdictions[j], SMALL_EVENT, book)
                        if "layer" not in s) for j in ("wi-village-ch64", "dekalb-il")}
    baroda = sum(len(s["questions"]) for s in book.jurisdictions["baroda-mi"].steps
                 if s["step"] in PATHS["baroda-festival"][2] and "layer" not in s)
    assert (questions["wi-village-ch64"], questions["dekalb-il"], baroda) == (25, 16, 36)
    assert MINUTES_PER_QUESTION == pytest.approx((16 + 10 + 22.5) / (25 + 16 + 36))


def test_the_home_page_gives_the_listed_places_spread(client, book):
    page = " ".join(texts(client.get("/").get_data(as_text=True), "p"))
    low = min(estimate(j, book).small for j in book.jurisdictions.values())
    high = max(estimate(j, book).festival[1] for j in book.jurisdictions.values())
    assert f"from about {low} minutes for a small event to about {high} minutes for a large festival" in page
