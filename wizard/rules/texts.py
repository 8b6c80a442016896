"""Texts written in two languages in the rule files and the shared questions (docs/decisions/0002-spanish-beside-the-law.md).

A text the organizer reads may be a plain string (English only) or a mapping with exactly the
keys `en` and `es`. Such a mapping is recognised anywhere in the data, not key by key, so no
text can be missed when a new key is added.

The law stays the law: where the English quotes the ordinance in straight double quotes, the
Spanish keeps the same words, in English, in the same quotes, with its gloss after them in
guillemets (`"adequate toilet facilities" «instalaciones sanitarias adecuadas»`). Read in
Spanish, such a text is a `Quoting` string: a plain `str` everywhere (mails, the calendar, the
JSON), and in a page (Jinja calls `__html__`) the English words are a `<q lang="en">` with the
gloss beside them marked as a translation, not the official text. An English title the Spanish keeps in
brackets after its own name for it ("la Secretaría del Pueblo (Village Clerk)") is marked `lang="en"` in a page too, so a screen reader says it in English.
"""
from __future__ import annotations

import html
import re
from typing import Any

TEXT_KEYS = frozenset({"en", "es"})
# `"the ordinance's words" «the gloss»`: the quotation convention of docs/authoring.md.
QUOTED = re.compile(r'"([^"\n]+)"\s*«([^»\n]+)»')
ENGLISH_QUOTE = re.compile(r'"([^"\n]+)"')
# "(Village Clerk)": a title in capitals, in brackets, after the Spanish name for it.
ENGLISH_NAME = re.compile(r"\(([A-Z][A-Za-z]*(?: [A-Z][A-Za-z]*)*)\)")
NOT_OFFICIAL = "Traducción, no el texto oficial"


def is_text(value: object) -> bool:
    """A mapping in the two-language form: `{en: ..., es: ...}` (or only `en`)."""
    return isinstance(value, dict) and bool(value) and "en" in value and set(value) <= TEXT_KEYS \
        and all(isinstance(text, str) for text in value.values())


class Quoting(str):
    """A Spanish text that quotes the ordinance's English words, each followed by its gloss.
    `quotes` are the quotations found verbatim in the English text; others stay plain text."""

    quotes: tuple[str, ...]
    names: tuple[str, ...]  # English titles in brackets, as the English text writes them

    def __new__(cls, text: str, quotes: tuple[str, ...], names: tuple[str, ...] = ()) -> "Quoting":
        made = super().__new__(cls, text)
        made.quotes = quotes
        made.names = names
        return made

    def __reduce__(self):  # to a print worker and back, as itself
        return Quoting, (str(self), self.quotes, self.names)

    def _plain(self, segment: str) -> str:
        parts, last = [], 0
        for found in ENGLISH_NAME.finditer(segment):
            if found.group(1) in self.names:
                parts.append(html.escape(segment[last:found.start()]))
                parts.append(f"<span lang=en>({html.escape(found.group(1))})</span>")
                last = found.end()
        parts.append(html.escape(segment[last:]))
        return "".join(parts)

    def __html__(self) -> str:
        # No double quote in what is added, so that even a text put in an attribute stays one value.
        parts, last = [], 0
        for found in QUOTED.finditer(self):
            if found.group(1) not in self.quotes:
                continue
            parts.append(self._plain(self[last:found.start()]))
            parts.append(f"<q lang=en>{html.escape(found.group(1))}</q> "
                         f"<span class=gloss title='{NOT_OFFICIAL}'>«{html.escape(found.group(2))}»"
                         f"<span class=visually-hidden> ({NOT_OFFICIAL.lower()})</span></span>")
            last = found.end()
        parts.append(self._plain(self[last:]))
        return "".join(parts)


def marked_like(text: str, *sources: object) -> str:
    """`text` made from `sources` (filled in, joined, a name put in), keeping what they mark as English:
    a `Quoting` loses its marks when changed as a `str`."""
    quotes = tuple(dict.fromkeys(q for source in sources for q in getattr(source, "quotes", ())))
    names = tuple(dict.fromkeys(n for source in sources for n in getattr(source, "names", ())))
    return Quoting(text, quotes, names) if quotes or names else text


def english_names(spanish: str) -> tuple[str, ...]:
    """The English titles the Spanish keeps in brackets after its own name for them (the convention of
    docs/decisions/0002-spanish-beside-the-law.md: "la Secretaría del Pueblo (Village Clerk)"): a bracket of
    capitalised words in plain letters. Every such bracket in the built-in files is an English title
    (tests/language/test_spanish_texts.py lists them)."""
    return tuple(dict.fromkeys(found.group(1) for found in ENGLISH_NAME.finditer(spanish)))


def quotations(english: str, spanish: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the ordinance's words the Spanish keeps as the English has them, each with its gloss;
    the English quotations the Spanish leaves out or changes)."""
    kept = tuple(found.group(1) for found in QUOTED.finditer(spanish) if f'"{found.group(1)}"' in english)
    in_spanish = {found.group(1) for found in ENGLISH_QUOTE.finditer(spanish)}
    missing = tuple(found.group(1) for found in ENGLISH_QUOTE.finditer(english) if found.group(1) not in in_spanish)
    return kept, missing


def text_in(text: dict, language: str) -> str:
    """One two-language text in `language`, English where its Spanish is missing."""
    chosen = text.get(language)
    if not chosen or language == "en":
        return text["en"]
    kept, _missing = quotations(text["en"], chosen)
    names = english_names(chosen)
    return Quoting(chosen, kept, names) if kept or names else chosen


def in_language(data: Any, language: str) -> Any:
    """`data` with every two-language text replaced by its text in `language` (English where
    that is missing); everything else unchanged, and not copied when it holds no such text."""
    # Every check and every page reads a rule file through this walk: scalars, most of the nodes,
    # return at the first test.
    if isinstance(data, dict):
        if "en" in data and is_text(data):
            return text_in(data, language)
        changed = {key: in_language(value, language) for key, value in data.items()}
        return data if all(new is old for new, old in zip(changed.values(), data.values())) else changed
    if isinstance(data, list):
        changed_items = [in_language(value, language) for value in data]
        return data if all(new is old for new, old in zip(changed_items, data)) else changed_items
    return data


def has_spanish(data: Any) -> bool:
    """Whether any text in `data` is written with its Spanish."""
    if is_text(data):
        return bool(data.get("es"))
    if isinstance(data, dict):
        return any(has_spanish(value) for value in data.values())
    if isinstance(data, list):
        return any(has_spanish(value) for value in data)
    return False


def languages_of(written: dict) -> tuple[str, ...]:
    """The languages a rule file's texts are written in: `languages:` as the file declares it, else
    both when it writes any text in Spanish, else English alone (docs/authoring.md)."""
    declared = written.get("languages")
    if isinstance(declared, list) and declared:
        return tuple(declared)
    return ("en", "es") if has_spanish(written) else ("en",)
