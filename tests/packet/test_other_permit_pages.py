"""The packet keeps the town's application as it is and adds a page per other permit (the State's):
what to ask for, from whom, by when (where the lead time comes from), how many, the fee and payee as
the text gives them, why it applies and what we could not read; for an organizer who reads Spanish the
same pages in Spanish come just before the English ones. Still PDF/UA-1 in each language."""
from __future__ import annotations

from datetime import date

import pytest

from wizard.engine.answers import clean_answers
from wizard.packet.document import render_packet
from wizard.packet.summary import packet_for

from tests.support.packet import FESTIVAL, normalise, page_texts
from tests.support.pdfua import pdfua_problems

TODAY = date(2026, 11, 29)
# A volunteer fire company's 6,000-person field days over 59 hours (Friday noon to Sunday 11 pm) selling beer.
WHITESBORO_BEER = {**FESTIVAL, "jurisdiction": "whitesboro-ny", "max_attendance": 6000, "alcohol_sold": True}
BARODA_FESTIVAL = {**FESTIVAL, "jurisdiction": "baroda-mi", "food_stands": 3, "fireworks": True,
                   "hazardous": ["firearms_or_pyrotechnics"]}


def answers(book, raw: dict) -> dict:
    return clean_answers(raw, book.questions_for_answers(raw), book.jurisdictions)


def pages(packet) -> dict:
    """Each other permit's page by its name: {name: {label: text of its lines}}."""
    return {page.name: {row.label: " ".join(f"{line.lead} {line.text} {line.citation}".strip() for line in row.lines)
                        for row in page.rows} | {"status": page.status}
            for page in packet.other_permits}


@pytest.fixture(scope="module")
def printed(book):
    """Whitesboro's packet in English and Baroda's for a Spanish reader: printed once for the module."""
    english = packet_for(answers(book, WHITESBORO_BEER), book, TODAY)
    spanish = packet_for(answers(book, BARODA_FESTIVAL), book, TODAY, language="es")
    return {"en": (english, render_packet(english)), "es": (spanish, render_packet(spanish))}


def test_the_exempt_fire_company_packet_has_a_page_for_the_mass_gathering_and_the_liquor_permits(book):
    packet = packet_for(answers(book, {**WHITESBORO_BEER, "organizer_type": "association",
                                       "local_exempt_organizer": "volunteer_fire_company"}), book, TODAY)
    found = pages(packet)
    assert packet.outcome == "exempt" and packet.part("other_permits").title == "Other permits your event needs"
    mass = found["Mass gathering permit (State Sanitary Code)"]
    assert mass["status"] == "Needed" and "10 NYCRR 7-4.1(b), 7-4.2(a)" in mass["What to ask for"]
    assert "By Tuesday, May 25, 2027:" in mass["By when"]  # 45 days before Friday 9 July 2027
    assert "secondary copy of the text, not the official one: confirm it with the county health department" in mass["By when"]
    assert "permit-issuing official" in mass["From whom"]
    assert "Maximum attendance" in mass["Why it applies"] or "6,000" in mass["Why it applies"]
    liquor = found["Temporary beer and wine permit (State Liquor Authority)"]
    assert liquor["How many"].startswith("3: one for each 24 consecutive hours")
    assert "$26 each, $78 in all, paid to the State Liquor Authority." in liquor["Fee"]
    assert "N.Y. Alco. Bev. Cont. Law § 97(1)" in liquor["Fee"] and "Ask the State Liquor Authority" in liquor["What we could not read"]


def test_the_town_application_is_kept_as_it_is(book):
    """The other permits are pages after the town's: every part before them is the packet without them."""
    with_them = packet_for(answers(book, WHITESBORO_BEER), book, TODAY)
    titles = [part.title for part in with_them.parts]
    assert titles.index("Other permits your event needs") == titles.index("Notes") - 1
    assert with_them.application and with_them.application[0].heading
    assert all(page.state == "New York State" for page in with_them.other_permits)


def test_the_baroda_festival_has_pages_for_the_food_licenses_and_the_fireworks_permit(printed):
    found = pages(printed["es"][0])
    food = found["Temporary food establishment license"]
    assert food["status"] == "Needed" and food["How many"].startswith("3: one for each stand")
    assert "calendar days before the date planned for its opening" in food["By when"] and "MCL 289.4103(1)" in food["By when"]
    assert "From the text of the law itself." in food["By when"]
    fireworks = found["Display fireworks permit"]
    assert "Baroda" in fireworks["From whom"] and "MCL 28.466(1)" in fireworks["Why it applies"]


def test_a_may_be_needed_permit_says_so_and_on_what_it_waits(book):
    """The festival's food service with no count of stands: the temporary food permit may be needed."""
    found = pages(packet_for(answers(book, WHITESBORO_BEER), book, TODAY))
    food = found["Temporary food service establishment permit"]
    assert food["status"] == "May be needed"
    assert "It may be needed" in food["What to ask for"] and "Food stands" in food["What to ask for"]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_each_language_packet_is_still_pdfua_clean(printed, tmp_path, lang):
    path = tmp_path / f"{lang}.pdf"
    path.write_bytes(printed[lang][1])
    assert pdfua_problems(path) == []


def test_the_pdf_has_the_pages_and_the_spanish_reader_gets_them_in_spanish_first(printed):
    english = normalise(" ".join(page_texts(printed["en"][1])))
    assert "Other permits your event needs" in english and "$26 each, $78 in all" in english
    texts = page_texts(printed["es"][1])
    spanish_first = next(n for n, text in enumerate(texts) if "Licencia de establecimiento temporal de comidas" in text)
    english_after = next(n for n, text in enumerate(texts) if "Temporary food establishment license" in text)
    assert spanish_first < english_after
    said = normalise(texts[spanish_first])
    assert "Otros permisos que necesita su evento" in said and "Cuántos" in said and "una por cada puesto" in said


def test_the_packet_downloaded_from_the_app_has_the_pages(festival_downloads):
    """Printed in a print worker, which is sent the layers covering the place with its rule file."""
    pdf, _steps = festival_downloads["whitesboro-ny"]
    text = normalise(" ".join(page_texts(pdf.read_bytes())))
    assert "Other permits your event needs" in text and "New York State" in text
