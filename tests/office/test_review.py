"""The office's review (docs/decisions/0019-the-office-reviews-from-the-rule-file.md) over HTTP:
referrals to the departments the rule file names, answered through private, expiring links; the decision,
the organizer's email with the permit PDF (checked by the same `pdfua` checker as the packet), and
denials quoting their section."""
from __future__ import annotations

from concurrent.futures import Future
from datetime import timedelta
from io import BytesIO

import pytest
from pypdf import PdfReader

from wizard.packet import documents, printing
from wizard.packet.cache import Printed
from wizard.web.edge.state import office_records

from tests.support.office_days import office_day
from tests.support import html
from tests.support.pdfua import pdfua_problems
from tests.support.office import BARODA, body, clerk, DEKALB, received, sign_in
from tests.support.authoring import problems_in, variant
from tests.support.office_mail import deliver
from tests.support.office_mail import referral_link, refused_post
from tests.support.prerequisites import everything_in_hand


def test_the_application_page_offers_the_departments_the_rule_file_names(office):
    app, _, _ = office
    client, reference = received(app, DEKALB, "dekalb-il")
    page = client.get(f"/office/a/{reference}")
    options = html.texts(page, "#department option")
    assert [o.split(" (")[0] for o in options] == ["Police Department", "Fire Department", "Public Works Department"]
    assert all("§ 34.06(c)" in o for o in options)


def test_a_department_answers_through_its_private_link_and_the_clerk_sees_it(office):
    app, inbox, port = office
    client, reference = received(app, DEKALB, "dekalb-il")
    refused_post(client, f"/office/a/{reference}/referrals", {"department": "police", "recipient": "not mail"},
                 "Enter the department's email address")
    client.post(f"/office/a/{reference}/referrals", data={"department": "police", "recipient": "police@example.org"})
    link = referral_link(app, port, inbox, "police@example.org")
    department = app.test_client()  # no account, no session: the link is the key
    page = department.get(link)
    assert page.status_code == 200 and "Corn Days" in " ".join(html.texts(page, ".answers dd"))
    refused_post(department, link, {"answer": "conditions", "text": ""}, "Write the conditions.")
    department.post(link, data={"answer": "conditions", "text": "Two officers at the gate"})
    answers = html.texts(client.get(f"/office/a/{reference}"), ".referral-answer")
    assert len(answers) == 1 and answers[0].startswith("Conditions (") and "Two officers at the gate" in answers[0]
    assert html.texts(client.get(f"/office/a/{reference}"), ".application-status") == ["Under review"]


def test_an_unanswered_referral_past_its_period_is_flagged(office):
    app, _, _ = office
    client, reference = received(app, BARODA, "baroda-mi")
    client.post(f"/office/a/{reference}/referrals", data={"department": "fire-official", "recipient": "fire@example.org"})
    assert html.texts(client.get(f"/office/a/{reference}"), ".referrals .flag--past") == []
    app.config["TODAY"] = office_day("baroda-mi") + timedelta(days=21)  # Application (g): "within 20 days of receipt"
    flags = html.texts(client.get(f"/office/a/{reference}"), ".referrals .flag--past")
    assert len(flags) == 1 and flags[0].startswith("Late:")


def test_an_unknown_or_expired_department_link_is_a_404(office):
    app, inbox, port = office
    client, reference = received(app, BARODA, "baroda-mi")
    client.post(f"/office/a/{reference}/referrals", data={"department": "health-officer", "recipient": "h@example.org"})
    link = referral_link(app, port, inbox, "h@example.org")
    assert app.test_client().get(link[:-3] + "xyz").status_code == 404
    app.config["TODAY"] = office_day("baroda-mi") + timedelta(days=20 + 61)
    assert app.test_client().get(link).status_code == 404


def test_another_places_clerk_cannot_refer_or_decide(office):
    app, _, _ = office
    _, reference = received(app, BARODA, "baroda-mi")
    clerk(app, "dekalb@example.org", ("dekalb-il",))
    other = app.test_client()
    sign_in(other, "dekalb@example.org")
    assert other.post(f"/office/a/{reference}/referrals", data={"department": "fire-official",
                                                                "recipient": "x@example.org"}).status_code == 404
    assert other.post(f"/office/a/{reference}/decision", data={"decision": "approved",
                                                               "decided_on": office_day("baroda-mi").isoformat()}).status_code == 404
    assert other.get(f"/office/a/{reference}/permit.pdf").status_code == 404


