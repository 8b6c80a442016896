"""The Board's counts are totals kept as things happen (m012_count_totals;
docs/decisions/0009-counts-from-totals-kept-by-triggers.md), so the page reads a few rows whatever the
years kept. The same figures as the GROUP BYs over every row that the page ran before (kept here as the
check), on SQLite and on PostgreSQL: after each kind of event, after the migration fills the totals of
rows kept before it, and after `wizard db copy`."""
from __future__ import annotations

import contextlib
import csv
import io
import statistics

from click.testing import CliRunner

from wizard.cli import main
from wizard.office.counts import median_days, tallies
from wizard.office.records import OfficeRecords, upgrade_schema
from wizard.office.records.base import Repository
from wizard.office.schema import MIGRATION_SET as OFFICE_SET, MIGRATIONS as OFFICE_MIGRATIONS
from wizard.store.interviews import InterviewStore
from wizard.web.edge.state import office_records, store

from tests.support.office_days import office_day
from tests.support.office import app_on_each_backend, BARODA, clerk, finished, keep, send, sign_in  # noqa: F401
from tests.support.postgres import fresh_schema

PLACES = ["baroda-mi", "dekalb-il"]
# What the page counted before m012_count_totals: a GROUP BY over every kept row on each request.
RECOUNT = (
    "SELECT jurisdiction AS place, SUBSTR(created_at, 1, 4) AS yr, 'started' AS what, '' AS outcome, COUNT(*) AS n, "
    "0 AS days, 0 AS timed FROM interviews WHERE jurisdiction {places} GROUP BY jurisdiction, SUBSTR(created_at, 1, 4)",
    "SELECT jurisdiction AS place, SUBSTR(finished_at, 1, 7) AS yr, 'finished' AS what, finished_outcome AS outcome, "
    "COUNT(*) AS n, 0 AS days, 0 AS timed FROM interviews WHERE finished_at IS NOT NULL AND jurisdiction {places} "
    "GROUP BY jurisdiction, SUBSTR(finished_at, 1, 7), finished_outcome",
    "SELECT jurisdiction AS place, SUBSTR(received_day, 1, 4) AS yr, 'received' AS what, '' AS outcome, COUNT(*) AS n, "
    "0 AS days, 0 AS timed FROM applications WHERE received_day <> '' AND jurisdiction {places} "
    "GROUP BY jurisdiction, SUBSTR(received_day, 1, 4)",
    "SELECT a.jurisdiction AS place, SUBSTR(d.decided_on, 1, 4) AS yr, d.decision AS what, '' AS outcome, "
    "COUNT(*) AS n, SUM(d.days_to_decide) AS days, COUNT(d.days_to_decide) AS timed FROM decisions d "
    "JOIN applications a ON a.reference = d.reference WHERE a.jurisdiction {places} "
    "GROUP BY a.jurisdiction, SUBSTR(d.decided_on, 1, 4), d.decision",
    "SELECT jurisdiction AS place, SUBSTR(closed_at, 1, 4) AS yr, 'withdrawn' AS what, '' AS outcome, COUNT(*) AS n, "
    "0 AS days, 0 AS timed FROM applications WHERE status = 'withdrawn' AND jurisdiction {places} "
    "GROUP BY jurisdiction, SUBSTR(closed_at, 1, 4)",
)
DAYS = ("SELECT a.jurisdiction AS place, SUBSTR(d.decided_on, 1, 4) AS yr, d.days_to_decide AS days FROM decisions d "
        "JOIN applications a ON a.reference = d.reference WHERE a.jurisdiction {places} "
        "AND d.decision IN ('approved', 'denied') AND d.days_to_decide IS NOT NULL")


def recounted(records: OfficeRecords) -> tuple[set, dict]:
    """Every figure counted again from the rows themselves, and the medians from every decision."""
    figures = {(r["place"], r["yr"] or "unknown", r["what"], r["outcome"] or "", int(r["n"]), int(r["days"] or 0),
                int(r["timed"] or 0)) for sql in RECOUNT for r in records.counts._query_in(sql, PLACES)}
    days: dict = {}
    for r in records.counts._query_in(DAYS, PLACES):
        days.setdefault((r["place"], r["yr"]), []).append(int(r["days"]))
    return figures, {group: statistics.median(found) for group, found in days.items() if group[1].isdigit()}


