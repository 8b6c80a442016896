"""Approval and issuance as two steps (docs/decisions/0022-approval-and-issuance.md), through the office's
real pages with a real SMTP server, in each of the four places: approved with nothing recorded, the permit
does not download and is not mailed, and the clerk's page and the organizer's list each item it waits for
with its section; recorded one by one, it issues, dated that day, and is mailed only after the last.
Baroda's inspection passes only on a recorded result, dated on or after the day it was scheduled."""
from __future__ import annotations

from datetime import timedelta

import pytest

from wizard.office.schema import MIGRATIONS
from wizard.web.edge.state import office_records

from tests.support import html
from tests.support.office import BARODA, DEKALB, body, finished, received, send
from tests.support.office_days import office_day
from tests.support.office_mail import deliver, mail_app
from tests.support.office_trail import WHITESBORO, approve, organizer, pay, pdf_text
from tests.support.packet import FESTIVAL
from tests.support.spanish import organizers_read


WISCONSIN = {**FESTIVAL, "jurisdiction": "wi-village-ch64", "event_name": "Riverbend", "is_fair": False,
             "applicant_email": "zoe@example.org"}
DEKALB_MAIL = {**DEKALB, "applicant_email": "zoe@example.org"}


@pytest.fixture
def office(tmp_path, book, smtp):
    controller, inbox = smtp
    app = mail_app(tmp_path, book, controller.port)
    yield app, inbox, controller.port
    app.extensions["interview_store"].close()


def subjects(app, port, inbox) -> list[str]:
    deliver(app, port)
    return [m["Subject"] for m in inbox.to("zoe@example.org")]


def waiting(page) -> list[str]:
    return html.texts(page, ".waiting-for li")


def sections_waited(page) -> list[str]:
    return [c[1:-1] for c in html.texts(page, ".waiting-for .citation")]


def held(client, own, status_path, reference: str) -> None:
    """Not issued: neither the clerk nor the organizer downloads it, and each is told why (not a 500)."""
    for browser, path in ((client, f"/office/a/{reference}/permit.pdf"), (own, f"{status_path}/permit.pdf")):
        answer = browser.get(path)
        assert answer.status_code == 409 and answer.mimetype == "text/html", path
        assert waiting(answer), path


def confirm(client, reference: str, place: str, prerequisite: str, **fields):
    return client.post(f"/office/a/{reference}/prerequisites", follow_redirects=True, data={
        "prerequisite": prerequisite, "how": "in_hand", "recorded_on": office_day(place).isoformat(), **fields})


def certify(client, reference: str, coverage: int, limit: str, starts="2027-01-01", ends="2027-12-31"):
    return client.post(f"/office/a/{reference}/insurance", follow_redirects=True, data={
        "coverage": str(coverage), "insurer": "Prairie Mutual", "limit": limit, "starts_on": starts, "ends_on": ends,
        "names_insured": "yes"})


def approved_and_waiting(app, port, inbox, answers: dict, place: str, sections: list[str]):
    """Approved with nothing recorded: both pages list `sections`, no permit, the approval mailed without it."""
    client, reference = received(app, answers, place)
    approve(client, reference, place)
    page = client.get(f"/office/a/{reference}")
    assert html.texts(page, ".application-status") == ["Approved"]
    assert sections_waited(page) == sections
    (row_status,) = html.texts(client.get("/office"), f"tr[data-reference='{reference}'] .inbox__status")
    assert row_status.startswith("Approved, waiting: ") and row_status.endswith(" not yet issued"), row_status
    own, status_path = organizer(app, reference)
    status = own.get(status_path)
    assert html.texts(status, ".waiting-heading")[0].startswith("Approved,")
    assert sections_waited(status) == sections
    assert not html.links(status, "a[href$='permit.pdf']")
    held(client, own, status_path, reference)
    (mail,) = [m for m in (deliver(app, port) and inbox.to("zoe@example.org")) if m["Subject"] == f"{reference}: Approved"]
    assert not list(mail.iter_attachments())
    assert all(f"({section})" in body(mail) for section in sections)
    return client, reference, own, status_path


def issued_only_now(app, port, inbox, client, own, status_path, reference: str, word: str, place: str) -> None:
    """The last one recorded: it issues, dated today, and is mailed with its PDF."""
    page = client.get(f"/office/a/{reference}")
    assert not waiting(page)
    assert html.texts(client.get("/office"), f"tr[data-reference='{reference}'] .inbox__status") == ["Approved"]
    assert own.get(f"{status_path}/permit.pdf").status_code == 200
    issued = [m for m in (deliver(app, port) and inbox.to("zoe@example.org"))
              if m["Subject"] == f"{reference}: {word} issued"]
    assert len(issued) == 1
    (attachment,) = list(issued[0].iter_attachments())
    text = " ".join(pdf_text(attachment.get_content()))
    assert office_day(place).strftime("%B") in text


def not_yet(app, port, inbox, client, own, status_path, reference: str, word: str) -> None:
    held(client, own, status_path, reference)
    assert f"{reference}: {word} issued" not in subjects(app, port, inbox)


