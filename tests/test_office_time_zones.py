"""Issue 34, item 5: every office date and time is the office's own (the rule file's `time_zone:`),
not UTC's: an evening filing is that evening's day, its deadline counted from it."""
from __future__ import annotations

from datetime import date
from pathlib import Path

from wizard.authoring.checks import check_path
from wizard.office.applications import decision_due
from wizard.resources import resource_dir
from wizard.web.edge.state import office_records

from .office_support import BARODA, received
from . import html

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
        office_records().update_application(reference, received_at="2027-03-01T03:00:00+00:00")
        office_records().add_history(reference, "clerk@example.org", "Status: Under review")
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
        office_records().update_application(reference, received_at="2027-01-01T03:00:00+00:00", received_day=None)
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
