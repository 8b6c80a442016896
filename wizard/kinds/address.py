"""A US mailing address, typed on a few lines: where the office's letters go (Baroda (h) sends its notice
"by certified mail"), so one the Postal Service could not deliver is refused where it is typed, not
found when the letter comes back. The check is the one a letter needs and no more: the text ends with a
US state (its two-letter USPS code or its name) and a ZIP code (five digits, or ZIP+4). The street and
city are the organizer's to write as they do; the ordinances say only "address".

An answer that came another way (an answers file, /api/assess, an application stored before this check)
is kept as it was: the contract's answers vocabulary takes any text, and the office's letter then fits
what it has into the envelope's window or asks the clerk to shorten it.
"""
from __future__ import annotations

import re

from ..language import gettext as _
from .base import SamplePlan
from .simple import LongText

EXAMPLE = "10 Elm Street, Baroda, MI 49101"
# The USPS two-letter codes (Publication 28, appendix B): the states, the District of Columbia, the
# territories and the military "states" a letter can be addressed to.
STATE_CODES = frozenset(
    "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR "
    "PA RI SC SD TN TX UT VT VA WA WV WI WY DC AS GU MP PR VI AA AE AP".split())
STATE_NAMES = frozenset(name.lower() for name in (
    "Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware", "Florida",
    "Georgia", "Hawaii", "Idaho", "Illinois", "Indiana", "Iowa", "Kansas", "Kentucky", "Louisiana", "Maine",
    "Maryland", "Massachusetts", "Michigan", "Minnesota", "Mississippi", "Missouri", "Montana", "Nebraska", "Nevada",
    "New Hampshire", "New Jersey", "New Mexico", "New York", "North Carolina", "North Dakota", "Ohio", "Oklahoma",
    "Oregon", "Pennsylvania", "Rhode Island", "South Carolina", "South Dakota", "Tennessee", "Texas", "Utah",
    "Vermont", "Virginia", "Washington", "West Virginia", "Wisconsin", "Wyoming", "District of Columbia",
    "American Samoa", "Guam", "Northern Mariana Islands", "Puerto Rico", "Virgin Islands"))
ZIP_AT_END = re.compile(r"(?P<before>.*?)[\s,]*(?P<zip>\d{5}(?:-\d{4})?)\s*$", re.DOTALL)
WORDS_BEFORE = re.compile(r"[A-Za-z.]+")


class NotAnAddress(ValueError):
    """Not a US mailing address a letter can reach; the message says which part is missing."""


def _ends_with_state(before: str) -> bool:
    words = [w.strip(".").lower() for w in WORDS_BEFORE.findall(before.rsplit("\n", 1)[-1])]
    if words and words[-1].upper() in STATE_CODES:
        return True
    return any(" ".join(words[-n:]) in STATE_NAMES for n in (1, 2, 3) if len(words) >= n)


def mailing_address(text: object) -> str:
    """The address as typed (each line trimmed), when it ends with a US state and ZIP code; NotAnAddress otherwise."""
    typed = "\n".join(line.strip() for line in str(text or "").splitlines() if line.strip())
    found = ZIP_AT_END.fullmatch(typed)
    if not found:
        raise NotAnAddress(_("Enter the address with its ZIP code at the end, like %(example)s.", example=EXAMPLE))
    if not _ends_with_state(found["before"]):
        raise NotAnAddress(_("Write the US state before the ZIP code, as its two-letter code or its name, like "
                             "%(example)s.", example=EXAMPLE))
    return typed


class MailingAddress(LongText):
    name, meaning = "mailing_address", "a US mailing address on a few lines, ending with the state and ZIP code"
    limit = 500
    printed_long = False  # on the application's line, its lines joined by commas, as one line was before

    def show(self, question: dict, value) -> str:
        return ", ".join(line.strip() for line in super().show(question, value).splitlines() if line.strip())

    def parse_form(self, text: str) -> str:
        return mailing_address(text) if text.strip() else ""

    def sample(self, key: str, question: dict, plan: SamplePlan) -> str:
        return EXAMPLE

    def candidates(self, question: dict, literals: set) -> list:
        return sorted({v for v in literals if isinstance(v, str)} | {EXAMPLE})
