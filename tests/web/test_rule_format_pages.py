"""A lead time counted from the first day of advertising (the made-up Oak Falls text,
tests/fixtures/rule-format/oak-falls-ordinance.txt, § 12-4(a)): the result page and the packet's cover
give the last day to file and say which day it counts back from."""
from __future__ import annotations

from pathlib import Path

import pytest

from wizard.authoring.loader import load_rulebook
from wizard.engine.answers import clean_answers
from wizard.packet.content import build_packet
from wizard.rules.rulebook import rule_sources
from wizard.web.app import create_app

from tests.support.office import finished, texts, visible_text

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "rule-format" / "oak-falls.yaml"
OAK_FALLS = {"jurisdiction": "oak-falls", "max_attendance": 1500, "total_attendance": 4000,
             "starts_at": "2027-07-10T10:00", "ends_at": "2027-07-10T22:00",
             "advertising_starts": "2027-05-01T09:00", "event_name": "Oak Fest"}


@pytest.fixture
def oak_app(tmp_path):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "wizard.db"), "SECRET_KEY": "t",
                       "WTF_CSRF_ENABLED": False, "PACKET_PREFETCH": False, "RULE_PATHS": [FIXTURE]})


def test_the_result_page_counts_the_last_day_from_the_first_day_of_advertising(oak_app):
    page = oak_app.test_client().get(f"/i/{finished(oak_app, OAK_FALLS)}/result").get_data(as_text=True)
    # § 12-4(a): "at least 15 days before the first day of advertising": May 1, 2027 less 15 days.
    assert "Friday, April 16, 2027" in visible_text(page), "§ 12-4(a)"
    [counted] = texts(page, "counted-from")
    assert counted == ("The ordinance counts the 15 days back from the day you gave for \u201cFirst day of "
                       "advertising\u201d (Saturday, May 1, 2027), not from your event's first day."), "§ 12-4(a)"


def test_the_packet_says_which_day_the_lead_time_counts_from():
    book = load_rulebook(rule_sources(None, [FIXTURE]))
    j = book.jurisdictions["oak-falls"]
    answers = clean_answers(dict(OAK_FALLS), book.questions_for(j.id), book.jurisdictions)
    packet = build_packet(answers, j, book.questions_for(j.id))
    [file_by] = [fact for fact in packet.dates if fact.label == "File by"]
    # § 12-4(a): the 15 days count back from the first day of advertising, not the event.
    assert file_by.value == "Friday, April 16, 2027" and file_by.citation == "§ 12-4(a)", "§ 12-4(a)"
    assert "15 days back from the day you gave for \u201cFirst day of advertising\u201d (Saturday, May 1, 2027)" \
        in file_by.detail, "§ 12-4(a)"
