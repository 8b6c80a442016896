"""What goes to the office stays in English (docs/decisions/0002-spanish-beside-the-law.md) and names the
organizer's language; the organizer's own mails (receipt, the office's messages and status notices,
reminders) are in the organizer's language, kept with the application and the reminders; a clerk's
message goes as written."""
from __future__ import annotations

from datetime import date

from wizard.language import speaking
from wizard.office.issuance import action_notice, issued_notice
from wizard.office.prerequisites import Prerequisite
from wizard.office.mailing import reminder_mail
from wizard.web.edge.state import office_records

from tests.support.html import parse
from tests.support.office_days import office_day
from tests.support.office import BARODA, body, clerk, finished, received, send, sign_in, texts
from tests.support.spanish import organizers_read
from tests.support.office_mail import deliver, mail_app
from tests.support.organizer_mail import ask, mail_app as organizer_mail_app, ME


def sent_from_a_browser(app):
    """A clerk of Baroda, and an application sent from a new browser: the browser and the reference."""
    clerk(app)
    client = app.test_client()
    return client, send(client, finished(app))


def test_a_spanish_organizers_application_goes_to_the_office_in_english_naming_their_language(tmp_path, book, smtp):
    controller, inbox = smtp
    app = organizers_read(mail_app(tmp_path, book, controller.port))
    client, reference = sent_from_a_browser(app)
    with app.app_context():
        assert office_records().applications.application(reference)["language"] == "es"
    assert deliver(app, controller.port) == 2
    (notice,) = inbox.to("clerk@example.org")
    assert notice["Subject"] == f"New application {reference}"
    text = body(notice)
    assert "Organizer reads: Spanish." in text and "Friday, July 9, 2027" in text and "Decision due by" in text
    (receipt,) = inbox.to("zoe@example.org")
    assert receipt["Subject"] == f"Solicitud recibida: {reference}"
    assert f"recibió su solicitud. Su número de referencia es {reference}." in body(receipt)
    assert '<html lang="es">' in body(receipt, "html")

    sign_in(client)
    inbox_page = client.get("/office").get_data(as_text=True)
    assert texts(inbox_page, "organizer-language") == ["Organizer reads: Spanish"]
    page = client.get(f"/office/a/{reference}").get_data(as_text=True)
    assert texts(page, "organizer-language")[0].startswith("Spanish: answer in Spanish if you can")


def test_the_clerks_message_reaches_a_spanish_organizer_as_written_in_spanish_words(tmp_path, book, smtp):
    controller, inbox = smtp
    app = organizers_read(mail_app(tmp_path, book, controller.port))
    client, reference = sent_from_a_browser(app)
    sign_in(client)
    client.post(f"/office/a/{reference}/message", data={"message": "Please send the insurance certificate.",
                                                        "ask": "yes"})
    deliver(app, controller.port)
    messages = inbox.to("zoe@example.org")
    (message,) = [m for m in messages if m["Subject"] == f"Sobre su solicitud {reference}"]
    assert "Please send the insurance certificate." in body(message)  # as the clerk wrote it
    assert f"sobre su solicitud {reference}:" in body(message)
    (status,) = [m for m in messages if m["Subject"] == f"{reference}: Se necesita más información"]
    assert "ahora es: Se necesita más información." in body(status)


def test_an_english_organizer_still_gets_english_and_the_office_sees_english(tmp_path, book, smtp):
    controller, inbox = smtp
    app = mail_app(tmp_path, book, controller.port)
    client, reference = sent_from_a_browser(app)
    deliver(app, controller.port)
    (receipt,) = inbox.to("zoe@example.org")
    assert receipt["Subject"] == f"Application received: {reference}"
    assert "Organizer reads: English." in body(inbox.to("clerk@example.org")[0])
    sign_in(client)
    assert texts(client.get("/office").get_data(as_text=True), "organizer-language") == []


