"""Don't ask the irrelevant. The plain question comes first ("Is this an auction?",
"Is your event a fair?"); only then the one that decides an exemption."""
from __future__ import annotations

import pytest

from wizard.engine.assess import assess_jurisdiction
from wizard.interview.flow import applicable_answers, path_and_answers
from wizard.packet import build_packet
from wizard.packet.document import packet_html

from tests.support.packet import festival, packet_text


def steps_of(book, jurisdiction: str, **changes) -> list[str]:
    path, _ = path_and_answers(book.jurisdictions[jurisdiction], festival(jurisdiction, book, **changes), book)
    return [step["step"] for step in path]


@pytest.mark.parametrize("jurisdiction, plain, plain_step, detail_step", [
    ("dekalb-il", "is_auction", "auction", "auctioneer"),
    ("wi-village-ch64", "is_fair", "fair", "government-fair"),
])
def test_the_detailed_question_is_asked_only_after_a_yes(book, jurisdiction, plain, plain_step, detail_step):
    asked_no = steps_of(book, jurisdiction, **{plain: False})
    assert plain_step in asked_no and detail_step not in asked_no
    assert detail_step in steps_of(book, jurisdiction, **{plain: True})


def test_a_music_festival_that_is_no_auction_is_not_held_up_by_the_auctioneer(book):
    answers = {k: v for k, v in festival("dekalb-il", book, is_auction=False).items() if k != "licensed_auction"}
    a = assess_jurisdiction(book.jurisdictions["dekalb-il"], answers)
    assert a["outcome"] == "required" and "licensed_auction" not in a["missing"]


def test_a_licensed_auction_is_still_exempt(book):
    a = assess_jurisdiction(book.jurisdictions["dekalb-il"], festival(
        "dekalb-il", book, is_auction=True, licensed_auction=True, auction_only=True))
    assert a["outcome"] == "exempt"


def test_a_fair_that_is_no_fair_is_not_asked_who_runs_it(book):
    answers = {k: v for k, v in festival("wi-village-ch64", book, is_fair=False).items()
               if k != "government_fair_on_fairgrounds"}
    a = assess_jurisdiction(book.jurisdictions["wi-village-ch64"], answers)
    assert "government_fair_on_fairgrounds" not in a["missing"] and a["outcome"] != "exempt"


def test_whitesboro_asks_how_many_guards_only_after_a_yes(book):
    """The answer "Will you hire security guards or police? No" is not followed by "How many
    security guards or police will you have...", and the packet does not print both."""
    def asked(guards: bool) -> list[str]:
        path, _ = path_and_answers(book.jurisdictions["whitesboro-ny"],
                                   festival("whitesboro-ny", book, security_personnel=guards), book)
        return [question for step in path for question in step["questions"]]

    assert "security_plan" not in asked(False) and "fire_plan" in asked(False)  # fire and first aid still asked
    assert "security_plan" in asked(True)
    answers = {**festival("whitesboro-ny", book, security_personnel=False), "security_plan": "12 guards at the gates"}
    j = book.jurisdictions["whitesboro-ny"]
    kept = applicable_answers(answers, book)
    assert "security_plan" not in kept
    text = packet_text(packet_html(build_packet(kept, j, book.questions_for(j.id))))
    assert "Security guards or police No" in text and "Number, duties, hours and areas" not in text
