"""The office's calendar feed (docs/decisions/0009-counts-from-totals-kept-by-triggers.md) holds what is
current (the open applications and those whose event is within the last 60 days or ahead), not every
application kept for years, and a calendar program polling it is answered 304 while nothing changed. On
SQLite and on PostgreSQL."""
from __future__ import annotations

from datetime import datetime, timezone

from icalendar import Calendar

from wizard.office.calendar_feed import application_entries
from wizard.office.records import OfficeRecords
from wizard.office.review import refer
from wizard.office.records import in_feed_sql
from wizard.store.interviews import InterviewStore
from wizard.web.edge.state import office_records, rulebook
from wizard.web.office import calendar as feed_pages

from tests.support.office import app_on_each_backend, clerk, keep, sign_in  # noqa: F401
from tests.support.office import feed_path

NOW = datetime(2027, 7, 1, 12, tzinfo=timezone.utc)


def summaries(body: bytes) -> set[str]:
    return {str(e["summary"]) for e in Calendar.from_ical(body).walk("VEVENT")}


def subscribed(app):
    """A Baroda clerk's browser and the address of the clerk's feed."""
    app.config["NOW"] = NOW
    clerk(app)
    client = app.test_client()
    sign_in(client)
    return client, feed_path(client)


def test_the_feed_holds_open_applications_and_recent_or_coming_events_only(app):
    closed = dict(status="approved", closed_at="2027-03-01T10:00:00+00:00")
    keep(app, 1, start=1, starts_at="2027-08-01T12:00", ends_at="2027-08-01T20:00", **closed)  # ahead
    keep(app, 1, start=2, starts_at="2027-05-10T12:00", ends_at="2027-05-10T20:00", **closed)  # 52 days ago
    keep(app, 1, start=3, starts_at="2027-04-20T12:00", ends_at="2027-04-20T20:00", **closed)  # 72 days ago
    keep(app, 1, start=4, starts_at="2025-06-01T12:00", ends_at="2025-06-01T20:00", **closed)  # two years ago
    keep(app, 1, start=5, starts_at="2025-06-01T12:00", ends_at="2025-06-01T20:00")  # old, but still open
    keep(app, 1, start=6, starts_at="2027-04-20T12:00", ends_at="2027-05-09T20:00", **closed)  # ended 53 days ago
    client, path = subscribed(app)
    shown = {s.split(":")[0] for s in summaries(client.get(path).data)}
    assert shown == {"BAR-2027-00001", "BAR-2027-00002", "BAR-2027-00005", "BAR-2027-00006"}


def test_the_feeds_size_follows_what_is_current_not_the_years_kept(app):
    client, path = subscribed(app)
    keep(app, 20, starts_at="2027-08-01T12:00", ends_at="2027-08-01T20:00")
    small = len(client.get(path).data)
    keep(app, 300, start=20, status="denied", closed_at="2026-01-01T10:00:00+00:00",
         starts_at="2026-02-01T12:00", ends_at="2026-02-01T20:00")
    assert len(client.get(path).data) == small


