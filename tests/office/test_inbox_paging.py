"""The inbox is paged (docs/decisions/0009-counts-from-totals-kept-by-triggers.md), filtered, searched
and sorted by the database, 50 a page, and a page weighs the same with 200 applications kept as with
thousands."""
from __future__ import annotations

import re
from datetime import date, timedelta

import pytest

from wizard.office.inbox import ORDER, PAGE_SIZE
from wizard.office.records import OfficeRecords
from wizard.store.interviews import InterviewStore
from wizard.web.edge.state import office_records, rulebook

from tests.support.office import app_on_each_backend, clerk, keep, sign_in  # noqa: F401

TODAY = date(2027, 3, 1)


@pytest.fixture
def office(app):
    app.config["TODAY"] = TODAY
    clerk(app, places=("baroda-mi", "dekalb-il"))
    client = app.test_client()
    sign_in(client)
    return client


def references(html: str) -> list[str]:
    return re.findall(r'<tr data-reference="([^"]+)"', html)


def test_the_inbox_shows_fifty_a_page_with_the_count_and_page_links(app, office):
    keep(app, 120)
    first = office.get("/office").get_data(as_text=True)
    assert len(references(first)) == PAGE_SIZE
    assert "120 applications, page 1 of 3" in first
    assert 'href="/office?page=2"' in first and "Next page" in first
    last = office.get("/office?page=3").get_data(as_text=True)
    assert len(references(last)) == 20 and "Previous page" in last
    assert set(references(first)).isdisjoint(references(last))
    assert references(office.get("/office?page=99").get_data(as_text=True)) == references(last)
    # The filters ride along on the page links.
    filtered = office.get("/office?q=fair&sort=deadline").get_data(as_text=True)
    assert 'href="/office?page=2&amp;sort=deadline&amp;q=fair"' in filtered or \
        'href="/office?page=2&amp;q=fair&amp;sort=deadline"' in filtered


def test_the_page_weighs_the_same_with_two_hundred_or_three_thousand_kept(app, office):
    keep(app, 200)
    small = len(office.get("/office").get_data())
    keep(app, 2800, start=200)
    large = office.get("/office").get_data(as_text=True)
    assert "3000 applications" in large and len(references(large)) == PAGE_SIZE
    assert len(large) < 1.5 * small and len(large) < 100_000


def test_search_by_reference_event_or_organizer(app, office):
    keep(app, 30)
    keep(app, 1, start=500, event_name="Corn 100% Days", organizer="Zoe Quill")
    assert references(office.get("/office?q=bar-2027-00007").get_data(as_text=True)) == ["BAR-2027-00007"]
    assert references(office.get("/office?q=100%25").get_data(as_text=True)) == ["BAR-2027-00500"]
    assert references(office.get("/office?q=quill").get_data(as_text=True)) == ["BAR-2027-00500"]
    none = office.get("/office?q=nothing+like+it").get_data(as_text=True)
    assert "0 applications" in none and "No applications match" in none


def test_due_within_a_week_past_and_late_are_filters(app, office):
    with app.app_context():
        period = rulebook().get("baroda-mi").decision_within_days
    assert period is not None
    # Deadlines kept at receipt: TODAY + 3 (within a week) and TODAY - 2 (past); one filed late.
    past_day = TODAY - timedelta(days=2 + period)
    keep(app, 1, start=1, decide_by=str(TODAY + timedelta(days=3)))
    keep(app, 1, start=2, decide_by=str(TODAY - timedelta(days=2)), received_day=str(past_day))
    keep(app, 1, start=3, decide_by=str(TODAY - timedelta(days=9)), status="approved")  # closed: never flagged
    keep(app, 1, start=4, file_by="2027-01-01", received_day="2027-01-05", decide_by=str(TODAY + timedelta(days=40)))
    assert references(office.get("/office?due=soon").get_data(as_text=True)) == ["BAR-2027-00001"]
    assert references(office.get("/office?due=past").get_data(as_text=True)) == ["BAR-2027-00002"]
    assert references(office.get("/office?due=late").get_data(as_text=True)) == ["BAR-2027-00004"]
    assert references(office.get("/office?sort=deadline").get_data(as_text=True))[:2] == \
        ["BAR-2027-00003", "BAR-2027-00002"]


def test_applications_kept_before_the_figures_get_them_when_the_inbox_opens(app, office):
    keep(app, 1, start=9, received_day=None, decide_by=None, organizer=None,
         received_at="2026-01-05T15:00:00+00:00")
    assert references(office.get("/office?due=past").get_data(as_text=True)) == ["BAR-2027-00009"]
    with app.app_context():
        row = office_records().applications.applications_without_figures(["baroda-mi"])
    assert row == []


def test_another_places_applications_are_neither_listed_nor_counted(app):
    app.config["TODAY"] = TODAY
    keep(app, 3, place="dekalb-il")
    keep(app, 2)
    clerk(app, "baroda@example.org", ("baroda-mi",))
    client = app.test_client()
    sign_in(client, "baroda@example.org")
    page = client.get("/office?place=dekalb-il").get_data(as_text=True)
    assert "2 applications" in page and all(r.startswith("BAR-") for r in references(page))


@pytest.mark.parametrize("sort", ["deadline", "event"])
def test_a_page_sorted_by_deadline_or_event_is_read_in_order_from_an_index(tmp_path, sort):
    """Sorted by deadline or event, page 2 of one place's inbox reads its 50 rows in order from an
    index (m012_count_totals), never sorting every application kept (10 ms at 10,000 on SQLite)."""
    kept_store = InterviewStore(str(tmp_path / "wizard.db"))
    OfficeRecords(kept_store)
    plan = kept_store.backend.query(
        f"EXPLAIN QUERY PLAN SELECT a.reference FROM applications a WHERE a.jurisdiction IN (?) "
        f"ORDER BY {ORDER[sort]} LIMIT 50 OFFSET 50", ("baroda-mi",))
    steps = " / ".join(str(row["detail"]) for row in plan)
    assert "USING" in steps and "TEMP B-TREE" not in steps, steps
    kept_store.close()
