"""The office's documents in the hostile walk (tests/support/hostile.py): when the walk kills or stops the
print workers, a clerk decides and records a payment and every kind of document is asked for at once:
the permit (printed as the decision is recorded), the letter by mail, a new receipt (the clerk's and the
organizer's own link, no sign-in), the staff report that payment changed, and the print view. Each is
the document, a "being prepared" page that asks again, or a page saying what is missing: never another 5xx.
"""
from __future__ import annotations

import contextlib
from dataclasses import dataclass, field

from wizard.web.edge.state import office_records

from tests.support import html
from tests.support.office import BARODA, clerk, finished, send, sign_in
from tests.support.office_days import office_day

# A corporation's letter has an address that fits a window envelope; Whitesboro's Board decides, so it has a staff report.
CORPORATION = {**BARODA, "organizer_type": "corporation", "organization_name": "Harvest Fair Inc.",
               "applicant_name": "Ann Lee", "applicant_address": "1 Main St\nBaroda, MI 49101"}
WHITESBORO = {**BARODA, "jurisdiction": "whitesboro-ny", "event_name": "Mill Days", "local_exempt_organizer": "none"}
MEETING = {"agenda_item": "7(b)", "motion": "Resolution 2027-14", "ayes": "4", "nays": "1"}


@dataclass
class Office:
    """Two applications sent to a clerk of both places, and the browsers that act on them."""
    clerk: object  # the signed-in clerk's browser
    references: dict  # place: reference
    organizers: dict  # place: (the organizer's own browser, their status page)
    decided: bool = False
    payments: int = 0
    asked: list = field(default_factory=list)  # (path, status) of every document asked while the printer was upset


@contextlib.contextmanager
def forms_without_csrf(app):
    """The clerk's and organizer's forms posted as the office tests post them; the walk's own keep CSRF."""
    app.config["WTF_CSRF_ENABLED"] = False
    try:
        yield
    finally:
        app.config["WTF_CSRF_ENABLED"] = True


def open_office(app) -> Office:
    with forms_without_csrf(app):
        clerk(app, "clerk@example.org", ("baroda-mi", "whitesboro-ny"))
        references, organizers = {}, {}
        for answers in (CORPORATION, WHITESBORO):
            browser = app.test_client()
            reference = send(browser, finished(app, answers))
            with app.app_context():
                interview_id = office_records().applications.application(reference)["interview_id"]
            references[answers["jurisdiction"]] = reference
            organizers[answers["jurisdiction"]] = (browser, f"/i/{interview_id}/application")
        signed = app.test_client()
        sign_in(signed)
    return Office(signed, references, organizers)


def act(app, office: Office) -> None:
    """What the clerk does while the printer is upset: the decisions once (each prints a permit or makes a
    letter), then a payment each time (a receipt to print, a staff report changed)."""
    with forms_without_csrf(app):
        if not office.decided:
            office.decided = True
            _expect(office, "decision", office.clerk.post(
                f"/office/a/{office.references['baroda-mi']}/decision", data={
                    "decision": "approved", "approve_anyway": "yes", "decided_on": office_day("baroda-mi").isoformat(),
                    "before_issuance": "Show the $100,000 surety bond", "conditions": "Lights out at 11 PM"}))
            _expect(office, "decision", office.clerk.post(
                f"/office/a/{office.references['whitesboro-ny']}/decision", data={
                    "decision": "approved", "approve_anyway": "yes",
                    "decided_on": office_day("whitesboro-ny").isoformat(), **MEETING}))
        office.payments += 1
        _expect(office, "payment", office.clerk.post(f"/office/a/{office.references['whitesboro-ny']}/payments", data={
            "received_on": office_day("whitesboro-ny").isoformat(), "sum_key": "application", "amount": "5",
            "method": "check", "detail": f"10{office.payments}"}))


def _expect(office: Office, what: str, response) -> None:
    office.asked.append((what, response.status_code))


def documents_of(app, office: Office) -> list[tuple[object, str]]:
    """Every document of the two applications, each with the browser that asks for it."""
    baroda, whitesboro = office.references["baroda-mi"], office.references["whitesboro-ny"]
    own, status = office.organizers["whitesboro-ny"]
    receipts = html.links(own.get(status), ".receipts a")
    letters = html.links(office.clerk.get(f"/office/a/{baroda}"), ".mailed-notice a")
    interview_id = status.split("/")[2]
    return ([(office.clerk, f"/office/a/{whitesboro}/permit.pdf"), (own, f"{status}/permit.pdf"),
             (office.clerk, f"/office/a/{whitesboro}/staff-report.pdf"), (own, f"/i/{interview_id}/print")]
            + [(own, link) for link in receipts[-1:]]
            + [(office.clerk, link.replace(status, f"/office/a/{whitesboro}")) for link in receipts[-1:]]
            + [(office.clerk, link) for link in letters])


def upset_office(target, send) -> None:
    """The clerk decides and records a payment, and every office document and the print view are asked
    for through the walk's `send` (which counts a 5xx as a failure), the printer just upset."""
    office = target.office
    before = len(office.asked)
    act(target.app, office)
    for what, status in office.asked[before:]:
        if status >= 500:  # the clerk's forms: recorded and answered, whatever the printer does
            target.failures.append((f"{status}: {target.last_error or 'outside Flask'}", "POST", what, "form", "real"))
    for browser, path in documents_of(target.app, office):
        send(target, browser, ("GET", path, "", [], "real", "form", {}, "", 0))
