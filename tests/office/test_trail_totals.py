"""The paper trail's sums on the counts page are totals kept as things happen (m023_trail_totals;
docs/decisions/0030-trail-sums-and-feed-kept.md): the same figures as the sums over every payment,
inspection and closing the page ran before (kept here as the check), after each kind of write, voids
and refunds included, on SQLite and PostgreSQL; after the migration fills them from the rows kept."""
from __future__ import annotations

import contextlib

from click.testing import CliRunner

from wizard.cli import main

from wizard.office.records import OfficeRecords, upgrade_schema
from wizard.office.records.base import Repository
from wizard.office.schema import MIGRATION_SET as OFFICE_SET, MIGRATIONS as OFFICE_MIGRATIONS
from wizard.store.interviews import InterviewStore
from wizard.web.edge.state import office_records

from tests.support.office import app_on_each_backend, clerk, keep, sign_in  # noqa: F401
from tests.support.postgres import fresh_schema

PLACES = ["baroda-mi", "dekalb-il"]
JOIN = "CROSS JOIN applications a WHERE a.reference = t.reference AND a.jurisdiction {places}"


def summed(records: OfficeRecords) -> dict:
    """What the page added up on each request before the totals: every trail row of the places."""
    query = records.counts._query_in
    money = query("SELECT COALESCE(SUM(t.amount_cents - COALESCE(t.refunded_cents, 0)), 0) AS received, "
                  f"COALESCE(SUM(t.returned_cents), 0) AS returned FROM payments t {JOIN} AND t.voided_at IS NULL",
                  PLACES)
    results = query("SELECT COALESCE(t.result, 'scheduled') AS result, COUNT(*) AS count "
                    f"FROM inspections t {JOIN} GROUP BY COALESCE(t.result, 'scheduled')", PLACES)
    closed = query(f"SELECT COUNT(*) AS count FROM closings t {JOIN}", PLACES)
    return {"received": int(money[0]["received"]), "returned": int(money[0]["returned"]),
            "inspections": {r["result"]: int(r["count"]) for r in results}, "closed": int(closed[0]["count"])}


def same_sums(app) -> dict:
    with app.app_context():
        records = office_records()
        found = summed(records)
        assert records.counts.trail_totals_in(PLACES) == found
        return found


def pay(records: OfficeRecords, reference: str, cents: int, sum_key: str = "fee") -> int:
    return records.money.add_payment(dict(reference=reference, sum_key=sum_key, amount_cents=cents, method="check",
                                          received_on="2027-03-01", taken_by="c@example.org",
                                          recorded_at="2027-03-01T10:00:00+00:00"))


def inspect(records: OfficeRecords, reference: str) -> None:
    records.trail.add_inspection(dict(reference=reference, scheduled_on="2027-07-01", inspector="Fire chief",
                                      recorded_by="c@example.org"))


def test_the_sums_follow_each_kind_of_write(app):
    clerk(app, places=tuple(PLACES))
    first, second, third = keep(app, 3)
    dekalb, = keep(app, 1, place="dekalb-il", start=3)
    other, = keep(app, 1, place="whitesboro-ny", start=4)  # not the clerk's: never summed
    assert same_sums(app) == {"received": 0, "returned": 0, "inspections": {}, "closed": 0}
    with app.app_context():
        records = office_records()
        fee, deposit = pay(records, first, 15000), pay(records, first, 50000, "deposit")
        mistyped, _ = pay(records, second, 99900), pay(records, dekalb, 2500)
        pay(records, other, 7000)
    assert same_sums(app)["received"] == 15000 + 50000 + 99900 + 2500
    with app.app_context():
        records = office_records()
        assert records.money.void(second, mistyped, "2027-03-02T10:00:00+00:00", "c@example.org", "typed 999")
        pay(records, second, 9990)  # the correcting entry
        records.money.refunded(first, fee, "2027-03-03", 5000, "c@example.org")  # an overpayment given back
        records.money.deposit_returned(first, deposit, "2027-08-01", 45000, "cleanup", "c@example.org")
    assert same_sums(app) == {"received": 10000 + 50000 + 9990 + 2500, "returned": 45000, "inspections": {},
                              "closed": 0}
    with app.app_context():
        records = office_records()
        records.money.refunded(first, fee, "2027-03-04", 6000, "c@example.org")  # the refund corrected
        records.money.void(first, deposit, "2027-08-02T10:00:00+00:00", "c@example.org", "bounced")
        for reference in (first, first, dekalb, other):
            inspect(records, reference)
        scheduled = records.trail.inspections(first)
        records.trail.inspection_result(first, scheduled[0]["id"], "passed", "2027-07-01", None, "", "c@example.org",
                                        "2027-07-01T12:00:00")
        records.trail.inspection_result(dekalb, records.trail.inspections(dekalb)[0]["id"], "failed", "2027-07-01",
                                        2000, "exits", "c@example.org", "2027-07-01T12:00:00")
        for reference in (first, third, other):
            records.trail.add_closing(dict(reference=reference, closed_on="2027-07-20", notes="", closed_by="c@example.org",
                                           recorded_at="2027-07-20T10:00:00+00:00"))
    assert same_sums(app) == {"received": 9000 + 9990 + 2500, "returned": 0,
                              "inspections": {"passed": 1, "failed": 1, "scheduled": 1}, "closed": 2}
    with app.app_context():  # an application forgotten after its keeping period takes its sums with it
        office_records().forget_application(first, "baroda-mi-0")
    assert same_sums(app) == {"received": 9990 + 2500, "returned": 0, "inspections": {"failed": 1}, "closed": 1}


