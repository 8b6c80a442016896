"""An application "deemed granted" when the office does not decide within its period (the made-up
Oak Falls text, tests/fixtures/rule-format/oak-falls-ordinance.txt, § 12-6): the organizer is told on the
result page and the status page, and the office's clock says so once the period has run out."""
from __future__ import annotations

import shutil
from datetime import date, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from icalendar import Calendar

from wizard.authoring.loader import load_rulebook
from wizard.office.mailing import clerk_notice
from wizard.office.office_time import office_today
from wizard.web.app import create_app
from wizard.web.edge.state import office_records

from tests.support import html
from tests.support.office import CHEAP_HASH, clerk, feed_path, finished, received, send, sign_in, texts, visible_text

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "rule-format" / "oak-falls.yaml"
OAK_FALLS = {"jurisdiction": "oak-falls", "max_attendance": 1500, "total_attendance": 4000,
             "starts_at": "2027-07-10T10:00", "ends_at": "2027-07-10T22:00",
             "advertising_starts": "2027-05-01T09:00", "event_name": "Oak Fest",
             "applicant_email": "ann@example.org"}


@pytest.fixture
def oak_app(tmp_path):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "wizard.db"), "SECRET_KEY": "t",
                       "WTF_CSRF_ENABLED": False, "PACKET_PREFETCH": False, "PASSWORD_HASH_METHOD": CHEAP_HASH,
                       "RULE_PATHS": [FIXTURE]})


def office_day():
    return office_today(ZoneInfo("America/New_York"))  # the fixture's time_zone


def test_the_result_page_says_the_application_is_deemed_granted_without_a_decision(oak_app):
    client = oak_app.test_client()
    page = client.get(f"/i/{finished(oak_app, OAK_FALLS)}/result").get_data(as_text=True)
    # § 12-6(b): "An application neither granted nor denied within the period ... shall be deemed granted."
    [said] = texts(page, "deemed-granted")
    assert "If no decision comes within that time, your application is deemed granted." in said, "§ 12-6(b)"
    assert "(§ 12-6(b))" in said


def test_the_status_page_and_the_clerk_see_the_period_run_out(oak_app):
    clerk(oak_app, places=("oak-falls",))
    client = oak_app.test_client()
    interview_id = finished(oak_app, OAK_FALLS)
    reference = send(client, interview_id)
    status = client.get(f"/i/{interview_id}/application").get_data(as_text=True)
    # § 12-6(a): decided "within 20 days of its filing"; (b): else deemed granted. Before then, the
    # organizer is told what happens if no decision comes.
    assert texts(status, "deemed-granted") == ["If no decision comes by then, your application is deemed granted."], "§ 12-6(b)"
    sign_in(client)
    page = client.get(f"/office/a/{reference}").get_data(as_text=True)
    assert "Without a decision by then, the application is deemed granted" in texts(page, "deemed-granted-notice")[0]
    assert not texts(page, "flag--past"), "§ 12-6(a): the period has not run out"

    oak_app.config["TODAY"] = office_day() + timedelta(days=21)  # the 20 days of § 12-6(a) are over
    page = client.get(f"/office/a/{reference}").get_data(as_text=True)
    [flag] = texts(page, "deemed-granted")
    assert flag == "Deemed granted:", "§ 12-6(b)"
    assert "deems the application granted (§ 12-6(b))" in " ".join(visible_text(page).split()), "§ 12-6(b)"
    inbox = client.get("/office").get_data(as_text=True)
    assert texts(inbox, "deemed-granted")[0].startswith("Deemed granted: no decision by"), "§ 12-6(b)"
    status = client.get(f"/i/{interview_id}/application").get_data(as_text=True)
    [told] = texts(status, "deemed-granted")
    assert told.startswith("Deemed granted: no decision came by") and "deems your application granted" in told, "§ 12-6(b)"


def test_a_decision_in_time_leaves_no_deemed_grant(oak_app):
    clerk(oak_app, places=("oak-falls",))
    client = oak_app.test_client()
    interview_id = finished(oak_app, OAK_FALLS)
    reference = send(client, interview_id)
    sign_in(client)
    client.post(f"/office/a/{reference}/decision", data={"decision": "denied", "reasons": "No site plan",
                                                        "decided_on": office_day().isoformat()})
    oak_app.config["TODAY"] = office_day() + timedelta(days=21)
    page = client.get(f"/office/a/{reference}").get_data(as_text=True)
    assert not texts(page, "deemed-granted"), "§ 12-6(b) applies only without a decision"
    status = client.get(f"/i/{interview_id}/application").get_data(as_text=True)
    assert not texts(status, "deemed-granted")


