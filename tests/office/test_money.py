"""The office's paper trail (docs/decisions/0014-the-office-paper-trail.md) over HTTP, on SQLite and on
PostgreSQL (the `trail` fixture of tests/office/test_paper_trail.py): money received with receipts and
deposits returned (Whitesboro's Permit E), the bond and insurance held against the ordinance's minimums,
inspections (Baroda's License (c), DeKalb § 34.06(c)), closing after the event, and the Board's counts
from stored figures."""
from __future__ import annotations

from datetime import date

from icalendar import Calendar

from wizard.engine import assess
from wizard.office import counts
from wizard.office.keeping import purge_applications
from wizard.office.records import TRAIL_TABLES
from wizard.web.edge.state import office_records, store

from tests.support import html
from tests.support.office_days import office_day
from tests.support.office import BARODA, DEKALB, body, finished, received
from tests.support.office import feed_path
from tests.support.office_trail import (WHITESBORO, approve, long, mails, organizer, passes_pdfua, pay, pdf_text,  # noqa: F401
                                        trail)
from tests.support.office_mail import deliver
from tests.support.prerequisites import everything_in_hand

# Item 1: money received ------------------------------------------------------------------------

def money_rows(page) -> list[str]:
    return html.texts(page, ".money-line")


def test_whitesboro_fee_and_deposit_received_with_receipts_and_the_deposit_returned_or_flagged(trail, tmp_path):
    app, inbox, port = trail
    client, reference = received(app, WHITESBORO, "whitesboro-ny")
    page = client.get(f"/office/a/{reference}")
    assert money_rows(page) == ["Application fee (Ch. 40, Fee) $500 $0 $500", "Deposit (Ch. 40, Permit E) $500 $0 $500"]
    refused = pay(client, reference, "whitesboro-ny", sum_key="application", amount="500", method="check")
    assert "Write the check's number." in " ".join(html.texts(refused, ".notice"))
    assert html.field_values(refused, "amount") == ["500"]  # kept as typed
    refused = pay(client, reference, "whitesboro-ny", sum_key="application", amount="five hundred", method="cash")
    assert "Enter the amount in dollars" in " ".join(html.texts(refused, ".notice"))
    pay(client, reference, "whitesboro-ny", sum_key="application", amount="500", method="check", detail="1042")
    page = pay(client, reference, "whitesboro-ny", sum_key="deposit", amount="$500.00", method="money_order",
               detail="MO-77")
    assert money_rows(page) == ["Application fee (Ch. 40, Fee) $500 $500 $0", "Deposit (Ch. 40, Permit E) $500 $500 $0"]
    assert html.texts(page, ".payment")[0].startswith(
        "Application fee: $500 by check (1042), received " + long(office_day("whitesboro-ny")) + " by clerk@example.org.")
    # The event ended on July 9, 2027: the deposit is due back "within 10 days" (Ch. 40, Permit E).
    assert html.texts(page, ".deposit-due") == ["Return it by Monday, July 19, 2027 (Ch. 40, Permit E)."]
    deliver(app, port)
    receipts = [m for m in inbox.to("zoe@example.org") if ": receipt " in m["Subject"]]
    assert [m["Subject"] for m in receipts] == [f"{reference}: receipt {reference}-R1", f"{reference}: receipt {reference}-R2"]
    (attachment,) = list(receipts[0].iter_attachments())
    assert passes_pdfua(attachment.get_content(), tmp_path)
    text = pdf_text(attachment.get_content())[0]
    for part in (f"Receipt {reference}-R1", "Village of Whitesboro", "Application fee: $500, by check (1042)",
                 "(Ch. 40, Fee)", "Deposit $500 $0 $500 Ch. 40, Permit E"):  # as it stood then
        assert part in text, (part, text)
    own, status_path = organizer(app, reference)
    status = own.get(status_path)
    assert len(html.links(status, ".receipts a")) == 2
    assert own.get(html.links(status, ".receipts a")[1]).mimetype == "application/pdf"

    app.config["TODAY"] = date(2027, 7, 20)  # a day past the ten
    page = client.get(f"/office/a/{reference}")
    assert html.texts(page, ".deposit-late")[0].startswith("Not returned: the")
    assert "by Monday, July 19, 2027 (Ch. 40, Permit E)" in html.texts(page, ".deposit-late")[0]
    assert html.texts(client.get("/office"), ".deposit-late") == ["Deposit not returned, due Monday, July 19, 2027"]
    payment = html.attributes(page, ".deposit-form", "action")[0]
    refused = client.post(payment, data={"returned": "400", "returned_on": "2027-07-20"}, follow_redirects=True)
    assert "Write why part of the deposit is kept" in " ".join(html.texts(refused, ".notice"))
    page = client.post(payment, data={"returned": "400", "kept_reason": "Trash left by the north gate",
                                      "returned_on": "2027-07-20"}, follow_redirects=True)
    assert html.texts(page, ".deposit-returned") == [
        "Returned $400 on Tuesday, July 20, 2027 by clerk@example.org; kept: Trash left by the north gate."]
    assert not html.texts(page, ".deposit-late") and not html.texts(client.get("/office"), ".deposit-late")


