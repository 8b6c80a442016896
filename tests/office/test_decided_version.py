"""A decision belongs to the version it decided (docs/decisions/0014-the-office-paper-trail.md); the
clerk sees what each version changes; the organizer sees the decision; late filings are flagged; a
decision's date and what is still outstanding are checked."""
from __future__ import annotations

from datetime import timedelta
from io import BytesIO

from pypdf import PdfReader

from wizard.web.edge.state import office_records, store

from tests.support.office_days import office_day
from tests.support import html
from tests.support.office import BARODA, received
from tests.support.prerequisites import everything_in_hand

TODAY = office_day("baroda-mi").isoformat()
APPROVE = {"decision": "approved", "approve_anyway": "yes", "decided_on": TODAY,
           "conditions": "Lights out at 11 PM"}


def pdf_text(data: bytes) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(BytesIO(data)).pages).split())


def ident_of(app, reference: str) -> str:
    with app.app_context():
        return office_records().applications.application(reference)["interview_id"]


def send_again(app, client, ident: str, **changes) -> None:
    with app.app_context():
        interview = store().get(ident)
        interview.answers.update(changes)
        store().save(interview)
    assert client.post(f"/i/{ident}/send", data={"declaration": "yes"}).status_code == 303


def test_an_approved_permit_keeps_the_approved_answers_after_a_change(app):
    client, reference = received(app, BARODA, "baroda-mi")
    everything_in_hand(app, reference)  # in hand before the approval: the permit issues with it
    ident = ident_of(app, reference)
    client.post(f"/office/a/{reference}/decision", data=APPROVE)
    send_again(app, client, ident, max_attendance=1000)
    status = client.get(f"/i/{ident}/application").get_data(as_text=True)
    assert "covers version 1, as approved" in status
    assert html.texts(status, ".application-status") == ["Approved"]
    permit = client.get(f"/i/{ident}/application/permit.pdf")
    assert permit.status_code == 200
    text = pdf_text(permit.data)
    assert "400" in text and "1,000" not in text
    page = client.get(f"/office/a/{reference}").get_data(as_text=True)
    assert "Version 2 asks to change version 1" in page
    assert html.texts(page, '.changes tr[data-key="max_attendance"] td') == ["400", "1,000"]
    assert "Decide on version 2" in page
    inbox = client.get("/office").get_data(as_text=True)
    assert html.texts(inbox, ".amendment-flag") == ["Amendment: version 2"]
    assert reference in client.get("/office?status=open").get_data(as_text=True)  # it waits for a decision
    with app.app_context():
        assert office_records().applications.application(reference)["closed_at"] is None  # not kept as closed meanwhile
    # The clerk approves the amendment: the permit now prints version 2.
    client.post(f"/office/a/{reference}/decision", data=APPROVE)
    assert "1,000" in pdf_text(client.get(f"/office/a/{reference}/permit.pdf").data)
    assert not html.texts(client.get(f"/office/a/{reference}").get_data(as_text=True), ".amendment")


def test_a_withdrawn_permit_no_longer_downloads(app):
    client, reference = received(app, BARODA, "baroda-mi")
    ident = ident_of(app, reference)
    client.post(f"/office/a/{reference}/decision", data=APPROVE)
    client.post(f"/office/a/{reference}/status", data={"status": "withdrawn"})
    assert client.get(f"/i/{ident}/application/permit.pdf").status_code == 404
    assert client.get(f"/office/a/{reference}/permit.pdf").status_code == 404
    status = client.get(f"/i/{ident}/application").get_data(as_text=True)
    assert "no longer valid" in status and "Download your license" not in status


def test_each_version_and_what_it_changes_since_the_decided_one(app):
    client, reference = received(app, BARODA, "baroda-mi")
    ident = ident_of(app, reference)
    client.post(f"/office/a/{reference}/decision", data={"decision": "denied", "reasons": "No insurance",
                                                         "decided_on": TODAY})
    send_again(app, client, ident, max_attendance=600)
    send_again(app, client, ident, event_name="Harvest Fair and Parade")
    page = client.get(f"/office/a/{reference}").get_data(as_text=True)
    assert len(html.texts(page, ".versions li")) == 3
    assert html.texts(page, '#changes-caption') == ["Version 3 changes these answers of version 2"]
    assert [row["data-key"] for row in html.parse(page).select("table.changes tbody tr")] == \
        ["event_name", "event_name", "max_attendance"]  # from version 2; then since version 1, the denied one
    since = html.parse(page).select("#since-decision-caption")
    assert since and "Changed since version 1" in since[0].get_text()


