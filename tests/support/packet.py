"""Packets for tests: the festival interview finished and its packet read as text or pages."""
from __future__ import annotations

import os
import re
import signal
import time
from datetime import date
from io import BytesIO
from itertools import islice

from bs4 import BeautifulSoup, NavigableString, Tag
from pypdf import PdfReader

from wizard.engine.answers import clean_answers
from wizard.engine.assess import assess_jurisdiction
from wizard.packet.calendar import build_calendar
from wizard.packet.document import packet_html
from wizard.packet.summary import packet_for
from wizard.resources import resource_dir
from wizard.rules.office_cards import OfficeCard
from wizard.web.edge.state import store

from tests.support.html import parse

JURISDICTIONS = ["whitesboro-ny", "wi-village-ch64", "baroda-mi", "dekalb-il"]


FESTIVAL = {
    "event_name": "Riverbend Music Festival",
    "event_purpose": "A three-day outdoor music festival with food vendors.",
    "starts_at": "2027-07-09T12:00", "ends_at": "2027-07-11T23:00",
    "closes_overnight": False, "after_dark": True, "overnight_stay": True,
    "max_attendance": 5000, "total_attendance": 12000, "tickets": 5000, "vehicles": 1500,
    "property_owner": "private", "setting": "outdoors",
    "permanent_venue": False, "government_fair_on_fairgrounds": False, "licensed_under_other_ordinance": False,
    "organizer_type": "corporation", "nonprofit": False, "local_exempt_organizer": "none",
    "conducted_by_municipality": False, "resides_locally": False, "applicant_is_owner": False,
    "has_use_contract": False, "owes_city_debt": False,
    "admission_fee": True, "sells_goods": True, "prizes": False, "for_profit_sponsor": True,
    "for_profit_premises": False, "taxable_sales": True, "flea_market": False, "hazardous": [],
    "speech_event": False, "licensed_auction": False, "separately_permitted": False, "street_closure": False,
    "temporary_structures": True, "temporary_utilities": True, "age_restricted_sales": True,
    "multiple_parcels": False, "food_service": True, "amplified_sound": True, "outdoor_lighting": True,
    "security_personnel": True, "public_water": False, "liquid_waste_hauled": True,
    "applicant_name": "Jane Q. Organizer", "applicant_age": 42, "applicant_address": "12 Elm Street, Springfield, IL 62701",
    "applicant_phone": "555-0100", "applicant_email": "jane@example.org",
    "organization_name": "Riverbend Events Inc.", "site_address": "400 County Road 9",
    "property_owner_name": "Pat Farmer", "property_owner_address": "1 Farm Lane",
    "officers": [{"name": "Jane Q. Organizer", "age": 42, "address": "12 Elm Street, Springfield"}],
}


CJK = r"\u3000-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef"


def festival(jurisdiction: str, book, **changes) -> dict:
    return clean_answers(dict(FESTIVAL, jurisdiction=jurisdiction, **changes), book.questions_for(jurisdiction),
                         book.jurisdictions)


def normalise(text: str) -> str:
    """Whitespace as one space; no space between CJK characters (pypdf puts one between glyphs), nor
    after a hyphen that ended a line ("off-" / "duty" in a narrow table cell)."""
    text = re.sub(r"(?<=\w)-\s+(?=\w)", "-", " ".join(text.split()))
    return re.sub(rf"(?<=[{CJK}]) (?=[{CJK}])", "", text)


def page_texts(data: bytes, first: int | None = None) -> list[str]:
    """Each page's text; only the `first` pages' when a test reads no further (pypdf takes about as long
    to read a page as WeasyPrint to print it)."""
    return [page.extract_text() for page in islice(PdfReader(BytesIO(data)).pages, first)]


def body_text(data: bytes, title: str) -> str:
    """The packet's text without the running header and footer of each page (the lines every page repeats)."""
    pages = [text.splitlines() for text in page_texts(data)]
    running = set.intersection(*(set(lines) for lines in pages)) if len(pages) > 1 else set()
    kept = []
    for lines in pages:
        for line in lines:
            # the running header: the place, then the title (right-aligned), on every page but the cover
            if line.startswith(title) or line.rstrip().endswith(title) or line in running or re.search(r"Page \d+ of \d+$", line):
                continue
            kept.append(line)
    return normalise("\n".join(kept))