# Item 2: bond and insurance held ---------------------------------------------------------------




def certify(client, reference: str, **fields):
    return client.post(f"/office/a/{reference}/insurance", follow_redirects=True,
                       data={"coverage": "0", "insurer": "Prairie Mutual", **fields})


def test_dekalb_insurance_is_compared_with_its_million_naming_the_city_and_the_event_days(trail):
    app, _, _ = trail
    client, reference = received(app, DEKALB, "dekalb-il")  # a commercial festival (§ 34.06(d)(3))
    page = client.get(f"/office/a/{reference}")
    assert html.texts(page, ".coverage h3")[0].endswith("at least $1,000,000 (§ 34.06(d)(3))")
    assert html.texts(page, ".no-certificate") == ["No certificate held yet."]
    refused = certify(client, reference, limit="1000000", starts_on="2027-01-01", ends_on="2026-12-31")
    assert "last day cannot be before its first" in " ".join(html.texts(refused, ".notice"))
    assert html.field_values(refused, "insurer") == ["Prairie Mutual"]
    page = certify(client, reference, limit="500,000", starts_on="2027-01-01", ends_on="2027-07-01")
    assert html.texts(page, ".certificate-flag") == [
        "Below the $1,000,000 the ordinance asks (§ 34.06(d)(3))",
        "Ends on 2027-07-01, before the event ends",
        "Does not name the City of DeKalb as insured, as § 34.06(d)(3) asks"]
    page = certify(client, reference, limit="1000000", starts_on="2027-01-01", ends_on="2027-12-31",
                   names_insured="yes")
    assert len(html.texts(page, ".certificate")) == 2 and len(html.texts(page, ".certificate-flag")) == 3


def test_baroda_bond_below_its_100000_is_flagged(trail):
    app, _, _ = trail
    client, reference = received(app, BARODA, "baroda-mi")
    page = pay(client, reference, "baroda-mi", sum_key="bond", amount="50000", method="surety_bond",
               detail="Great Lakes Surety Co.")
    assert html.texts(page, ".bond-flag") == [
        "Bond held $50,000, below the $100,000 the ordinance asks (Ord. 171, Application (k)(21))"]
    assert [t.split(" (")[0] for t in html.texts(page, ".coverage h3")] == [
        "Public liability: at least $500,000", "Property damage: at least $50,000"]
    page = pay(client, reference, "baroda-mi", sum_key="bond", amount="50000", method="surety_bond",
               detail="Great Lakes Surety Co.")
    assert not html.texts(page, ".bond-flag")


# Item 4: inspections ---------------------------------------------------------------------------

