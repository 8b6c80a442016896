"""Answer kinds: one class per kind, the only place that knows what a kind of answer is.

Each kind says how to clean a raw JSON value (raising `AnswersError`), read a link's query value,
turn a stored value into form data and back, show a value in a sentence (the check page and the
packet use the same words), describe itself for docs/vocabulary.md, give sample and candidate
values to the checks, and how conditions compare it (`compare_as`). A new kind is one class here
(listed in KINDS) plus one macro in templates/fields/<name>.html. The WTForms field is built in
wizard/web/fields.py from `widget`, so the engine imports neither Flask nor WTForms.
"""
from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Iterable

from .errors import AnswersError, UnknownJurisdiction
from .formatting import DATETIME_FORMAT, clean_text, long_datetime, number
from .typed_dates import parse_date_and_time

# How long a text answer may be: one definition for the form, the import, the API and a clerk's
# link. A line (a name, an address) fits the packet's boxes; a question may set its own `max_length`.
SHORT_TEXT_LIMIT = 300
LONG_TEXT_LIMIT = 20_000
COUNT_LIMIT = 10_000_000
# Dates outside these years are typing slips (0001, 9999, 202) and break date arithmetic at the
# edges of Python's calendar (a deadline counted back from year 1, a calendar day after 9999-12-31).
# 2000 keeps past events on record; 2199 is far beyond any permit anyone applies for today.
FIRST_YEAR, LAST_YEAR = 2000, 2199
TRUE_WORDS, FALSE_WORDS = {"true", "yes", "1", "on"}, {"false", "no", "0", "off"}


def brief(value: Any) -> str:
    """A value quoted in a message, cut short: a pasted novel should not come back whole."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def parse_datetime(key: str, value: Any) -> datetime:
    """A stored `YYYY-MM-DDTHH:MM` value as a datetime (no range check: see DatetimeKind.clean)."""
    if not isinstance(value, str):
        raise AnswersError(key, f"expected a date and time like 2027-06-05T10:00, got {brief(value)}")
    try:
        return datetime.strptime(value, DATETIME_FORMAT)
    except ValueError:
        raise AnswersError(key, f"expected a date and time like 2027-06-05T10:00, got {brief(value)}") from None


def in_range(moment: datetime) -> bool:
    return FIRST_YEAR <= moment.year <= LAST_YEAR


@dataclass(frozen=True)
class SamplePlan:
    """One plausible event the checks run every formula on."""

    count: int
    share: float
    flag: bool
    pick: int  # which option a choice takes; for choices: >0 the first, <0 all, 0 none
    start: str
    end: str


class Kind:
    name = ""
    meaning = ""          # for docs/vocabulary.md
    compare_as = ""       # what conditions compare: number, yes_no, choice, choices, datetime, text
    widget = "line"       # the form control wizard/web/fields.py builds
    grouped = False       # asked as a fieldset of options (the error link points at the first one)
    answer_key = True     # False: not an answer key itself (flag_set)
    needs_options = False  # questions.yaml must list `options`

    def clean(self, key: str, question: dict, value: Any, known_jurisdictions: Iterable[str]) -> Any:
        raise NotImplementedError

    def parse_query(self, key: str, values: list[str]) -> Any:
        """A link's query value (the last one given) as a raw answer for `clean`."""
        return values[-1].strip()

    def parse_form(self, text: str) -> Any:
        """What a typed form value means; ValueError with a message for the organizer."""
        return text

    def to_form(self, key: str, question: dict, answers: dict) -> Any:
        return answers.get(key)

    def from_form(self, key: str, question: dict, data: Any) -> dict | None:
        """New answers from a valid form field; None clears the answer (an optional field left empty)."""
        return None if data is None or data == "" else {key: data}

    def show(self, question: dict, value: Any) -> str:
        return str(value)

    def show_answer(self, key: str, question: dict, answers: dict) -> str:
        value = answers.get(key)
        return "Not answered" if value is None else self.show(question, value)

    def required_message(self, label: str) -> str:
        return f"Enter {label}"

    def sample(self, key: str, question: dict, plan: SamplePlan) -> Any:
        return None

    def candidates(self, question: dict, literals: set) -> list:
        return sorted({v for v in literals if isinstance(v, str)} | {"2027-06-05T10:00"})


