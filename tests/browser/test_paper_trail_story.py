"""The office's paper trail (docs/decisions/0014-the-office-paper-trail.md) in a real browser with a real
SMTP server (aiosmtpd), JavaScript on and off: a Baroda corporation's application is approved with a
condition to meet before the license issues (Application (h)); the organizer's page lists it open; the
clerk prints the certified-mail letter and records it posted, records the fee and the bond (receipts on
the organizer's page) and a certificate of insurance below the minimum (flagged), schedules and passes
the inspection; the condition is met and the license issues, emailed as a PDF that passes pdfua and names
the corporation, the kind of gathering and the permitted maximum; the clerk revokes it and it downloads
marked REVOKED. axe finds nothing on each page as it changes."""
from __future__ import annotations

import json
import re
from io import BytesIO

import pytest
from pdfua import validate
from pypdf import PdfReader

from wizard.web.edge.state import office_records

from tests.support.office_days import office_day
from tests.support.office import finished, PDF
from tests.support.prerequisites import everything_in_hand
from tests.browser.audit import audit
from tests.browser.office_pages import first_sign_in, new_page
from tests.browser.office_pages import click
from tests.browser.story import wait_for_new_content

CLERK = "clerk@example.org"
CORPORATION = {"jurisdiction": "baroda-mi", "property_owner": "private", "setting": "outdoors",
               "organizer_type": "corporation", "organization_name": "Harvest Fair Inc.", "applicant_name": "Ann Lee",
               "applicant_address": "1 Main St\nBaroda, MI 49101", "max_attendance": 400,
               "event_purpose": "A harvest fair with music", "starts_at": "2027-07-09T12:00",
               "ends_at": "2027-07-09T20:00", "event_name": "Harvest Fair", "applicant_email": "ann@example.org"}


def sent(app) -> tuple[str, str]:
    """The organizer sends (through the same app, in-process): the reference and the status page's path."""
    client = app.test_client()
    interview_id = finished(app, CORPORATION)
    client.post(f"/i/{interview_id}/uploads", data={"document": "other", "file": (BytesIO(PDF), "plan.pdf")},
                content_type="multipart/form-data")
    response = client.post(f"/i/{interview_id}/send", data={"declaration": "yes"})
    assert response.status_code == 303
    status = client.get(f"/i/{interview_id}/application")
    reference = re.search(r"BAR-\d{4}-\d{4}", status.get_data(as_text=True)).group(0)
    return reference, f"/i/{interview_id}/application"


def filed_under_an_earlier_rule_file(app, reference: str) -> None:
    """As if the application had been filed when the Village's fee was $100 for each 300 people."""
    with app.app_context():
        records = office_records()
        kept = json.loads(records.applications.filed(reference, 1)["assessment"])
        kept["fees"]["application"]["amount"] = 100
        records.applications.keep_assessment(reference, 1, kept, "an earlier rule file", "2027-01-04T10:00:00+00:00")


def sent_with_a_crowded_address(app, reference: str) -> None:
    """As if the organizer had typed an address of six lines, which the envelope's window cannot show whole."""
    with app.app_context():
        records = office_records()
        answers = records.applications.version_answers(reference, 1)
        answers["applicant_address"] = "Fairgrounds Office\nBuilding 7\nSuite 400\nRear Entrance\n1 Main St\nBaroda, MI 49101"
        records.backend.execute("UPDATE application_versions SET answers = ? WHERE reference = ? AND version = 1",
                                (json.dumps(answers), reference))


