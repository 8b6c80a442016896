"""Mail that cannot be stopped. An address with a line break (a `Bcc:` header
smuggled in) or a list is refused where it enters, with a message saying why; a queued message the
outbox cannot build or send is marked failed and never holds back the next organizer's receipt,
which carries Date and Message-ID and goes to its one recipient (a real SMTP server, aiosmtpd)."""
from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner

from wizard.cli import main
from wizard.kinds import NotAnEmail, email_address
from wizard.rules.office_cards import check_offices
from wizard.web.edge.state import office_records, rulebook, store

from tests.support import html
from tests.support.office import BARODA, DEKALB, finished, received, send, visible_text
from tests.support.office_mail import deliver, mail_app

HOSTILE = "mallory@example.org\nBcc: victim@example.net"
LIST = "a@example.org, b@example.net"
ONE_ONLY = "Enter one email address only"


@pytest.mark.parametrize("typed", [HOSTILE, LIST, "mallory@example.org\r\n", "a@b@example.org",
                                   "Mallory <mallory@example.org>", "mallory@example", "", None])
def test_the_check_refuses_anything_but_one_address(typed):
    with pytest.raises(NotAnEmail):
        email_address(typed)


@pytest.mark.parametrize("typed", ["zoe@example.org", "  o'brien+permits@mail.example.co.uk ", "a.b-c@x-y.example"])
def test_the_check_keeps_one_address_without_the_spaces_around_it(typed):
    assert email_address(typed) == typed.strip()


@pytest.mark.parametrize("typed", [HOSTILE, LIST])
def test_the_interview_step_refuses_it_and_keeps_the_earlier_answer(app, client, typed):
    ident = finished(app)
    response = client.post(f"/i/{ident}/step/applicant", data={
        "applicant_name": "Zoe Park", "applicant_age": "34", "applicant_address": "1 Elm St, Baroda, MI 49101", "applicant_email": typed},
        follow_redirects=True)  # a refused step is shown again by a GET, with its errors
    assert response.request.path == f"/i/{ident}/step/applicant"
    # on a page of several questions the error names its question: "Your email address: enter one ..."
    assert f"Your email address: {ONE_ONLY.lower()}" in visible_text(response.get_data(as_text=True))
    with app.app_context():
        assert store().get(ident).answers["applicant_email"] == "zoe@example.org"


@pytest.mark.parametrize("typed", [HOSTILE, LIST])
def test_an_answers_file_and_the_api_refuse_it(client, typed):
    upload = client.post("/import", data={"answers_file": (io.BytesIO(json.dumps(
        {**BARODA, "applicant_email": typed}).encode()), "answers.json")}, content_type="multipart/form-data")
    assert upload.status_code == 400
    assert f"applicant_email: {ONE_ONLY}" in visible_text(upload.get_data(as_text=True))
    api = client.post("/api/assess", json={**BARODA, "applicant_email": typed})
    assert api.status_code == 400 and api.get_json()["key"] == "applicant_email"
    assert ONE_ONLY in api.get_json()["error"]


@pytest.mark.parametrize("typed", [HOSTILE, LIST])
def test_clerk_add_refuses_it(tmp_path, typed):
    done = CliRunner().invoke(main, ["clerk", "add", typed, "--jurisdiction", "baroda-mi",
                                     "--db", str(tmp_path / "w.db")])
    assert done.exit_code == 2 and "is not an email address" in done.output and ONE_ONLY in done.output


@pytest.mark.parametrize("typed", [HOSTILE, LIST])
def test_a_departments_address_is_refused_on_the_page_and_in_the_office_card(tmp_path, app, typed):
    client, reference = received(app, DEKALB, "dekalb-il")
    page = client.post(f"/office/a/{reference}/referrals", data={"department": "police", "recipient": typed},
                       follow_redirects=True)
    assert "one address like police@example.org" in " ".join(html.texts(page, ".notice"))
    with app.app_context():
        assert office_records().review.referrals(reference) == []
        cards = tmp_path / "offices.yaml"
        cards.write_text(json.dumps({"baroda-mi": {"email": typed}}))
        _, problems = check_offices(cards, rulebook().jurisdictions)
    assert [p.message for p in problems] == [f"not one email address: {typed!r}"]


def test_a_message_that_cannot_be_sent_never_holds_back_the_next_receipt(tmp_path, book, smtp):
    controller, inbox = smtp
    app = mail_app(tmp_path, book, controller.port)
    first = send(app.test_client(), finished(app))
    deliver(app, controller.port)
    with app.app_context():  # rows queued before addresses were checked where they enter
        for recipient in (HOSTILE, LIST):
            office_records().mail.queue_mail(first, recipient, "Application received", "text", "<p>html</p>")
    second = send(app.test_client(), finished(app, {**BARODA, "applicant_email": "yan@example.org"}))
    assert deliver(app, controller.port) == 1
    (receipt,) = inbox.to("yan@example.org")
    assert receipt["Subject"] == f"Application received: {second}"
    assert receipt["Date"] and receipt["Message-ID"].endswith("@example.org>")
    assert all(rcpt in (["zoe@example.org"], ["yan@example.org"]) for rcpt, _ in inbox.messages)
    with app.app_context():
        failed = office_records().mail.unsent_mail(["baroda-mi"])
    assert [(m["attempts"], m["last_error"]) for m in failed] == [
        (1, "Unbuildable: the recipient is not one email address")] * 2