def test_whitesboro_issues_only_with_the_fee_the_approvals_the_authorization_the_policy_and_the_deposit(office):
    app, inbox, port = office
    place = "whitesboro-ny"
    client, reference, own, status_path = approved_and_waiting(app, port, inbox, WHITESBORO, place, [
        "Ch. 40, Fee", "Ch. 40, Permit C", "Ch. 40, Permit C", "Ch. 40, Permit D", "Ch. 40, Permit E",
        "Ch. 40, Permit E"])
    assert "Record the payment under “Money received”." in waiting(client.get(f"/office/a/{reference}"))[0]
    steps = [lambda: pay(client, reference, place, sum_key="application", amount="500", method="cash"),
             lambda: pay(client, reference, place, sum_key="deposit", amount="500", method="cash"),
             lambda: certify(client, reference, 0, "500000"),
             lambda: certify(client, reference, 1, "1000000"),
             lambda: certify(client, reference, 2, "500000"),
             lambda: confirm(client, reference, place, "county-health-approval", note="Letter of June 2"),
             lambda: confirm(client, reference, place, "owner-authorization")]
    for step in steps:
        step()
        not_yet(app, port, inbox, client, own, status_path, reference, "permit")
    page = confirm(client, reference, place, "board-approval", note="Minutes of the Board")
    assert "the permit is issued, dated today" in " ".join(html.texts(page, ".notice"))
    issued_only_now(app, port, inbox, client, own, status_path, reference, "permit", place)


def test_baroda_waits_for_its_inspection_result_agreements_insurance_and_bond(office):
    app, inbox, port = office
    place = "baroda-mi"
    client, reference, own, status_path = approved_and_waiting(app, port, inbox, BARODA, place, [
        "Ord. 171, License (c)", "Ord. 171, Application (k)(1)", "Ord. 171, Application (k)(6)",
        "Ord. 171, Application (k)(7)", "Ord. 171, Application (k)(8)", "Ord. 171, Application (k)(17)",
        "Ord. 171, Application (k)(20)", "Ord. 171, Application (k)(21)"])
    for prerequisite in ("security-satisfied", "pumper-agreement", "refuse-agreement", "exterminator-agreement",
                         "traffic-plan-approved"):
        confirm(client, reference, place, prerequisite)
        not_yet(app, port, inbox, client, own, status_path, reference, "license")
    certify(client, reference, 0, "500000")
    certify(client, reference, 1, "50000")
    pay(client, reference, place, sum_key="bond", amount="100000", method="surety_bond", detail="Great Lakes Surety")
    page = client.get(f"/office/a/{reference}")
    assert [line.split(":")[0].strip() for line in waiting(page)] == [
        "The Village's inspection of the premises, facilities and equipment, passed (Ord. 171, License (c))"]
    not_yet(app, port, inbox, client, own, status_path, reference, "license")

    today = office_day(place)
    later = (today + timedelta(days=3)).isoformat()
    page = client.post(f"/office/a/{reference}/inspections", follow_redirects=True,
                       data={"scheduled_on": today.isoformat(), "inspector": "Fire official"})
    assert "no result recorded" in waiting(page)[0]  # scheduled: it passes nothing
    assert html.texts(own.get(status_path), ".inspections li") == [f"{today.strftime('%A, %B')} {today.day}, "
                                                                   f"{today.year}: scheduled"]
    history = html.texts(page, ".history td")
    assert any(cell.startswith("Inspection scheduled: ") for cell in history)
    assert not any(cell.startswith("Inspection: ") for cell in history)  # no result written for it
    not_yet(app, port, inbox, client, own, status_path, reference, "license")
    (first,) = html.attributes(page, ".inspection-form", "action")
    page = client.post(first, data={"result": "failed", "result_on": today.isoformat(), "notes": "No fence"},
                       follow_redirects=True)
    assert "the last inspection failed" in waiting(page)[0]
    not_yet(app, port, inbox, client, own, status_path, reference, "license")

    page = client.post(f"/office/a/{reference}/inspections", follow_redirects=True,
                       data={"scheduled_on": later, "inspector": "Fire official"})
    second = html.attributes(page, ".inspection-form", "action")[0]
    app.config["TODAY"] = today + timedelta(days=4)
    refused = client.post(second, data={"result": "passed", "result_on": (today + timedelta(days=2)).isoformat()},
                          follow_redirects=True)
    assert f"The inspection is scheduled for {later}: a result cannot be dated before it." in \
        " ".join(html.texts(refused, ".notice"))
    not_yet(app, port, inbox, client, own, status_path, reference, "license")
    page = client.post(second, data={"result": "passed", "result_on": later}, follow_redirects=True)
    assert "the license is issued, dated today" in " ".join(html.texts(page, ".notice"))
    assert html.texts(page, ".inspection-result")[-1].startswith("Passed on")
    history = html.texts(page, ".history td")
    assert any(cell.startswith(f"Inspection: Passed on {later}") for cell in history)
    issued = [m for m in (deliver(app, port) and inbox.to("zoe@example.org"))
              if m["Subject"] == f"{reference}: license issued"]
    (attachment,) = list(issued[0].iter_attachments())
    assert (today + timedelta(days=4)).strftime("%B") in " ".join(pdf_text(attachment.get_content()))
    assert client.get(f"/office/a/{reference}/permit.pdf").status_code == 200


