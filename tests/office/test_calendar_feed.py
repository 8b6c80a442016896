"""The office's private calendar feed (docs/decisions/0019-the-office-reviews-from-the-rule-file.md)
holds each application's event and decision deadline under its reference; it parses in icalendar, imports
into calcurse, and a revoked address is a 404."""
from __future__ import annotations

import shutil
import subprocess
from datetime import date, datetime, timedelta

from icalendar import Calendar

from wizard.web.edge.state import office_records

from tests.support.office import clerk, finished, send, sign_in
from tests.support.office import feed_path


def sent_application(app, client) -> str:
    clerk(app)
    reference = send(client, finished(app))
    sign_in(client)
    return reference


def entries(body: bytes) -> dict[str, object]:
    return {str(e["summary"]): e for e in Calendar.from_ical(body).walk("VEVENT")}


def test_the_feed_holds_the_event_and_the_decision_deadline_under_the_reference(app, client):
    reference = sent_application(app, client)
    response = client.get(feed_path(client))
    assert response.status_code == 200 and response.mimetype == "text/calendar"
    found = entries(response.data)
    event = found[f"{reference}: Harvest Fair"]
    assert event.decoded("dtstart") == datetime(2027, 7, 9, 12, 0)  # floating local time, as given
    with app.app_context():
        received = office_records().applications.application(reference)["received_at"]
        zone = app.extensions["rulebook"].get("baroda-mi").zone
    # Baroda's 45 days count from the day the office received it, in the village's own time: near midnight
    # UTC that is the day before in Michigan.
    due = datetime.fromisoformat(received).astimezone(zone).date() + timedelta(days=45)
    deadline = found[f"{reference}: decision due"]
    assert deadline.decoded("dtstart") == due and "45" not in str(deadline["summary"])
    with app.app_context():
        citation = app.extensions["rulebook"].get("baroda-mi").decision_citation
    assert citation and citation in str(deadline["description"])


def test_a_revoked_or_replaced_feed_address_is_a_404(app, client):
    sent_application(app, client)
    first = feed_path(client)
    second = feed_path(client)  # a new address replaces the old
    assert client.get(first).status_code == 404 and client.get(second).status_code == 200
    client.post("/office/calendar/revoke")
    assert client.get(second).status_code == 404
    assert client.get("/office/calendar/not-a-token.ics").status_code == 404


def test_the_feed_shows_only_the_owners_places(app, client):
    clerk(app, "dekalb@example.org", ("dekalb-il",))
    send(client, finished(app))  # a Baroda application
    sign_in(client, "dekalb@example.org")
    assert not Calendar.from_ical(client.get(feed_path(client)).data).walk("VEVENT")


def test_signed_out_nobody_makes_or_revokes_a_feed(client):
    for path in ("/office/calendar", "/office/calendar/revoke"):
        assert client.post(path).status_code == 302


def test_calcurse_imports_the_feed(app, client, tmp_path):
    calcurse = shutil.which("calcurse")
    assert calcurse, "scripts/test.sh installs Debian's calcurse"
    reference = sent_application(app, client)
    feed = tmp_path / "office.ics"
    feed.write_bytes(client.get(feed_path(client)).data)
    folder = tmp_path / "calcurse"
    folder.mkdir()
    subprocess.run([calcurse, "-D", str(folder), "-i", str(feed)], check=True, capture_output=True, timeout=30)
    listed = subprocess.run([calcurse, "-D", str(folder), "-Q", "--from", "07/09/2027", "--days", "1"],
                            check=True, capture_output=True, text=True, timeout=30).stdout
    assert f"{reference}: Harvest Fair" in listed
    assert date(2027, 7, 9).strftime("%m/%d/%y") in listed and "12:00 -> 20:00" in listed
