"""Spanish beside the law (docs/decisions/0002-spanish-beside-the-law.md), after the application is sent: the
organizer's status page after each thing the office does, and each mail it sends them (the office's message,
the receipt of a payment, the approval with its permit, a suspension, a denial), read in Spanish with no
English sentence outside `lang="en"`. What a clerk types goes as written, in English, after a line saying
these are the office's words; the office card's sentences are its Spanish ones. The kiosk's pages too. The
office's own pages stay English. In-process: the test client and the test SMTP server (the payment and the
approval print their receipt.pdf and permit.pdf, so the module is in the pdf tier)."""
from __future__ import annotations

from pathlib import Path

from tests.support.html import parse
from tests.support.kiosk import kiosk_app, kiosk_result
from tests.support.office import BARODA, body, received
from tests.support.office_days import office_day
from tests.support.prerequisites import everything_in_hand
from tests.support.office_mail import deliver, mail_app
from tests.support.office_trail import organizer
from tests.support.spanish import citations_left, english_left, mail_english_left, organizers_read

OFFICES = Path(__file__).resolve().parents[1] / "fixtures" / "offices.yaml"
MESSAGE = "Please send the certificate of insurance and the surety bond."
CONDITIONS = "Provide 4 extra portable toilets near the stage."
SUSPENDED = "The fence is not up."
DENIED = "The site plan is missing."
VOIDED = "Recorded twice by mistake."


def spanish_page(client, path: str) -> str:
    page = client.get(path).get_data(as_text=True)
    assert parse(page).html["lang"] == "es", path
    assert english_left(page) == [] and citations_left(page) == [], path
    return page


def the_mail(app, port, inbox, starts: str):
    deliver(app, port)
    found = [m for m in inbox.to("zoe@example.org") if m["Subject"].startswith(starts)]
    assert found, [m["Subject"] for m in inbox.to("zoe@example.org")]
    return found[-1]


def read_mail(mail, *typed: str) -> str:
    text = body(mail)
    assert mail_english_left(text, typed) == [], text
    assert '<html lang="es">' in body(mail, "html")
    return text


def test_the_status_page_and_each_mail_after_each_office_action_read_in_spanish(tmp_path, book, smtp):
    controller, inbox = smtp
    app = organizers_read(mail_app(tmp_path, book, controller.port, OFFICES_FILE=str(OFFICES)))
    clerk, reference = received(app, BARODA, "baroda-mi")
    _, status = organizer(app, reference)
    browser = clerk  # the organizer's browser sent it (the clerk signed in there): its private link opens there
    read_mail(the_mail(app, controller.port, inbox, "Solicitud recibida"))
    spanish_page(browser, status)

    clerk.post(f"/office/a/{reference}/message", follow_redirects=True, data={"message": MESSAGE, "ask": "yes"})
    read_mail(the_mail(app, controller.port, inbox, "Sobre su solicitud"), MESSAGE)
    page = spanish_page(browser, status)
    assert "Escrito por la oficina, en inglés" in page and MESSAGE in page

    clerk.post(f"/office/a/{reference}/payments", follow_redirects=True, data={"received_on": office_day("baroda-mi").isoformat(),
                                                        "sum_key": "application", "amount": "200", "method": "cash"})
    receipt = read_mail(the_mail(app, controller.port, inbox, f"{reference}: recibo"))
    assert "$200 (tarifa de solicitud, efectivo)" in receipt
    spanish_page(browser, status)
    # Voided with the clerk's reason, typed in English: the mail says it is the office's own words.
    (void,) = [form["action"] for form in parse(clerk.get(f"/office/a/{reference}")).select(".void-form")]
    clerk.post(void, data={"reason": VOIDED}, follow_redirects=True)
    read_mail(the_mail(app, controller.port, inbox, f"{reference}: el recibo"), VOIDED)
    clerk.post(f"/office/a/{reference}/payments", follow_redirects=True, data={"received_on": office_day("baroda-mi").isoformat(),
                                                        "sum_key": "application", "amount": "200", "method": "cash"})

    everything_in_hand(app, reference)  # the license issues with the approval, so it can then be suspended
    clerk.post(f"/office/a/{reference}/decision", follow_redirects=True, data={"decision": "approved", "approve_anyway": "yes",
                                                        "decided_on": office_day("baroda-mi").isoformat(),
                                                        "conditions": CONDITIONS})
    approved = the_mail(app, controller.port, inbox, f"{reference}: ")
    read_mail(approved, CONDITIONS)
    page = spanish_page(browser, status)
    assert CONDITIONS in page

    clerk.post(f"/office/a/{reference}/permit-action", follow_redirects=True, data={"acted_on": office_day("baroda-mi").isoformat(),
                                                             "action": "suspended", "reasons": SUSPENDED,
                                                             "citation": "Ord. 171, Application (j)"})
    read_mail(the_mail(app, controller.port, inbox, f"{reference}: "), SUSPENDED)
    spanish_page(browser, status)


def test_a_denial_reads_in_spanish_on_the_status_page_and_in_the_mail(tmp_path, book, smtp):
    controller, inbox = smtp
    app = organizers_read(mail_app(tmp_path, book, controller.port, OFFICES_FILE=str(OFFICES)))
    clerk, reference = received(app, BARODA, "baroda-mi")
    _, status = organizer(app, reference)
    clerk.post(f"/office/a/{reference}/decision", follow_redirects=True, data={"decision": "denied", "reasons": DENIED,
                                                        "decided_on": office_day("baroda-mi").isoformat()})
    read_mail(the_mail(app, controller.port, inbox, f"{reference}: "), DENIED)
    page = spanish_page(clerk, status)
    assert DENIED in page and "Escrito por la oficina, en inglés" in page


def test_the_kiosk_reads_in_spanish(tmp_path, book):
    app = organizers_read(kiosk_app(tmp_path, book, OFFICES_FILE=str(OFFICES)))
    client = app.test_client()
    spanish_page(client, "/")
    ident = kiosk_result(app, client, book)
    page = spanish_page(client, f"/i/{ident}/result")
    assert "De lunes a jueves, de 9:00 a. m. a 3:00 p. m." in page  # the office card's Spanish
    spanish_page(client, f"/i/{ident}/check")
