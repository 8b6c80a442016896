"""The Board's counts (docs/decisions/0009-counts-from-totals-kept-by-triggers.md), numbers only, each
with a server-drawn SVG chart (a title and the figures as a table beside it) and a CSV download."""
from __future__ import annotations

import csv
import io

from tests.support.office_days import office_day
from tests.support import html
from tests.support.office import BARODA, clerk, finished, send, sign_in


def test_the_counts_page_has_a_chart_and_a_table_per_measure_and_no_personal_data(app, client):
    clerk(app)
    first = send(client, finished(app))
    send(client, finished(app, {**BARODA, "event_name": "Second Fair", "applicant_email": "amy@example.org"}))
    finished(app, {**BARODA, "max_attendance": 50})  # finished, needs no license, never sent
    sign_in(client)
    client.post(f"/office/a/{first}/decision", data={"decision": "denied", "reasons": "No insurance",
                                                     "decided_on": office_day("baroda-mi").isoformat()})
    page = client.get("/office/counts")
    doc = html.parse(page)
    sections = doc.select("section.measure")
    assert len(sections) == 10  # seven per year and place, and money, inspections and closings
    for section in sections:
        svg = section.select_one("svg[role=img]")
        assert svg is not None and svg.select_one("title").get_text() == section.select_one("h2").get_text()
    year = office_day("baroda-mi").isoformat()[:4]
    assert ["3"] == [td.get_text() for td in doc.select("table[data-measure=started] td")]
    assert ["2"] == [td.get_text() for td in doc.select("table[data-measure=received] td")]
    assert ["1"] == [td.get_text() for td in doc.select("table[data-measure=denied] td")]
    assert doc.select("table[data-measure=approved]") == [] and doc.select("table[data-measure=withdrawn]") == []
    assert [th.get_text() for th in doc.select("table[data-measure=denied] tbody th")] == \
        [f"{year}, Village of Baroda, Michigan"]
    assert [td.get_text() for td in doc.select("table[data-measure=days] td")] == ["0"]
    text = page.get_data(as_text=True)
    for private in ("Harvest Fair", "Second Fair", "zoe@example.org", "amy@example.org", first):
        assert private not in text


def test_the_counts_download_as_csv(app, client):
    clerk(app)
    send(client, finished(app))
    sign_in(client)
    response = client.get("/office/counts.csv")
    assert response.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows[0] == ["measure", "row", "figure"]
    assert ["Applications received, by year and place",
            f"{office_day('baroda-mi').year}, Village of Baroda, Michigan", "1"] in rows


def test_counts_need_a_sign_in_and_show_only_the_clerks_places(app, client):
    assert client.get("/office/counts").status_code == 302
    clerk(app, "dekalb@example.org", ("dekalb-il",))
    send(client, finished(app))  # Baroda's
    sign_in(client, "dekalb@example.org")
    doc = html.parse(client.get("/office/counts"))
    assert doc.select("table[data-measure=started]") == [] and doc.select("table[data-measure=received]") == []
