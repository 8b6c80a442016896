"""Dates and times as people type them (docs/decisions/0003-event-dates.md): "7/16/2027", "07162027", "2027-07-16",
"July 11th, 2027", "9 July 2027"; "2:00 PM", "2pm", "14:00". Each error says what was
wrong, in words a form can show, and which part (the date or the time) it is about.

Dates in figures are month first, as in the United States, where these ordinances are. A date
written with the month's name and no year ("July 11th") is the next such day from today. No Flask here.

In Spanish too: "16 de julio de 2027", "julio 16, 2027", "2:00 p. m."; the
messages are in the language in force. The hint shows month/day/year, but a Spanish reader may
well write the day first: on a Spanish page a date in figures whose day and month could be either
way round (5/7/2027) is asked back, naming both days, never guessed.
"""
from __future__ import annotations

import re
from datetime import date, datetime, time

from babel.dates import get_month_names

from .. import language
from ..language import gettext as _, locale
from ..readable import clock

DATE_EXAMPLE = "7/16/2027"
AFTERNOON = time(14, 0)  # the example time, written as the pages write times (readable.clock)
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")

_ISO = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")
_SLASHED = re.compile(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{2,4})")
_RUN = re.compile(r"(\d{2})(\d{2})(\d{4})")  # 07162027: what a date picker's digits become when typed
_NAMED_MONTH_FIRST = re.compile(r"([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(?:de\s+)?(\d{1,4}))?")
_NAMED_DAY_FIRST = re.compile(
    r"(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+|de\s+)?([a-z]+)\.?,?(?:\s+(?:de\s+|del\s+)?(\d{1,4}))?")
_TIME = re.compile(r"(\d{1,2})(?::?(\d{2}))?\s*(a\.?\s?m\.?|p\.?\s?m\.?)?")
# The months' names in Spanish as Babel writes them ("julio"), without accents, and "setiembre":
# a name in either language is read on either page.
SPANISH_MONTHS = tuple(get_month_names("wide", locale="es_US")[n] for n in range(1, 13))
_OTHER_NAMES = {"setiembre": 9}


class TypedPartError(ValueError):
    """A typed date and time that is wrong in one part: `part` is "date" or "time"."""

    def __init__(self, message: str, part: str):
        super().__init__(message)
        self.part = part


def _month_named(word: str) -> int | None:
    """"July", "jul" or "Sept" as a month number; None for a word that is not a month."""
    word = word.lower()
    if word in _OTHER_NAMES:
        return _OTHER_NAMES[word]
    for names in (MONTHS, SPANISH_MONTHS):
        for number, name in enumerate(names, start=1):
            if len(word) >= 3 and name.lower().startswith(word):
                return number
    return None


def month_name(month: int) -> str:
    return SPANISH_MONTHS[month - 1] if language.current() == "es" else MONTHS[month - 1]


def named_example(month: int, day: int, year: int) -> str:
    """A date written with its month's name as the page's language writes it: "July 16, 2027",
    "16 de julio de 2027"."""
    if language.current() == "es":
        return f"{day} de {SPANISH_MONTHS[month - 1]} de {year}"
    return f"{MONTHS[month - 1]} {day}, {year}"


def _named(typed: str, today: date | None) -> date | None:
    """A date with the month's name, either order; None when the text is not written that way."""
    lowered = typed.lower()
    match = _NAMED_MONTH_FIRST.fullmatch(lowered)
    if match:
        month_word, day_text, year_text = match.groups()
    elif match := _NAMED_DAY_FIRST.fullmatch(lowered):
        day_text, month_word, year_text = match.groups()
    else:
        return None
    month = _month_named(month_word)
    if month is None:
        return None
    day = int(day_text)
    if year_text is None:
        if today is None:
            raise ValueError(_("Write the year too, like %(example)s", example=named_example(month, day, 2027)))
        year = today.year
        try:
            if date(year, month, day) < today:
                year += 1
        except ValueError:
            pass  # no such day this year: _day below says so
        return _day(year, month, day)
    return _day(int(year_text), month, day)


def _day(year: int, month: int, day: int) -> date:
    if len(str(year)) < 4:
        raise ValueError(_("Write the year in full, like %(example)s", example=DATE_EXAMPLE))
    if not 1 <= month <= 12:
        raise ValueError(_("There is no month %(month)d: write the month first, like %(example)s",
                           month=month, example=DATE_EXAMPLE))
    try:
        return date(year, month, day)
    except ValueError:
        raise ValueError(_("%(month)s %(year)d has no day %(day)d", month=month_name(month), year=year, day=day)) from None


