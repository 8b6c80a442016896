"""Answers the engine refuses, each with the key its message must name: one list for both doors
to it, `wizard assess` (exit 2, one line on stderr) and `POST /api/assess` (400, JSON `error`), so
the two are held to the same answers."""
from __future__ import annotations

import json

import pytest

# Answers both accept; each refused case below changes one thing in them or replaces them.
ACCEPTED = {
    "jurisdiction": "baroda-mi", "starts_at": "2027-07-09T12:00", "ends_at": "2027-07-11T23:00",
    "max_attendance": 5000, "property_owner": "private", "setting": "outdoors",
    "organizer_type": "corporation", "conducted_by_municipality": False,
}


def _json(answers: dict) -> str:
    return json.dumps(answers)


def _with(**changes) -> str:
    return _json({**ACCEPTED, **changes})


REFUSED = [
    # (the text sent, the key the message must name)
    pytest.param("{not json", "answers", id="malformed-json"),
    pytest.param('{"jurisdiction": "baroda-mi",}', "answers", id="trailing-comma"),
    pytest.param("", "answers", id="empty-input"),
    pytest.param("[]", "answers", id="json-array-not-object"),
    pytest.param('"baroda-mi"', "answers", id="json-string-not-object"),
    pytest.param("null", "answers", id="json-null"),
    pytest.param(_json({"jurisdiction": "springfield-il"}), "jurisdiction", id="unknown-jurisdiction"),
    pytest.param(_json({"jurisdiction": 7}), "jurisdiction", id="jurisdiction-wrong-type"),
    pytest.param(_json({"max_attendance": 500}), "jurisdiction", id="no-jurisdiction"),
    pytest.param(_with(max_attendance="5000"), "max_attendance", id="count-as-text"),
    pytest.param(_with(max_attendance=12.5), "max_attendance", id="count-fractional"),
    pytest.param(_with(max_attendance=True), "max_attendance", id="count-as-bool"),
    pytest.param(_with(max_attendance=-1), "max_attendance", id="negative-count"),
    pytest.param(_with(tickets=-5), "tickets", id="negative-tickets"),
    pytest.param(_with(vehicles=-20), "vehicles", id="negative-vehicles"),
    pytest.param(_with(max_attendance=10**7 + 1), "max_attendance", id="count-too-large"),
    pytest.param('{"jurisdiction": "baroda-mi", "max_attendance": NaN}', "max_attendance", id="count-nan"),
    pytest.param(_with(food_service="yes"), "food_service", id="flag-as-text"),
    pytest.param(_with(admission_fee="true"), "admission_fee", id="flag-as-json-text"),
    pytest.param(_with(food_service=1), "food_service", id="flag-as-number"),
    pytest.param(_with(female_share="half"), "female_share", id="share-as-text"),
    pytest.param(_with(female_share=1.5), "female_share", id="share-above-1"),
    pytest.param(_with(female_share=2), "female_share", id="share-2"),
    pytest.param(_with(female_share=-0.1), "female_share", id="share-negative"),
    pytest.param('{"jurisdiction": "baroda-mi", "female_share": Infinity}', "female_share", id="share-infinite"),
    pytest.param(_with(property_owner="city"), "property_owner", id="unknown-choice"),
    pytest.param(_with(setting="indoors"), "setting", id="unknown-setting"),
    pytest.param(_with(hazardous="combat"), "hazardous", id="choices-not-a-list"),
    pytest.param(_with(hazardous=["juggling"]), "hazardous", id="choices-unknown-option"),
    pytest.param(_with(starts_at="tomorrow"), "starts_at", id="datetime-text"),
    pytest.param(_with(starts_at="2027-07-09 12:00"), "starts_at", id="datetime-wrong-format"),
    pytest.param(_with(starts_at="2027-02-30T10:00"), "starts_at", id="datetime-no-such-day"),
    pytest.param(_with(ends_at=20270711), "ends_at", id="datetime-as-number"),
    pytest.param(_with(starts_at="2027-07-11T23:00", ends_at="2027-07-09T12:00"), "ends_at", id="end-before-start"),
    # Numbers that contradict each other are refused, the key named.
    pytest.param(_with(starts_at="2027-07-09T12:00", ends_at="2027-07-09T12:00"), "ends_at", id="ends-when-it-starts"),
    pytest.param(_with(max_attendance=5000, total_attendance=100), "total_attendance",
                 id="visits-over-the-event-fewer-than-at-one-time"),
    pytest.param(_with(attendance=5000), "attendance", id="unknown-key"),
    pytest.param(_with(commercial_features=["admission_fee"]), "commercial_features", id="group-key-not-an-answer"),
    pytest.param(_with(event_name="x" * 20_001), "event_name", id="text-too-long"),
    pytest.param(_with(event_name=42), "event_name", id="text-as-number"),
    # Inputs that once crashed the parser rather than reach the answers' checks.
    pytest.param('{"jurisdiction": "wi-village-ch64", "female_share": 1' + "0" * 400 + "}", "female_share",
                 id="share-huge-integer"),
    pytest.param('{"jurisdiction": "baroda-mi", "max_attendance": ' + "1" * 5000 + "}", "answers",
                 id="integer-over-4300-digits"),
    pytest.param("[" * 100_000 + "]" * 100_000, "answers", id="deeply-nested-json"),
]