class YesNo(Kind):
    name, meaning, compare_as, widget, grouped = "yes_no", "true or false", "yes_no", "radios", True

    def clean(self, key, question, value, known_jurisdictions):
        if not isinstance(value, bool):
            raise AnswersError(key, f"expected true or false, got {brief(value)}")
        return value

    def parse_query(self, key, values):
        text = values[-1].strip()
        lowered = text.lower()
        return True if lowered in TRUE_WORDS else False if lowered in FALSE_WORDS else text

    def choices(self, question: dict) -> list[tuple[str, str]]:
        return [("yes", "Yes"), ("no", "No")]

    def to_form(self, key, question, answers):
        value = answers.get(key)
        return None if value is None else "yes" if value else "no"

    def from_form(self, key, question, data):
        return None if not data else {key: data == "yes"}

    def show(self, question, value):
        return "Yes" if value else "No"

    def required_message(self, label):
        return f"Select yes or no: {label}"

    def sample(self, key, question, plan):
        return plan.flag

    def candidates(self, question, literals):
        return [True, False]


class Choice(Kind):
    name, meaning, compare_as, widget, grouped = "choice", "one of the options", "choice", "radios", True
    needs_options = True

    def clean(self, key, question, value, known_jurisdictions):
        options = list(known_jurisdictions) if key == "jurisdiction" else list(question["options"])
        if value not in options:
            if key == "jurisdiction":
                raise UnknownJurisdiction(value, options)
            raise AnswersError(key, f"expected one of {', '.join(options)}, got {brief(value)}")
        return value

    def choices(self, question: dict) -> list[tuple[str, str]]:
        return list(question["options"].items())

    def show(self, question, value):
        return str((question.get("options") or {}).get(value, value))

    def required_message(self, label):
        return f"Select an answer: {label}"

    def sample(self, key, question, plan):
        options = list(question.get("options") or {})
        return options[plan.pick % len(options)] if options and key != "jurisdiction" else None

    def candidates(self, question, literals):
        return list(question.get("options") or {})


class Choices(Choice):
    name, meaning, compare_as, widget = "choices", "a list of options (possibly empty)", "choices", "checkboxes"

    def clean(self, key, question, value, known_jurisdictions):
        options = list(question["options"])
        if not isinstance(value, list) or any(v not in options for v in value):
            raise AnswersError(key, f"expected a list drawn from {', '.join(options)}, got {brief(value)}")
        return sorted(set(value), key=options.index)

    def parse_query(self, key, values):
        return [v for value in values for v in value.split(",") if v]

    def from_form(self, key, question, data):
        return None if data is None else {key: list(data)}

    def show(self, question, value):
        options = question.get("options") or {}
        return "; ".join(str(options.get(v, v)) for v in value) if value else "None"

    def sample(self, key, question, plan):
        options = list(question.get("options") or {})
        return options[:1] if plan.pick > 0 else (options if plan.pick < 0 else [])

    def candidates(self, question, literals):
        return [[]] + [[o] for o in question.get("options") or {}]


class FlagSet(Choices):
    """Several yes_no answers asked as one group of checkboxes; each ticked box answers yes."""

    name, compare_as, answer_key = "flag_set", "flag_set", False
    meaning = "a group of yes_no answers asked together; not an answer key itself"

    def clean(self, key, question, value, known_jurisdictions):
        raise AnswersError(key, "is not a known answer key (see the vocabulary)")

    def to_form(self, key, question, answers):
        return [flag for flag in question["options"] if answers.get(flag) is True]

    def from_form(self, key, question, data):
        chosen = set(data or [])
        return {flag: flag in chosen for flag in question["options"]}

    def show_answer(self, key, question, answers):
        chosen = [label for flag, label in question["options"].items() if answers.get(flag)]
        return "; ".join(chosen) if chosen else "None"

    def sample(self, key, question, plan):
        return None


