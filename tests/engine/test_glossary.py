"""A plain glossary of the legal words, where they appear (result page and packet)."""
from __future__ import annotations

from datetime import date

import textstat

from wizard.engine.glossary import GLOSSARY, terms_in

from tests.support import html
from tests.support.interview import finished_interview
from tests.support.packet import festival, FESTIVAL, packet_document, packet_text


def test_each_meaning_is_one_plain_line():
    for term in GLOSSARY:
        assert textstat.flesch_kincaid_grade(term.meaning) <= 8, term.term
        assert len(term.meaning) < 160, term.term


def test_only_the_words_a_text_uses_are_explained():
    assert [t.term for t in terms_in(["Corporate surety bond of $100,000"])] == ["Surety bond"]
    assert terms_in(["Bring a bondage-free rope"]) == []  # whole words only
    assert terms_in(["Cash ESCROW for City services"])[0].term == "Escrow"


def test_the_result_page_explains_the_words_it_uses(app, client):
    ident = finished_interview(app, {**FESTIVAL, "jurisdiction": "dekalb-il"})
    page = client.get(f"/i/{ident}/result")
    assert any(t.startswith("What these words mean") for t in html.texts(page, "h2, summary"))
    terms = html.texts(page, ".glossary dt")
    assert "Escrow" in terms and "Certificate of insurance" in terms
    assert "Verified petition" not in terms  # DeKalb's chapter does not use it


def test_the_packet_explains_the_words_it_uses(book):
    text = packet_text(packet_document(festival("whitesboro-ny", book), book, today=date(2026, 11, 29)))
    assert "What these words mean" in text
    assert "Verified petition: An application you sign under oath" in text
    assert "Notary and jurat:" in text
