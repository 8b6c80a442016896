"""The clerk's page of an application starts with what is needed next (the status, what is outstanding in short,
the next thing to do), lists each checklist item once, says which zone its history's times are in, and groups the
sections a permit may be suspended or revoked under by kind."""
from __future__ import annotations

from tests.support import html
from tests.support.office import BARODA, received
from tests.support.office_days import office_day
from tests.support.prerequisites import everything_in_hand


def test_the_page_starts_with_what_is_next_and_lists_each_checklist_item_once(app):
    client, reference = received(app, BARODA, "baroda-mi")
    page = client.get(f"/office/a/{reference}")
    doc = html.parse(page)
    assert doc.select("main h2")[0].get_text() == "What is next"
    assert html.texts(page, ".application-status") == ["Received"]
    items = [label.get_text(" ", strip=True) for label in doc.select(".checklist-form .choice__label")]
    assert len(items) > 10
    not_ticked = html.texts(page, ".next-outstanding li")[0]
    assert not_ticked == f"{len(items)} checklist items not ticked"
    assert html.texts(page, ".next-action") == ["Tick what you have received in the checklist"]
    assert html.attributes(page, ".next-action a", "href") == ["#checklist"]
    text = doc.get_text(" ")
    for item in items:  # the checklist is the one list of its items; the decision form only counts them
        words = item.removeprefix("Attached: ").split(" (")[0]
        assert text.count(words) == 1, words
    assert len(html.texts(page, ".outstanding li")) <= 4
    assert html.texts(page, ".history th")[0] == "When (the office’s time, America/Detroit)"


def test_the_suspension_and_revocation_sections_are_grouped_by_kind(app):
    client, reference = received(app, BARODA, "baroda-mi")
    everything_in_hand(app, reference)  # issued with the approval: a permit that exists may be suspended or revoked
    client.post(f"/office/a/{reference}/decision", data={
        "decision": "approved", "approve_anyway": "yes", "decided_on": office_day("baroda-mi").isoformat()})
    doc = html.parse(client.get(f"/office/a/{reference}"))
    groups = {g["label"]: [o["value"] for o in g.select("option")] for g in doc.select("#action-citation optgroup")}
    assert list(groups) == ["Suspension", "Revocation"]
    assert groups["Suspension"] == ["Ord. 171, Application (j)"] and "Ord. 171, Revocation" in groups["Revocation"]
