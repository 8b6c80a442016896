"""Issue #2, part 6 (HTTP): `POST /api/assess` returns the same object as `wizard assess`, and
answers it cannot use get a 400 with a JSON `error` naming the key (never a 500 or an HTML page).
"""
from __future__ import annotations

import json

import pytest

from wizard.web.app import create_app
from wizard.assess import assess


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    """One app for the module (the conftest `app` builds a fresh one, rule book and all, per test);
    the API keeps no state between requests."""
    app = create_app({
        "TESTING": True,
        "DATABASE": str(tmp_path_factory.mktemp("api") / "wizard.db"),
        "SECRET_KEY": "test-secret",
        "WTF_CSRF_ENABLED": False,
    })
    return app.test_client()

GOOD = {
    "jurisdiction": "dekalb-il", "starts_at": "2027-07-09T12:00", "ends_at": "2027-07-11T23:00",
    "max_attendance": 5000, "property_owner": "private", "setting": "outdoors",
    "admission_fee": True, "licensed_auction": False, "hazardous": [],
}


def _json(answers: dict) -> str:
    return json.dumps(answers)


BAD_BODIES = [
    # (raw body, key named in the error)
    pytest.param("{not json", "answers", id="malformed-json"),
    pytest.param("", "answers", id="empty-body"),
    pytest.param("[]", "answers", id="json-array"),
    pytest.param('"dekalb-il"', "answers", id="json-string"),
    pytest.param("null", "answers", id="json-null"),
    pytest.param(_json({"jurisdiction": "springfield-il"}), "jurisdiction", id="unknown-jurisdiction"),
    pytest.param(_json({"max_attendance": 10}), "jurisdiction", id="no-jurisdiction"),
    pytest.param(_json({**GOOD, "max_attendance": "5000"}), "max_attendance", id="count-as-text"),
    pytest.param(_json({**GOOD, "max_attendance": 2.5}), "max_attendance", id="count-fractional"),
    pytest.param(_json({**GOOD, "max_attendance": -1}), "max_attendance", id="negative-count"),
    pytest.param(_json({**GOOD, "vehicles": -20}), "vehicles", id="negative-vehicles"),
    pytest.param(_json({**GOOD, "admission_fee": "true"}), "admission_fee", id="flag-as-text"),
    pytest.param(_json({**GOOD, "female_share": 2}), "female_share", id="share-above-1"),
    pytest.param(_json({**GOOD, "setting": "indoors"}), "setting", id="unknown-choice"),
    pytest.param(_json({**GOOD, "hazardous": ["juggling"]}), "hazardous", id="unknown-hazard"),
    pytest.param(_json({**GOOD, "starts_at": "tomorrow"}), "starts_at", id="datetime-text"),
    pytest.param(_json({**GOOD, "starts_at": "2027-07-11T23:00", "ends_at": "2027-07-09T12:00"}), "ends_at",
                 id="end-before-start"),
    # Issue 9, item 2: numbers that contradict each other are refused, the key named.
    pytest.param(_json({**GOOD, "starts_at": "2027-07-09T12:00", "ends_at": "2027-07-09T12:00"}), "ends_at",
                 id="ends-when-it-starts"),
    pytest.param(_json({**GOOD, "max_attendance": 5000, "total_attendance": 100}), "total_attendance",
                 id="visits-over-the-event-fewer-than-at-one-time"),
    pytest.param(_json({**GOOD, "crowd": 5}), "crowd", id="unknown-key"),
    pytest.param('{"jurisdiction": "dekalb-il", "max_attendance": ' + "1" * 5000 + "}", "answers",
                 id="integer-over-4300-digits"),
    pytest.param('{"jurisdiction": "wi-village-ch64", "female_share": 1' + "0" * 400 + "}", "female_share",
                 id="share-huge-integer"),
    pytest.param("[" * 100_000 + "]" * 100_000, "answers", id="deeply-nested-json"),
]


@pytest.mark.parametrize("body, key", BAD_BODIES)
def test_bad_answers_get_400_with_json_error(client, body, key):
    response = client.post("/api/assess", data=body, content_type="application/json")
    assert response.status_code == 400
    payload = response.get_json()
    assert isinstance(payload, dict) and isinstance(payload.get("error"), str)
    assert key in payload["error"]
    assert "Traceback" not in payload["error"]
    if key != "answers":
        assert payload.get("key") == key


def test_good_answers_return_the_engine_object(client, book):
    response = client.post("/api/assess", json=GOOD)
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert response.get_json() == json.loads(json.dumps(assess(GOOD, book)))
    assert response.get_json()["application_fee"] == 600


@pytest.mark.parametrize("answers, outcome", [
    pytest.param({"jurisdiction": "whitesboro-ny", "max_attendance": 200}, "not_required", id="whitesboro-200"),
    pytest.param({"jurisdiction": "whitesboro-ny", "max_attendance": 201, "local_exempt_organizer": "none"},
                 "required", id="whitesboro-201"),
    pytest.param({"jurisdiction": "baroda-mi", "max_attendance": 5000, "organizer_type": "school"}, "exempt",
                 id="baroda-school"),
    pytest.param({"jurisdiction": "wi-village-ch64"}, "uncertain", id="wisconsin-nothing-answered"),
])
def test_outcomes_over_http(client, answers, outcome):
    response = client.post("/api/assess", json=answers)
    assert response.status_code == 200
    assert response.get_json()["outcome"] == outcome


def test_body_parsed_as_json_whatever_the_content_type(client):
    response = client.post("/api/assess", data=_json(GOOD), content_type="text/plain")
    assert response.status_code == 200
    assert response.get_json()["outcome"] == "required"


def test_get_is_not_allowed_and_says_so_in_json(client):
    response = client.get("/api/assess")
    assert response.status_code == 405
    assert "error" in response.get_json()
