def test_api_assess_returns_contract_object(client):
    response = client.post("/api/assess", json={"jurisdiction": "whitesboro-ny", "max_attendance": 201, "local_exempt_organizer": "none"})
    assert response.status_code == 200
    assert response.get_json()["outcome"] == "required"


def test_api_rejects_bad_answers_with_json_error(client):
    response = client.post("/api/assess", data="{not json", content_type="application/json")
    assert response.status_code == 400
    assert "error" in response.get_json()
