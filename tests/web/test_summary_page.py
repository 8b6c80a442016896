"""An early end (no permit needed, or exempt) gets a printable one-page summary: why,
with the citations, and what may still apply."""
from __future__ import annotations

from tests.support.html import links, texts
from tests.support.interview import BARODA, finished_interview

VILLAGE_PARK = {**BARODA, "property_owner": "municipal", "event_name": "Elm Street Picnic"}


def test_the_result_of_an_early_end_links_a_printable_summary(app, client):
    ident = finished_interview(app, VILLAGE_PARK)
    result = client.get(f"/i/{ident}/result").get_data(as_text=True)
    assert f"/i/{ident}/summary" in links(result) and "Print a one-page summary" in texts(result, "a")
    assert "to continue later" not in result  # nothing is left to continue


def test_the_summary_says_why_with_the_sections_and_prints_without_the_site_chrome(app, client):
    ident = finished_interview(app, VILLAGE_PARK)
    page = client.get(f"/i/{ident}/summary")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "You do not need a license under this ordinance" in text
    assert "Elm Street Picnic" in text and "Friday, July 9, 2027" in text
    assert "Why" in texts(text, "h2")
    citations = texts(text, ".citation")
    assert citations and all(c.startswith("(") and c.endswith(")") for c in citations)
    assert "What may still apply" in text
    css = client.get("/static/style.css").get_data(as_text=True)
    assert "@media print" in css and ".site-header, .site-footer" in css


def test_a_permit_to_apply_for_has_no_summary_page_but_the_result(app, client):
    ident = finished_interview(app, BARODA)
    page = client.get(f"/i/{ident}/summary")
    assert page.status_code == 303 and page.headers["Location"].endswith(f"/i/{ident}/result")
    assert "Print a one-page summary" not in client.get(f"/i/{ident}/result").get_data(as_text=True)


def test_an_unknown_interview_has_no_summary(client):
    assert client.get("/i/nope/summary").status_code == 404