def test_the_counts_page_reads_no_trail_row(app, monkeypatch):
    """The page's cost is the totals' few rows, whatever the trail kept (sums over every payment,
    inspection and closing grew 2.3 to 22.6 ms from 1,000 to 100,000 interviews)."""
    clerk(app, places=tuple(PLACES))
    reference, = keep(app, 1)
    with app.app_context():
        pay(office_records(), reference, 1234)
    client = app.test_client()
    sign_in(client)
    seen = []
    for name in ("_query", "_query_in", "_one"):
        original = getattr(Repository, name)

        def spy(self, sql, *args, original=original, **kwargs):
            seen.append(sql)
            return original(self, sql, *args, **kwargs)
        monkeypatch.setattr(Repository, name, spy)
    page = client.get("/office/counts")
    assert page.status_code == 200 and "12.34" in page.get_data(as_text=True)
    assert not [sql for sql in seen if any(f" {t} " in f"{sql} " for t in ("payments", "inspections", "closings"))]


def a_trail(records: OfficeRecords) -> None:
    """Four applications of two places, each paid (every other payment voided) and inspected, three closed."""
    for n in range(4):
        reference = f"REF-{n}"
        records.applications.insert_application(dict(reference=reference, interview_id=f"i{n}",
                                                     jurisdiction=PLACES[n % 2], status="approved", version=1,
                                                     received_at="2025-03-01T10:00:00+00:00"))
        voided = pay(records, reference, 1000 * (n + 1))
        if n % 2:
            records.money.void(reference, voided, "2025-03-02T10:00:00+00:00", "c@example.org", "wrong")
        inspect(records, reference)
        if n:
            records.trail.add_closing(dict(reference=reference, closed_on="2025-07-20", notes="",
                                           closed_by="c", recorded_at="2025-07-20T10:00:00+00:00"))


def test_the_migration_fills_the_sums_from_the_trail_kept(tmp_path):
    for database in (str(tmp_path / "wizard.db"), None):
        with (fresh_schema() if database is None else contextlib.nullcontext(database)) as url:
            kept_store = InterviewStore(url)
            kept_store.migrate_also(OFFICE_SET, tuple(m for m in OFFICE_MIGRATIONS if m.name != "m023_trail_totals"))
            records = OfficeRecords(kept_store)
            a_trail(records)
            before = summed(records)
            assert before["received"] == 1000 + 3000 and before["closed"] == 3
            kept_store.close()
            kept_store = InterviewStore(url)  # the next start of the server
            assert "m023_trail_totals" in upgrade_schema(kept_store)
            records = OfficeRecords(kept_store)
            assert records.counts.trail_totals_in(PLACES) == before == summed(records)
            kept_store.close()


def test_a_copied_database_sums_the_same(tmp_path):
    """`wizard db copy` copies the trail's rows, not their totals, and makes the totals from them."""
    source = InterviewStore(str(tmp_path / "wizard.db"))
    upgrade_schema(source)
    a_trail(OfficeRecords(source))
    figures = OfficeRecords(source).counts.trail_totals_in(PLACES)
    source.close()
    with fresh_schema() as url:
        copied = CliRunner().invoke(main, ["db", "copy", str(tmp_path / "wizard.db"), url])
        assert copied.exit_code == 0, copied.output
        target = InterviewStore(url)
        upgrade_schema(target)
        assert OfficeRecords(target).counts.trail_totals_in(PLACES) == figures == summed(OfficeRecords(target))
        target.close()
