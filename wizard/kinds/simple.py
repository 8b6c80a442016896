"""The kinds of one value: yes/no, a choice or several, a number, a share, a date and time, text."""
from __future__ import annotations

import math
import re
from collections.abc import Hashable
from datetime import datetime

from ..errors import AnswersError, UnknownJurisdiction
from ..language import gettext as _
from ..readable import DATETIME_FORMAT, clean_text, long_datetime, number
from .typed_dates import TypedPartError, parse_date_and_time
from .base import (
    COUNT_LIMIT,
    FALSE_WORDS,
    FIRST_YEAR,
    LAST_YEAR,
    LONG_TEXT_LIMIT,
    SHORT_TEXT_LIMIT,
    TRUE_WORDS,
    Kind,
    brief,
    in_range,
    parse_datetime,
)

# Unicode's control characters (category Cc) but tab and newline, which a long text keeps.
CONTROL_CHARACTERS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def N_(text: str) -> str:
    """Marks a text for the catalog (pybabel finds only literal texts); translated where it is shown."""
    return text


class YesNo(Kind):
    name, meaning, compare_as, widget, grouped = "yes_no", "true or false", "yes_no", "radios", True
    is_flag = True

    def clean(self, key, question, value, known_jurisdictions):
        if not isinstance(value, bool):
            raise AnswersError(key, f"expected true or false, got {brief(value)}")
        return value

    def parse_query(self, key, values):
        text = values[-1].strip()
        lowered = text.lower()
        return True if lowered in TRUE_WORDS else False if lowered in FALSE_WORDS else text

    def choices(self, question: dict) -> list[tuple[str, str]]:
        return [("yes", _("Yes")), ("no", _("No"))]

    def to_form(self, key, question, answers):
        value = answers.get(key)
        return None if value is None else "yes" if value else "no"

    def from_form(self, key, question, data):
        return None if not data else {key: data == "yes"}

    def show(self, question, value):
        return _("Yes") if value else _("No")

    def required_message(self, label):
        return _("Select yes or no: %(label)s", label=label)

    def sample(self, key, question, plan):
        return plan.flag

    def candidates(self, question, literals):
        return [True, False]


class Choice(Kind):
    name, meaning, compare_as, widget, grouped = "choice", "one of the options", "choice", "radios", True
    needs_options = True

    def clean(self, key, question, value, known_jurisdictions):
        # Membership, never a copy: the jurisdictions may be twenty thousand (a mapping by id).
        options = known_jurisdictions if key == "jurisdiction" else question["options"]
        if not isinstance(value, Hashable) or value not in options:
            if key == "jurisdiction":
                raise UnknownJurisdiction(value, known_jurisdictions)
            raise AnswersError(key, f"expected one of {', '.join(options)}, got {brief(value)}")
        return value

    def choices(self, question: dict) -> list[tuple[str, str]]:
        return list(question["options"].items())

    def show(self, question, value):
        return str((question.get("options") or {}).get(value, value))

    def required_message(self, label):
        return _("Select an answer: %(label)s", label=label)

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
        return "; ".join(str(options.get(v, v)) for v in value) if value else _("None")

    def sample(self, key, question, plan):
        options = list(question.get("options") or {})
        return options[:1] if plan.pick > 0 else (options if plan.pick < 0 else [])

    def candidates(self, question, literals):
        return [[]] + [[o] for o in question.get("options") or {}]


class FlagSet(Choices):
    """Several yes_no answers asked as one group of checkboxes; each ticked box answers yes."""

    name, compare_as, answer_key, asks_flags = "flag_set", "flag_set", False, True
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
        return "; ".join(chosen) if chosen else _("None")

    def sample(self, key, question, plan):
        return None


class Count(Kind):
    name, meaning, compare_as, widget = "count", "a whole number, 0 or more", "number", "number"
    form_range = (0, COUNT_LIMIT, N_("Enter a whole number from 0 to 10,000,000"))

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
            raise ValueError(_("Enter a whole number using digits only, like 250"))
        return int(digits) if len(digits) <= 11 else COUNT_LIMIT + 1

    def show(self, question, value):
        return number(value)

    def required_message(self, label):
        return _("Enter a number: %(label)s", label=label)

    def sample(self, key, question, plan):
        return plan.count

    def candidates(self, question, literals):
        numbers = {n for n in literals if isinstance(n, (int, float)) and not isinstance(n, bool)}
        return sorted({0, 0.5, 1} | {max(0, n + d) for n in numbers for d in (-1, 0, 1)})


class Share(Count):
    """Stored as a fraction from 0 to 1; asked and shown as a whole percentage."""

    name, meaning = "share", "a number from 0 to 1"
    form_range = (0, 100, N_("Enter a whole number from 0 to 100"))

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
        return _("Enter a percentage")

    def parse_form(self, text):
        """A whole percentage, "25" or "25%"; a count's "like 250" would suggest a share over 100
        (docs/decisions/0016-answers-are-typed.md)."""
        try:
            return super().parse_form(text.strip().removesuffix("%"))
        except ValueError:
            raise ValueError(_("%(rule)s, like 25", rule=_(self.form_range[2]))) from None

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
                raise ValueError(_("Enter a date in the years %(first)d to %(last)d", first=FIRST_YEAR, last=LAST_YEAR))
            return moment
        raise ValueError(_("Enter a real date and time, like 2027-07-09 12:00"))

    def parse_parts(self, date_part, time_part, today=None):
        """The page's separate date and time fields, as typed ("07162027", "July 11th", "2pm");
        `today` places a date typed without its year."""
        moment = parse_date_and_time(date_part, time_part, today)
        if moment is not None and not in_range(moment):
            raise TypedPartError(_("Enter a date in the years %(first)d to %(last)d", first=FIRST_YEAR, last=LAST_YEAR), "date")
        return moment

    def to_form(self, key, question, answers):
        value = answers.get(key)
        return None if value is None else parse_datetime(key, value)

    def from_form(self, key, question, data):
        return None if data is None else {key: data.strftime(DATETIME_FORMAT)}

    def show(self, question, value):
        return long_datetime(parse_datetime("", value))

    def required_message(self, label):
        return _("Enter a date and time: %(label)s", label=label)

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
        # Invisible control characters (NUL, bell...) only break files made from the text. Unicode's
        # category Cc is exactly these two ranges; a stored answer is cleaned on every page it opens.
        return CONTROL_CHARACTERS.sub("", value)

    def from_form(self, key, question, data):
        return {key: data.strip()} if data and data.strip() else None

    def show(self, question, value):
        return clean_text(str(value))

    def sample(self, key, question, plan):
        return "Sample"


class LongText(Text):
    name, meaning, widget, limit = "long_text", "several lines of text", "lines", LONG_TEXT_LIMIT
    printed_long = True
