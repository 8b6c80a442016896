"""Issue #2, part 6 (HTTP): `POST /api/assess` returns the same object as `wizard assess`, and
answers it cannot use get a 400 with a JSON `error` naming the key (never a 500 or an HTML page).
"""
from __future__ import annotations

import json

import pytest

from wizard.web.app import create_app
from wizard.engine.assess import assess

from tests.support.refused_answers import REFUSED


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


@pytest.mark.parametrize("body, key", REFUSED)
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
    response = client.post("/api/assess", data=json.dumps(GOOD), content_type="text/plain")
    assert response.status_code == 200
    assert response.get_json()["outcome"] == "required"


def test_get_is_not_allowed_and_says_so_in_json(client):
    response = client.get("/api/assess")
    assert response.status_code == 405
    assert "error" in response.get_json()