def test_a_failed_inspection_keeps_the_license_from_issuing_until_one_passes(trail, tmp_path):
    app, inbox, port = trail
    client, reference = received(app, BARODA, "baroda-mi")
    page = client.get(f"/office/a/{reference}")
    assert "No inspection passed (Ord. 171, License (c))" in html.texts(page, ".outstanding li")
    refused = client.post(f"/office/a/{reference}/inspections", data={"scheduled_on": "2027-06-01"},
                          follow_redirects=True)
    assert "Write who inspects" in " ".join(html.texts(refused, ".notice"))
    client.post(f"/office/a/{reference}/inspections", data={"scheduled_on": "2027-06-01", "inspector": "Fire official"})
    feed = Calendar.from_ical(client.get(feed_path(client)).data)
    assert f"{reference}: inspection" in [str(e["summary"]) for e in feed.walk("VEVENT")]
    own, status_path = organizer(app, reference)
    assert html.texts(own.get(status_path), ".inspections li") == ["Tuesday, June 1, 2027: scheduled"]

    everything_in_hand(app, reference, but=("inspection",))
    approve(client, reference)  # knowingly, before the inspection: the license waits for a passing result
    page = client.get(f"/office/a/{reference}")
    assert client.get(f"/office/a/{reference}/permit.pdf").status_code == 409  # scheduled passes nothing
    (result,) = html.attributes(page, ".inspection-form", "action")
    app.config["TODAY"] = date(2027, 6, 1)  # the day it was scheduled
    today = "2027-06-01"
    refused = client.post(result, data={"result": "failed", "result_on": today}, follow_redirects=True)
    assert "Write what failed" in " ".join(html.texts(refused, ".notice"))
    page = client.post(result, data={"result": "failed", "result_on": today, "notes": "No fence"},
                       follow_redirects=True)
    assert html.texts(page, ".inspection-blocks")[0].startswith("The last inspection failed")
    assert client.get(f"/office/a/{reference}/permit.pdf").status_code == 409
    assert own.get(f"{status_path}/permit.pdf").status_code == 409
    assert html.texts(own.get(status_path), ".waiting-for li") == [
        "The Village's inspection of the premises, facilities and equipment, passed (Ord. 171, License (c)) . "
        "The office records the inspection's result."]
    client.post(f"/office/a/{reference}/inspections", data={"scheduled_on": today, "inspector": "Fire official"})
    page = client.get(f"/office/a/{reference}")
    second = html.attributes(page, ".inspection-form", "action")[0]
    page = client.post(second, data={"result": "passed", "result_on": today}, follow_redirects=True)
    assert "the license is issued, dated today, and the organizer is told" in " ".join(html.texts(page, ".notice"))
    assert client.get(f"/office/a/{reference}/permit.pdf").status_code == 200
    (issued,) = mails(app, port, inbox, f"{reference}: license issued")
    assert passes_pdfua(list(issued.iter_attachments())[0].get_content(), tmp_path)
    assert "The Village's inspection of the premises, facilities and equipment, passed (Ord. 171, License (c))" in \
        body(issued)


def test_dekalb_inspection_costs_are_owed_by_the_applicant(trail):
    app, _, _ = trail
    client, reference = received(app, DEKALB, "dekalb-il")
    today = office_day("dekalb-il").isoformat()
    client.post(f"/office/a/{reference}/inspections", data={"scheduled_on": today, "inspector": "Fire Department"})
    (result,) = html.attributes(client.get(f"/office/a/{reference}"), ".inspection-form", "action")
    page = client.post(result, data={"result": "passed", "result_on": today, "cost": "150"}, follow_redirects=True)
    assert html.texts(page, ".inspection-result")[0].endswith("cost $150")
    assert "Inspection costs (§ 34.06(c)) $150 $0 $150" in money_rows(page)
    page = pay(client, reference, "dekalb-il", sum_key="inspection", amount="150", method="cash")
    assert "Inspection costs (§ 34.06(c)) $150 $150 $0" in money_rows(page)


# Item 8: after the event -----------------------------------------------------------------------

def counted(page, measure: str) -> dict[str, str]:
    doc = html.parse(page)
    return {th.get_text(): th.find_next("td").get_text() for th in doc.select(f"table[data-measure={measure}] tbody th")}