class Count(Kind):
    name, meaning, compare_as, widget = "count", "a whole number, 0 or more", "number", "number"
    form_range = (0, COUNT_LIMIT, "Enter a whole number from 0 to 10,000,000")

    def clean(self, key, question, value, known_jurisdictions):
        if isinstance(value, bool) or not isinstance(value, int):
            raise AnswersError(key, f"expected a whole number, got {brief(value)}")
        if value < 0:
            raise AnswersError(key, f"must not be negative, got {value}")
        if value > COUNT_LIMIT:
            raise AnswersError(key, "is too large to be a real attendance or count (over 10,000,000)")
        return value

    def parse_query(self, key, values):
        text = values[-1].strip()
        try:
            value = self.parse_form(text)
        except ValueError:
            return text
        return text if value is None else value

    def parse_form(self, text):
        """Digits only ("1,500" and "1 500" too). ASCII: "²" passes isdigit() but not int(); a
        cap on length: Python refuses to convert over 4,300 digits, and 11 already exceed the limit."""
        digits = text.strip().replace(",", "").replace(" ", "")
        if not digits:
            return None
        if not (digits.isascii() and digits.isdigit()):
            raise ValueError("Enter a whole number using digits only, like 250")
        return int(digits) if len(digits) <= 11 else COUNT_LIMIT + 1

    def show(self, question, value):
        return number(value)

    def required_message(self, label):
        return f"Enter a number: {label}"

    def sample(self, key, question, plan):
        return plan.count

    def candidates(self, question, literals):
        numbers = {n for n in literals if isinstance(n, (int, float)) and not isinstance(n, bool)}
        return sorted({0, 0.5, 1} | {max(0, n + d) for n in numbers for d in (-1, 0, 1)})


class Share(Count):
    """Stored as a fraction from 0 to 1; asked and shown as a whole percentage."""

    name, meaning = "share", "a number from 0 to 1"
    form_range = (0, 100, "Enter a whole number from 0 to 100")

    def clean(self, key, question, value, known_jurisdictions):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or (
                isinstance(value, float) and not math.isfinite(value)):
            raise AnswersError(key, f"expected a number from 0 to 1, got {brief(value)}")
        if not 0 <= value <= 1:
            raise AnswersError(key, "must be a number from 0 to 1")
        return value

    def parse_query(self, key, values):
        text = values[-1].strip()
        try:
            return float(text)
        except ValueError:
            return text

    def to_form(self, key, question, answers):
        value = answers.get(key)
        return None if value is None else round(value * 100)

    def from_form(self, key, question, data):
        return None if data is None else {key: data / 100}

    def show(self, question, value):
        return f"{round(value * 100)}%"

    def required_message(self, label):
        return "Enter a percentage"

    def sample(self, key, question, plan):
        return plan.share


class Datetime(Kind):
    name, meaning, compare_as, widget = "datetime", "local date and time, `YYYY-MM-DDTHH:MM`", "datetime", "datetime"

    def clean(self, key, question, value, known_jurisdictions):
        if not in_range(parse_datetime(key, value)):
            raise AnswersError(key, f"must be a date in the years {FIRST_YEAR} to {LAST_YEAR}, got {brief(value)}")
        return value

    def parse_form(self, text):
        """The picker's value, or a space instead of the T for browsers without a picker."""
        text = text.strip().replace(" ", "T", 1)
        if not text:
            return None
        for fmt in (DATETIME_FORMAT, DATETIME_FORMAT + ":%S"):
            try:
                moment = datetime.strptime(text, fmt)
            except ValueError:
                continue
            if not in_range(moment):  # strptime takes "999" and "0001" as years
                raise ValueError(f"Enter a date in the years {FIRST_YEAR} to {LAST_YEAR}")
            return moment
        raise ValueError("Enter a real date and time, like 2027-07-09 12:00")

    def parse_parts(self, date_part, time_part):
        """The page's separate date and time fields, as typed ("07162027", "2pm")."""
        moment = parse_date_and_time(date_part, time_part)
        if moment is not None and not in_range(moment):
            raise ValueError(f"Enter a date in the years {FIRST_YEAR} to {LAST_YEAR}")
        return moment

    def to_form(self, key, question, answers):
        value = answers.get(key)
        return None if value is None else parse_datetime(key, value)

    def from_form(self, key, question, data):
        return None if data is None else {key: data.strftime(DATETIME_FORMAT)}

    def show(self, question, value):
        return long_datetime(parse_datetime("", value))

    def required_message(self, label):
        return f"Enter a date and time: {label}"

    def sample(self, key, question, plan):
        return plan.end if key == "ends_at" else plan.start


