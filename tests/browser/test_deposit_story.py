"""The office's paper trail (docs/decisions/0014-the-office-paper-trail.md): Whitesboro's story in a real
browser, JavaScript on and off: the $500 fee and the $500 deposit are received (receipts emailed through
a real SMTP server); ten days after the assembly the deposit not yet returned is flagged in the inbox and
on the application (Ch. 40, Permit E); it is returned less what the trash cost, and the application is
closed after the event; the Board's counts show the money. The Board of Trustees decides in a meeting the
clerk records (Ch. 40, Permit A and B). axe finds nothing on each page as it changes."""
from __future__ import annotations

import re
from datetime import date
from io import BytesIO

import pytest

from tests.support.office import BARODA, finished, PDF
from tests.browser.audit import audit
from tests.browser.office_pages import first_sign_in, new_page
from tests.browser.office_pages import click, wait_for_new_content

CLERK = "clerk@example.org"
WHITESBORO = {**BARODA, "jurisdiction": "whitesboro-ny", "event_name": "Mill Days", "local_exempt_organizer": "none",
              "applicant_email": "ann@example.org"}


def sent(app) -> str:
    client = app.test_client()
    interview_id = finished(app, WHITESBORO)
    client.post(f"/i/{interview_id}/uploads", data={"document": "other", "file": (BytesIO(PDF), "plan.pdf")},
                content_type="multipart/form-data")
    assert client.post(f"/i/{interview_id}/send", data={"declaration": "yes"}).status_code == 303
    return re.search(r"WHI-\d{4}-\d{4}", client.get(f"/i/{interview_id}/application").get_data(as_text=True)).group(0)


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_the_deposit_received_flagged_returned_and_the_application_closed(browser, office_for, javascript):
    base, password_link, inbox, app = office_for(CLERK, "whitesboro-ny", f"deposit-{javascript}")
    app.config["WTF_CSRF_ENABLED"] = False  # the organizer's send above is posted by the test client
    reference = sent(app)
    app.config["WTF_CSRF_ENABLED"] = True
    clerk = new_page(browser, javascript)
    first_sign_in(clerk, password_link, f"{base}/office/a/{reference}", CLERK)
    for sum_key, method, detail in (("application", "check", "1042"), ("deposit", "money_order", "MO-77")):
        clerk.select_option("#sum_key", sum_key)
        clerk.fill("#amount", "500")
        clerk.select_option("#method", method)
        clerk.fill("#detail", detail)
        click(clerk, "Record it and email the receipt")
    assert [line.split("\t")[-1] for line in clerk.locator(".money-line").all_inner_texts()] == ["$0", "$0"]
    assert "Temporary food service establishment permit" in clerk.locator(".other-permits-table").inner_text()
    # A slip of the keys: the fee again, $5,000. The page asks to confirm it (the form keeps it typed); once
    # confirmed it is flagged as an overpayment; voided with the reason, it stays on the page struck through.
    clerk.select_option("#sum_key", "application")
    clerk.fill("#amount", "5,000")
    clerk.select_option("#method", "cash")
    clerk.fill("#detail", "")
    click(clerk, "Record it and email the receipt")
    assert "$5,000 is more than the $0 outstanding" in clerk.locator(".confirm-overpayment").inner_text()
    assert clerk.locator("#amount").input_value() == "5,000"
    audit(clerk, "application page asking to confirm an overpayment")
    click(clerk, "Yes: record 5,000 as an overpayment and email the receipt")
    assert clerk.locator(".overpaid-flag").inner_text().startswith("Application fee overpaid by $5,000")
    mistyped = clerk.locator("#payment-3")  # the third entry, listed under the fee
    mistyped.locator("summary").click()
    audit(clerk, "application page with an overpayment flagged and the form to void it")
    mistyped.locator("[name=reason]").fill("Recorded twice")
    wait_for_new_content(clerk, lambda: mistyped.get_by_role("button", name="Void it").click())
    assert "Recorded twice" in clerk.locator(".payment--void .void-reason").inner_text()
    assert clerk.locator(".overpaid-flag").count() == 0
    audit(clerk, "application page with a voided entry")
    assert len(inbox.wait_for("ann@example.org", 3)) >= 3  # received, and the two receipts
    audit(clerk, "application page with the Board's meeting to record and its staff report")
    clerk.check("#decision-approved")
    clerk.check("#approve_anyway")
    clerk.fill("#agenda_item", "7(b)")  # the Board of Trustees decides in its meeting (Ch. 40, Permit A and B)
    clerk.fill("#motion", "Resolution 2027-14")
    clerk.fill("#ayes", "5")
    clerk.fill("#nays", "0")
    click(clerk, "Record the decision")
    assert "Resolution 2027-14" in clerk.locator(".meeting-recorded").inner_text()
    audit(clerk, "application page with the Board's meeting recorded")

    app.config["TODAY"] = date(2027, 7, 20)  # the assembly ended July 9: ten days have passed
    clerk.goto(f"{base}/office")
    assert clerk.locator(".deposit-late").inner_text() == "Deposit not returned, due Monday, July 19, 2027"
    audit(clerk, "inbox with a deposit not returned in time")
    clerk.goto(f"{base}/office/a/{reference}")
    assert "(Ch. 40, Permit E)" in clerk.locator(".deposit-late").inner_text()
    audit(clerk, "application page with the deposit flagged")
    clerk.fill("[name=returned]", "420")
    clerk.fill("[name=kept_reason]", "Trash hauled from the north field")
    click(clerk, "Record the deposit returned")
    assert clerk.locator(".deposit-returned").inner_text().startswith("Returned $420")
    clerk.fill("#close-notes", "Held as approved; trash left in the north field")
    click(clerk, "Close the application")
    assert clerk.locator(".closing").inner_text().startswith("Closed on Tuesday, July 20, 2027")
    audit(clerk, "application page closed after the event")
    clerk.goto(f"{base}/office/counts")
    assert "1000" in clerk.locator("table[data-measure=money]").inner_text()
    audit(clerk, "counts with the money and closings")
    clerk.context.close()
