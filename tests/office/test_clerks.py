"""Clerks' links and office cards over HTTP: the builder, the handout, plain messages, the card."""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from icalendar import Calendar

from wizard.cli import main
from wizard.errors import RuleFileError
from wizard.rules.office_cards import OfficeFileError, check_offices
from wizard.web.app import create_app
from wizard.web.edge.state import store

from tests.support.html import attributes, field_names, field_values, texts, unsigned
from tests.support.packet import body_text, festival

OFFICES = Path(__file__).resolve().parents[1] / "fixtures" / "offices.yaml"


def link_to_send(page) -> list[str]:
    """The link in the builder's "Link to send" box (none when no link could be made)."""
    return attributes(page, "#clerk-link-text", "value")


def qr_codes(page) -> list[str]:
    return attributes(page, "img.qr__image", "src")


@pytest.fixture
def card_app(tmp_path, book):
    return create_app({"TESTING": True, "RULEBOOK": book, "DATABASE": str(tmp_path / "c.db"),
                       "SECRET_KEY": "c", "WTF_CSRF_ENABLED": False, "OFFICES_FILE": str(OFFICES)})


def finished(app, book, jurisdiction="baroda-mi") -> str:
    with app.app_context():
        steps = [s["step"] for s in book.jurisdictions[jurisdiction].steps]
        return store().create(festival(jurisdiction, book), steps).id


def test_the_builder_makes_a_relative_link_without_a_site_address(client):
    page = client.get("/clerks?jurisdiction=baroda-mi&event_name=Harvest+Fair&overnight_stay=yes").get_data(as_text=True)
    assert unsigned(link_to_send(page)) == ["/for/baroda-mi?event_name=Harvest+Fair"]
    assert "Put this site's address in front of it" in page and qr_codes(page) == []


def test_the_builder_makes_a_full_link_and_a_qr_code_with_the_site_address(client):
    page = client.get("/clerks?jurisdiction=dekalb-il&site=https://permits.example.org/&max_attendance=800"
                      "&property_owner=private&starts_at=2027-07-09T12:00",
                      headers={"Host": "permits.example.org"}).get_data(as_text=True)  # the site's own address
    link = "https://permits.example.org/for/dekalb-il?starts_at=2027-07-09T12%3A00&max_attendance=800&property_owner=private"
    assert unsigned(link_to_send(page)) == [link]
    assert [src.startswith("data:image/svg+xml") for src in qr_codes(page)] == [True]
    assert "The organizer will see that you filled in" in texts(page, "h3")
    shown = dict(zip(texts(page, ".clerk-link dt"), texts(page, ".clerk-link dd")))
    assert shown["Who owns the land where the event will be held?"] == "A person, business or group (private land)"


def test_public_url_wins_and_the_host_header_is_never_used(app, client):
    app.config["PUBLIC_URL"] = "https://permits.example.org"
    page = client.get("/clerks?jurisdiction=baroda-mi", headers={"Host": "evil.example"}).get_data(as_text=True)
    assert unsigned(link_to_send(page)) == ["https://permits.example.org/for/baroda-mi"] and "evil.example" not in page
    assert "site" not in field_names(page)  # no need to ask for the address


def test_a_bad_answer_or_site_in_the_builder_is_explained(client):
    page = html.unescape(client.get("/clerks?jurisdiction=baroda-mi&max_attendance=lots&site=javascript:alert(1)")
                         .get_data(as_text=True))
    assert "There is a problem" in page and "Enter a whole number using digits only" in page
    assert "Enter this site's full web address, starting with https:// or http://" in page
    assert link_to_send(page) == []


def test_the_handout_has_the_link_the_qr_code_and_what_to_have_at_hand(client):
    page = client.get("/clerks/handout?jurisdiction=baroda-mi&site=http://localhost:5000&event_name=Fair",
                      headers={"Host": "localhost:5000"}).get_data(as_text=True)
    assert unsigned(texts(page, ".link-text strong:not(.short-code)")) == ["http://localhost:5000/for/baroda-mi?event_name=Fair"]
    assert [src.startswith("data:image/svg+xml") for src in qr_codes(page)] == [True]
    for item in ("dates and times", "how many people", "who owns the land"):
        assert item in page
    assert "Already filled in for you" in page
    assert client.get("/clerks/handout").status_code == 303  # nothing chosen yet: back to the builder


def test_the_clerks_answers_are_shown_editable_and_an_edit_is_kept(app, client):
    page = client.get("/for/baroda-mi?event_name=Harvest+Fair&overnight_stay=true").get_data(as_text=True)
    assert "This link filled in: 2 answers" in page  # typed by hand: not signed by the site
    assert field_values(page, "event_name") == ["Harvest Fair"]
    assert field_values(page, "overnight_stay") == ["yes"]  # ticked, and still a choice to change
    started = client.post("/start", data={"jurisdiction": "baroda-mi", "prefilled": "event_name,overnight_stay",
                                          "event_name": "Harvest Moon Fair", "overnight_stay": "no"})
    ident = re.search(r"/i/([^/]+)", started.headers["Location"]).group(1)
    with app.app_context():
        saved = store().get(ident).answers
    assert saved["event_name"] == "Harvest Moon Fair" and saved["overnight_stay"] is False


