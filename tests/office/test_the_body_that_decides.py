"""Who decides, as the text names it (docs/decisions/0023-the-body-that-decides.md): Whitesboro's Board of Trustees
decides in its meeting (Ch. 40, Permit A: a permit "issued by the Board of Trustees through its Clerk"; Permit B:
"The Village Board shall act upon the application"), the clerk records the meeting, the office prints a staff report
for its agenda (kept as issued: a payment recorded since issues a new report that supersedes it), and the permit
names the meeting. The permit says only what is true: the owner "applying jointly" only where the application was
joint (Baroda License (a), not where (b)'s use contract was shown); a revoked permit's application says so at the
top of the clerk's and the organizer's pages."""
from __future__ import annotations

from datetime import timedelta

from wizard.packet.permit import Permit, permit_html

from tests.support import html
from tests.support.office import BARODA, received
from tests.support.office_days import office_day
from tests.support.prerequisites import everything_in_hand
from tests.support.office_trail import MEETING, WHITESBORO, approve, long, organizer, pay, pdf_text, trail  # noqa: F401
from tests.support.pdfua import pdfua_problems

PLACE = "whitesboro-ny"


def decide(client, reference: str, **fields):
    return client.post(f"/office/a/{reference}/decision", follow_redirects=True, data={
        "decision": "approved", "approve_anyway": "yes", "decided_on": office_day(PLACE).isoformat(), **fields})


def test_the_boards_meeting_is_recorded_its_staff_report_printed_and_the_permit_names_it(trail, tmp_path):
    app, _, _ = trail
    client, reference = received(app, {**WHITESBORO, "applicant_name": "Ann Lee", "site_address": "9 Mill Rd",
                                       "max_attendance": 800}, PLACE)
    pay(client, reference, PLACE, sum_key="application", amount="500", method="cash")
    page = client.get(f"/office/a/{reference}")
    assert html.parse(page).select(".meeting-fields")  # the Board's meeting, not the clerk's own date
    assert "Date of the meeting" in html.texts(page, ".meeting-fields label")
    (link,) = html.parse(page).select(".staff-report a")
    report = client.get(link["href"])
    assert report.mimetype == "application/pdf"
    (tmp_path / "report.pdf").write_bytes(report.data)
    assert pdfua_problems(tmp_path / "report.pdf") == []  # every rule run, none failed
    text = " ".join(pdf_text(report.data))
    for fact in ("Staff report for the Board of Trustees", "Ann Lee", "Mill Days", "9 Mill Rd", "800 people at one time",
                 "Application fee $500 $500 Ch. 40, Fee", "Deposit $500 $0",
                 "The comprehensive liability insurance policy insuring the Village",  # outstanding, from the gate
                 "(Ch. 40, Permit E)", "(Ch. 40, Permit C)", "(Ch. 40, Permit D)", "Oneida County Health Department",
                 "Draft motion", "Motion that the Board of Trustees approve application " + reference):
        assert fact in text, fact
    assert "Downloaded the staff report" in " ".join(html.texts(client.get(f"/office/a/{reference}"), "body"))
    app.config["TODAY"] = office_day(PLACE) + timedelta(days=1)  # a day later
    assert client.get(link["href"]).data == report.data  # kept as issued: the same facts, the same bytes
    pay(client, reference, PLACE, sum_key="deposit", amount="500", method="cash")
    newer = client.get(link["href"]).data
    assert newer != report.data and "Deposit $500 $500" in " ".join(pdf_text(newer))
    assert f"This supersedes {reference}-S1" in " ".join(pdf_text(newer))
    listed = [t for t in html.texts(client.get(f"/office/a/{reference}"), ".issued-document") if "Staff report" in t]
    assert [t.split(" (PDF)")[0] for t in listed] == [f"Staff report {reference}-S1", f"Staff report {reference}-S2"]
    assert f"superseded by {reference}-S2" in listed[0] and "(the record changed)" in listed[0]

    refused = decide(client, reference, motion="Resolution 2027-14", ayes="4", nays="1")
    assert "Enter the agenda item" in " ".join(html.texts(refused, ".notice"))
    assert html.field_values(refused, "motion") == ["Resolution 2027-14"]  # kept as typed
    refused = decide(client, reference, **{**MEETING, "ayes": "2", "nays": "3"})
    assert "did not carry the motion" in " ".join(html.texts(refused, ".notice"))
    assert html.texts(client.get(f"/office/a/{reference}"), ".application-status") == ["Received"]

    met_on = office_day(PLACE)
    everything_in_hand(app, reference)  # the permit issues with the Board's decision
    page = decide(client, reference, **MEETING, abstained="1")
    assert html.texts(page, ".meeting-recorded") == [
        f"Decided at the meeting: The Board of Trustees, meeting of {met_on.isoformat()}, agenda item 7(b), "
        "Resolution 2027-14; vote: 4 in favor, 1 against, 1 abstaining."]
    assert f"on {long(met_on)}" in html.texts(page, ".decision-recorded")[0]  # the decision's date is the meeting's
    permit = " ".join(pdf_text(client.get(f"/office/a/{reference}/permit.pdf").data))
    assert f"Issued by the Board of Trustees on {long(met_on)} (Resolution 2027-14, agenda item 7(b))" in permit
    assert "Signature of the Village Clerk, for the Board of Trustees" in permit