class Text(Kind):
    name, meaning, compare_as, widget = "text", "one line of text", "text", "line"
    limit = SHORT_TEXT_LIMIT

    def max_length(self, question: dict) -> int:
        return question.get("max_length") or self.limit

    def clean(self, key, question, value, known_jurisdictions):
        if not isinstance(value, str):
            raise AnswersError(key, f"expected text, got {brief(value)}")
        limit = self.max_length(question)
        if len(value) > limit:
            raise AnswersError(key, f"is longer than {limit:,} characters")
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate from a JSON "\ud83d" escape
            raise AnswersError(key, "contains characters that are not valid text") from None
        # Invisible control characters (NUL, bell...) only break files made from the text.
        return "".join(ch for ch in value if ch in "\t\n" or unicodedata.category(ch) != "Cc")

    def from_form(self, key, question, data):
        return {key: data.strip()} if data and data.strip() else None

    def show(self, question, value):
        return clean_text(str(value))

    def sample(self, key, question, plan):
        return "Sample"


class LongText(Text):
    name, meaning, widget, limit = "long_text", "several lines of text", "lines", LONG_TEXT_LIMIT


# A person in a `people` answer: what Whitesboro B(1), Baroda (a) and Wisconsin item A ask of
# each partner, officer or director. Age and address may be left for later; the name may not.
PERSON_FIELDS = ("name", "age", "address")
PEOPLE_LIMIT = 50  # more rows than any board has; keeps a posted form small
AGE_LIMIT = 130


class People(Kind):
    """A list of people, each {name, age, address}, asked as rows with "Add another person"."""

    name, compare_as, widget, grouped = "people", "people", "people", True
    meaning = "a list of people, each `{name, age, address}` (age a whole number or null)"

    def clean(self, key, question, value, known_jurisdictions):
        if not isinstance(value, list) or len(value) > PEOPLE_LIMIT:
            raise AnswersError(key, f"expected a list of up to {PEOPLE_LIMIT} people, got {brief(value)}")
        return [self.clean_person(key, n, person) for n, person in enumerate(value, 1)]

    def clean_person(self, key: str, n: int, person: Any) -> dict:
        if not isinstance(person, dict) or set(person) - set(PERSON_FIELDS):
            raise AnswersError(key, f"person {n}: expected {{name, age, address}}, got {brief(person)}")
        text = KINDS["text"]
        name = text.clean(key, {}, person.get("name"), ()).strip() if person.get("name") is not None else ""
        if not name:
            raise AnswersError(key, f"person {n}: the name is missing")
        age = person.get("age")
        if age is not None and (isinstance(age, bool) or not isinstance(age, int) or not 0 <= age <= AGE_LIMIT):
            raise AnswersError(key, f"person {n}: expected an age from 0 to {AGE_LIMIT}, got {brief(age)}")
        address = text.clean(key, {}, person.get("address") or "", ()).strip()
        return {"name": name, "age": age, "address": address}

    def parse_query(self, key, values):
        return values[-1]  # a link cannot carry a list of people; clean() says so plainly

    def to_form(self, key, question, answers):
        return [dict(person) for person in answers.get(key) or []]

    def from_form(self, key, question, data):
        return {key: list(data or [])}  # an empty list answers "no one" (the field refuses it when required)

    def show(self, question, value):
        return "; ".join(self.show_person(person) for person in value) if value else "None"

    @staticmethod
    def show_person(person: dict) -> str:
        parts = [clean_text(person["name"])]
        if person.get("age") is not None:
            parts.append(f"age {person['age']}")
        if person.get("address"):
            parts.append(clean_text(person["address"]))
        return ", ".join(parts)

    def required_message(self, label):
        return f"Enter at least one person: {label}"

    def sample(self, key, question, plan):
        return [{"name": "Sample", "age": 40, "address": "Sample"}] if plan.flag else []

    def candidates(self, question, literals):
        return [[]]


KINDS: dict[str, Kind] = {kind.name: kind for kind in (
    YesNo(), Count(), Share(), Choice(), Choices(), FlagSet(), Datetime(), Text(), LongText(), People())}


def show_answer(key: str, answers: dict, questions: dict) -> str:
    """One answer in words, the same on the check page and in the packet."""
    question = questions[key]
    return KINDS[question["kind"]].show_answer(key, question, answers)
