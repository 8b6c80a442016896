"""Answer kinds: one class per kind, the only place that knows what a kind of answer is.

Each kind says how to clean a raw JSON value (raising `AnswersError`), read a link's query value,
turn a stored value into form data and back, show a value in a sentence (the check page and the
packet use the same words), describe itself for docs/vocabulary.md, give sample and candidate
values to the checks, and how conditions compare it (`compare_as`). A new kind is one class in a module
of this package (listed in KINDS below) plus one macro in templates/fields/<name>.html. The WTForms field is built in
wizard/web/organizer/fields.py from `widget`, so the engine imports neither Flask nor WTForms.
"""
from __future__ import annotations

from .address import MailingAddress, NotAnAddress, mailing_address
from .base import (
    COUNT_LIMIT,
    DATETIME_FORMAT,
    FIRST_YEAR,
    LAST_YEAR,
    LONG_TEXT_LIMIT,
    SHORT_TEXT_LIMIT,
    Kind,
    SamplePlan,
    brief,
    in_range,
    parse_datetime,
)
from .email import ADDRESS_LIMIT, Email, NotAnEmail, email_address
from .phone import NotAPhone, Phone, phone_number
from .people import AGE_LIMIT, NEEDABLE, NEEDS_KEY, PEOPLE_LIMIT, PERSON_FIELDS, People
from .simple import Choice, Choices, Count, Datetime, FlagSet, LongText, Share, Text, YesNo

KINDS: dict[str, Kind] = {kind.name: kind for kind in (
    YesNo(), Count(), Share(), Choice(), Choices(), FlagSet(), Datetime(), Text(), Email(), Phone(), LongText(), MailingAddress(), People())}


def show_answer(key: str, answers: dict, questions: dict) -> str:
    """One answer in words, the same on the check page and in the packet."""
    question = questions[key]
    return KINDS[question["kind"]].show_answer(key, question, answers)


__all__ = ["ADDRESS_LIMIT", "AGE_LIMIT", "COUNT_LIMIT", "DATETIME_FORMAT", "FIRST_YEAR", "KINDS", "Kind", "LAST_YEAR",
           "LONG_TEXT_LIMIT", "NEEDABLE", "NotAnAddress", "mailing_address", "NEEDS_KEY", "NotAPhone", "NotAnEmail", "PEOPLE_LIMIT", "PERSON_FIELDS", "SHORT_TEXT_LIMIT", "SamplePlan", "brief",
           "email_address", "in_range", "parse_datetime", "phone_number", "show_answer"]
