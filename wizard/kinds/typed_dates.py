"""Dates and times as people type them (issue 11): "7/16/2027", "07162027", "2027-07-16",
"July 11th, 2027", "9 July 2027" (issue 23); "2:00 PM", "2pm", "14:00". Each error says what was
wrong, in words a form can show, and which part (the date or the time) it is about.

Dates in figures are month first, as in the United States, where these ordinances are. A date
written with the month's name and no year ("July 11th") is the next such day from today. No Flask here.
"""
from __future__ import annotations

import re
from datetime import date, datetime, time

DATE_EXAMPLE = "7/16/2027"
TIME_EXAMPLE = "2:00 PM"
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")

_ISO = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")
_SLASHED = re.compile(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{2,4})")
_RUN = re.compile(r"(\d{2})(\d{2})(\d{4})")  # 07162027: what a date picker's digits become when typed
_NAMED_MONTH_FIRST = re.compile(r"([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{1,4}))?")
_NAMED_DAY_FIRST = re.compile(r"(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?([a-z]+)\.?,?(?:\s+(\d{1,4}))?")
_TIME = re.compile(r"(\d{1,2})(?::?(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?")


class TypedPartError(ValueError):
    """A typed date and time that is wrong in one part: `part` is "date" or "time"."""

    def __init__(self, message: str, part: str):
        super().__init__(message)
        self.part = part


def _month_named(word: str) -> int | None:
    """"July", "jul" or "Sept" as a month number; None for a word that is not a month."""
    word = word.lower()
    for number, name in enumerate(MONTHS, start=1):
        if len(word) >= 3 and name.lower().startswith(word):
            return number
    return None


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
            raise ValueError(f"Write the year too, like {MONTHS[month - 1]} {day}, 2027")
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
        raise ValueError(f"Write the year in full, like {DATE_EXAMPLE}")
    if not 1 <= month <= 12:
        raise ValueError(f"There is no month {month}: write the month first, like {DATE_EXAMPLE}")
    try:
        return date(year, month, day)
    except ValueError:
        raise ValueError(f"{MONTHS[month - 1]} {year} has no day {day}") from None


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
            raise ValueError(f"Write the year in full, like {DATE_EXAMPLE}")
        return _day(int(year_text), month, day)
    if match := _RUN.fullmatch(typed):
        month, day, year = (int(g) for g in match.groups())
        return _day(year, month, day)
    raise ValueError(f"Enter the date as month/day/year, like {DATE_EXAMPLE} or July 16, 2027")


def parse_typed_time(text: str) -> time:
    typed = text.strip().lower()
    if typed in ("noon", "midday"):
        return time(12, 0)
    if typed == "midnight":
        return time(0, 0)
    match = _TIME.fullmatch(typed)
    if not match:
        raise ValueError(f"Enter the time like {TIME_EXAMPLE} or 14:00")
    hour, minute, half = int(match.group(1)), int(match.group(2) or 0), (match.group(3) or "").replace(".", "")
    if minute > 59:
        raise ValueError("The minutes must be 00 to 59")
    if half:
        if not 1 <= hour <= 12:
            raise ValueError("With AM or PM, the hour must be 1 to 12")
        hour = hour % 12 + (12 if half == "pm" else 0)
    elif hour > 23:
        raise ValueError("The hour must be 0 to 23, or 1 to 12 with AM or PM")
    return time(hour, minute)


def parse_date_and_time(date_text: str, time_text: str, today: date | None = None) -> datetime | None:
    """Both parts, or None when both are empty; TypedPartError says which part is wrong and how."""
    date_text, time_text = date_text.strip(), time_text.strip()
    if not date_text and not time_text:
        return None
    if not date_text:
        raise TypedPartError(f"Enter the date too, like {DATE_EXAMPLE}", "date")
    if not time_text:
        raise TypedPartError(f"Enter the time too, like {TIME_EXAMPLE}", "time")
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
    return f"{moment.month}/{moment.day}/{moment.year}"


def time_text(moment: datetime) -> str:
    return moment.strftime("%I:%M %p").lstrip("0")