def test_a_meeting_cannot_be_dated_before_the_application_or_after_today(office):
    app, _, _ = office
    client, reference = received(app, WHITESBORO, PLACE)
    refused = decide(client, reference, **{**MEETING, "decided_on": (office_day(PLACE) + timedelta(days=1)).isoformat()})
    assert "cannot be dated after today" in " ".join(html.texts(refused, ".notice"))
    refused = decide(client, reference, **{**MEETING, "ayes": "four"})
    assert "votes in favor as a whole number" in " ".join(html.texts(refused, ".notice"))


def test_where_the_clerk_decides_alone_there_is_no_meeting_and_no_staff_report(office):
    # Baroda (h): "the Village shall issue, set conditions ... or deny": no body that meets.
    app, _, _ = office
    client, reference = received(app, BARODA, "baroda-mi")
    page = client.get(f"/office/a/{reference}")
    assert not html.parse(page).select(".meeting-fields") and not html.parse(page).select(".staff-report")
    assert client.get(f"/office/a/{reference}/staff-report.pdf").status_code == 404


OWNER = {"applicant_name": "Ann Lee", "applicant_is_owner": False, "property_owner_name": "Bo Farm LLC",
         "event_name": "Harvest Fair", "max_attendance": 400}


def permit_page(book, place: str, answers: dict) -> str:
    return permit_html(Permit("R-1", book.get(place), answers, [], "2027-06-01", "The Clerk"))


def test_the_owner_applies_jointly_only_where_the_application_was_joint(book):
    # Baroda License (a): operator and owner "together apply"; (b): with a use contract shown, "the owner need not
    # be joined in the application". Whitesboro's text has no joint application.
    assert "Owner of the premises, applying jointly: Bo Farm LLC" in \
        permit_page(book, "baroda-mi", {**OWNER, "has_use_contract": False})
    with_contract = permit_page(book, "baroda-mi", {**OWNER, "has_use_contract": True})
    assert "jointly" not in with_contract and "Owner of the premises: Bo Farm LLC" in with_contract
    assert "jointly" not in permit_page(book, PLACE, OWNER)


def test_a_revoked_license_says_revoked_at_the_top_of_both_pages(office):
    app, _, _ = office
    client, reference = received(app, BARODA, "baroda-mi")
    everything_in_hand(app, reference)  # issued with the approval: a license there is to revoke
    approve(client, reference)
    (who_revokes,) = html.texts(client.get(f"/office/a/{reference}"), ".revoked-by")
    assert "gives revocation to the Village Council, or its designated agent (Ord. 171, Revocation)" in who_revokes
    day = office_day("baroda-mi")
    client.post(f"/office/a/{reference}/permit-action", data={
        "action": "revoked", "citation": "Ord. 171, Revocation", "reasons": "No security", "acted_on": day.isoformat()})
    said = [f"Revoked on {long(day)} under Ord. 171, Revocation"]
    assert html.texts(client.get(f"/office/a/{reference}"), ".application-status") == said
    own, status_path = organizer(app, reference)
    assert html.texts(own.get(status_path), ".application-status") == said
    # The organizer's page in Spanish, the section as the text writes it.
    (spanish,) = html.texts(own.get(status_path, headers={"Accept-Language": "es"}), ".application-status")
    assert spanish.startswith("Se revocó el ") and spanish.endswith(" según Ord. 171, Revocation")


def test_where_the_board_revokes_the_revocation_is_recorded_with_its_meeting(office):
    # Ch. 40, Permit G: "Any permit issued may be revoked by the Board of Trustees through its Clerk".
    app, _, _ = office
    client, reference = received(app, WHITESBORO, PLACE)
    everything_in_hand(app, reference)  # issued with the approval: a permit there is to revoke
    approve(client, reference, PLACE)
    revoke = {"action": "revoked", "citation": "Ch. 40, Permit G", "reasons": "No toilets on site",
              "acted_on": office_day(PLACE).isoformat()}
    refused = client.post(f"/office/a/{reference}/permit-action", data=revoke, follow_redirects=True)
    assert "Enter the agenda item under which the Board of Trustees decided" in \
        " ".join(html.texts(refused, ".notice"))
    assert html.texts(refused, ".application-status") == ["Approved"]  # nothing recorded
    page = client.post(f"/office/a/{reference}/permit-action", follow_redirects=True, data={
        **revoke, "revocation_agenda_item": "9", "revocation_motion": "Resolution 2027-20", "revocation_ayes": "5",
        "revocation_nays": "0"})
    assert html.texts(page, ".revocation-meeting") == [
        f"Revoked at the meeting: The Board of Trustees, meeting of {office_day(PLACE).isoformat()}, "
        "agenda item 9, Resolution 2027-20; vote: 5 in favor, 0 against, 0 abstaining."]
    assert html.texts(page, ".application-status") == [f"Revoked on {long(office_day(PLACE))} under Ch. 40, Permit G"]
