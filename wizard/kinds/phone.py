"""One telephone number (docs/decisions/0016-answers-are-typed.md: a phone answer was any text, so "tomorrow" could stand on
the application where the office calls). The ordinances ask only for a telephone number and say
nothing of its form, so the check is the loose one any number passes: 7 to 15 digits (the longest
an international number has), written with the usual marks (+ ( ) - . / and spaces), and an
extension after "ext" or "x" kept as typed."""
from __future__ import annotations

import re

from ..language import gettext as _
from .base import SamplePlan
from .email import Email

EXAMPLE = "315-555-0100"
MARKS = re.compile(r"[0-9+()\-./ ]+")
EXTENSION = re.compile(r"\s*(?:ext\.?|extension|x)\s*\d{1,6}\s*$", re.IGNORECASE)


class NotAPhone(ValueError):
    """Not a telephone number; the message says why, in words for the person who typed it."""


def phone_number(text: object) -> str:
    """`text` without the spaces around it, when it reads as one telephone number; NotAPhone otherwise."""
    number = text.strip() if isinstance(text, str) else ""
    main = EXTENSION.sub("", number)
    digits = sum(ch.isdigit() for ch in main)
    if not MARKS.fullmatch(main or "x") or not 7 <= digits <= 15:
        raise NotAPhone(_("Enter a telephone number, like %(example)s", example=EXAMPLE))
    return number


class Phone(Email):
    name, meaning = "phone", "one telephone number, 7 to 15 digits, like 315-555-0100 (an extension may follow)"
    check = staticmethod(phone_number)

    def sample(self, key: str, question: dict, plan: SamplePlan) -> str:
        return EXAMPLE

    def candidates(self, question: dict, literals: set) -> list:
        return sorted({v for v in literals if isinstance(v, str)} | {EXAMPLE})
