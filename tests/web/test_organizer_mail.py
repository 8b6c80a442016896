"""Email me a link and reminders by email (docs/decisions/0015-no-dead-ends-for-the-organizer.md),
through a real SMTP server (aiosmtpd): the link arrives and leaves no copy of the address, bad addresses
and too many requests are explained, mail off and kiosk screens get no form, reminders go once each on
their day through the sweeper, and their stop link works."""
from __future__ import annotations

import statistics
from datetime import date

import pytest
import textstat

from wizard.web.edge.state import office_records

from tests.support.html import parse
from tests.support.office import body, finished, texts, visible_text
from tests.support.organizer_mail import ask, deliver, mail_app, ME, notices


def outbox_rows(app, address: str) -> int:
    with app.app_context():
        return office_records().store.connection().execute(
            "SELECT COUNT(*) FROM outbox WHERE recipient = ?", (address,)).fetchone()[0]


@pytest.fixture
def organizer(tmp_path, book, smtp):
    """`organizer(**settings)`: a wizard whose mail goes to the test SMTP server, with those
    settings; a browser; and an interview finished in it (app, client, interview id)."""
    controller, _ = smtp

    def start(**settings):
        app = mail_app(tmp_path, book, controller.port, **settings)
        return app, app.test_client(), finished(app)
    return start


def test_the_link_arrives_by_email_and_the_address_is_not_kept(organizer, smtp):
    controller, inbox = smtp
    app, client, ident = organizer()
    result = parse(client.get(f"/i/{ident}/result").get_data(as_text=True))
    form = result.select_one("form.by-email")
    assert form is not None and form.select_one("input[type=email]")["value"] == "zoe@example.org"  # her answer
    assert "We delete the link's email once it is sent." in form.get_text()
    answered = ask(client, ident)
    assert answered.request.path == f"/i/{ident}/result"  # redirected back to the result after the post
    assert notices(answered) == [f"We sent the link to {ME}. It should arrive in a few minutes; if not, "
                                 "look in your spam folder."]
    assert deliver(app, controller.port) == 1
    (mail,) = inbox.to(ME)
    assert mail["Subject"] == "Your link to the answers for Harvest Fair"
    assert f"https://permits.example.org/i/{ident}" in body(mail) and "Keep it private" in body(mail)
    assert f"https://permits.example.org/i/{ident}" in body(mail, "html")
    assert outbox_rows(app, ME) == 0  # sent, then deleted: the address is not kept


@pytest.mark.parametrize("typed, message", [
    ("", "Enter your email address, like name@example.com."),
    ("not an address", "Enter an email address like name@example.com."),
    ("me@example.org\r\nBcc: x@evil.example",
     "Enter one email address only, like name@example.com: no second address and no line breaks."),
    ("me@example.org, you@example.net",
     "Enter one email address only, like name@example.com: no second address and no line breaks."),
    ("a" * 250 + "@example.org", "Enter an email address like name@example.com."),
])
def test_a_bad_address_is_explained_and_nothing_is_sent(organizer, smtp, typed, message):
    controller, _ = smtp
    app, client, ident = organizer()
    response = ask(client, ident, email=typed)
    assert response.status_code == 200 and notices(response) == [message]
    assert "Harvest Fair" in visible_text(response.get_data(as_text=True))  # the answers are all there
    assert deliver(app, controller.port) == 0


def test_too_many_emails_in_an_hour_are_refused(organizer, smtp):
    controller, inbox = smtp
    app, client, ident = organizer(ORGANIZER_MAILS_PER_HOUR=2)
    ask(client, ident)
    ask(client, ident)
    refused = ask(client, ident)
    assert notices(refused)[0].startswith("We have sent as many emails for these answers as we allow in an hour.")
    assert deliver(app, controller.port) == 2 and len(inbox.to(ME)) == 2


def test_without_mail_the_box_says_so_and_sends_nothing(app, client):
    ident = finished(app)
    box = parse(client.get(f"/i/{ident}/result").get_data(as_text=True)).select_one(".save-link")
    assert box.select_one("form.by-email") is None
    assert texts(str(box), "by-email-off") == ["This site does not send email, so keep the link yourself: copy it."]
    assert notices(ask(client, ident)) == ["This site does not send email. Copy the link instead."]
    assert outbox_rows(app, ME) == 0


