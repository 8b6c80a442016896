"""The packet is the office's document and stays in English
(docs/decisions/0002-spanish-beside-the-law.md); an organizer who reads Spanish gets a summary page in
Spanish in front of it (what this is, what to do next, the dates, the sums, what to do with each part),
and the English pages after it are the English path's own."""
from __future__ import annotations

import dataclasses
from datetime import date

import pikepdf
import pytest

from wizard.language import speaking
from wizard.packet.summary import packet_for
from wizard.web.edge.state import office_records

from tests.support.html import parse
from tests.support.office import received
from tests.support.pdfua import pdfua_problems
from tests.support.spanish import festival_packets, organizers_read, without_sheets
from tests.support.packet import festival, page_texts

TODAY = date(2026, 11, 29)
PLACES = ("whitesboro-ny", "wi-village-ch64", "baroda-mi", "dekalb-il")


@pytest.mark.parametrize("place", PLACES)
def test_the_spanish_path_has_the_english_packet_with_a_summary_in_front(book, place):
    answers = festival(place, book)
    english = packet_for(answers, book, TODAY)
    with speaking("es"):  # a Spanish request in force changes nothing in the office's pages
        spanish = packet_for(answers, book, TODAY, language="es")
    assert english.summary is None and spanish.summary is not None
    assert dataclasses.replace(spanish, summary=None) == english
    summary = spanish.summary
    assert (summary.lang, summary.heading, summary.next_heading) == ("es", "Resumen en español", "Qué hacer ahora")
    assert summary.next_steps[-1] == "Guarde una copia de todo lo que envíe."
    assert [title for title, _help in summary.parts] == [f"{p.number}. {p.title}" for p in english.parts]


def test_the_summary_gives_the_dates_and_the_sums_in_spanish(book):
    summary = packet_for(festival("baroda-mi", book), book, TODAY, language="es").summary
    # Baroda's 105 days are advice
    assert summary.dates[0][1] == "Nuestro consejo: presente su solicitud a más tardar este día"
    assert ("Tarifa de solicitud", "$1,700", "al presentar la solicitud") in summary.sums
    assert ("Fianza", "$100,000", "") in summary.sums
    assert summary.what[1] == "Necesita una licencia."


def spanish_languages(path) -> set[str]:
    """The /Lang of every structure element that has one."""
    found = set()

    def visit(element) -> None:
        if isinstance(element, pikepdf.Dictionary):
            found.update([str(element.Lang)] if "/Lang" in element else [])
            kids = element.get("/K")
            for kid in kids if isinstance(kids, pikepdf.Array) else [kids]:
                visit(kid)
    with pikepdf.open(path) as pdf:
        visit(pdf.Root.StructTreeRoot)
        assert str(pdf.Root.Lang) == "en-US"  # the document: the office's English
    return found


@pytest.mark.parametrize("place", PLACES)
def test_the_pdf_pages_after_the_summary_are_the_english_packets_own(book, tmp_path, tmp_path_factory, place):
    answers, english, made, spanish = festival_packets(book, place, TODAY, tmp_path_factory)
    assert without_sheets(spanish[1:]) == english  # "Page 1 of 12" too: the summary (and sheets) laid out on their own
    front = " ".join(spanish[0].split())
    assert "Resumen, página 1 de 1" in spanish[0]  # its own number at its foot
    for words in ("Resumen en español", "QUÉ HACER AHORA", "LAS FECHAS", "LAS SUMAS", "1. The application"):
        assert words in front
    (tmp_path / "es.pdf").write_bytes(made)
    assert pdfua_problems(tmp_path / "es.pdf") == []  # still PDF/UA-1, the summary's language declared
    assert spanish_languages(tmp_path / "es.pdf") == {"es-US", "en-US"}  # en-US: the English titles it quotes


def test_the_organizers_download_and_print_view_have_the_summary_the_offices_copy_not(app, book):
    organizers_read(app)
    client, reference = received(app)
    with app.app_context():
        interview_id = office_records().applications.application(reference)["interview_id"]
    organizers = page_texts(client.get(f"/i/{interview_id}/packet.pdf").data, first=1)
    office = page_texts(client.get(f"/office/a/{reference}/packet.pdf").data, first=1)
    assert organizers[0].startswith("Resumen en español") and not office[0].startswith("Resumen")
    view = parse(client.get(f"/i/{interview_id}/print").get_data(as_text=True))
    summary = view.select_one(".print-view .summary-page")
    assert summary["lang"] == "es" and summary.select_one("h2").get_text() == "Resumen en español"
    assert view.select_one(".print-view")["lang"] == "en"  # the packet itself is the office's English
    assert view.select_one(".print-view .cover__kicker").get_text() == "Application packet"
