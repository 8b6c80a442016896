"""Figures and dates as an organizer or clerk reads them: "$1,500", "5,000", "Friday, July 9, 2027, 12:00 PM".

One module for the web pages (registered as Jinja filters in wizard/web/edge/filters.py) and the packet.
In the language in force (wizard/language.py): in Spanish, dates and times as Babel's `es_US` writes
them ("sábado, 17 de julio de 2027, 2:00 p.m."); numbers and dollars are written alike in both
("5,000", "$1,500").
"""
from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any

from babel.dates import format_date, format_time
from markupsafe import Markup, escape

from .language import N_, OFFICE_LANGUAGE, current, gettext as _, locale

DATETIME_FORMAT = "%Y-%m-%dT%H:%M"  # how answers store a date and time
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def clean_text(text: str) -> str:
    """User text safe to set: newlines kept, tabs as spaces, other control characters dropped."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", "    ")
    return _CONTROL.sub("", text).strip()


def number(value: Any) -> str:
    """5000 -> 5,000; 2500.5 -> 2,500.5; 1.25 -> 1.25; Fraction(5, 2) -> 2.5; None -> ""."""
    if value is None:
        return ""
    if isinstance(value, int):
        return f"{value:,}"
    figure = float(value)
    return f"{int(figure):,}" if figure.is_integer() else f"{figure:,.2f}".rstrip("0").rstrip(".")


def money(value: Any) -> str:
    """1500 -> $1,500; 2.5 -> $2.50; None (no fee in the text) -> a sentence saying so."""
    if value is None:
        return _("Not set by the ordinance")
    figure = float(value)
    return f"${int(figure):,}" if figure.is_integer() else f"${figure:,.2f}"


def long_date(value: Any) -> str:
    """A date, a datetime or an ISO text as "Friday, July 9, 2027"; empty for nothing."""
    if not value:
        return ""
    day = value if isinstance(value, date) else date.fromisoformat(str(value)[:10])
    if current() != "en":
        return format_date(day, "full", locale=locale())  # "sábado, 17 de julio de 2027"
    return f"{day:%A}, {day:%B} {day.day}, {day.year}"


def clock(moment: datetime) -> str:
    if current() != "en":
        return format_time(moment, "short", locale=locale())  # "2:00 p.m."
    hour = moment.hour % 12 or 12
    return f"{hour}:{moment:%M} {'AM' if moment.hour < 12 else 'PM'}"


def long_datetime(moment: datetime) -> str:
    return f"{long_date(moment)}, {clock(moment)}"


def parse_moment(value: str) -> datetime:
    return datetime.strptime(value, DATETIME_FORMAT)


def when(value: str) -> str:
    """A stored date and time ("2027-07-09T12:00") in words."""
    return long_datetime(parse_moment(value))


# The words a rule file's citation puts between the ordinance's own section names ("License (a) and (b)",
# "application, items F, G and H", "Ch. 64 (no fee stated)"). The section names stay as the ordinance
# writes them, in English; these words are ours, so a Spanish reader gets them in Spanish. "and" and "to"
# only join two references (a letter, a number, a parenthesis): "Purpose and scope" is a section's name.
CITATION_WORDS = re.compile(r"\((?:no fee|no decision period|no filing deadline) stated\)|\bitems?\b"
                            r"|(?<=[\w)]) (?:and|to) (?=\(|[A-Z0-9]\b|\d)")
CONNECTORS = {"(no fee stated)": N_("(no fee stated)"), "(no decision period stated)": N_("(no decision period stated)"),
              "(no filing deadline stated)": N_("(no filing deadline stated)"), "item": N_("item"),
              "items": N_("items"), "and": N_("and"), "to": N_("to")}


def citation_parts(citation: str) -> list[tuple[str, bool]]:
    """The citation in pieces: (text, True) for the ordinance's English, (text, False) for our own
    connecting words, said in the language in force."""
    parts: list[tuple[str, bool]] = []
    start = 0
    for found in CITATION_WORDS.finditer(citation):
        word = found.group().strip()
        parts += [(citation[start:found.start()], True)] if found.start() > start else []
        space = " " if found.group().startswith(" ") else ""
        parts.append((f"{space}{_(CONNECTORS[word])}{space}", False))
        start = found.end()
    return parts + ([(citation[start:], True)] if start < len(citation) else [])


def citation_text(citation: str) -> str:
    """A citation as plain text (a mail, a flash): the ordinance's section names, our words translated."""
    return "".join(text for text, _english in citation_parts(citation))


def cited(citation: str) -> Markup:
    """A citation for a page, to go inside an element marked English as a whole (screen readers read
    the section names in English); on a page in another language our connecting words inside it are
    marked as that language."""
    if current() == OFFICE_LANGUAGE:
        return escape(citation)
    pieces = []
    for text, english in citation_parts(citation):
        word = text.strip()
        pieces.append(escape(text) if english else
                      Markup("%s<span lang=\"%s\">%s</span>%s") % (text[:len(text) - len(text.lstrip())], current(),
                                                                     word, text[len(text.rstrip()):]))
    return Markup("").join(pieces)