def test_an_approval_emails_the_organizer_the_permit_which_passes_pdfua(office, tmp_path):
    app, inbox, port = office
    client, reference = received(app, BARODA, "baroda-mi")
    everything_in_hand(app, reference)  # in hand before the approval: the permit issues with it
    client.post(f"/office/a/{reference}/decision", data={"decision": "approved", "approve_anyway": "yes", "decided_on": office_day("baroda-mi").isoformat(),
                                                         "conditions": "Two more portable toilets\nLights out at 11 PM"})
    assert html.texts(client.get(f"/office/a/{reference}"), ".application-status") == ["Approved"]
    deliver(app, port)
    (mail,) = [m for m in inbox.to("zoe@example.org") if m["Subject"] == f"{reference}: Approved"]
    (attachment,) = list(mail.iter_attachments())
    assert attachment.get_content_type() == "application/pdf"
    pdf = tmp_path / "permit.pdf"
    pdf.write_bytes(attachment.get_content())
    assert pdfua_problems(pdf) == []  # no finding, and no rule skipped
    # Lines break where the font makes them: read the words, not the lines.
    text = " ".join(" ".join(page.extract_text() for page in PdfReader(BytesIO(pdf.read_bytes())).pages).split())
    for part in (reference, "Village of Baroda", "Harvest Fair", "400", "Two more portable toilets",
                 "Lights out at 11 PM", "Ord. 171, Application (h)", "posted", "Ord. 171, Application (j)"):
        assert part in text, part
    assert "post it at the site" in body(mail)
    download = client.get(f"/office/a/{reference}/permit.pdf")
    assert download.status_code == 200 and download.mimetype == "application/pdf"


@pytest.fixture
def no_kept_documents(monkeypatch):
    """A permit of the same content printed by an earlier test in this process would be found among
    the office documents kept (data, which `forgetting()` leaves) and never sent to the print worker
    this test breaks: the test starts with none kept and none being made."""
    monkeypatch.setattr(documents, "_printed", Printed(documents.SIZE, "office documents"))


def test_a_permit_that_cannot_be_printed_leaves_the_approval_recorded_and_says_so(office, monkeypatch, caplog,
                                                                                  no_kept_documents):
    app, inbox, port = office
    client, reference = received(app, BARODA, "baroda-mi")
    everything_in_hand(app, reference)  # in hand before the approval: the permit issues with it

    def dead_worker(job, *args) -> Future:
        failed: Future = Future()
        failed.set_exception(OSError("the print worker was killed printing Zoe Organizer's permit"))
        return failed

    monkeypatch.setattr(printing, "submit", dead_worker)
    page = client.post(f"/office/a/{reference}/decision", data={"decision": "approved", "approve_anyway": "yes", "decided_on": office_day("baroda-mi").isoformat()},
                       follow_redirects=True)
    assert page.status_code == 200 and html.texts(page, ".application-status") == ["Approved"]
    (warning,) = html.texts(page, ".notice--warning")
    assert "decision is recorded" in warning and "could not be printed" in warning
    deliver(app, port)
    (mail,) = [m for m in inbox.to("zoe@example.org") if m["Subject"] == f"{reference}: Approved"]
    assert not list(mail.iter_attachments()) and "on your application's page as a PDF" in body(mail)
    refused = client.get(f"/office/a/{reference}/permit.pdf")
    assert refused.status_code == 503 and html.texts(refused, "h1") == ["The PDF could not be printed just now"]
    with app.app_context():
        interview_id = office_records().applications.application(reference)["interview_id"]
    organizers = app.test_client().get(f"/i/{interview_id}/application/permit.pdf")
    assert organizers.status_code == 503
    # Logged, without the interview's id (the key to it) or what the printer said (it may quote answers).
    assert "could not be printed: OSError" in caplog.text and "/i/#" in caplog.text
    assert interview_id not in caplog.text and "Zoe Organizer" not in caplog.text
    monkeypatch.undo()  # the workers print again: the permit is there to download
    download = client.get(f"/office/a/{reference}/permit.pdf")
    assert download.status_code == 200 and download.mimetype == "application/pdf"


def test_a_denial_needs_reasons_and_quotes_its_section(office):
    app, inbox, port = office
    client, reference = received(app, BARODA, "baroda-mi")
    no_reasons = refused_post(client, f"/office/a/{reference}/decision",
                              {"decision": "denied", "decided_on": office_day("baroda-mi").isoformat()}, "Write the reasons for the denial")
    assert html.texts(no_reasons, ".application-status") == ["Received"]
    bad_date = refused_post(client, f"/office/a/{reference}/decision",
                            {"decision": "denied", "reasons": "No insurance", "decided_on": "soon"},
                            "Enter the date of the decision")
    client.post(f"/office/a/{reference}/decision", data={"decision": "denied", "reasons": "No insurance",
                                                         "decided_on": office_day("baroda-mi").isoformat()})
    deliver(app, port)
    (mail,) = [m for m in inbox.to("zoe@example.org") if m["Subject"] == f"{reference}: Denied"]
    assert "Ord. 171, Application (i)" in body(mail) and "No insurance" in body(mail)
    assert not list(mail.iter_attachments())
    assert client.get(f"/office/a/{reference}/permit.pdf").status_code == 404