def test_an_unusable_edit_keeps_the_organizer_on_the_start_page(client):
    response = client.post("/start", data={"jurisdiction": "baroda-mi", "prefilled": "max_attendance",
                                           "max_attendance": "about 300"})
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and "There is a problem" in page
    assert field_values(page, "max_attendance") == ["about 300"]


# ---------------------------------------------------------------- the office card

def test_the_offices_file_reports_every_problem(tmp_path, book):
    bad = tmp_path / "offices.yaml"
    bad.write_text("atlantis:\n  phone: '1'\nbaroda-mi:\n  phone: 555\n  email: not-an-address\n"
                   "  web: ftp://x\n  fax: '1'\n")
    _, problems = check_offices(bad, book.jurisdictions)
    found = {(p.key, p.line) for p in problems}
    assert found == {("atlantis", 1), ("baroda-mi.phone", 4), ("baroda-mi.email", 5), ("baroda-mi.web", 6),
                     ("baroda-mi.fax", 7)}
    with pytest.raises(OfficeFileError) as error:
        create_app({"RULEBOOK": book, "DATABASE": str(tmp_path / "x.db"), "SECRET_KEY": "x",
                    "OFFICES_FILE": str(bad)})
    assert isinstance(error.value, RuleFileError) and "5 problem(s) in the offices file" in str(error.value)


def test_the_card_is_on_the_result_page_the_packet_and_the_calendar(card_app, book):
    client = card_app.test_client()
    ident = finished(card_app, book)
    page = client.get(f"/i/{ident}/result").get_data(as_text=True)
    assert "Contact the office" in page and "(555) 010-0199" in page and "Monday to Thursday" in page
    packet = body_text(client.get(f"/i/{ident}/packet.pdf").data, "Application for a mass gathering license")
    assert "(555) 010-0199" in packet and "100 Test Street" in packet and "Check payable" in packet
    calendar = Calendar.from_ical(client.get(f"/i/{ident}/event.ics").data)
    filing = next(e for e in calendar.walk("VEVENT") if str(e["summary"]).removeprefix("Our advice: ").lower().startswith("file"))
    assert "Phone: (555) 010-0199" in str(filing["description"])
    assert str(filing["location"]) == "100 Test Street, Baroda, MI 49101"


def test_with_no_card_the_pages_name_the_ordinances_office_and_say_to_contact_it(app, client, book):
    ident = finished(app, book, "dekalb-il")
    j = book.jurisdictions["dekalb-il"]
    page = client.get(f"/i/{ident}/result").get_data(as_text=True)
    assert f"contact {j.file_with} to ask for them" in page
    packet = body_text(client.get(f"/i/{ident}/packet.pdf").data, "Application for a mass gathering permit")
    assert f"Contact {j.file_with} to ask for its address" in packet
    assert "Phone:" not in client.get(f"/i/{ident}/event.ics").data.decode()


def test_odd_builder_input_never_fails(client):
    long_name = "李" * 300  # 300 characters, 2,700 bytes once in a link: more than a QR code holds
    page = client.get(f"/clerks?jurisdiction=baroda-mi&site=https://permits.example.org&event_name={long_name}"
                      f"&site_address={long_name}", headers={"Host": "permits.example.org"}).get_data(as_text=True)
    assert "too long for a QR code" in page and len(link_to_send(page)) == 1 and qr_codes(page) == []
    for site in ("http://[::1", "https://x:99999", "https://user@x.org", "//x.org", "https://x.org/path"):
        response = client.get("/clerks", query_string={"jurisdiction": "baroda-mi", "site": site})
        assert response.status_code == 200 and "There is a problem" in response.get_data(as_text=True)
    assert client.get("/handoff/%ED%A0%80abc").status_code == 410


def test_a_card_sentence_without_its_spanish_is_named_by_wizard_check(tmp_path):
    """A Spanish reader sees the card's sentences in Spanish: one without it is a problem, before the
    deployment (`wizard check --offices`) as at start-up; the example card passes."""
    card = tmp_path / "offices.yaml"
    card.write_text("baroda-mi:\n  phone: '(555) 010-0199'\n  hours: Monday to Thursday, 9 a.m. to 3 p.m.\n"
                    "  payment: Cash\n  payment_es: Efectivo\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--offices", str(card)])
    assert result.exit_code == 1
    assert f"{card}:3: baroda-mi.hours: 'hours' has no Spanish: add `hours_es:`" in result.output
    assert "payment" not in result.output
    example = Path(__file__).resolve().parents[2] / "docs" / "offices.example.yaml"
    assert CliRunner().invoke(main, ["check", "--offices", str(example)]).exit_code == 0