def test_a_kiosk_screen_offers_no_email(tmp_path, book, smtp):
    controller, _ = smtp
    app = mail_app(tmp_path, book, controller.port, KIOSK=True)
    client = app.test_client()
    client.get("/")  # this browser is a screen
    ident = finished(app)
    response = client.post(f"/i/{ident}/by-email", data={"email": ME, "send": "link"})
    assert response.status_code == 404 and "Not on this screen" in visible_text(response.get_data(as_text=True))
    assert outbox_rows(app, ME) == 0


def test_reminders_go_once_each_on_their_day_and_the_stop_link_works(organizer, smtp):
    controller, inbox = smtp
    app, client, ident = organizer()
    answered = ask(client, ident, send="reminders")
    assert notices(answered)[0].startswith(f"Reminders set. We will email {ME} on Friday, March 19, 2027, "
                                           "Thursday, March 25, 2027,")
    with app.app_context():
        planned = office_records().mail.reminders_of(ident)
    assert [(r["remind_on"], r["day"]) for r in planned][:2] == [("2027-03-19", "2027-03-26"),
                                                                  ("2027-03-25", "2027-03-26")]
    assert all(r["citation"] for r in planned)
    deliver(app, controller.port)
    (confirmation,) = inbox.to(ME)
    assert confirmation["Subject"] == "Your permit reminders are set" and "March 19, 2027" in body(confirmation)
    assert texts(client.get(f"/i/{ident}/result").get_data(as_text=True), "reminders-set")[0].startswith(
        "Reminders by email are set: the next one is on Friday, March 19, 2027.")

    sweeper = app.extensions["sweeper"]
    sweeper.sweep_once(0)  # January 4: nothing due yet
    assert deliver(app, controller.port) == 0
    app.config["TODAY"] = date(2027, 3, 19)
    sweeper.sweep_once(1000)
    sweeper.sweep_once(2000)  # the same day again: each reminder goes once
    assert deliver(app, controller.port) == 1
    reminder = inbox.to(ME)[-1]
    # Baroda's 105-day day is our advice (docs/decisions/0020-dates-the-text-sets-and-dates-we-advise.md), said as advice.
    assert reminder["Subject"] == "Reminder: Our advice: file your application by this day, Friday, March 26, 2027"
    assert "in 7 days" in body(reminder) and "Ord. 171" in body(reminder)
    stop_link = f"https://permits.example.org/i/{ident}/reminders"
    assert stop_link in body(reminder) and "Stop the reminders" in body(reminder)

    page = parse(client.get(f"/i/{ident}/reminders").get_data(as_text=True))  # where the stop link leads
    assert len(page.select(".reminder-days li")) == len(planned) - 1
    stopped = client.post(f"/i/{ident}/reminders/stop", follow_redirects=True)
    assert notices(stopped) == ["Reminders stopped. We deleted your email address."]
    assert texts(stopped.get_data(as_text=True), "no-reminders") == [
        "No reminders are set. We keep no email address for these answers."]
    app.config["TODAY"] = date(2027, 7, 8)
    sweeper.sweep_once(3000)
    assert deliver(app, controller.port) == 0
    assert outbox_rows(app, ME) == 0


def test_reminders_go_with_the_answers_when_they_are_deleted(organizer, smtp):
    controller, _ = smtp
    app, client, ident = organizer()
    ask(client, ident, send="reminders")
    client.post(f"/i/{ident}/delete")
    app.config["TODAY"] = date(2027, 3, 19)
    app.extensions["sweeper"].sweep_once(0)
    with app.app_context():
        assert office_records().mail.reminders_of(ident) == []
    deliver(app, controller.port)
    assert outbox_rows(app, ME) == 0  # the confirmation was sent and deleted; no reminder was queued


def test_the_new_words_read_at_grade_8_or_below(organizer):
    app, client, ident = organizer()
    paragraphs = texts(client.get(f"/i/{ident}/result").get_data(as_text=True), "hint")[-1:]
    paragraphs += texts(client.get(f"/i/{ident}/result").get_data(as_text=True), "by-email__kept")
    paragraphs += notices(ask(client, ident, send="reminders"))
    paragraphs += [" ".join(p.get_text(" ").split()) for p in parse(client.get(f"/i/{ident}/reminders")).select("main p")]
    grades = [textstat.flesch_kincaid_grade(p) for p in paragraphs if p]
    assert len(grades) >= 5 and statistics.mean(grades) <= 8, list(zip(grades, paragraphs))