def test_the_clerks_notice_of_a_new_application_says_it_is_deemed_granted_without_a_decision():
    application = {"reference": "OAK-2027-0001", "version": 1, "event_name": "Oak Fest",
                   "starts_at": "2027-07-10T10:00", "ends_at": "2027-07-10T22:00", "language": "en"}
    mail = clerk_notice("clerk@example.org", application, date(2027, 4, 30), "§ 12-6(a)", "/office/a/OAK-2027-0001",
                        None, "Town of Oak Falls (example)", deemed_granted="§ 12-6(b)")
    # § 12-6(a)-(b): the 20 days end on the due day; without a decision the application is deemed granted.
    assert "Decision due by Friday, April 30, 2027 (§ 12-6(a))." in mail.text
    assert "Without a decision by then, the application is deemed granted (§ 12-6(b))." in mail.text, "§ 12-6(b)"
    plain = clerk_notice("clerk@example.org", application, date(2027, 4, 30), "§ 12-6(a)", "/office/a/OAK-2027-0001",
                         None, "Town of Oak Falls (example)")
    assert "deemed granted" not in plain.text


def deadline_everywhere(client, reference: str, interview_id: str, feed: str) -> tuple:
    """The deadline with its sections as the clerk's inbox row, the application page, the organizer's status page
    and the calendar feed's entry show it."""
    (row,) = html.texts(client.get("/office"), f"tr[data-reference='{reference}']")
    page = client.get(f"/office/a/{reference}")
    (due,) = [t for t in html.texts(page, ".summary-list__value") if "counted from the first receipt" in t]
    (status,) = html.texts(client.get(f"/i/{interview_id}/application"), ".decision")
    (entry,) = [e for e in Calendar.from_ical(client.get(feed).data).walk("VEVENT") if "decision" in str(e["summary"])]
    return row, due, status, (entry["dtstart"].dt.isoformat(), str(entry["description"]).splitlines()[0])


def test_the_sections_and_days_of_the_decision_period_stay_as_filed_when_the_rule_file_changes(tmp_path):
    folder = tmp_path / "rules"
    folder.mkdir()
    shutil.copy(FIXTURE, folder / FIXTURE.name)
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "wizard.db"), "SECRET_KEY": "t",
                      "WTF_CSRF_ENABLED": False, "PACKET_PREFETCH": False, "PASSWORD_HASH_METHOD": CHEAP_HASH,
                      "RULEBOOK": load_rulebook([folder])})
    client, reference = received(app, OAK_FALLS, "oak-falls")
    with app.app_context():
        interview_id = office_records().applications.application(reference)["interview_id"]
    feed = feed_path(client)
    before = deadline_everywhere(client, reference, interview_id, feed)
    assert "(§ 12-6(a))" in before[0] and "deemed granted (§ 12-6(b))" in before[1] and "(§ 12-6(b))" in before[2]
    assert before[3] == ((office_day() + timedelta(days=20)).isoformat(), "§ 12-6(a).")

    # The Town renumbers its sections, shortens the period to 15 days and drops the deemed grant: an application
    # filed under § 12-6 is still held to its 20 days and its deemed grant, and the clerk is told the new reading.
    path = folder / FIXTURE.name
    path.write_text(path.read_text(encoding="utf-8").replace(
        "  within_days: 20\n  deemed_granted: § 12-6(b)\n  citation: § 12-6(a)\n",
        "  within_days: 15\n  citation: § 12-9(a)\n", 1), encoding="utf-8")
    app.extensions["rulebook"] = load_rulebook([folder])
    assert deadline_everywhere(client, reference, interview_id, feed) == before
    with app.app_context():  # sent before the section was kept beside the deadline: read from the kept assessment
        office_records().backend.execute("UPDATE applications SET decision_citation = NULL")
    app.extensions.pop("office_feed_bodies", None)
    assert deadline_everywhere(client, reference, interview_id, feed) == before
    assert html.texts(client.get(f"/office/a/{reference}"), ".rules-reading") == [
        "Days to decide would be 15 days (§ 12-9(a)) (filed: 20 days (§ 12-6(a)))",
        "Deemed granted if undecided would be none (filed: § 12-6(b))"]

    app.config["TODAY"] = office_day() + timedelta(days=21)  # the 20 days filed under are over
    (row,) = html.texts(client.get("/office"), f"tr[data-reference='{reference}']")
    assert "Deemed granted: no decision by" in row and "(§ 12-6(a))" in row, "§ 12-6(b) as filed"
    page = " ".join(visible_text(client.get(f"/office/a/{reference}").get_data(as_text=True)).split())
    assert "deems the application granted (§ 12-6(b))" in page