def kept(records: OfficeRecords) -> tuple[set, dict]:
    """The figures the page shows: the totals."""
    return ({(t.place, t.year, t.what, t.outcome, t.count, t.days, t.timed) for t in tallies(records, PLACES)},
            median_days(records, PLACES))


def same_figures(app) -> set:
    with app.app_context():
        records = office_records()
        figures, medians = recounted(records)
        assert kept(records) == (figures, medians)
        return figures


def test_the_totals_follow_each_kind_of_event(app):
    clerk(app, places=tuple(PLACES))
    client = app.test_client()
    assert same_figures(app) == set()
    started = finished(app)  # an interview started
    keep(app, 3, received_day="2025-05-01")  # received, in two places and years
    keep(app, 2, start=3, place="dekalb-il", received_day="2026-06-01")
    keep(app, 2, start=5, place="whitesboro-ny", received_day="2026-06-01")  # not the clerk's: never counted
    assert ("baroda-mi", "2025", "received", "", 3, 0, 0) in same_figures(app)
    reference = send(client, started)  # sent through the pages
    sign_in(client)
    client.post(f"/office/a/{reference}/decision", data={"decision": "denied", "reasons": "No insurance",
                                                         "decided_on": office_day("baroda-mi").isoformat()})
    with app.app_context():
        records = office_records()
        records.counts.record_finish(started, "required", "2026-11-03T10:00:00+00:00")
        for n, days in enumerate((4, 9, 30)):  # decided, with the days it took; then one decided again
            records.review.set_decision(dict(reference=f"BAR-2027-{n:05d}", decision="approved", decided_on="2025-06-01",
                                             decided_by="clerk@example.org", version=1, days_to_decide=days))
    assert ("baroda-mi", "2025", "approved", "", 3, 43, 3) in same_figures(app)
    with app.app_context():
        records = office_records()
        records.review.set_decision(dict(reference="BAR-2027-00002", decision="denied", decided_on="2026-01-05",
                                         decided_by="clerk@example.org", version=1, days_to_decide=249))
        records.applications.update_application("DEK-2027-00003", status="withdrawn", closed_at="2026-06-09T10:00:00+00:00")
    figures = same_figures(app)
    assert ("dekalb-il", "2026", "withdrawn", "", 1, 0, 0) in figures
    assert ("baroda-mi", "2025", "approved", "", 2, 13, 2) in figures
    with app.app_context():  # deleted: an application after its keeping period, an interview after retention
        office_records().forget_application("BAR-2027-00001", "baroda-mi-1")
        store().clear([started])
    figures = same_figures(app)
    assert not any(f[2] == "started" for f in figures) and ("baroda-mi", "2025", "approved", "", 1, 4, 1) in figures


def test_the_page_and_the_csv_show_the_totals(app):
    clerk(app, places=tuple(PLACES))
    keep(app, 2, received_day="2025-05-01", status="withdrawn", closed_at="2025-07-01T09:00:00+00:00")
    client = app.test_client()
    sign_in(client)
    rows = list(csv.reader(io.StringIO(client.get("/office/counts.csv").get_data(as_text=True))))
    assert ["Applications received, by year and place", "2025, Village of Baroda, Michigan", "2"] in rows
    assert ["Applications withdrawn, by year and place", "2025, Village of Baroda, Michigan", "2"] in rows


def test_the_counts_page_reads_the_totals_not_every_row_kept(app, monkeypatch):
    """The cost of the page is the totals' few rows: no statement it runs reads the interviews,
    applications or decisions (their GROUP BYs grew with every year kept: 42-50 ms at 100,000)."""
    clerk(app, places=tuple(PLACES))
    keep(app, 3, received_day="2025-05-01")
    client = app.test_client()
    sign_in(client)
    seen = []
    for name in ("_query", "_query_in", "_one"):
        original = getattr(Repository, name)  # what every repository of the records reads through

        def spy(self, sql, *args, original=original, **kwargs):
            seen.append(sql)
            return original(self, sql, *args, **kwargs)
        monkeypatch.setattr(Repository, name, spy)
    assert client.get("/office/counts").status_code == 200
    counted = [sql for sql in seen if "count_totals" in sql or "decision_day_totals" in sql]
    assert counted and not [sql for sql in counted if " interviews" in sql or " decisions" in sql
                            or " applications" in sql]
    assert not [sql for sql in seen if "GROUP BY" in sql and "FROM interviews" in sql]


