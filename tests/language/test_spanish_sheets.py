"""Spanish beside the law (docs/decisions/0002-spanish-beside-the-law.md): "the Spanish instructions
beside each part the organizer completes". Before the first page of the application, the signatures, the
checklist and the facilities worksheet, an organizer who reads Spanish finds a sheet in Spanish: the
part's English title as printed, what to do, and what these answers make of it. The sheets are numbered
on their own ("Instrucciones, hoja 2 de 4"); the English pages between them are the English path's, page
numbers too; an English reader's packet is what it was, byte for byte."""
from __future__ import annotations

import re
from datetime import date

import pikepdf
import pytest

from wizard.language import speaking
from wizard.packet.document import STYLESHEETS, packet_html, packet_title_line, render_packet, tagged_pdf
from wizard.packet.summary import packet_for

from tests.support.html import parse
from tests.support.pdfua import pdfua_problems
from tests.support.spanish import festival_english_pdf, festival_packets, SHEET_NUMBER, without_sheets
from tests.support.interview import finished_interview
from tests.support.packet import festival, FESTIVAL

TODAY = date(2026, 11, 29)
BARODA_FESTIVAL = {**FESTIVAL, "jurisdiction": "baroda-mi"}
PLACES = ("baroda-mi", "whitesboro-ny", "dekalb-il", "wi-village-ch64")


def part_starts(english: list[str]) -> dict[str, int]:
    """The page each numbered part's title ("2. Signatures") is first on, after the cover's contents."""
    found = {}
    for index, text in enumerate(english[1:], 1):
        for line in text.splitlines():
            if line.strip()[:1].isdigit() and ". " in line and line.strip() not in found:
                found[line.strip()] = index
    return found


def sheet_pages(spanish: list[str]) -> list[tuple[int, int, int]]:
    """(page index, sheet number, sheets) of every instruction sheet's page."""
    return [(index, int(match[1]), int(match[2])) for index, text in enumerate(spanish)
            if (match := SHEET_NUMBER.search(text))]


@pytest.mark.parametrize("place", PLACES)
def test_each_sheet_is_right_before_its_parts_first_english_page(book, tmp_path, tmp_path_factory, place):
    answers, english, made, spanish = festival_packets(book, place, TODAY, tmp_path_factory)
    sheets = packet_for(answers, book, TODAY, language="es").summary.sheets
    assert {"application", "signatures", "checklist"} <= {sheet.anchor for sheet in sheets}
    found = sheet_pages(spanish)
    assert [(number, total) for _, number, total in found] == [(n, len(sheets)) for n in range(1, len(sheets) + 1)]
    assert without_sheets(spanish[1:]) == english  # the English path's pages, "Page N of M" too
    for index in [0] + [index for index, _, _ in found]:  # the summary and the sheets are not "Page N of M"
        assert not re.search(r"Page \d+ of \d+", spanish[index]), spanish[index]
    starts = part_starts(english)
    for (index, number, _), sheet in zip(found, sheets):
        text = " ".join(spanish[index].split())
        assert f"Parte {sheet.title.split('.')[0]}: qué hacer" in text and sheet.title in text
        assert "Las páginas que siguen a esta hoja están en inglés" in text
        assert spanish[index + 1] == english[starts[sheet.title]], f"sheet {number} is before {sheet.title}"
    (tmp_path / "es.pdf").write_bytes(made)
    assert pdfua_problems(tmp_path / "es.pdf") == []
    languages = sheet_languages(tmp_path / "es.pdf", [index for index, _, _ in found])
    assert set(languages) == {"es-US", "en-US"}  # every element of a sheet says its language
    assert {"/H2", "/H3", "/P", "/Sect", "/L", "/LI"} <= languages["es-US"]
    assert languages["en-US"] == {"/Div", "/Span"}  # the English words as printed, and their text


