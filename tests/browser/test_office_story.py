"""The office round in a real browser, with a real SMTP server (aiosmtpd), JavaScript on and off:
the organizer finishes, attaches a PDF and sends; the clerk's email arrives; the clerk chooses a
password through the one-time link `wizard clerk add` prints, signs in, opens the application and
asks for more information; the organizer's email arrives; the organizer uploads; the clerk
approves. axe finds nothing on every office page on the way, with JavaScript on and off (audit.py
says how a page without JavaScript is audited)."""
from __future__ import annotations

import re
from io import BytesIO

import pytest
from pypdf import PdfReader

from tests.support.office import body, PDF
from tests.support.prerequisites import everything_in_hand
from tests.browser.audit import audit
from tests.browser.conftest import OFFICE_CLERK as CLERK
from tests.support.stories import PATHS
from tests.browser.story import run_story
from tests.browser.office_pages import click

PASSWORD = "a long and private passphrase"
ORGANIZER = "zoe@example.org"


def upload(page, path, document_label: str | None = None) -> None:
    if document_label:
        page.select_option("#document", label=document_label)
    page.set_input_files("#file", str(path))
    click(page, "Upload this document")


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_the_office_round(browser, office, tmp_path, javascript):
    base, link, inbox, app = office
    organizer = browser.new_context(java_script_enabled=javascript).new_page()
    clerk = browser.new_context(java_script_enabled=javascript).new_page()
    for page in (organizer, clerk):
        page.context.javascript_enabled = javascript
        page.set_default_timeout(15_000)
    plan = tmp_path / "police-and-fire-plan.pdf"
    plan.write_bytes(PDF)
    certificate = tmp_path / "insurance-certificate.pdf"
    certificate.write_bytes(PDF)

    # The organizer finishes, attaches a PDF and sends.
    jurisdiction, story, _, _ = PATHS["baroda-festival"]
    run_story(organizer, base, jurisdiction, {**story, "applicant_email": ORGANIZER})
    click(organizer, "Send to the Village Clerk", "link")
    audit(organizer, "send page")
    upload(organizer, plan, "Police and fire protection: Plans and contracts")
    assert "police-and-fire-plan.pdf" in organizer.locator(".uploads").inner_text()
    audit(organizer, "send page with an upload")
    organizer.check("#declaration")
    click(organizer, "Send to the Village Clerk")
    reference = organizer.locator("dd.reference").inner_text().strip()
    assert re.fullmatch(r"BAR-\d{4}-\d{4}", reference)
    assert organizer.locator(".application-status").inner_text() == "Received"
    audit(organizer, "status page")

    # The clerk's email arrives; the clerk chooses a password and signs in.
    (notice,) = inbox.wait_for(CLERK)
    assert reference in notice["Subject"] and "Harvest Moon Festival" in body(notice)
    application_link = re.search(r"http://\S+/office/a/" + reference, body(notice)).group(0)
    receipt = inbox.wait_for(ORGANIZER)[0]
    assert reference in body(receipt)
    clerk.goto(link)
    audit(clerk, "choose a password")
    clerk.fill("#password", PASSWORD)
    clerk.fill("#again", PASSWORD)
    click(clerk, "Set my password")
    assert clerk.locator("h1").inner_text() == "Sign in to the office"
    audit(clerk, "sign-in page")
    clerk.goto(application_link)  # signed out: the sign-in page, then the application
    clerk.fill("#email", CLERK)
    clerk.fill("#password", PASSWORD)
    click(clerk, "Sign in")
    assert clerk.locator("h1").inner_text().startswith(reference)
    audit(clerk, "application page")

    # The clerk asks for more information; the organizer's email arrives.
    clerk.fill("#message", "Please send the insurance certificate.")
    click(clerk, "Send the message")
    assert clerk.locator(".application-status").inner_text() == "More information needed"
    message = next(m for m in inbox.wait_for(ORGANIZER, 2) if "insurance certificate" in body(m))
    status_link = re.search(r"http://\S+/application", body(message)).group(0)

    # The organizer answers with an upload.
    organizer.goto(status_link)
    assert "Please send the insurance certificate." in organizer.locator(".messages").inner_text()
    assert organizer.locator(".application-status").inner_text() == "More information needed"
    upload(organizer, certificate, "Insurance and bonding: Insurance and bonding arrangements")
    assert "Document uploaded." in organizer.locator(".notice").first.inner_text()
    inbox.wait_for(CLERK, 2)  # "New document for ..."

    # The clerk sees it and approves, with what the license waits for in hand (tests/office/test_issuance_waits.py
    # tells the story of each recorded one by one).
    everything_in_hand(app, reference)
    clerk.goto(application_link)
    assert "insurance-certificate.pdf" in clerk.locator(".downloads").inner_text()
    clerk.check("#decision-approved")
    clerk.check("#approve_anyway")  # the checklist is not ticked here: the clerk approves knowingly
    click(clerk, "Record the decision")
    assert clerk.locator(".application-status").inner_text() == "Approved"
    history = clerk.locator(".history").inner_text()
    assert "Message to the organizer" in history and "Status: Approved" in history and CLERK in history
    click(clerk, "Back to the applications", "link")
    assert reference in clerk.locator(".inbox").inner_text()
    audit(clerk, "inbox")
    organizer.reload()
    assert organizer.locator(".application-status").inner_text() == "Approved"

    # The organizer raises the attendance and sends again
    # (docs/decisions/0014-the-office-paper-trail.md): an amendment, and the license still says what was
    # approved.
    ident = re.search(r"/i/([^/]+)/application", organizer.url).group(1)
    organizer.goto(f"{base}/i/{ident}/step/crowd")
    organizer.fill("#max_attendance", "6000")
    click(organizer, "Continue")
    organizer.goto(f"{base}/i/{ident}/send")
    organizer.check("#declaration")
    click(organizer, "Send again as version 2")
    assert "covers version 1, as approved" in organizer.locator(".amendment").inner_text()
    license_text = pdf_text(organizer.request.get(f"{base}/i/{ident}/application/permit.pdf").body())
    assert "5,000" in license_text and "6,000" not in license_text
    clerk.goto(application_link)
    assert "Version 2 asks to change version 1" in clerk.locator(".amendment").inner_text()
    change = clerk.locator('.changes tr[data-key="max_attendance"]').inner_text()
    assert "5,000" in change and "6,000" in change
    audit(clerk, "application page with an amendment")

    # The clerk denies version 2 with reasons; the organizer's page shows them with the section.
    clerk.check("#decision-denied")
    clerk.fill("#reasons", "The site holds 5,000 people at most.")
    click(clerk, "Record the decision")
    organizer.reload()
    assert organizer.locator(".denial-reasons").inner_text() == "The site holds 5,000 people at most."
    assert "Ord. 171" in organizer.locator(".denial").inner_text()
    audit(organizer, "status page with a denial")
    organizer.context.close()
    clerk.context.close()


def pdf_text(data: bytes) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(BytesIO(data)).pages).split())
