"""Test helper (docs/decisions/0002-spanish-beside-the-law.md): an app whose organizer pages run in
Spanish, the office's in English, as the web edge's choice of language will set them; for the tests of
what lies below the web edge."""
from __future__ import annotations

import re
from datetime import date

from flask import g, request

from wizard import language
from wizard.packet.printing import packet_pdf

from tests.support.packet import festival, page_texts

OFFICE_PATHS = ("/office", "/clerks", "/api")


def organizers_read(app, lang: str = "es"):
    """Every organizer's request of `app` in `lang`; the office's stay English."""

    @app.before_request
    def speak():
        if not request.path.startswith(OFFICE_PATHS):
            g.test_language = language.set_for_request(lang)

    @app.teardown_request
    def stop(_error=None):
        token = g.pop("test_language", None)
        if token is not None:
            language.reset(token)

    return app


SHEET_NUMBER = re.compile(r"Instrucciones, hoja (\d+) de (\d+)")


def without_sheets(pages: list[str]) -> list[str]:
    """A Spanish packet's page texts without its instruction sheets (wizard/packet/sheets.py)."""
    return [text for text in pages if not SHEET_NUMBER.search(text)]


MADE: dict[tuple[int, str, date], tuple] = {}  # (the rule book's id, place, day): (book, packets)


def festival_packets(book, place: str, today: date) -> tuple[dict, list[str], bytes, list[str]]:
    """A place's festival answers, the English packet's page texts, and the Spanish reader's packet as
    bytes and page texts: made once for the tests that compare them (WeasyPrint, a second or two each).
    Keyed by the book's id (a rule book is not hashable), the book kept with them so the id is not reused."""
    key = (id(book), place, today)
    if key not in MADE:
        answers = festival(place, book)
        spanish = packet_pdf(answers, book, today, None, "es")
        MADE[key] = book, (answers, page_texts(packet_pdf(answers, book, today)), spanish, page_texts(spanish))
    return MADE[key][1]
