"""How plainly a set of two-language texts reads: Flesch reading ease (textstat) for the English and its
Spanish adaptation, Fernández-Huerta, for the Spanish (the same bands: 90 and up very easy, 80s easy,
70s fairly easy, ...). Left out of both measures: the ordinance's own words a Spanish text keeps in
English ("...", the law stays the law) and their gloss «...», the values a sentence is given ({word},
%(office)s), and the English titles a Spanish text keeps in brackets after its own name for them
("la Secretaría del Pueblo (Village Clerk)"), found by the rule that marks them lang=en in pages.
"""
from __future__ import annotations

import re
import statistics

import textstat

from wizard.rules.texts import ENGLISH_NAME, is_text

# A value put into a sentence, as the reader would see one: the permit's word, an office, a date.
VALUES = re.compile(r"\{[a-z_]+\}|%\([a-z_]+\)[sd]")
QUOTED = re.compile(r'"[^"]*"|«[^»]*»')
SHORTEST = 4  # words: a heading or a label is not a sentence to measure
SENTENCE_END = re.compile(r"(?<=[.?!;])\s+")


def without_english_names(spanish: str) -> str:
    """The Spanish without the English titles it keeps in brackets after its own name for them, found by the
    very rule that marks them `lang="en"` in a page: like the law's quoted words, English the reader is told is
    English. Only the Spanish: an English text's own brackets are its words."""
    return ENGLISH_NAME.sub("", spanish)


def measured(text: str, value: str) -> str:
    return " ".join(QUOTED.sub("", VALUES.sub(value, text)).split())


def english_ease(texts: list[str]) -> float:
    return statistics.mean(textstat.flesch_reading_ease(t) for t in texts)


def spanish_ease_of(text: str) -> float:
    textstat.set_lang("es")
    try:
        return textstat.fernandez_huerta(text)
    finally:
        textstat.set_lang("en_US")


def spanish_ease(texts: list[str]) -> float:
    """The mean of each text's score: a few hard texts weigh as much as many easy ones."""
    return statistics.mean(spanish_ease_of(t) for t in texts)


def joined_spanish_ease(texts: list[str]) -> float:
    """The score of the texts read as one body, each ended as a sentence."""
    return spanish_ease_of(" ".join(t if t.rstrip()[-1:] in ".?!" else t + "." for t in texts))


def words_per_sentence(texts: list[str]) -> float:
    sentences = [s for text in texts for s in SENTENCE_END.split(text) if s.strip()]
    return sum(len(s.split()) for s in sentences) / len(sentences)


def words(texts: list[str]) -> int:
    return sum(len(t.split()) for t in texts)


def texts_in(data) -> list[tuple[str, str]]:
    """Every (English, Spanish) pair of a rule file's data, in the file's order."""
    if is_text(data):
        return [(data["en"], data["es"])] if data.get("es") else []
    if isinstance(data, dict):
        return [pair for value in data.values() for pair in texts_in(value)]
    if isinstance(data, list):
        return [pair for value in data for pair in texts_in(value)]
    return []


def pairs_of(pairs: list[tuple[str, str]]) -> tuple[list[str], list[str]]:
    """The texts to measure, English and Spanish side by side: labels and headings (under SHORTEST words
    in English) are not sentences. The English titles are left out of the Spanish only: there they are
    English words read in English; the English text says them as its own."""
    kept = [(measured(en, "permit"), measured(without_english_names(es), "permiso")) for en, es in pairs]
    kept = [(en, es) for en, es in kept if len(en.split()) >= SHORTEST and es]
    return [en for en, _ in kept], [es for _, es in kept]