def packet_document(answers: dict, book, today: date | None = None, office: OfficeCard | None = None) -> str:
    """The packet's HTML: what `packet_pdf` (wizard/packet/printing.py) gives WeasyPrint to print."""
    return packet_html(packet_for(answers, book, today, office))  # with the other permits' pages


# Elements that run with the text around them; any other starts a line of its own.
INLINE = {"a", "abbr", "b", "code", "em", "i", "input", "label", "small", "span", "strong", "sub", "sup", "textarea"}


def capitals() -> set[str]:
    """The classes the packet's stylesheet sets in capitals (`text-transform: uppercase`)."""
    css = (resource_dir("static") / "packet.css").read_text(encoding="utf-8")
    selectors = [rule.split("{")[0].strip() for rule in re.findall(r"[^{}]+\{[^}]*text-transform:\s*uppercase", css)]
    assert selectors and all(re.fullmatch(r"\.[\w-]+", s) for s in selectors), selectors  # one class each
    return {s[1:] for s in selectors}


def packet_text(document: str) -> str:
    """What a reader of the packet reads in `document` (its HTML), as `body_text` reads the PDF: the
    running header and footer left out, each block on a line of its own, set in capitals where the
    stylesheet does so, and `normalise`d."""
    upper = capitals()
    lines: list[str] = []

    def read(element: Tag, capital: bool) -> None:
        for child in element.children:
            if isinstance(child, NavigableString):
                if type(child) is NavigableString:  # not a comment or a doctype
                    lines.append(child.upper() if capital else str(child))
            elif isinstance(child, Tag) and child.name not in ("script", "style", "head") \
                    and "running" not in child.get("class", []):
                block = child.name not in INLINE
                lines.append("\n" if block else "")
                read(child, capital or bool(upper & set(child.get("class", []))))
                lines.append("\n" if block else "")

    read(BeautifulSoup(document, "html.parser").body, False)
    return normalise("".join(lines))


def text_of(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)


def calendar(book, jurisdiction: str, **changes) -> bytes:
    answers = festival(jurisdiction, book, **changes)
    j = book.jurisdictions[jurisdiction]
    return build_calendar(answers, assess_jurisdiction(j, answers), j, "seed")


# The applicant's name, age and address are required where the ordinance asks for them.
OPTIONAL_KEYS = ("event_purpose", "tickets", "female_share", "vehicles",
                 "applicant_phone", "applicant_email", "site_legal_description", "property_owner_name",
                 "property_owner_address", "organization_name")


# The State's questions answered "nothing of that": no alcohol sold, no food stands, no fireworks, no camping.
NOTHING_FOR_THE_STATE = {"alcohol_sold": False, "food_stands": 0, "fireworks": False, "camping": False}


def with_state_answers(answers: dict, book) -> dict:
    """An answers file as an interview finished today saves it: the questions of the State's permits
    that the place's layers ask are answered too ("nothing of that") where the file leaves them."""
    questions = book.questions_for_answers(answers)
    return {**{key: value for key, value in NOTHING_FOR_THE_STATE.items() if key in questions}, **answers}


def saved(app, answers) -> str:
    with app.app_context():
        return store().create(answers).id


def being_prepared(response) -> bool:
    """The page that says the packet is coming and asks again by itself (no JavaScript needed)."""
    page = parse(response)
    refresh = page.select_one("meta[http-equiv=refresh]")
    return (response.status_code == 503 and response.headers.get("Retry-After", "").isdigit()
            and refresh is not None and refresh["content"].endswith(response.request.path)
            and "being prepared" in page.get_text())


def cover_text(book, jurisdiction: str, today: date) -> str:
    html = packet_html(packet_for(festival(jurisdiction, book), book, today))
    return normalise(BeautifulSoup(html, "html.parser").select_one("section.cover").get_text(" "))


def download_until_made(client, path: str, seconds: float = 90) -> list[int]:
    """Follow the "being prepared" page as a browser does until the PDF comes: the statuses seen."""
    statuses = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        response = client.get(path)
        statuses.append(response.status_code)
        if response.status_code != 503:
            break
        assert being_prepared(response), response.get_data(as_text=True)[:500]
        time.sleep(0.25)  # each ask itself waits for the packet (cache.WAIT_SECONDS): no need to wait long between
    return statuses


def resume(stopped: list[int]) -> None:
    """Let stopped print workers go on (SIGCONT); one the pool killed as hung is gone, as it should be."""
    for pid in stopped:
        try:
            os.kill(pid, signal.SIGCONT)
        except ProcessLookupError:
            pass
