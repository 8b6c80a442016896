"""Test helper (docs/decisions/0002-spanish-beside-the-law.md): an app whose organizer pages run in
Spanish, the office's in English, as the web edge's choice of language will set them; for the tests of
what lies below the web edge."""
from __future__ import annotations

import json
import re
from datetime import date

from flask import g, request

from wizard import language
from wizard.interview.flow import applicable_answers
from wizard.packet.printing import packet_pdf

from tests.support.html import parse
from tests.support.packet import festival, page_texts
from tests.support.shared_run import made_once

OFFICE_PATHS = ("/office", "/clerks", "/api")
SPANISH = "es-US,es;q=0.9"
# Words of English sentences that Spanish never writes: one of them outside `lang="en"` is English left.
ENGLISH_WORDS = re.compile(r"\b(the|The|you|You|your|Your|must|will|shall|should|with|this|that|what|What|when|"
                           r"where|is|are|have|need|does|not|if|for|and|to|about|About)\b")
# Left as written, on purpose: on the check page, the answers as typed.
NOT_TRANSLATED = (".summary-list__value",)
# The words a citation puts between the ordinance's section names: ours, so said in the page's language.
# "and" joining two references ("(a) and (b)", "items F, G and H"); inside a section's name ("Purpose and
# scope") it is the ordinance's.
CITATION_WORDS = re.compile(r"\b(items?|stated)\b|(?<=[\w)]) (and|to) (?=\(|[A-Z0-9]\b)")


def english_left(page: str) -> list[str]:
    """The text nodes of the page (header and footer too) that read as English and are not marked so."""
    document = parse(page)
    main = document.select_one("body") or document
    for element in main.select('[lang^="en"], ' + ", ".join(NOT_TRANSLATED)):
        element.decompose()
    left = []
    for node in main.find_all(string=True):
        if node.parent.name in ("script", "style", "template"):
            continue
        text = " ".join(node.split())  # the ordinance's words quoted in a Spanish text are a <q lang="en">
        if ENGLISH_WORDS.search(text):
            left.append(text)
    return left


def citations_left(page: str) -> list[str]:
    """The page's citations that are not marked English as a whole, or that keep our connecting words
    ("and", "items", "no fee stated") in English instead of marking them in the page's language."""
    left = []
    for citation in parse(page).select(".citation"):
        for ours in citation.select('[lang="es"]'):
            ours.decompose()
        text = " ".join(citation.get_text().split())
        if citation.get("lang") != "en" or CITATION_WORDS.search(text):
            left.append(text)
    return left


# The ordinance's own words quoted in a mail's Spanish sentence, its Spanish beside them: "shall not be
# transferred" «no podrá transferirse» (a page marks them <q lang="en">; plain text cannot).
QUOTED = re.compile(r'"[^"]+" «')


def mail_english_left(text: str, typed: tuple[str, ...] = ()) -> list[str]:
    """The paragraphs of a Spanish mail's text that read as English, once the words a clerk typed (sent as
    written) and the links are taken out; a clerk's words must follow the line saying they are the office's."""
    paragraphs = [p.strip() for p in text.replace("\r\n", "\n").split("\n\n")
                  if p.strip() and not p.strip().startswith(("http", "/"))]
    for words in typed:
        where = next(n for n, p in enumerate(paragraphs) if words in p)
        assert where > 0 and paragraphs[where - 1].startswith("Escrito por la oficina, en inglés"), paragraphs
    left = []
    for paragraph in paragraphs:
        for words in typed:
            paragraph = paragraph.replace(words, "")
        paragraph = QUOTED.sub("", paragraph)
        if ENGLISH_WORDS.search(paragraph):
            left.append(paragraph)
    return left


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


# The other permits' pages in Spanish, laid out with the sheets before their English part (packet/other_permits.py)
PERMITS_SAID = "Otros permisos, en su idioma"


def without_sheets(pages: list[str]) -> list[str]:
    """A Spanish packet's page texts without its pages in Spanish: the instruction sheets
    (wizard/packet/sheets.py) and the other permits' pages in Spanish."""
    return [text for text in pages if not SHEET_NUMBER.search(text) and PERMITS_SAID not in text]


MADE: dict[tuple[int, str, date], tuple] = {}  # (the rule book's id, place, day): (book, packets)


def festival_packets(book, place: str, today: date, tmp_path_factory=None) -> tuple[dict, list[str], bytes, list[str]]:
    """A place's festival answers, the English packet's page texts, and the Spanish reader's packet as
    bytes and page texts: made once for the tests that compare them (WeasyPrint, a second or two each).
    Keyed by the book's id (a rule book is not hashable), the book kept with them so the id is not reused.
    Given pytest's `tmp_path_factory`, the two packets are printed once for the whole run, by whichever
    xdist worker asks first (tests/support/shared_run.py), not once by each worker that asks."""
    return _festival(book, place, today, tmp_path_factory)[:4]


def festival_english_pdf(book, place: str, today: date, tmp_path_factory=None) -> bytes:
    """The English packet of `festival_packets`, as bytes: what an English reader downloads."""
    return _festival(book, place, today, tmp_path_factory)[4]


def _festival(book, place: str, today: date, tmp_path_factory) -> tuple:
    key = (id(book), place, today)
    if key not in MADE:
        # the answers that apply, as the app prints them: a layer reads answers the town's interview skips
        answers = applicable_answers(festival(place, book), book)
        if tmp_path_factory is None:
            english, spanish = packet_pdf(answers, book, today), packet_pdf(answers, book, today, None, "es")
            texts = {"en": page_texts(english), "es": page_texts(spanish)}
        else:
            english, spanish, texts = _printed_once(tmp_path_factory, book, place, today, answers)
        MADE[key] = book, (answers, texts["en"], spanish, texts["es"], english)
    return MADE[key][1]


def _printed_once(tmp_path_factory, book, place: str, today: date, answers: dict) -> tuple[bytes, bytes, dict]:
    """The English and Spanish packets and their page texts, from the run's folder. Named by the place's
    rule file as loaded (its digest) too: a rule book that loads another file for the place prints its own."""
    def make(folder):
        for lang in ("en", "es"):
            made = packet_pdf(answers, book, today, None, lang)
            (folder / f"{lang}.pdf").write_bytes(made)
            (folder / f"{lang}.json").write_text(json.dumps(page_texts(made)))

    digest = book.jurisdictions.listings[place].digest[:16]
    folder = made_once(tmp_path_factory, f"festival-{place}-{today.isoformat()}-{digest}", make)
    texts = {lang: json.loads((folder / f"{lang}.json").read_text()) for lang in ("en", "es")}
    return (folder / "en.pdf").read_bytes(), (folder / "es.pdf").read_bytes(), texts
