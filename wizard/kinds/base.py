"""What every answer kind shares: the limits, the base class `Kind`, reading dates, sample plans."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any, Iterable

from ..errors import AnswersError
from ..language import gettext as _
from ..readable import DATETIME_FORMAT

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
        return _read_datetime(value)
    except ValueError:
        raise AnswersError(key, f"expected a date and time like 2027-06-05T10:00, got {brief(value)}") from None


@lru_cache(maxsize=4096)
def _read_datetime(value: str) -> datetime:
    """strptime, kept for the text read: each request reads every stored date again (the interview opened,
    its answers cleaned, the facts worked out), and strptime is a regular expression and a locale lookup each
    time. A datetime cannot be changed, so one is safely shared."""
    return datetime.strptime(value, DATETIME_FORMAT)


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
    widget = "line"       # the form control wizard/web/organizer/fields.py builds
    grouped = False       # asked as a fieldset of options (the error link points at the first one)
    answer_key = True     # False: not an answer key itself (flag_set)
    asks_flags = False    # its options are flag questions (is_flag), each an answer key (flag_set)
    is_flag = False       # true or false: may be a flag_set's option; a No leaves the details after it unasked
    printed_long = False  # the packet sets the answer as a block under its label, not beside it
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
        return _("Not answered") if value is None else self.show(question, value)

    def required_message(self, label: str) -> str:
        return _("Enter %(label)s", label=label)

    def missing_parts(self, question: dict, value: Any) -> list[str]:
        """Parts of an answer the question needs that it leaves blank (a person's age: `people`)."""
        return []

    def sample(self, key: str, question: dict, plan: SamplePlan) -> Any:
        return None

    def candidates(self, question: dict, literals: set) -> list:
        return sorted({v for v in literals if isinstance(v, str)} | {"2027-06-05T10:00"})
