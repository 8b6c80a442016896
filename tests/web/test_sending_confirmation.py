"""Sending as GOV.UK would (docs/decisions/0015-no-dead-ends-for-the-organizer.md). The declaration's
error is an error summary linked to the box and an inline error on it (not a notice far above it); after
sending, a confirmation panel with the reference, what happens next and when (the decision period and its
section), what must still be brought or posted, and the uploads listed by the document they are."""
from __future__ import annotations

from io import BytesIO

from wizard.office.applications import decision_due, documents_to_attach
from wizard.rules.office_cards import OfficeCard
from wizard.web.edge.state import office_records, rulebook

from tests.support.html import parse
from tests.support.office import BARODA, finished, PDF
from tests.support.packet import FESTIVAL


def test_sending_without_the_declaration_shows_an_error_summary_linked_to_the_box(app, client):
    ident = finished(app)
    response = client.post(f"/i/{ident}/send", data={})
    assert response.status_code == 303  # by a GET: Back never meets a resubmission page
    page = parse(client.get(response.headers["Location"]).get_data(as_text=True))
    assert page.title.get_text().startswith("Error:")
    summary = page.select_one(".error-summary")
    assert summary is not None and summary.select_one("a")["href"] == "#declaration"
    box = page.select_one("#declaration")
    group = box.find_parent(class_="form-group")
    assert "form-group--error" in group["class"]
    inline = group.select_one(".error-message")
    assert inline["id"] == box["aria-describedby"]
    assert summary.select_one("a").get_text(strip=True) in inline.get_text()
    assert not page.select(".notice--danger")  # no flash far above the box
    again = parse(client.get(f"/i/{ident}/send").get_data(as_text=True))
    assert again.select_one(".error-summary") is None  # shown once
    with app.app_context():
        assert office_records().applications.application_for(ident) is None


OWNER_APART = {**BARODA, "applicant_is_owner": False, "has_use_contract": False}


def test_after_sending_a_confirmation_panel_says_what_happens_next_and_what_to_bring(app, client):
    ident = finished(app, OWNER_APART)
    with app.app_context():
        j = rulebook().get("baroda-mi")
        document = documents_to_attach(j, OWNER_APART)[0]
    client.post(f"/i/{ident}/uploads", data={"document": document.id, "file": (BytesIO(PDF), "map.pdf")},
                content_type="multipart/form-data")
    response = client.post(f"/i/{ident}/send", data={"declaration": "yes"})
    page = parse(client.get(response.headers["Location"]).get_data(as_text=True))
    with app.app_context():
        row = office_records().applications.application_for(ident)
        due = decision_due(row["received_at"], j)
    panel = page.select_one(".panel--confirmation")
    assert panel is not None and panel.select_one("h1").get_text(strip=True) == "Application sent"
    assert row["reference"] in panel.get_text()
    assert len(page.select("h1")) == 1
    text = page.get_text(" ", strip=True)
    next_part = page.select_one(".what-happens-next").get_text(" ", strip=True)
    assert f"{due:%B} {due.day}, {due.year}" in next_part and j.decision_citation in next_part
    # Baroda's private land, the organizer not its owner: the owner signs the joint application.
    bring = page.select_one(".to-bring").get_text(" ", strip=True)
    assert "Joint application of operator and property owner" in bring and "the operator and the property owner" in bring
    documents = page.select_one(".sent-documents").get_text(" ", strip=True)
    assert f"{document.label}" in documents and "map.pdf" in documents
    assert "zoe@example.org" in text
    plain = parse(client.get(response.headers["Location"]).get_data(as_text=True))
    assert plain.select_one(".panel--confirmation") is None  # shown once, then the status page
    assert plain.select_one("h1").get_text(strip=True) == f"Your application {row['reference']}"


def test_a_sworn_statement_is_listed_as_an_original_to_bring(app, client):
    ident = finished(app, {**FESTIVAL, "jurisdiction": "whitesboro-ny", "event_name": "Summer Days",
                           "applicant_email": "ann@example.org"})
    response = client.post(f"/i/{ident}/send", data={"declaration": "yes"})
    assert response.status_code == 303, response.get_data(as_text=True)
    page = parse(client.get(response.headers["Location"]).get_data(as_text=True))
    bring = page.select_one(".to-bring").get_text(" ", strip=True)
    assert "The signed original of Verification of petition , sworn or verified before a notary" in bring


def test_the_confirmation_says_how_to_tell_the_office_something_went_wrong(app, client):
    """GOV.UK's confirmation ends with a way to say something went wrong: the office's contact as its card
    gives it; with no card, the office the ordinance names, and no address made up."""
    def confirmation():
        location = client.post(f"/i/{finished(app)}/send", data={"declaration": "yes"}).headers["Location"]
        return parse(client.get(location).get_data(as_text=True))

    without = confirmation()
    app.extensions["offices"] = {"baroda-mi": OfficeCard(email="clerk@example.org", phone="(555) 010-0199")}
    with_card = confirmation()
    said = without.select_one(".something-wrong").get_text(" ", strip=True)
    assert "Contact the Village Clerk and give your reference" in said and not without.select(".something-wrong a")
    links = [a["href"] for a in with_card.select(".something-wrong a")]
    reference = with_card.select_one(".panel__reference").get_text(strip=True)
    assert links == [f"mailto:clerk@example.org?subject=Application%20{reference}%3A%20something%20went%20wrong",
                     "tel:(555)010-0199"]
