"""A list of people (name, age, address): the officers or partners an application names."""
from __future__ import annotations

from typing import Any

from ..errors import AnswersError
from ..language import N_, gettext as _
from ..readable import clean_text
from .base import Kind, brief
from .simple import Text


# A person in a `people` answer: what Whitesboro B(1), Baroda (a) and Wisconsin item A ask of
# each partner, officer or director. Age and address may be left for later; the name may not,
# unless the question's `each_person_needs:` lists them (Baroda (a): "name, age, residence and
# mailing address ... for all partners, officers and directors").
PERSON_FIELDS = ("name", "age", "address")
NEEDS_KEY = "each_person_needs"
NEEDABLE = {"age": N_("age"), "address": N_("home address")}  # what a question may need of each person, in words
PEOPLE_LIMIT = 50  # more rows than any board has; keeps a posted form small
AGE_LIMIT = 130


class People(Kind):
    """A list of people, each {name, age, address}, asked as rows with "Add another person"."""

    name, compare_as, widget, grouped = "people", "people", "people", True
    printed_long = True
    meaning = "a list of people, each `{name, age, address}` (age a whole number or null)"

    def clean(self, key, question, value, known_jurisdictions):
        if not isinstance(value, list) or len(value) > PEOPLE_LIMIT:
            raise AnswersError(key, f"expected a list of up to {PEOPLE_LIMIT} people, got {brief(value)}")
        return [self.clean_person(key, n, person) for n, person in enumerate(value, 1)]

    def clean_person(self, key: str, n: int, person: Any) -> dict:
        if not isinstance(person, dict) or set(person) - set(PERSON_FIELDS):
            raise AnswersError(key, f"person {n}: expected {{name, age, address}}, got {brief(person)}")
        text = Text()
        name = text.clean(key, {}, person.get("name"), ()).strip() if person.get("name") is not None else ""
        if not name:
            raise AnswersError(key, f"person {n}: the name is missing")
        age = person.get("age")
        if age is not None and (isinstance(age, bool) or not isinstance(age, int) or not 0 <= age <= AGE_LIMIT):
            raise AnswersError(key, f"person {n}: expected an age from 0 to {AGE_LIMIT}, got {brief(age)}")
        address = text.clean(key, {}, person.get("address") or "", ()).strip()
        return {"name": name, "age": age, "address": address}

    @staticmethod
    def needs(question: dict) -> tuple[str, ...]:
        """The parts besides the name each person must have (`each_person_needs:`), in form order."""
        wanted = question.get(NEEDS_KEY) or ()
        return tuple(part for part in NEEDABLE if part in wanted)

    def missing_parts(self, question: dict, value: Any) -> list[str]:
        """The needed parts some person in an answer leaves blank, in words ("age", "home address")."""
        people = value if isinstance(value, list) else []
        return [NEEDABLE[part] for part in self.needs(question)
                if any(isinstance(p, dict) and p.get(part) in (None, "") for p in people)]

    def parse_query(self, key, values):
        return values[-1]  # a link cannot carry a list of people; clean() says so plainly

    def to_form(self, key, question, answers):
        return [dict(person) for person in answers.get(key) or []]

    def from_form(self, key, question, data):
        return {key: list(data or [])}  # an empty list answers "no one" (the field refuses it when required)

    def show(self, question, value):
        return "; ".join(self.show_person(person) for person in value) if value else _("None")

    @staticmethod
    def show_person(person: dict) -> str:
        parts = [clean_text(person["name"])]
        if person.get("age") is not None:
            parts.append(_("age %(age)s", age=person["age"]))
        if person.get("address"):
            parts.append(clean_text(person["address"]))
        return ", ".join(parts)

    def required_message(self, label):
        return _("Enter at least one person: %(label)s", label=label)

    def sample(self, key, question, plan):
        return [{"name": "Sample", "age": 40, "address": "Sample"}] if plan.flag else []

    def candidates(self, question, literals):
        return [[]]