def test_a_repeated_poll_is_answered_304_until_something_changes(app):
    client, path = subscribed(app)
    reference = keep(app, 1, starts_at="2027-08-01T12:00", ends_at="2027-08-01T20:00")[0]
    first = client.get(path)
    etag, modified = first.headers["ETag"], first.headers["Last-Modified"]
    assert first.status_code == 200 and etag and modified
    again = client.get(path, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == etag
    assert client.get(path, headers={"If-Modified-Since": modified}).status_code == 304
    # A department is asked: its answer's deadline is new in the feed, so the next poll gets it.
    with app.app_context():
        refer(office_records(), reference, rulebook().get("baroda-mi"), rulebook().get("baroda-mi").referrals[0]["id"],
              "police@example.org", NOW.date(), "clerk@example.org")
    changed = client.get(path, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert any("answer due" in s for s in summaries(changed.data))
    # The next day the window moves on: the feed is made again even with nothing stored changed.
    app.config["NOW"] = NOW.replace(day=2)
    assert client.get(path, headers={"If-None-Match": changed.headers["ETag"]}).status_code == 200


def test_each_applications_referrals_are_its_own(app):
    client, path = subscribed(app)
    first, second = keep(app, 2, starts_at="2027-08-01T12:00", ends_at="2027-08-01T20:00")
    with app.app_context():
        j = rulebook().get("baroda-mi")
        for department in j.referrals[:2]:
            refer(office_records(), second, j, department["id"], "dept@example.org", NOW.date(), "clerk@example.org")
    due = [s for s in summaries(client.get(path).data) if "answer due" in s]
    assert len(due) == min(2, len(j.referrals)) and all(s.startswith(second) for s in due)
    assert first not in " ".join(due)


def test_each_entry_is_lean_and_links_to_its_application(app):
    """The feed of a place with many current applications stays small because each entry says
    only what a clerk needs (the reference, the event, the status, the section to decide under) with the
    application page's address; the place and its ordinance are named once, for the whole calendar."""
    app.config["PUBLIC_URL"] = "https://permits.example.org"
    client, path = subscribed(app)
    references = keep(app, 40, starts_at="2027-08-01T12:00", ends_at="2027-08-01T20:00")
    body = client.get(path).data
    calendar = Calendar.from_ical(body)
    j = app.extensions["rulebook"].get("baroda-mi")
    about = str(calendar["X-WR-CALDESC"]).replace("\\,", ",")  # an X- property: icalendar leaves it escaped
    assert j.name in about and j.ordinance in about
    events = calendar.walk("VEVENT")
    assert len(events) == 80  # each application's event and its decision deadline
    assert not any(j.name in str(e.get("description", "")) for e in events)
    for reference in references:
        link = f"https://permits.example.org/office/a/{reference}"
        ours = [e for e in events if str(e["summary"]).startswith(reference)]
        assert [str(e["description"]).splitlines()[-1] for e in ours] == [link, link]
    assert client.get(link.removeprefix("https://permits.example.org")).status_code == 200
    assert len(body) / len(references) < 560  # bytes an application, with its link; 639 before, with none


def test_the_feed_reads_a_places_current_applications_from_an_index(tmp_path):
    """The feed's size and cost are bounded by what is current, not by the years
    kept: its applications are read as a range of an index (m012_count_totals), never every one kept."""
    kept_store = InterviewStore(str(tmp_path / "wizard.db"))
    OfficeRecords(kept_store)
    plan = kept_store.backend.query(f"EXPLAIN QUERY PLAN SELECT a.reference FROM applications a WHERE "
                                    f"{in_feed_sql()} AND a.jurisdiction IN (?)", ("2027-01-01", "baroda-mi"))
    assert "idx_applications_place_feed (jurisdiction=? AND <expr>>?)" in str(plan[0]["detail"]), plan
    kept_store.close()


def test_a_poll_without_its_etag_gets_the_kept_body_until_something_changes(app, monkeypatch):
    """A calendar program that never sends its ETag is answered the body kept with it, not a feed made again
    (588-660 ms of CPU at 10,000 applications); a change makes a new one, with the change in it."""
    client, path = subscribed(app)
    reference = keep(app, 2, starts_at="2027-08-01T12:00", ends_at="2027-08-01T20:00")[0]
    first = client.get(path)
    made = []
    real = feed_pages.office_calendar
    monkeypatch.setattr(feed_pages, "office_calendar", lambda *a, **k: made.append(1) or real(*a, **k))
    again = client.get(path)
    assert again.status_code == 200 and again.data == first.data and again.headers["ETag"] == first.headers["ETag"]
    assert made == []
    with app.app_context():
        office_records().trail.add_inspection(dict(reference=reference, scheduled_on="2027-07-20", inspector="Fire",
                                                   recorded_by="c@example.org"))
    changed = client.get(path)
    assert made == [1] and changed.headers["ETag"] != first.headers["ETag"]
    assert f"{reference}: inspection" in summaries(changed.data)
    assert client.get(path).data == changed.data and made == [1]


def test_an_inspection_done_is_named_in_its_events_entry_one_ahead_is_an_entry(app):
    """Nothing of the trail is lost from the feed: an inspection with its result is a line of the
    application's event entry (history, not a day ahead), one still to come an all-day entry of its own."""
    client, path = subscribed(app)
    reference = keep(app, 1, starts_at="2027-08-01T12:00", ends_at="2027-08-01T20:00")[0]
    with app.app_context():
        trail = office_records().trail
        for day in ("2027-06-20", "2027-06-25", "2027-07-30"):
            trail.add_inspection(dict(reference=reference, scheduled_on=day, inspector="Fire", recorded_by="c"))
        done = trail.inspections(reference)[:2]
        trail.inspection_result(reference, done[0]["id"], "failed", "2027-06-20", None, "exits", "c", "2027-06-20T12:00:00")
        trail.inspection_result(reference, done[1]["id"], "passed", "2027-06-25", None, "", "c", "2027-06-25T12:00:00")
    events = {str(e["summary"]): e for e in Calendar.from_ical(client.get(path).data).walk("VEVENT")}
    assert set(events) == {f"{reference}: Fair number 0", f"{reference}: decision due", f"{reference}: inspection"}
    assert "Inspections: 2027-06-20 failed, 2027-06-25 passed." in str(events[f"{reference}: Fair number 0"]["description"])
    assert events[f"{reference}: inspection"].decoded("dtstart").isoformat() == "2027-07-30"
def test_a_revoked_events_deadlines_leave_the_feed_with_it_cancelled(book):
    row = {"reference": "BAR-2027-0001", "event_name": "Harvest Fair", "jurisdiction": "baroda-mi",
           "status": "approved", "received_at": "2027-05-01T10:00:00+00:00",
           "starts_at": "2027-07-09T12:00", "ends_at": "2027-07-11T23:00"}
    referrals = [{"id": 1, "department": "Fire department", "due_on": "2027-06-01", "answered_at": None}]
    stamp = datetime(2027, 5, 20, tzinfo=timezone.utc)
    suspended = application_entries(row, book, referrals, stamp, {"action": "suspended", "acted_on": "2027-05-19"})
    assert [str(e["summary"]) for e in suspended][1:] == ["BAR-2027-0001: Fire department answer due"]
    (event,) = application_entries(row, book, referrals, stamp, {"action": "revoked", "acted_on": "2027-05-19"})
    assert str(event["status"]) == "CANCELLED" and str(event["summary"]).startswith("Cancelled, permit revoked")