def sheet_languages(path, pages: list[int]) -> dict[str | None, set[str]]:
    """The types of the structure elements on the given pages, by their own /Lang (None: none)."""
    found: dict[str | None, set[str]] = {}

    def visit(element) -> None:
        if not isinstance(element, pikepdf.Dictionary) or "/S" not in element:
            return
        if "/Pg" in element and element.Pg.objgen in wanted:
            found.setdefault(str(element.Lang) if "/Lang" in element else None, set()).add(str(element.S))
        kids = element.get("/K")
        for kid in kids if isinstance(kids, pikepdf.Array) else [kids]:
            visit(kid)
    with pikepdf.open(path) as pdf:
        wanted = {pdf.pages[index].objgen for index in pages}
        visit(pdf.Root.StructTreeRoot.K[0])
    return found


def test_the_sheets_say_what_these_answers_ask(book):
    whitesboro = packet_for(festival("whitesboro-ny", book), book, TODAY, language="es")
    sheets = {sheet.anchor: sheet for sheet in whitesboro.summary.sheets}
    blanks = sum(1 for item in whitesboro.application for row in item.rows if row.value is None and not row.note) \
        + sum(1 for item in whitesboro.application if item.asks)
    assert f"Tiene {blanks} casillas grises que dicen FILL IN. Escriba en ellas en inglés." in sheets["application"].what
    assert len(sheets["application"].lists[0].entries) == blanks
    attachments = [item.attach for item in whitesboro.application if item.attach]
    assert [english for english, _ in sheets["checklist"].lists[1].entries] == [
        f"{item.ref} {item.attach}" for item in whitesboro.application if item.attach] and attachments
    sworn = [block for block in whitesboro.signatures if block.notary]
    assert (f"{len(sworn)} de ellos se firman ante un notario público. No los firme antes. "
            "El notario llena la parte de abajo de cada uno.") in sheets["signatures"].what
    notes = [note for _, note in sheets["signatures"].lists[0].entries]
    assert sum(note.endswith("Ante un notario.") for note in notes) == len(sworn)
    assert sheets["facilities"].lists[0].entries[0][1].startswith("Se piden: ")
    # the summary page points at the sheets instead of repeating them
    assert ("1. The application", "La hoja de instrucciones 1, justo antes de esta parte, dice qué hacer.") \
        in whitesboro.summary.parts


@pytest.mark.parametrize("place", ("baroda-mi", "dekalb-il"))
def test_an_english_readers_packet_is_the_same_bytes(book, tmp_path_factory, place):
    answers, pages, _, _ = festival_packets(book, place, TODAY, tmp_path_factory)
    with speaking("es"):  # a Spanish request in force changes nothing for an English reader
        english = packet_for(answers, book, TODAY, language="en")
    made = festival_english_pdf(book, place, TODAY, tmp_path_factory)  # packet_pdf(..., "en"), as the print workers make it
    alone = tagged_pdf(packet_html(english), packet_title_line(english), "en-US", STYLESHEETS)  # the document alone
    assert made == alone == render_packet(english) and english.summary is None
    assert not SHEET_NUMBER.search(" ".join(pages))  # the page texts of `made`


def test_the_print_view_has_each_sheet_before_its_part_for_a_spanish_reader(app, client):
    interview = finished_interview(app, BARODA_FESTIVAL)
    english = parse(client.get(f"/i/{interview}/print").get_data(as_text=True))
    assert english.select(".sheet") == []  # an English reader's print view has none
    view = parse(client.get(f"/i/{interview}/print", headers={"Accept-Language": "es-US"}).get_data(as_text=True))
    assert view.select_one("html")["lang"] == "es"
    sheets = view.select(".print-view .sheet")
    assert [sheet["id"] for sheet in sheets] == ["sheet-application", "sheet-signatures", "sheet-checklist",
                                                 "sheet-facilities"]
    for sheet in sheets:
        part = sheet.find_next_sibling()
        assert part.name == "section" and part.select_one(".part__title")["id"] == sheet["id"].replace("sheet-", "part-")
        assert sheet["lang"] == "es" and sheet.select_one(".sheet__part-title")["lang"] == "en"
        assert sheet.select_one(".sheet__part-title").get_text() == part.select_one(".part__title").get_text()
    assert sheets[0].select_one(".sheet__number").get_text() == "Instrucciones, hoja 1 de 4"
