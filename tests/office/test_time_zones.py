"""Every office date and time (docs/decisions/0004-office-days.md) is the office's own (the rule file's
`time_zone:`), not UTC's: an evening filing is that evening's day, its deadline counted from it."""
from __future__ import annotations

from datetime import date, datetime, timezone
from io import BytesIO
from pathlib import Path

from pypdf import PdfReader

from wizard.authoring.checks import check_path
from wizard.engine.answers import clean_answers
from wizard.office.office_time import office_today
from wizard.packet import build_packet
from wizard.packet import content
from wizard.web.jobs import sweeper
from wizard.office.applications import decision_due
from wizard.resources import resource_dir
from wizard.web.edge.state import office_records, store

from tests.support.office import BARODA, DEKALB, finished, received
from tests.support import html

RULES = resource_dir("interviews") / "jurisdictions"
EVENING_IN_NEW_YORK = "2027-03-01T00:30:00+00:00"  # Sunday, February 28, 7:30 pm EST


def test_the_decision_period_counts_from_the_offices_day_of_receipt(book):
    whitesboro, wisconsin = book.get("whitesboro-ny"), book.get("wi-village-ch64")
    assert decision_due(EVENING_IN_NEW_YORK, whitesboro) == date(2027, 3, 20)  # 20 days: not March 21
    assert decision_due("2027-03-01T15:00:00+00:00", whitesboro) == date(2027, 3, 21)  # that morning
    # 11:30 pm on June 30 in a Wisconsin village (CDT) is July 1 in UTC; 20 days to process.
    assert decision_due("2027-07-01T04:30:00+00:00", wisconsin) == date(2027, 7, 20)


def test_each_place_names_its_zone(book):
    zones = {j: book.get(j).zone.key for j in ("whitesboro-ny", "baroda-mi", "dekalb-il", "wi-village-ch64")}
    assert zones == {"whitesboro-ny": "America/New_York", "baroda-mi": "America/Detroit",
                     "dekalb-il": "America/Chicago", "wi-village-ch64": "America/Chicago"}


def test_the_inbox_page_and_history_show_the_offices_day_and_hour(app):
    client, reference = received(app, BARODA, "baroda-mi")
    with app.app_context():
        office_records().applications.update_application(reference, received_at="2027-03-01T03:00:00+00:00")
        office_records().applications.add_history(reference, "clerk@example.org", "Status: Under review")
    page = client.get(f"/office/a/{reference}").get_data(as_text=True)
    # 10 pm Eastern on February 28; Baroda decides within 45 days (Application (h)).
    assert "Sunday, February 28, 2027" in page and "Wednesday, April 14, 2027" in page
    assert "Thursday, April 15, 2027" not in page
    assert any(" ES" in cell or " ED" in cell for cell in html.texts(page, ".history td"))  # EST or EDT
    inbox = client.get("/office").get_data(as_text=True)
    assert "Sunday, February 28, 2027" in inbox


def test_the_board_counts_years_in_the_offices_zone(app, book):
    client, reference = received(app, BARODA, "baroda-mi")
    with app.app_context():  # received (as if for the first time) on December 31, 10 pm EST
        office_records().applications.update_application(reference, received_at="2027-01-01T03:00:00+00:00", received_day=None)
    doc = html.parse(client.get("/office/counts"))
    assert [th.get_text() for th in doc.select("table[data-measure=received] tbody th")] == \
        ["2026, Village of Baroda, Michigan"]


def rule_file_without(tmp_path: Path, replacement: str) -> Path:
    text = (RULES / "dekalb-il.yaml").read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith("time_zone:"))
    path = tmp_path / "dekalb-il.yaml"
    path.write_text(text.replace(line + "\n", replacement), encoding="utf-8")
    return path


def test_wizard_check_requires_a_real_time_zone(tmp_path):
    _, missing = check_path(rule_file_without(tmp_path, ""))
    assert any("time_zone" in str(p) for p in missing)
    _, unknown = check_path(rule_file_without(tmp_path, "time_zone: America/Springfield\n"))
    assert [p.key for p in unknown] == ["time_zone"]
    assert "unknown time zone 'America/Springfield'" in unknown[0].message


class _ClockAt:
    """`datetime` whose now() is a fixed UTC moment (the rest of the class unchanged)."""
    moment = datetime(2027, 3, 2, 3, 30, tzinfo=timezone.utc)  # 9:30 pm on March 1 in Chicago

    @classmethod
    def now(cls, tz=None):
        return cls.moment.astimezone(tz) if tz else cls.moment


def test_a_packet_made_in_utcs_early_hours_is_dated_the_offices_day(book, monkeypatch):
    """The packet's "Prepared" day and its plan count from the place's office day, not the server's
    UTC date, which is already tomorrow every evening in DeKalb."""
    monkeypatch.setattr(content, "datetime", _ClockAt)
    answers = clean_answers(dict(DEKALB), book.questions_for("dekalb-il"), book.jurisdictions)
    packet = build_packet(answers, book.get("dekalb-il"), book.questions_for("dekalb-il"))
    assert packet.prepared_on == date(2027, 3, 1)


def test_a_downloaded_packet_is_dated_the_sites_today(app):
    """The download is dated as the result page counts (the app's today for the place), so the two
    never disagree; before, the download took the server's own date."""
    app.config["TODAY"] = date(2027, 3, 1)
    interview_id = finished(app)
    response = app.test_client().get(f"/i/{interview_id}/packet.pdf")
    assert response.status_code == 200
    text = " ".join(page.extract_text() for page in PdfReader(BytesIO(response.data)).pages)
    assert "Prepared Monday, March 1, 2027" in " ".join(text.split())


def test_each_reminder_waits_for_its_own_places_day(app, monkeypatch):
    """At 5:30 UTC on March 2 it is March 2 in Whitesboro (12:30 am) and still March 1 in DeKalb: the
    Whitesboro organizer's reminder for March 2 goes, the DeKalb one waits until the day has begun
    where that event is, and neither office's rule file beyond the two is read for it."""
    moment = datetime(2027, 3, 2, 5, 30, tzinfo=timezone.utc)
    monkeypatch.setattr(sweeper, "office_today", lambda zone: office_today(zone, moment))
    monkeypatch.setattr(sweeper, "latest_day", lambda: date(2027, 3, 3))
    row = {"recipient": "zoe@example.org", "title": "File the application", "citation": "§ 4",
           "day": "2027-03-09", "remind_on": "2027-03-02", "link": "https://x/i", "stop_link": "https://x/stop"}
    with app.app_context():
        east, west = store().create({"jurisdiction": "whitesboro-ny"}), store().create({"jurisdiction": "dekalb-il"})
        office_records().mail.set_reminders(east.id, [row])
        office_records().mail.set_reminders(west.id, [row])
        due = office_records().mail.reminders_due
        app.config.pop("TODAY", None)
        app.extensions["sweeper"].sweep_once(clock=0.0)
        assert [r["interview_id"] for r in due("2027-12-31")] == [west.id]
        assert "in 7 days" in "".join(m["text_body"] for m in office_records().mail.mail_due("9999-01-01"))