def test_dekalb_waits_for_the_fee_agreement_certificate_escrow_and_the_debt_confirmation(office):
    app, inbox, port = office
    place = "dekalb-il"
    client, reference, own, status_path = approved_and_waiting(app, port, inbox, DEKALB_MAIL, place, [
        "§ 34.06(a)", "§ 34.06(d)", "§ 34.06(d)(3)", "§ 34.06(d)(1)", "§ 34.06(f)"])
    status = own.get(status_path)
    assert "The City's confirmation that the applicant owes it nothing" in waiting(status)[-1]
    page = client.get(f"/office/a/{reference}")
    fee = next(line for line in html.texts(page, ".money-line") if line.startswith("Application fee"))
    pay(client, reference, place, sum_key="application", amount=fee.split()[-3], method="check", detail="118")
    not_yet(app, port, inbox, client, own, status_path, reference, "permit")
    confirm(client, reference, place, "city-agreement")
    not_yet(app, port, inbox, client, own, status_path, reference, "permit")
    certify(client, reference, 0, "1000000")
    not_yet(app, port, inbox, client, own, status_path, reference, "permit")
    # The escrow: no City department identified supplemental services, which the text allows instead.
    page = client.post(f"/office/a/{reference}/prerequisites", follow_redirects=True, data={
        "prerequisite": "cash-escrow", "how": "instead", "recorded_on": office_day(place).isoformat()})
    assert "recorded instead: No City department identified supplemental City services" in \
        " ".join(html.texts(page, ".prerequisite-detail"))
    not_yet(app, port, inbox, client, own, status_path, reference, "permit")
    refused = client.post(f"/office/a/{reference}/prerequisites", follow_redirects=True, data={
        "prerequisite": "not-a-debtor", "how": "in_hand", "recorded_on": "next week"})
    assert "Enter the day it came in" in " ".join(html.texts(refused, ".notice"))
    not_yet(app, port, inbox, client, own, status_path, reference, "permit")
    confirm(client, reference, place, "not-a-debtor", note="Finance: no balance owed")
    issued_only_now(app, port, inbox, client, own, status_path, reference, "permit", place)


def test_wisconsin_waits_for_the_proofs_and_the_bond_filed_with_the_administrator(office):
    app, inbox, port = office
    place = "wi-village-ch64"
    client, reference, own, status_path = approved_and_waiting(app, port, inbox, WISCONSIN, place,
                                                                ["§ 64-4B", "§ 64-4B(13)"])
    pay(client, reference, place, sum_key="bond", amount="2000", method="cash")  # $1 a person: 5,000 owed
    page = client.get(f"/office/a/{reference}")
    assert "$3,000 of $5,000 outstanding" in " ".join(waiting(page))
    not_yet(app, port, inbox, client, own, status_path, reference, "license")
    confirm(client, reference, place, "facilities-proof")
    not_yet(app, port, inbox, client, own, status_path, reference, "license")
    pay(client, reference, place, sum_key="bond", amount="3000", method="cash")
    issued_only_now(app, port, inbox, client, own, status_path, reference, "license", place)


def test_the_organizer_reads_what_the_permit_waits_for_in_spanish(office):
    app, _, _ = office
    organizers_read(app)
    client, reference = received(app, WHITESBORO, "whitesboro-ny")
    approve(client, reference, "whitesboro-ny")
    own, status_path = organizer(app, reference)
    status = own.get(status_path)
    assert html.texts(status, ".waiting-heading") == ["Solicitud aprobada; el permiso aún no se expide. Falta:"]
    assert waiting(status)[0].startswith("La tarifa de solicitud de $500, pagada (Ch. 40, Fee)")
    assert waiting(status)[0].endswith("Páguelo en la oficina; la oficina anota el pago.")
    assert html.texts(status, ".permit-waiting p")[-1] == (
        "La oficina le envía el permiso por correo electrónico cuando anote el último de estos puntos.")


def test_permits_approved_before_the_two_steps_stay_issued_unless_a_condition_was_open(office):
    """m014 counts a permit approved before it as issued with its decision, as the office then did."""
    app, _, _ = office
    client, plain = received(app, BARODA, "baroda-mi")
    approve(client, plain)
    held_back = send(client, finished(app, BARODA))
    approve(client, held_back, before_issuance="Show the bond")
    (backfill,) = [m.statements[1] for m in MIGRATIONS if m.name == "m014_permits_issued"]
    with app.app_context():
        trail = office_records().trail
        trail.backend.execute("DELETE FROM permits_issued")
        trail.backend.execute(backfill)
        assert trail.permit_issued(plain, 1)["issued_on"] == office_day("baroda-mi").isoformat()
        assert trail.permit_issued(held_back, 1) is None