def test_closing_after_the_event_settles_the_deposit_restarts_keeping_and_counts_for_the_board(trail):
    app, _, _ = trail
    client, reference = received(app, WHITESBORO, "whitesboro-ny")
    pay(client, reference, "whitesboro-ny", sum_key="application", amount="500", method="cash")
    pay(client, reference, "whitesboro-ny", sum_key="deposit", amount="500", method="cash")
    approve(client, reference, "whitesboro-ny")
    refused = client.post(f"/office/a/{reference}/close", data={"notes": "Held as approved"}, follow_redirects=True)
    assert "The event ends on 2027-07-09: close the application after it." in " ".join(html.texts(refused, ".notice"))
    app.config["TODAY"] = date(2027, 7, 15)
    refused = client.post(f"/office/a/{reference}/close", data={"notes": "Held as approved"}, follow_redirects=True)
    assert "Record the deposit returned, or kept" in " ".join(html.texts(refused, ".notice"))
    deposit = html.attributes(refused, ".deposit-form", "action")[0]
    page = client.post(deposit, data={"returned": "0", "kept_reason": "The Village hauled the trash away",
                                      "returned_on": "2027-07-15"}, follow_redirects=True)
    assert html.texts(page, ".deposit-returned")[0].startswith("Returned $0 on Thursday, July 15, 2027")
    with app.app_context():  # as if decided long ago: its keeping period would be nearly over
        office_records().applications.update_application(reference, closed_at="2024-01-01T00:00:00+00:00")
    page = client.post(f"/office/a/{reference}/close", data={"notes": "Held as approved; trash left behind"},
                       follow_redirects=True)
    assert html.texts(page, ".closing") == [
        "Closed on Thursday, July 15, 2027 by clerk@example.org: Held as approved; trash left behind"]
    with app.app_context():
        assert office_records().applications.application(reference)["closed_at"] != "2024-01-01T00:00:00+00:00"  # kept from the closing
    counts = client.get("/office/counts")
    assert counted(counts, "money") == {"received": "1000", "returned": "0"}
    assert counted(counts, "after") == {"closed": "1"}
    assert counted(counts, "inspections") == {"passed": "0", "failed": "0", "scheduled, no result yet": "0"}


def test_the_paper_trail_goes_with_the_application_when_its_keeping_period_ends(trail):
    app, _, _ = trail
    client, reference = received(app, BARODA, "baroda-mi")
    approve(client, reference, before_issuance="Show the bond")
    pay(client, reference, "baroda-mi", sum_key="application", amount="200", method="cash")
    client.post(f"/office/a/{reference}/inspections", data={"scheduled_on": office_day("baroda-mi").isoformat(),
                                                            "inspector": "Fire official"})
    with app.app_context():
        records = office_records()
        records.applications.update_application(reference, closed_at="2020-01-01T00:00:00+00:00")
        assert purge_applications(records, 365).references == [reference]
        backend = records.backend
        for table in TRAIL_TABLES:
            assert backend.one(f"SELECT COUNT(*) AS n FROM {table}")["n"] == 0, table


def test_the_counts_assess_no_interview_and_count_a_changed_one_once(trail, monkeypatch):
    """The counts stay fast with years of interviews, as totals kept by the database
    (docs/decisions/0009-counts-from-totals-kept-by-triggers.md): the database counts stored figures per
    year and place, so a request assesses no interview at all (nothing to keep per interview, no digest),
    and an interview whose answers change still counts once."""
    app, _, _ = trail
    client, _ = received(app, BARODA, "baroda-mi")
    ids = [finished(app, {**BARODA, "max_attendance": 300 + n}) for n in range(30)]
    assessed = []
    real = assess.assess_jurisdiction
    monkeypatch.setattr(assess, "assess_jurisdiction", lambda j, answers: assessed.append(1) or real(j, answers))
    assert not hasattr(counts, "assess_jurisdiction")  # the counts never call the engine
    first = counted(client.get("/office/counts"), "started")
    label = f"{office_day('baroda-mi').year}, Village of Baroda, Michigan"
    assert first[label] == "31" and assessed == []
    with app.app_context():
        interview = store().get(ids[0])
        interview.answers = {**interview.answers, "max_attendance": 50}  # now needs no license
        store().save(interview)
    assert counted(client.get("/office/counts"), "started") == first and assessed == []