def older_database(database: str) -> InterviewStore:
    """A database as the version before m012_count_totals left it, with interviews, applications and decisions
    (the office's set counts as done for this store: OfficeRecords applies nothing more)."""
    kept_store = InterviewStore(database)
    kept_store.migrate_also(OFFICE_SET, tuple(m for m in OFFICE_MIGRATIONS if m.name != "m012_count_totals"))
    records = OfficeRecords(kept_store)
    for n in range(6):
        interview = kept_store.create(dict(BARODA, jurisdiction=PLACES[n % 2]))
        if n % 3:
            records.counts.record_finish(interview.id, ("required", "exempt")[n % 2], f"2026-0{n + 1}-02T10:00:00+00:00")
        reference = f"REF-{n}"
        records.applications.insert_application(dict(reference=reference, interview_id=interview.id, jurisdiction=PLACES[n % 2],
                                                     status=("approved", "denied", "withdrawn")[n % 3], version=1,
                                                     received_at="2025-03-01T10:00:00+00:00", received_day=f"202{4 + n % 2}-03-01",
                                                     closed_at="2025-04-01T10:00:00+00:00"))
        if n % 3 != 2:
            records.review.set_decision(dict(reference=reference, decision=("approved", "denied")[n % 3],
                                             decided_on="2025-03-21", decided_by="c@example.org", version=1,
                                             days_to_decide=n * 5 if n else None))
    return kept_store


def test_the_migration_fills_the_totals_from_the_rows_kept(tmp_path):
    for database in (str(tmp_path / "wizard.db"), None):
        with (fresh_schema() if database is None else contextlib.nullcontext(database)) as url:
            kept_store = older_database(url)
            before = recounted(OfficeRecords(kept_store))  # (the set is done for this store: no m012)
            assert before[0] and before[1]
            kept_store.close()
            kept_store = InterviewStore(url)  # the next start of the server
            assert "m012_count_totals" in upgrade_schema(kept_store)
            records = OfficeRecords(kept_store)
            assert kept(records) == before == recounted(records)
            kept_store.close()


def test_a_copied_database_counts_the_same(tmp_path):
    """`wizard db copy` copies the rows, not the totals (that would count each figure twice): the
    target's totals are made from the rows copied (PostgreSQL's triggers are off while they go across)."""
    older_database(str(tmp_path / "wizard.db")).close()
    source = InterviewStore(str(tmp_path / "wizard.db"))
    upgrade_schema(source)
    figures = kept(OfficeRecords(source))
    source.close()
    with fresh_schema() as url:
        copied = CliRunner().invoke(main, ["db", "copy", str(tmp_path / "wizard.db"), url])
        assert copied.exit_code == 0, copied.output
        target = InterviewStore(url)
        upgrade_schema(target)
        assert kept(OfficeRecords(target)) == figures == recounted(OfficeRecords(target))
        target.close()
        # Back into a SQLite file, and again over it with --replace: the same figures, never twice.
        back = str(tmp_path / "back.db")
        for extra in ([], ["--replace"]):
            copied = CliRunner().invoke(main, ["db", "copy", url, back, *extra])
            assert copied.exit_code == 0, copied.output
        again = InterviewStore(back)
        upgrade_schema(again)
        assert kept(OfficeRecords(again)) == figures
        again.close()



def test_the_figures_still_to_fill_are_found_by_index_not_by_every_row_kept(tmp_path):
    """Each counts page first fills the figures of rows kept before them (the day of receipt, the days
    to decide): those rows are found from an index of what is missing, not by reading every
    application and decision of the place (5 and 2 ms at 10,000 applications on SQLite, growing)."""
    kept_store = InterviewStore(str(tmp_path / "wizard.db"))
    records = OfficeRecords(kept_store)
    seen = []
    records.review._query_in = records.applications._query_in = \
        lambda sql, places, params=(): seen.append(sql.replace("{places}", "IN (?)")) or []
    records.review.decisions_without_days(["baroda-mi"])
    records.applications.applications_without_figures(["baroda-mi"])
    plans = [" / ".join(str(r["detail"]) for r in kept_store.backend.query(f"EXPLAIN QUERY PLAN {sql}", ("baroda-mi",)))
             for sql in seen]
    assert "SEARCH d USING INDEX idx_decisions_days_to_decide (days_to_decide=?)" in plans[0], plans[0]
    assert "idx_applications_place_unfilled (jurisdiction=? AND received_day=?)" in plans[1], plans[1]
    kept_store.close()
