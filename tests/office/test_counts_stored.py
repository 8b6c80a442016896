"""The Board's counts (docs/decisions/0009-counts-from-totals-kept-by-triggers.md) come from figures
recorded when things happen (the office's day of receipt at sending, the days to decide at the decision),
counted by the database per year and per place; counts.csv gives the same figures. On SQLite and on
PostgreSQL."""
from __future__ import annotations

import csv
import io

import pytest

from wizard.web.edge.state import office_records

from tests.support import html
from tests.support.stories import BIG_FESTIVAL
from tests.support.office_days import office_day
from tests.support.office import app_on_each_backend, BARODA, clerk, finished, keep, send, sign_in  # noqa: F401
from tests.support.posting import step_data
from tests.support.walks import walk

BARODA_NAME, DEKALB_NAME = "Village of Baroda, Michigan", "City of DeKalb, Illinois"


def table(doc, key: str) -> dict[str, str]:
    return {th.get_text(): th.find_next("td").get_text() for th in doc.select(f"table[data-measure={key}] tbody th")}


@pytest.fixture
def board(app):
    """A clerk of Baroda and DeKalb, signed in, with applications kept over two years in both places."""
    clerk(app, places=("baroda-mi", "dekalb-il"))
    keep(app, 3, received_day="2025-05-01")
    keep(app, 2, start=3, received_day="2026-06-01", status="withdrawn", closed_at="2026-06-09T10:00:00+00:00")
    keep(app, 4, place="dekalb-il", received_day="2026-07-01")
    keep(app, 5, place="whitesboro-ny", received_day="2026-07-01")  # not this clerk's place: never counted
    client = app.test_client()
    sign_in(client)
    return client


def test_counts_are_per_year_and_place_and_the_csv_says_the_same(app, board):
    doc = html.parse(board.get("/office/counts"))
    assert table(doc, "received") == {f"2025, {BARODA_NAME}": "3", f"2026, {BARODA_NAME}": "2",
                                      f"2026, {DEKALB_NAME}": "4"}
    assert table(doc, "withdrawn") == {f"2026, {BARODA_NAME}": "2"}
    rows = list(csv.reader(io.StringIO(board.get("/office/counts.csv").get_data(as_text=True))))
    page_figures = {(section.select_one("h2").get_text(), th.get_text(), th.find_next("td").get_text())
                    for section in doc.select("section.measure") for th in section.select("tbody th")}
    assert set(map(tuple, rows[1:])) == page_figures and rows[0] == ["measure", "row", "figure"]


def test_the_days_to_decide_are_recorded_with_the_decision(app, board):
    reference = send(board, finished(app, {**BARODA, "event_name": "Sent Fair"}))
    today = office_day("baroda-mi")
    board.post(f"/office/a/{reference}/decision", data={"decision": "denied", "reasons": "No insurance",
                                                       "decided_on": today.isoformat()})
    with app.app_context():
        assert office_records().review._one("SELECT days_to_decide FROM decisions WHERE reference = ?",
                                     (reference,))["days_to_decide"] == 0
        # A decision recorded before the figure was kept gets it when the counts are first opened.
        old = keep(app, 1, start=50, received_day="2025-03-01", status="approved")[0]
        office_records().review.set_decision(dict(reference=old, decision="approved", decided_on="2025-03-11",
                                                  decided_by="clerk@example.org", version=1))
    doc = html.parse(board.get("/office/counts"))
    assert table(doc, "denied") == {f"{today.year}, {BARODA_NAME}": "1"}
    assert table(doc, "approved") == {f"2025, {BARODA_NAME}": "1"}
    assert table(doc, "days") == {f"2025, {BARODA_NAME}": "10", f"{today.year}, {BARODA_NAME}": "0"}


def test_counting_never_assesses_the_kept_interviews(app, board, monkeypatch):
    """The old page assessed every kept interview on each request (27 s of CPU at 100,000)."""
    for _ in range(3):
        finished(app)

    def refuse(*args, **kwargs):
        raise AssertionError("the counts assessed an interview")

    for where in ("wizard.engine.assess", "wizard.office.counts"):
        monkeypatch.setattr(f"{where}.assess_jurisdiction", refuse, raising=False)
    response = board.get("/office/counts")
    assert response.status_code == 200
    assert table(html.parse(response), "started") == {f"{office_day('baroda-mi').year}, {BARODA_NAME}": "3"}


def test_interviews_finished_are_counted_by_month_and_outcome_as_they_finish(app, board, book):
    """The outcome is recorded when the last page is answered (m011_finished_counts) and counted per
    month by the database; an interview not finished is not counted, nor one answered again later."""
    organizer = app.test_client()
    interview_id, shown = walk(organizer, book, "baroda-mi", BIG_FESTIVAL)
    organizer.post("/start", data={"jurisdiction": "baroda-mi"})  # started, never finished
    month = office_day("baroda-mi").isoformat()[:7]
    doc = html.parse(board.get("/office/counts"))
    assert table(doc, "finished") == {f"{month}, {BARODA_NAME}: needs a permit": "1"}
    assert "Interviews finished, by month, place and outcome" in [h.get_text() for h in doc.select("h2")]
    # Answered again after the end: still one interview finished, in the month and outcome it had.
    last = f"/i/{interview_id}/step/{shown[-1]}"
    organizer.post(last, data=step_data(book, "baroda-mi", last, BIG_FESTIVAL))
    assert table(html.parse(board.get("/office/counts")), "finished") == {f"{month}, {BARODA_NAME}: needs a permit": "1"}


def test_the_days_to_decide_are_the_median_not_the_average(app, board):
    """Days 1, 2 and 30 in one year: the median 2 (the average would say 11); 1, 2, 10 and 30 in another: 6."""
    with app.app_context():
        records = office_records()
        for n, (year, days) in enumerate([(2023, 1), (2023, 2), (2023, 30), (2024, 1), (2024, 2), (2024, 10),
                                          (2024, 30)]):
            reference = keep(app, 1, start=60 + n, received_day=f"{year}-02-01", status="approved")[0]
            records.review.set_decision(dict(reference=reference, decision="approved", decided_on=f"{year}-03-01",
                                             decided_by="clerk@example.org", version=1, days_to_decide=days))
    doc = html.parse(board.get("/office/counts"))
    days = table(doc, "days")
    assert days[f"2023, {BARODA_NAME}"] == "2" and days[f"2024, {BARODA_NAME}"] == "6"
    assert "Median days from receipt to decision, by year and place" in [h.get_text() for h in doc.select("h2")]