def test_reminders_asked_for_in_spanish_come_in_spanish(tmp_path, book, smtp):
    controller, inbox = smtp
    app = organizers_read(organizer_mail_app(tmp_path, book, controller.port))
    client = app.test_client()
    ident = finished(app)
    ask(client, ident, send="reminders")
    with app.app_context():
        planned = office_records().mail.reminders_of(ident)
        languages = {r["language"] for r in office_records().mail.reminders_due("2099-01-01")}
    assert languages == {"es"}
    # Baroda's 105 days are advice
    assert planned[0]["title"] == "Nuestro consejo: presente su solicitud a más tardar este día"
    deliver(app, controller.port)
    (confirmation,) = inbox.to(ME)
    assert confirmation["Subject"] == "Sus recordatorios están listos"
    app.config["TODAY"] = date(2027, 3, 19)
    app.extensions["sweeper"].sweep_once(1000)  # the sweeper works in no organizer's request
    deliver(app, controller.port)
    reminder = inbox.to(ME)[-1]
    # Baroda's 105 days are our advice, said as advice.
    assert reminder["Subject"].startswith("Recordatorio: Nuestro consejo: presente su solicitud a más tardar este día, ")
    assert "en 7 días" in body(reminder)


def test_a_reminder_mail_is_in_the_language_it_was_asked_in_whatever_the_one_in_force():
    row = {"recipient": ME, "title": "Last day to file your application", "citation": "Ord. 171",
           "day": "2027-03-26", "link": "https://p.example/i/a", "stop_link": "https://p.example/i/a/reminders"}
    with speaking("es"):
        english = reminder_mail([{**row, "language": "en"}], date(2027, 3, 25))
    spanish = reminder_mail([{**row, "language": "es"}], date(2027, 3, 25))
    older = reminder_mail([row], date(2027, 3, 25))  # kept before the language was: English
    assert "tomorrow" in english.text and "mañana" in spanish.text and "tomorrow" in older.text


def test_a_denial_reaches_a_spanish_organizer_in_spanish_with_the_clerks_reasons_as_written(office):
    app, inbox, port = office
    client, reference = received(organizers_read(app), BARODA, "baroda-mi")
    client.post(f"/office/a/{reference}/decision", data={"decision": "denied", "reasons": "No insurance",
                                                         "decided_on": office_day("baroda-mi").isoformat()})
    deliver(app, port)
    (mail,) = [m for m in inbox.to("zoe@example.org") if m["Subject"] == f"{reference}: Denegada"]
    assert f"Su solicitud {reference} fue denegada (Ord. 171, Application (i))." in body(mail)
    assert "Razones: No insurance" in body(mail)


def test_the_office_notices_keep_their_english_and_speak_spanish_with_the_permits_article(book):
    j = book.jurisdictions["baroda-mi"]
    row = {"action": "suspended", "acted_on": "2027-07-01", "citation": "Ord. 171, Section 9", "reasons": "Noise"}
    english = action_notice(ME, "BAR-2027-0001", j, row, "/i/a/application", None)
    spanish = action_notice(ME, "BAR-2027-0001", j, row, "/i/a/application", None, language="es")
    assert english.subject == "BAR-2027-0001: license suspended"
    assert english.text.startswith("Your license BAR-2027-0001 is suspended as of ")
    assert spanish.subject == "BAR-2027-0001: se suspendió la licencia"
    assert spanish.text.startswith("Se suspendió la licencia BAR-2027-0001 desde el ")
    waited = (Prerequisite("inspection-passed", "inspection", "The inspection, passed", "", "Ord. 171, License (c)"),)
    issued = issued_notice(ME, "BAR-2027-0001", j, "/i/a/application", None, b"%PDF", waited, language="es")
    assert issued.subject == "BAR-2027-0001: se expidió la licencia" and "va en el PDF adjunto" in issued.text
    # what it waited for, in the rule file's Spanish
    assert "La inspección del Pueblo del lugar, las instalaciones y el equipo, aprobada (Ord. 171, License (c))" in issued.text


def test_the_result_page_says_the_engines_words_in_spanish_for_a_spanish_request(app):
    organizers_read(app)
    ident = finished(app)
    page = parse(app.test_client().get(f"/i/{ident}/result").get_data(as_text=True))
    assert page.select_one("h1").get_text(strip=True) == "Necesita una licencia"
    plan = " ".join(page.select_one(".timeline").get_text(" ").split())
    assert "Nuestro consejo: presente su solicitud a más tardar este día" in plan and "Debe tener la licencia en sus manos" in plan  # advice