def _either_way(month: int, day: int, year: int) -> None:
    """On a Spanish page, 5/7/2027 may be May 7 (as the hint shows) or July 5 (as much of the Spanish-
    speaking world writes it): ask back, naming both days, rather than guess."""
    if language.current() != "es" or month == day or not (1 <= month <= 12 and 1 <= day <= 12) or len(str(year)) < 4:
        return
    raise ValueError(_("Is it %(first)s or %(second)s? Write the month's name, like %(example)s",
                       first=named_example(month, day, year), second=named_example(day, month, year),
                       example=named_example(7, 16, 2027)))


def parse_typed_date(text: str, today: date | None = None) -> date:
    typed = " ".join(text.split())
    if (named := _named(typed, today)) is not None:
        return named
    if match := _ISO.fullmatch(typed):
        year, month, day = (int(g) for g in match.groups())
        return _day(year, month, day)
    if match := _SLASHED.fullmatch(typed):
        month, day = int(match.group(1)), int(match.group(2))
        year_text = match.group(3)
        if len(year_text) != 4:
            raise ValueError(_("Write the year in full, like %(example)s", example=DATE_EXAMPLE))
        _either_way(month, day, int(year_text))
        return _day(int(year_text), month, day)
    if match := _RUN.fullmatch(typed):
        month, day, year = (int(g) for g in match.groups())
        _either_way(month, day, year)
        return _day(year, month, day)
    raise ValueError(_("Enter the date as month/day/year, like %(example)s or %(named)s", example=DATE_EXAMPLE,
                       named=named_example(7, 16, 2027)))


def time_example() -> str:
    """2 p.m. as the pages of the language in force write it ("2:00 PM", "2:00 p.m."): hints and errors
    show the style the organizer reads everywhere else."""
    return clock(datetime.combine(date(2027, 7, 16), AFTERNOON))


def day_halves() -> dict:
    """AM and PM as the language in force abbreviates them ("AM"/"PM", "a.m."/"p.m."), for the errors."""
    halves = locale().day_periods["format"]["abbreviated"]
    return {"am": halves["am"], "pm": halves["pm"]}


def parse_typed_time(text: str) -> time:
    """A time as typed in either language's style: "2:00 PM", "2pm", "2:00 p. m.", "2:00 p.m.", "14:00"."""
    typed = text.strip().lower()
    if typed in ("noon", "midday", "mediodía", "mediodia"):
        return time(12, 0)
    if typed in ("midnight", "medianoche"):
        return time(0, 0)
    match = _TIME.fullmatch(typed)
    if not match:
        raise ValueError(_("Enter the time like %(example)s or 14:00", example=time_example()))
    hour, minute = int(match.group(1)), int(match.group(2) or 0)
    half = (match.group(3) or "").replace(".", "").replace(" ", "")
    if minute > 59:
        raise ValueError(_("The minutes must be 00 to 59"))
    if half:
        if not 1 <= hour <= 12:
            raise ValueError(_("With %(am)s or %(pm)s, the hour must be 1 to 12", **day_halves()))
        hour = hour % 12 + (12 if half == "pm" else 0)
    elif hour > 23:
        raise ValueError(_("The hour must be 0 to 23, or 1 to 12 with %(am)s or %(pm)s", **day_halves()))
    return time(hour, minute)


def parse_date_and_time(date_text: str, time_text: str, today: date | None = None) -> datetime | None:
    """Both parts, or None when both are empty; TypedPartError says which part is wrong and how."""
    date_text, time_text = date_text.strip(), time_text.strip()
    if not date_text and not time_text:
        return None
    if not date_text:
        raise TypedPartError(_("Enter the date too, like %(example)s", example=DATE_EXAMPLE), "date")
    if not time_text:
        raise TypedPartError(_("Enter the time too, like %(example)s", example=time_example()), "time")
    try:
        day = parse_typed_date(date_text, today)
    except ValueError as error:
        raise TypedPartError(str(error), "date") from None
    try:
        moment = parse_typed_time(time_text)
    except ValueError as error:
        raise TypedPartError(str(error), "time") from None
    return datetime.combine(day, moment)


def date_text(moment: datetime) -> str:
    """A saved date as the field shows it again; on a Spanish page with the month's name, so that
    sending it unchanged is never asked back (7/10/2027 could be either way round)."""
    if language.current() == "es":
        return named_example(moment.month, moment.day, moment.year)
    return f"{moment.month}/{moment.day}/{moment.year}"


def time_text(moment: datetime) -> str:
    """A saved time as the field shows it again: as the pages write it, which the field reads back."""
    return clock(moment)
