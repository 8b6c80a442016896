"""Money corrected with a trail (docs/decisions/0024-money-corrected-with-a-trail.md), through the office's own
pages on SQLite and PostgreSQL, with the organizer's mail through a real SMTP server: a mistyped sum is asked to be
confirmed and flagged as an overpayment, then voided with the reason and corrected; both receipts download (the
voided one marked VOID on every page), the page and the Board's counts show the net sum; an overpayment stays
flagged until its refund is recorded; a certificate of insurance is replaced and withdrawn, its history kept."""
from __future__ import annotations

import csv
import io
from datetime import timedelta

from tests.support import html
from tests.support.office import BARODA, DEKALB, received
from tests.support.office_days import office_day
from tests.support.office_mail import deliver
from tests.support.office_trail import pay, pdf_text, trail  # noqa: F401
from tests.support.pdfua import pdfua_problems


# Baroda's fee is $100 for each 300 people or part of 300 (License (a)): 5,000 people owe $1,700.
FIVE_THOUSAND = {**BARODA, "max_attendance": 5000}


def money_rows(page) -> list[str]:
    return html.texts(page, ".money-line")


def counted_money(client) -> dict[str, str]:
    doc = html.parse(client.get("/office/counts"))
    return {th.get_text(): th.find_next("td").get_text()
            for th in doc.select("table[data-measure=money] tbody th")}


def form_data(page, selector: str) -> tuple[str, dict[str, str]]:
    """A form of the page as the browser would send it without JavaScript: its action and its hidden fields."""
    form = html.parse(page).select_one(selector)
    return form["action"], {i["name"]: i.get("value", "") for i in form.select("input[type=hidden]")}


def test_a_mistyped_payment_is_confirmed_then_voided_and_corrected_with_both_receipts_mailed(trail, tmp_path):
    app, inbox, port = trail
    client, reference = received(app, FIVE_THOUSAND, "baroda-mi")
    fee = next(r for r in money_rows(client.get(f"/office/a/{reference}")) if r.startswith("Application fee"))
    assert fee.endswith("$1,700 $0 $1,700"), fee

    asked = pay(client, reference, "baroda-mi", sum_key="application", amount="17,000", method="check", detail="2231")
    assert "$17,000 is more than the $1,700 outstanding" in " ".join(html.texts(asked, ".confirm-overpayment"))
    assert not html.texts(asked, ".payment")  # nothing recorded, nothing mailed yet
    assert html.field_values(asked, "detail")[-1] == "2231"  # what was typed is kept to change it
    action, data = form_data(asked, ".overpayment-form")
    assert data["amount"] == "17,000" and data["overpayment_confirmed"] == "yes"
    page = client.post(action, data=data, follow_redirects=True)
    assert f"Application fee overpaid by $15,300: a refund is due" in html.texts(page, ".overpaid-flag")[0]
    assert any(r.endswith("$1,700 $17,000 $0") for r in money_rows(page))
    assert "Application fee overpaid by $15,300: a refund is due" in html.texts(page, ".next-outstanding li")

    (void,) = html.attributes(page, ".void-form", "action")
    refused = client.post(void, data={"corrected": "1700"}, follow_redirects=True)
    assert "Write why the entry is voided" in " ".join(html.texts(refused, ".notice"))
    assert html.field_values(refused, "corrected") == ["1700"]
    page = client.post(void, data={"reason": "Typed $17,000 for $1,700", "corrected": "1,700"}, follow_redirects=True)
    assert any(r.endswith("$1,700 $1,700 $0") for r in money_rows(page))
    assert not html.texts(page, ".overpaid-flag")
    (voided,) = html.texts(page, ".payment--void")
    assert voided.startswith("Application fee: $17,000 by check (2231)") and "Typed $17,000 for $1,700" in voided
    assert html.parse(page).select_one(".payment--void del") is not None  # struck through
    assert html.texts(page, ".correction") == [f"Corrects receipt {reference}-R1."]
    assert counted_money(client)["received"] == "1700"
    rows = list(csv.reader(io.StringIO(client.get("/office/counts.csv").get_data(as_text=True))))
    assert any("1700" in "".join(row) for row in rows if "received" in " ".join(row))
    assert not any("17000" in "".join(row) or "18700" in "".join(row) for row in rows)

    void_pdf = client.get(f"/office/a/{reference}/receipts/1.pdf").data
    pages = pdf_text(void_pdf)
    assert all("VOID" in p for p in pages) and "Typed $17,000 for $1,700" in pages[0]
    assert f"corrected by receipt {reference}-R2" in pages[0]
    path = tmp_path / "void.pdf"
    path.write_bytes(void_pdf)
    assert pdfua_problems(path) == []
    corrected = pdf_text(client.get(f"/office/a/{reference}/receipts/2.pdf").data)[0]
    assert f"corrects receipt {reference}-R1" in corrected and "Application fee: $1,700, by check (2231)" in corrected

    deliver(app, port)
    subjects = [m["Subject"] for m in inbox.to("zoe@example.org") if "receipt" in m["Subject"]]
    assert subjects == [f"{reference}: receipt {reference}-R1", f"{reference}: receipt {reference}-R1 is void",
                        f"{reference}: receipt {reference}-R2"]
    void_mail = next(m for m in inbox.to("zoe@example.org") if m["Subject"].endswith("is void"))
    (attachment,) = list(void_mail.iter_attachments())
    assert attachment.get_filename() == f"{reference}-R1-VOID.pdf"
    assert "VOID" in pdf_text(attachment.get_content())[0]

    # A day later, each receipt downloads as it was mailed, byte for byte: the VOID one and the correction.
    (correction_mail,) = [m for m in inbox.to("zoe@example.org") if m["Subject"] == f"{reference}: receipt {reference}-R2"]
    (correction,) = [a.get_content() for a in correction_mail.iter_attachments()]
    app.config["TODAY"] = office_day("baroda-mi") + timedelta(days=1)
    assert client.get(f"/office/a/{reference}/receipts/1.pdf").data == attachment.get_content() == void_pdf
    assert client.get(f"/office/a/{reference}/receipts/2.pdf").data == correction
    path.write_bytes(correction)
    assert pdfua_problems(path) == []  # the corrected receipt too: no finding, no rule skipped


