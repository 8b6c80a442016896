"""Interviews over HTTP without a browser: started, answered, finished."""
from __future__ import annotations

import re

from wizard.interview.flow import JURISDICTION_STEP
from wizard.web.edge.state import rulebook, store

FESTIVAL_STEP_POSTS = {
    "dates": {"starts_at": "2027-07-09T12:00", "ends_at": "2027-07-11T23:00"},
    "crowd": {"max_attendance": "5000"},
}


def start(client, jurisdiction="whitesboro-ny"):
    response = client.post("/start", data={"jurisdiction": jurisdiction})
    assert response.status_code == 303
    return response.headers["Location"]


def interview_id(url):
    return re.search(r"/i/([^/]+)/", url).group(1)


def finished_interview(app, answers):
    with app.app_context():
        interview = store().create(answers)
        j = rulebook().get(answers["jurisdiction"])
        interview.completed_steps = [JURISDICTION_STEP] + [s["step"] for s in j.steps]
        store().save(interview)
        return interview.id


BARODA = {"jurisdiction": "baroda-mi", "property_owner": "private", "setting": "outdoors",
          "organizer_type": "individual", "max_attendance": 400, "starts_at": "2027-07-09T12:00",
          "ends_at": "2027-07-09T20:00"}
