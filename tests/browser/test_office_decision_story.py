"""The office's review (docs/decisions/0019-the-office-reviews-from-the-rule-file.md) in a real browser,
with a real SMTP server (aiosmtpd), JavaScript on and off: a DeKalb application is referred to the Police
and Fire Departments; both answer through the links in their emails (the Fire Department with
conditions), in browsers with no account; the clerk approves; the organizer's email arrives with the
permit PDF, which passes the same `pdfua` checker as the packet. axe finds nothing on the new pages."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.pdfua import pdfua_problems
from tests.support.office import body
from tests.support.stories import PATHS
from tests.browser.story import run_story, wait_for_new_content
from tests.support.prerequisites import everything_in_hand
from tests.browser.audit import audit
from tests.browser.office_pages import click
from tests.browser.office_pages import first_sign_in, new_page

CLERK = "manager@example.org"
ORGANIZER = "zoe@example.org"


@pytest.fixture
def dekalb_office(office_for):
    """A DeKalb office with one clerk: base URL, the clerk's password link, the inbox, the app."""
    return office_for(CLERK, "dekalb-il", "decide-story")


def department_answers(browser, javascript, inbox, address: str, answer: str, text: str = "") -> None:
    """The department opens the link in its email, in its own browser, and answers."""
    (request,) = [m for m in inbox.wait_for(address) if m["Subject"].startswith("Review requested")]
    link = re.search(r"http://\S+/r/\S+", body(request)).group(0)
    page = new_page(browser, javascript)
    page.goto(link)
    assert "Corn Days" in page.locator(".answers").inner_text()
    audit(page, "a department's review page")
    page.check(f"#answer-{answer}")
    if text:
        page.fill("#text", text)
    click(page, "Send the answer")
    assert "your answer is recorded" in page.locator(".notice").first.inner_text()
    page.context.close()


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_referred_answered_approved_and_the_permit_arrives(browser, dekalb_office, tmp_path, javascript):
    base, password_link, inbox, app = dekalb_office
    organizer, clerk = new_page(browser, javascript), new_page(browser, javascript)

    jurisdiction, story, _, _ = PATHS["dekalb-festival"]
    run_story(organizer, base, jurisdiction, {**story, "event_name": "Corn Days", "applicant_email": ORGANIZER})
    wait_for_new_content(organizer, lambda: organizer.get_by_role("link", name=re.compile("^Send to")).click())
    organizer.check("#declaration")
    wait_for_new_content(organizer, lambda: organizer.get_by_role("button", name=re.compile("^Send to")).click())
    reference = organizer.locator("dd.reference").inner_text().strip()
    assert re.fullmatch(r"DEK-\d{4}-\d{4}", reference)

    first_sign_in(clerk, password_link, f"{base}/office/a/{reference}", CLERK)
    for department, address in (("Police Department", "police@example.org"), ("Fire Department", "fire@example.org")):
        clerk.select_option("#department", label=f"{department} (§ 34.06(c))")
        clerk.fill("#recipient", address)
        click(clerk, "Send the referral")
        assert f"Referred to the {department}." in clerk.locator(".notice").first.inner_text()
    audit(clerk, "application page with referrals")

    department_answers(browser, javascript, inbox, "police@example.org", "no_objection")
    department_answers(browser, javascript, inbox, "fire@example.org", "conditions",
                       "A fire lane kept open along the north fence")

    clerk.reload()
    answers = clerk.locator(".referral-answer").all_inner_texts()
    assert answers[0].startswith("No objection (") and answers[1].startswith("Conditions (")
    assert "A fire lane kept open along the north fence" in answers[1]
    everything_in_hand(app, reference)  # what the permit waits for, in hand: it issues with the approval
    clerk.check("#decision-approved")
    clerk.check("#approve_anyway")  # the checklist is not ticked here: the clerk approves knowingly
    clerk.fill("#conditions", "A fire lane kept open along the north fence")
    click(clerk, "Record the decision")
    assert clerk.locator(".application-status").inner_text() == "Approved"
    assert clerk.get_by_role("link", name=re.compile("^The permit \\(PDF\\)")).count() == 1
    audit(clerk, "application page with the decision")
    clerk.goto(f"{base}/office/notes")
    clerk.fill("#text-dekalb-il", "At festival time the office is open on Saturday mornings.")
    click(clerk, "Add the note")
    audit(clerk, "local notes")
    clerk.goto(f"{base}/office/counts")
    # ten charts: six per year and place, the paper trail's three, and the interviews finished by month
    assert clerk.locator("section.measure svg[role=img]").count() == 10
    audit(clerk, "counts for the Board")
    clerk.goto(f"{base}/office")
    audit(clerk, "inbox with the calendar feed, counts and notes links")

    approval = next(m for m in inbox.wait_for(ORGANIZER, 2) if m["Subject"] == f"{reference}: Approved")
    (attachment,) = list(approval.iter_attachments())
    permit = tmp_path / "permit.pdf"
    permit.write_bytes(attachment.get_content())
    assert pdfua_problems(permit) == []  # no finding, and no rule skipped
    pdfua = shutil.which("pdfua", path=str(Path(sys.executable).parent))
    checker = subprocess.run([pdfua, "check", str(permit)], capture_output=True, text=True, timeout=60)
    assert checker.returncode == 0 and "PASS" in checker.stdout, checker.stdout
    organizer.context.close()
    clerk.context.close()