def test_wizard_check_validates_the_referral_keys(tmp_path):
    def duplicate(data):
        data["referrals"] = [{"id": "fire", "department": "Fire", "asks": "Review", "citation": "§ 1"}] * 2

    def unknown(data):
        data["referrals"] = [{"id": "fire", "department": "Fire", "asks": "Review", "citation": "§ 1", "phone": "5"}]
    assert any("duplicate id 'fire'" in p.message for p in problems_in(variant(tmp_path, duplicate)))
    assert problems_in(variant(tmp_path, unknown))


def test_the_decision_part_quotes_what_the_ordinance_asks_after_filing(office):
    app, _, _ = office
    client, reference = received(app, BARODA, "baroda-mi")
    notes = " ".join(html.texts(client.get(f"/office/a/{reference}"), ".ordinance-after-filing li"))
    assert "certified mail" in notes and "Ord. 171, Application (h)" in notes


def test_a_refused_form_keeps_what_was_typed_for_its_own_page_only(office):
    """Every POST redirects; a refusal still shows the clerk's or the department's words, once, and
    only on the page of the form that was refused."""
    app, inbox, port = office
    client, reference = received(app, DEKALB, "dekalb-il")
    refused = client.post(f"/office/a/{reference}/referrals", data={"department": "fire", "recipient": "fire at dekalb"},
                          follow_redirects=True)
    assert html.field_values(refused, "department") == ["fire"]
    assert html.field_values(refused, "recipient") == ["fire at dekalb"]
    denied = refused_post(client, f"/office/a/{reference}/decision",
                          {"decision": "denied", "conditions": "Lights out at 11 PM", "decided_on": office_day("dekalb-il").isoformat()},
                          "Write the reasons for the denial")
    assert html.field_values(denied, "decision") == ["denied"]
    assert html.texts(denied, "textarea#conditions") == ["Lights out at 11 PM"]
    assert html.field_values(denied, "decided_on") == [office_day("dekalb-il").isoformat()]
    again = client.get(f"/office/a/{reference}")  # shown once: a fresh look has a fresh form
    assert html.field_values(again, "decision") == [] and html.texts(again, "textarea#conditions") == [""]
    client.post(f"/office/a/{reference}/decision", data={"decision": "denied", "conditions": "Secret words"})
    assert "Secret words" not in client.get("/office").get_data(as_text=True)  # another page never shows them
    assert html.texts(client.get(f"/office/a/{reference}"), "textarea#conditions") == [""]
    client.post(f"/office/a/{reference}/referrals", data={"department": "police", "recipient": "police@example.org"})
    link = referral_link(app, port, inbox, "police@example.org")
    department = app.test_client()
    empty = department.post(link, data={"answer": "objection", "text": ""}, follow_redirects=True)
    assert html.field_values(empty, "answer") == ["objection"]


def test_the_organizer_downloads_the_permit_from_the_status_page_once_approved(office):
    app, inbox, port = office
    client, reference = received(app, BARODA, "baroda-mi")
    everything_in_hand(app, reference)  # in hand before the approval: the permit issues with it
    with app.app_context():
        interview_id = office_records().applications.application(reference)["interview_id"]
    organizer = app.test_client()  # the status page's private link is the key
    status = f"/i/{interview_id}/application"
    assert html.links(organizer.get(status), "a[href$='permit.pdf']") == []
    assert organizer.get(f"{status}/permit.pdf").status_code == 404  # nothing decided yet
    client.post(f"/office/a/{reference}/decision", data={"decision": "approved", "approve_anyway": "yes", "decided_on": office_day("baroda-mi").isoformat()})
    page = organizer.get(status)
    (link,) = html.links(page, "a[href$='permit.pdf']")
    assert "Ord. 171, Application (j)" in " ".join(html.texts(page, "p"))  # post it at the site
    download = organizer.get(link)
    assert download.status_code == 200 and download.data.startswith(b"%PDF")
    assert organizer.get("/i/not-an-id/application/permit.pdf").status_code == 404