def test_an_overpayment_stays_flagged_until_its_refund_is_recorded(trail):
    app, _, _ = trail
    client, reference = received(app, FIVE_THOUSAND, "baroda-mi")
    pay(client, reference, "baroda-mi", sum_key="application", amount="1700", method="cash")
    asked = pay(client, reference, "baroda-mi", sum_key="application", amount="100", method="cash")
    assert "$100 is more than the $0 outstanding" in " ".join(html.texts(asked, ".confirm-overpayment"))
    action, data = form_data(asked, ".overpayment-form")
    client.post(action, data=data)
    page = client.get(f"/office/a/{reference}")  # a later look: still flagged
    assert html.texts(page, ".overpaid-flag")[0].startswith("Application fee overpaid by $100: a refund is due")
    assert html.texts(page, ".next-action") == ["Record the refund of the overpayment"]
    (refund,) = html.attributes(page, ".refund-form", "action")
    refused = client.post(refund, data={"refunded": "200", "refunded_on": "1999-01-01"}, follow_redirects=True)
    assert "At most the $100 of this entry can be refunded." in " ".join(html.texts(refused, ".notice"))
    page = client.post(refund, data={"refunded_on": html.field_values(page, "refunded_on")[0]}, follow_redirects=True)
    assert not html.texts(page, ".overpaid-flag")
    assert html.texts(page, ".refunded")[0].startswith("Refunded $100 on ")
    assert any(r.endswith("$1,700 $1,700 $0") for r in money_rows(page))
    assert counted_money(client)["received"] == "1700"


def test_a_certificate_is_replaced_or_withdrawn_with_its_reason_and_only_the_current_one_is_checked(trail):
    app, _, _ = trail
    client, reference = received(app, DEKALB, "dekalb-il")
    certificate = {"coverage": "0", "insurer": "Prairie Mutual", "limit": "500,000", "starts_on": "2027-01-01",
                   "ends_on": "2027-12-31", "names_insured": "yes"}
    page = client.post(f"/office/a/{reference}/insurance", data=certificate, follow_redirects=True)
    assert html.texts(page, ".certificate-flag") == ["Below the $1,000,000 the ordinance asks (§ 34.06(d)(3))"]
    (old,) = html.attributes(page, "#replaces option[value]:not([value=''])", "value")
    refused = client.post(f"/office/a/{reference}/insurance", follow_redirects=True,
                          data={**certificate, "limit": "1,000,000", "replaces": old})
    assert "Write why the certificate is replaced" in " ".join(html.texts(refused, ".notice"))
    assert html.field_values(refused, "limit") == ["1,000,000"]
    page = client.post(f"/office/a/{reference}/insurance", follow_redirects=True,
                       data={**certificate, "limit": "1,000,000", "replaces": old, "replace_reason": "Limit raised"})
    assert not html.texts(page, ".certificate-flag")  # the replaced one is no longer checked
    (replaced,) = html.texts(page, ".certificate--withdrawn")
    assert replaced.startswith("Prairie Mutual, $500,000") and "Limit raised" in replaced
    (withdraw,) = html.attributes(page, ".withdraw-form", "action")
    page = client.post(withdraw, data={"reason": "Cancelled by the insurer"}, follow_redirects=True)
    assert len(html.texts(page, ".certificate--withdrawn")) == 2 and not html.texts(page, ".certificate")
    assert "Cancelled by the insurer" in html.texts(page, ".withdrawn-reason")[1]
    assert "Certificate of insurance withdrawn" in " ".join(html.texts(page, ".history td"))
