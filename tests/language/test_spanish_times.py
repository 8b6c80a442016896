"""One time style (docs/decisions/0027-no-english-from-the-code.md): the hint, the errors and a saved time
shown again write times as the pages do ("2:00 p.m." as Babel's es_US writes it, "2:00 PM" in English),
and the field keeps reading every way people type them."""
from __future__ import annotations

from datetime import datetime, time

import pytest

from wizard.kinds.typed_dates import parse_typed_time
from wizard.language import speaking
from wizard.readable import clock
from wizard.web.edge.state import store

from tests.support.html import field_values, texts
from tests.support.interview import interview_id, start

AFTERNOON = datetime(2027, 7, 16, 14, 0)


@pytest.mark.parametrize("typed", ["2:00 PM", "2 PM", "2pm", "2:00 pm", "2:00 p. m.", "2:00 p.m.", "2 p.m",
                                   "2:00\u202fp.m.", "14:00", "1400"])
def test_the_time_field_reads_each_style(typed):
    assert parse_typed_time(typed) == time(14, 0)


def test_noon_and_midnight_in_either_language():
    assert parse_typed_time("mediodía") == parse_typed_time("noon") == time(12, 0)
    assert parse_typed_time("medianoche") == parse_typed_time("midnight") == time(0, 0)


def test_the_hint_the_errors_and_a_saved_time_are_written_as_the_pages_write_times(app):
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "es-US"
    url = start(client, "dekalb-il")
    with speaking("es"):
        afternoon, late = clock(AFTERNOON), clock(datetime(2027, 7, 17, 22, 0))
    assert afternoon == "2:00\u202fp.m."  # what every page prints
    shown = " ".join(afternoon.split())  # the page's texts, read with their spaces as one (Babel's is narrow)
    assert f"Como {shown} o 14:00" in texts(client.get(url), ".hint")
    refused = client.post(url, data={"starts_at": "16 de julio de 2027", "starts_at_time": "25:00",
                                     "ends_at": "17 de julio de 2027", "ends_at_time": ""}, follow_redirects=True)
    errors = " ".join(texts(refused, ".error-message"))
    assert "La hora debe ser de 0 a 23, o de 1 a 12 con a.m. o p.m." in errors
    assert f"Escriba también la hora, por ejemplo {shown}" in errors
    assert "PM" not in errors and "AM" not in errors
    saved = client.post(url, data={"starts_at": "16 de julio de 2027", "starts_at_time": "2:00 PM",
                                   "ends_at": "17 de julio de 2027", "ends_at_time": "22:00"})
    assert saved.status_code == 303
    again = client.get(url)
    assert field_values(again, "starts_at_time") == [afternoon] and field_values(again, "ends_at_time") == [late]
    # Sent back as shown, the times are the same.
    assert client.post(url, data={"starts_at": "16 de julio de 2027", "starts_at_time": afternoon,
                                  "ends_at": "17 de julio de 2027", "ends_at_time": late}).status_code == 303
    with app.app_context():
        answers = store().get(interview_id(url)).answers
    assert answers["starts_at"] == "2027-07-16T14:00" and answers["ends_at"] == "2027-07-17T22:00"