def words(pdf: bytes) -> list[str]:
    return [" ".join(p.extract_text().split()) for p in PdfReader(BytesIO(pdf)).pages]


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_condition_before_issuance_a_certified_letter_and_a_revocation(browser, office_for, tmp_path, javascript):
    base, password_link, inbox, app = office_for(CLERK, "baroda-mi", f"trail-{javascript}")
    app.config["WTF_CSRF_ENABLED"] = False  # the organizer's send above is posted by the test client
    reference, status_path = sent(app)
    app.config["WTF_CSRF_ENABLED"] = True
    clerk, organizer = new_page(browser, javascript), new_page(browser, javascript)
    first_sign_in(clerk, password_link, f"{base}/office/a/{reference}", CLERK)

    clerk.check("#decision-approved")
    clerk.check("#approve_anyway")
    clerk.fill("#before_issuance", "Show the $100,000 surety bond approved by the Village attorney")
    clerk.fill("#permitted_maximum", "350")
    clerk.fill("#decided_on", office_day("baroda-mi").isoformat())
    click(clerk, "Record the decision")
    assert "not yet issued" in clerk.locator(".permit-waiting").inner_text()
    assert "(Ord. 171, License (c))" in clerk.locator(".waiting-for li").first.inner_text()
    audit(clerk, "application page with a condition before issuance, what the license waits for and a letter to post")
    clerk.goto(f"{base}/office")
    assert clerk.locator(".permit-waiting-status").inner_text() == "Approved, waiting: license not yet issued"
    audit(clerk, "inbox with an approved license waiting to issue")
    clerk.goto(f"{base}/office/a/{reference}")
    # one of what the license waits for recorded in hand on its own form
    clerk.fill("#note-security-satisfied", "Chief's letter of June 2")
    wait_for_new_content(clerk, lambda: clerk.locator("#prerequisite-security-satisfied button").click())
    assert "In hand:" in clerk.locator("#prerequisite-security-satisfied").inner_text()
    organizer.goto(f"{base}{status_path}")
    assert organizer.locator(".conditions-open li").all_inner_texts() == [
        "Show the $100,000 surety bond approved by the Village attorney"]
    assert "(Ord. 171, Application (k)(21))" in organizer.locator(".waiting-for").inner_text()
    audit(organizer, "the organizer's page with a condition open and what the license waits for")
    organizer.goto(f"{base}{status_path}/permit.pdf")
    assert organizer.locator("h1").inner_text().startswith("Not issued yet")
    audit(organizer, "the license asked for before it issues")

    with clerk.expect_download(timeout=90_000) as letter:  # the first print starts a worker
        clerk.get_by_role("link", name=re.compile("^Print the letter")).click()
    pdf = tmp_path / "letter.pdf"
    letter.value.save_as(pdf)
    assert list(validate(str(pdf)).findings) == []
    assert "by certified mail as Ord. 171, Application (h) requires" in words(pdf.read_bytes())[0]
    clerk.reload()
    clerk.fill("[name=certified_number]", "9407 1000 0000 0000 0000 01")
    click(clerk, "Record it as posted")
    assert "certified mail 9407 1000 0000 0000 0000 01" in clerk.locator(".letter-record").inner_text()

    for sum_key, amount, method, detail in (("application", "200", "check", "1042"),
                                            ("bond", "100000", "surety_bond", "Great Lakes Surety Co.")):
        clerk.select_option("#sum_key", sum_key)
        clerk.fill("#amount", amount)
        clerk.select_option("#method", method)
        clerk.fill("#detail", detail)
        click(clerk, "Record it and email the receipt")
    assert clerk.locator(".money-line").all_inner_texts()[0].split() == [
        "Application", "fee", "(Ord.", "171,", "License", "(a))", "$200", "$200", "$0"]
    assert clerk.locator(".bond-flag").count() == 0
    clerk.fill("#insurer", "Berrien Mutual")
    clerk.fill("#limit", "250000")
    clerk.fill("#starts_on", "2027-01-01")
    clerk.fill("#ends_on", "2027-12-31")
    click(clerk, "Record the certificate")
    assert "Below the $500,000" in clerk.locator(".certificate-flag").first.inner_text()
    audit(clerk, "application page with money received, a receipt and insurance held")
    organizer.goto(f"{base}{status_path}")
    assert organizer.locator(".receipts li").count() == 2
    audit(organizer, "the organizer's page with receipts")
    clerk.fill("#scheduled_on", office_day("baroda-mi").isoformat())
    clerk.fill("#inspector", "Berrien County Health Officer")
    click(clerk, "Schedule it")
    clerk.get_by_label("Passed").check()
    click(clerk, "Record the result")
    assert clerk.locator(".inspection-result").inner_text().startswith("Passed on")
    assert "not yet issued" in clerk.locator(".permit-waiting").inner_text()  # the condition is still open
    audit(clerk, "application page with an inspection passed")
    everything_in_hand(app, reference, but=("conditions",))  # the rest of what it waits for, recorded
    clerk.get_by_label("Show the $100,000 surety bond approved by the Village attorney").check()
    click(clerk, "Record as met")
    assert "the license is issued" in clerk.locator(".notice").first.inner_text()
    audit(clerk, "application page with the license issued")
    issued = next(m for m in inbox.wait_for("ann@example.org", 2) if m["Subject"] == f"{reference}: license issued")
    (attachment,) = list(issued.iter_attachments())
    license_pdf = tmp_path / "license.pdf"
    license_pdf.write_bytes(attachment.get_content())
    assert list(validate(str(license_pdf)).findings) == []
    text = " ".join(words(license_pdf.read_bytes()))
    for part in ("Harvest Fair Inc.", "Kind of gathering: A harvest fair with music (outdoors)",
                 "Maximum attendance permitted: 350 people at one time (the application asked for 400)"):
        assert part in text, part

    clerk.check("#action-revoked")
    clerk.select_option("#action-citation", "Ord. 171, Revocation")
    clerk.fill("#action-reasons", "No security personnel on site")
    click(clerk, "Record the change")
    assert clerk.locator(".application-status").inner_text().startswith("Revoked on ")  # not "Approved"
    audit(clerk, "application page with the license revoked")
    organizer.goto(f"{base}{status_path}")
    assert "revoked" in organizer.locator(".permit-mark").inner_text()
    assert organizer.locator(".application-status").inner_text().endswith("under Ord. 171, Revocation")
    audit(organizer, "the organizer's page with the license revoked")
    with organizer.expect_download(timeout=90_000) as download:
        organizer.get_by_role("link", name=re.compile("^Download your license")).click()
    revoked = tmp_path / "revoked.pdf"
    download.value.save_as(revoked)
    assert all("REVOKED" in page for page in words(revoked.read_bytes()))

    filed_under_an_earlier_rule_file(app, reference)
    clerk.goto(f"{base}/office/a/{reference}")
    assert clerk.locator(".rules-reading").all_inner_texts() == [
        "Application fee would be $200 (Ord. 171, License (a)) (filed: $100 (Ord. 171, License (a)))"]
    audit(clerk, "application page with the rules changed since filing")
    click(clerk, "Record the choice")
    assert clerk.locator(".rules-reading").count() == 0
    assert "Rules changed: kept as filed" in clerk.locator(".history").inner_text()

    sent_with_a_crowded_address(app, reference)
    clerk.goto(f"{base}/office/a/{reference}")
    windows = clerk.locator(".letter-window")  # the conditions' letter and the revocation's
    assert [("does not fit the window" in t) for t in windows.all_inner_texts()] == [True, True]
    audit(clerk, "application page with a letter's address too long for the envelope's window")
    clerk.locator(".letter-address-form textarea").first.fill("Harvest Fair Inc.\n1 Main St\nBaroda, MI 49101")
    wait_for_new_content(clerk, lambda: clerk.get_by_role("button", name="Use this address on the letter").first.click())
    assert windows.count() == 1  # the revocation's letter still to shorten
    audit(clerk, "application page with the letter's address shortened")
    clerk.context.close()
    organizer.context.close()
