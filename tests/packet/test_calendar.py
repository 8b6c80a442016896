"""The organizer's calendar file. A festival that closes each night is one entry a
day, not one block of 59 hours; its times are in the place's time zone (the rule file's IANA zone,
with its VTIMEZONE), not floating; each entry cites its section and the ordinance is named once."""
from __future__ import annotations

import os
import shutil
import subprocess
from datetime import datetime, timedelta

import pytest
from icalendar import Calendar


from tests.support.packet import JURISDICTIONS
from tests.support.packet import calendar


def festival_entries(body: bytes) -> list:
    return [e for e in Calendar.from_ical(body).walk("VEVENT") if str(e["SUMMARY"]).startswith("Riverbend Music Festival")]


def test_a_festival_that_closes_each_night_is_one_entry_a_day(book):
    days = festival_entries(calendar(book, "whitesboro-ny", closes_overnight=True))
    assert [str(e["SUMMARY"]) for e in days] == [f"Riverbend Music Festival (day {n} of 3)" for n in (1, 2, 3)]
    zone = book.jurisdictions["whitesboro-ny"].zone
    assert [(e.decoded("DTSTART"), e.decoded("DTEND")) for e in days] == [
        (datetime(2027, 7, day, 12, 0, tzinfo=zone), datetime(2027, 7, day, 23, 0, tzinfo=zone)) for day in (9, 10, 11)]
    assert len({str(e["UID"]) for e in days}) == 3
    assert len(days[0].walk("VALARM")) == 2 and not days[1].walk("VALARM")  # reminded once, of the first day


def test_a_festival_open_through_the_night_is_one_entry(book):
    (entry,) = festival_entries(calendar(book, "whitesboro-ny", closes_overnight=False))
    assert entry.decoded("DTEND") - entry.decoded("DTSTART") == timedelta(hours=59)


@pytest.mark.parametrize("jurisdiction", JURISDICTIONS)
def test_the_event_is_in_the_places_time_zone_and_the_ordinance_is_named_once(book, jurisdiction):
    body = calendar(book, jurisdiction)
    j = book.jurisdictions[jurisdiction]
    parsed = Calendar.from_ical(body)
    (entry,) = festival_entries(body)
    start = entry.decoded("DTSTART")
    assert start == datetime(2027, 7, 9, 12, 0, tzinfo=j.zone) and start.tzinfo.key == j.zone.key
    assert [str(tz["TZID"]) for tz in parsed.walk("VTIMEZONE")] == [j.zone.key]
    descriptions = [str(e["DESCRIPTION"]) for e in parsed.walk("VEVENT")]
    # A section once per entry ("Source: Ch. 40, Permit B."), the ordinance once in the file (on the event),
    # not after every section ("Source: Ch. 40, Permit B (Village of Whitesboro Code, Ch. 40, ...)").
    assert sum(text.count(f"Rules: {j.ordinance}.") for text in descriptions) == 1
    assert not any(f"({j.ordinance})" in text for text in descriptions)
    assert all(text.count("Source: ") <= 1 for text in descriptions)


def test_calcurse_imports_each_day_at_the_places_time(book, tmp_path):
    calcurse = shutil.which("calcurse")
    assert calcurse, "scripts/test.sh installs Debian's calcurse"
    feed = tmp_path / "plan.ics"
    feed.write_bytes(calendar(book, "baroda-mi", closes_overnight=True))
    folder = tmp_path / "calcurse"
    folder.mkdir()
    here = dict(os.environ, TZ=book.jurisdictions["baroda-mi"].zone.key)  # a calendar set to the place's zone
    subprocess.run([calcurse, "-D", str(folder), "-i", str(feed)], check=True, capture_output=True, timeout=30, env=here)
    listed = subprocess.run([calcurse, "-D", str(folder), "-Q", "--from", "07/09/2027", "--days", "3"],
                            check=True, capture_output=True, text=True, timeout=30, env=here).stdout
    assert listed.count("12:00 -> 23:00") == 3, listed
    assert "Riverbend Music Festival (day 3 of 3)" in listed