def test_the_organizer_sees_the_denial_and_its_section(app):
    client, reference = received(app, BARODA, "baroda-mi")
    ident = ident_of(app, reference)
    flash = client.post(f"/office/a/{reference}/decision", follow_redirects=True,
                        data={"decision": "denied", "reasons": "No proof of insurance", "decided_on": TODAY})
    told = html.parse(flash.get_data(as_text=True)).get_text()
    assert "The organizer sees it on their application's page." in told
    assert "told by email" not in told  # mail is off in these tests
    status = client.get(f"/i/{ident}/application").get_data(as_text=True)
    assert html.texts(status, ".denial-reasons") == ["No proof of insurance"]
    assert "Ord. 171" in " ".join(html.texts(status, ".denial .citation"))
    assert "Due by" not in status and "Denied on" in status


def test_the_organizer_sees_the_conditions_of_an_approval(app):
    client, reference = received(app, BARODA, "baroda-mi")
    ident = ident_of(app, reference)
    client.post(f"/office/a/{reference}/decision", data={**APPROVE, "conditions": "Lights out at 11 PM\nNo fireworks"})
    status = client.get(f"/i/{ident}/application").get_data(as_text=True)
    assert html.texts(status, ".approval-conditions li") == ["Lights out at 11 PM", "No fireworks"]


def test_a_late_filing_is_flagged_with_its_section(app):
    # License (a): applied for and obtained "at least 60 days prior"; 105 days (60 + the 45 to decide) is
    # our advice and never makes a filing late (docs/decisions/0020-dates-the-text-sets-and-dates-we-advise.md). 59 days
    # ahead is after the text's last day.
    soon = office_day("baroda-mi") + timedelta(days=59)
    answers = {**BARODA, "starts_at": f"{soon.isoformat()}T12:00", "ends_at": f"{soon.isoformat()}T20:00"}
    client, reference = received(app, answers, "baroda-mi")
    page = client.get(f"/office/a/{reference}").get_data(as_text=True)
    assert html.texts(page, ".filed-late") == ["Filed late:"]
    assert "Ord. 171" in page
    assert html.texts(client.get("/office").get_data(as_text=True), ".filed-late") == ["Filed late"]


def test_a_timely_filing_is_not_flagged(app):
    client, reference = received(app, BARODA, "baroda-mi")  # July 2027: well ahead
    assert not html.texts(client.get(f"/office/a/{reference}").get_data(as_text=True), ".filed-late")


def test_a_decision_is_dated_between_receipt_and_today_and_names_what_is_outstanding(app):
    client, reference = received(app, BARODA, "baroda-mi")
    path = f"/office/a/{reference}/decision"
    yesterday, tomorrow = (office_day("baroda-mi") - timedelta(days=1)).isoformat(), (office_day("baroda-mi") + timedelta(days=1)).isoformat()
    early = client.post(path, data={**APPROVE, "decided_on": yesterday}, follow_redirects=True).get_data(as_text=True)
    assert "cannot be dated before the application was received" in early
    late = client.post(path, data={**APPROVE, "decided_on": tomorrow}, follow_redirects=True).get_data(as_text=True)
    assert "cannot be dated after today" in late
    unconfirmed = {k: v for k, v in APPROVE.items() if k != "approve_anyway"}
    asked = client.post(path, data=unconfirmed, follow_redirects=True).get_data(as_text=True)
    assert "Still outstanding: not ticked:" in asked
    with app.app_context():
        assert office_records().review.decision(reference) is None
    client.post(path, data=APPROVE)
    with app.app_context():
        assert office_records().review.decision(reference)["version"] == 1
        assert any(h["what"] == "Approved with items outstanding" for h in office_records().applications.history(reference))
