"""The office card: how to reach the clerk's office of one deployment, from `instance/offices.yaml`.

The ordinances name an office ("the Village Clerk") but never its address, hours or phone, so
the wizard invents none: a deployment that knows them writes them in a small settings file,
keyed by jurisdiction id. The file is checked at start-up like the rule files (every problem
reported, the server refuses to start); with no card for a jurisdiction, the pages name the
office the ordinance names and say to contact it.

    baroda-mi:
      office: Village of Baroda, Village Clerk
      address: "9091 First Street, Baroda, MI 49101"
      hours: Monday to Friday, 9 a.m. to 4 p.m.
      phone: "(269) 422-1020"
      email: clerk@example.org
      payment: Check or money order payable to the Village of Baroda
      form: Use the village's own application form, or the packet this wizard makes
      web: https://example.org/permits
      hours_es: De lunes a viernes, de 9:00 a. m. a 4:00 p. m.
      payment_es: Cheque o giro postal a nombre del Village of Baroda
      form_es: Use el formulario de solicitud del pueblo, o el paquete que prepara este asistente

The card's sentences (hours, how to pay, which form) are read by organizers in their language, so each
has its Spanish beside it (`hours_es`, ...): a sentence without it is a problem, as a rule file's text
without Spanish is. Names, addresses, phone numbers and links are the same in both languages.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Iterable

import yaml

from ..errors import Problem, RuleFileError, WizardError
from ..kinds import NotAnEmail, email_address
from ..language import N_, OFFICE_LANGUAGE, current, gettext as _
from .yamlfile import line_map, line_of, read_yaml

FIELD_LIMIT = 500  # characters: a card is a few lines, not a page
WEB = re.compile(r"^https?://[^\s/]+\.[^\s]+$")


@dataclass(frozen=True)
class OfficeCard:
    office: str = ""   # the office's own name, if it differs from the ordinance's words
    address: str = ""
    hours: str = ""
    phone: str = ""
    email: str = ""
    payment: str = ""  # how to pay
    form: str = ""     # which application form to use
    web: str = ""
    hours_es: str = ""  # the sentences in Spanish, for an organizer who reads Spanish (SPANISH_FIELDS)
    payment_es: str = ""
    form_es: str = ""
    # The clerks' local notes (docs/decisions/0019-the-office-reviews-from-the-rule-file.md), from the office's database: the office's words,
    # shown apart from the card's rows and never as the ordinance's.
    notes: tuple[str, ...] = ()

    def rows(self) -> list[tuple[str, str]]:
        """(label, value) for each field given, in the order people look for them."""
        return [(_(LABELS[f.name]), self.said(f.name)) for f in fields(self)
                if f.name in LABELS and getattr(self, f.name)]

    def said(self, name: str) -> str:
        """A field in the language in force: its Spanish (`hours_es`) for a Spanish reader, else as written."""
        translated = "" if current() == OFFICE_LANGUAGE else str(getattr(self, f"{name}_{current()}", ""))
        return translated or str(getattr(self, name))


# The labels in the language in force (the packet's: English); the office's own words stay as it wrote them.
LABELS = {"office": N_("Office"), "address": N_("Address"), "hours": N_("Opening hours"), "phone": N_("Phone"),
          "email": N_("Email"), "payment": N_("How to pay"), "form": N_("Which form to use"), "web": N_("Web page")}
# The card's sentences, each with its Spanish in `<field>_es`; the other fields read alike in both languages.
SPANISH_FIELDS = ("hours", "payment", "form")
KNOWN_FIELDS = (*LABELS, *(f"{name}_es" for name in SPANISH_FIELDS))



def is_email(value: str) -> bool:
    try:
        return email_address(value) == value.strip()
    except NotAnEmail:
        return False


def ask_the_office(file_with: str) -> str:
    """What to do with no card: the ordinances name an office, never its address or hours."""
    return _("Contact %(office)s to ask for its address, opening hours, how to pay and which form to use.",
             office=file_with)


class OfficeFileError(RuleFileError):
    """The offices file fails its checks; carries every problem found (the CLI treats it as a rule file)."""

    def __init__(self, problems: list[Problem]):
        WizardError.__init__(self, f"{len(problems)} problem(s) in the offices file:\n"
                             + "\n".join(str(p) for p in problems))
        self.problems = problems


def _card_problems(path: Path, jurisdiction_id: str, entry, known: set[str]) -> list[tuple[tuple, str]]:
    out = []
    if known and jurisdiction_id not in known:
        out.append(((jurisdiction_id,), f"no jurisdiction has the id {jurisdiction_id!r} "
                                        f"(known: {', '.join(sorted(known))})"))
    if not isinstance(entry, dict) or not entry:
        return out + [((jurisdiction_id,), "expected a mapping of office details, like `phone: ...`")]
    for key, value in entry.items():
        where = (jurisdiction_id, key)
        if key not in KNOWN_FIELDS:
            out.append((where, f"unknown field {key!r}; expected one of: {', '.join(KNOWN_FIELDS)}"))
        elif not isinstance(value, str) or not value.strip():
            out.append((where, "expected text in quotes, like \"(269) 422-1020\""))
        elif len(value) > FIELD_LIMIT:
            out.append((where, f"longer than {FIELD_LIMIT} characters"))
        elif key == "email" and not is_email(value):
            out.append((where, f"not one email address: {value!r}"))
        elif key == "web" and not WEB.match(value.strip()):
            out.append((where, f"not a web address starting with https:// or http://: {value!r}"))
    return out + [((jurisdiction_id, name), f"{name!r} has no Spanish: add `{name}_es:` with the same in Spanish, "
                                           "for an organizer who reads Spanish")
                  for name in SPANISH_FIELDS if entry.get(name) and not entry.get(f"{name}_es")]


def check_offices(path: Path, known: Iterable[str]) -> tuple[dict[str, OfficeCard], list[Problem]]:
    """The cards in `path` and every problem in it (a missing file is no cards, no problem)."""
    if not path.exists():
        return {}, []
    try:
        data = read_yaml(path)
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
        return {}, [Problem(str(path), None, "(file)", f"cannot be read as YAML: {str(error).splitlines()[0]}")]
    if data is None:
        return {}, []
    if not isinstance(data, dict):
        return {}, [Problem(str(path), 1, "(top)", "expected jurisdiction ids, each with its office details")]
    found: list[tuple[tuple, str]] = []
    for jurisdiction_id, entry in data.items():
        found += _card_problems(path, str(jurisdiction_id), entry, set(known))
    if found:
        lines = line_map(path)
        return {}, [Problem(str(path), line_of(lines, where), ".".join(map(str, where)), message)
                    for where, message in found]
    return {str(j): OfficeCard(**{k: v.strip() for k, v in entry.items()}) for j, entry in data.items()}, []


def load_offices(path: Path, known: Iterable[str]) -> dict[str, OfficeCard]:
    """The cards, or OfficeFileError listing every problem (the server refuses to start)."""
    cards, problems = check_offices(path, known)
    if problems:
        raise OfficeFileError(problems)
    return cards
