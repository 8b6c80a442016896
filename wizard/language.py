"""The organizer's language (docs/decisions/0002-spanish-beside-the-law.md): English, the law's and the office's, or Spanish.

One language is in force for a piece of work: the web edge sets it for each request (from the
interview, the switch link or `Accept-Language`), a print worker or the mail thread for the one
organizer it works for. Code below the web edge never imports Flask, so it reads the language
from here, and its sentences go through `gettext`/`ngettext`, which use the same catalogs as the
pages (`wizard/translations/<lang>/LC_MESSAGES/messages.po`, extracted with `pybabel`).

What goes to the office stays in English: work done for the office runs under
`speaking(OFFICE_LANGUAGE)`, whatever language the organizer reads.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Iterator

from babel import Locale
from babel.support import NullTranslations, Translations

LANGUAGES = ("en", "es")
OFFICE_LANGUAGE = "en"
# Babel's locale for each language: a Spanish-speaking organizer in the US reads es_US dates,
# numbers and dollars ("sábado, 17 de julio de 2027", "US$1,500.00" is not how es_US writes it).
LOCALES = {"en": "en_US", "es": "es_US"}
DOMAINS = ("messages", "engine")
TRANSLATIONS = Path(__file__).resolve().parent / "translations"

_current: ContextVar[str] = ContextVar("language", default=OFFICE_LANGUAGE)


def known(language: object) -> str | None:
    """The language a value names ('es', 'es-US', 'ES'), or None when it names none we speak."""
    if not isinstance(language, str):
        return None
    base = language.strip().lower().replace("_", "-").split("-", 1)[0]
    return base if base in LANGUAGES else None


def current() -> str:
    return _current.get()


def locale(language: str | None = None) -> Locale:
    return _locale(language or current())


@lru_cache(maxsize=None)
def _locale(language: str) -> Locale:
    return Locale.parse(LOCALES[language])


@contextmanager
def speaking(language: str) -> Iterator[str]:
    """Run the block in `language` (one of LANGUAGES), then restore the one before."""
    token = _current.set(known(language) or OFFICE_LANGUAGE)
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def set_for_request(language: str) -> object:
    """The web edge's way in: returns the token `reset` takes at the request's end."""
    return _current.set(known(language) or OFFICE_LANGUAGE)


def reset(token: object) -> None:
    _current.reset(token)


@lru_cache(maxsize=None)
def translations(language: str) -> NullTranslations:
    if language == OFFICE_LANGUAGE:
        return NullTranslations()
    found = [Translations.load(str(TRANSLATIONS), [language], domain=domain) for domain in DOMAINS]
    compiled = [catalog for catalog in found if isinstance(catalog, Translations)]
    if not compiled:  # no .mo yet: English rather than a crash
        return NullTranslations()
    for catalog in compiled[1:]:
        compiled[0].merge(catalog)
    return compiled[0]


def gettext(message: str, **variables: object) -> str:
    text = translations(current()).gettext(message)
    return text % variables if variables else text


def ngettext(singular: str, plural: str, n: int, **variables: object) -> str:
    text = translations(current()).ngettext(singular, plural, n)
    return text % {"num": n, **variables}


_ = gettext


def N_(message: str) -> str:
    """Marks a text kept in a table for the catalog (`pybabel extract` knows `N_`); the code that
    shows it translates it then, in the language in force at that moment."""
    return message
