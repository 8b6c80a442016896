"""Jinja filters and globals: money, numbers and dates as people read them (wizard/readable.py) and answer kinds."""
from __future__ import annotations

from ...office.office_time import local_day, moment_text, zone_name
from ...language import gettext
from ...readable import cited, long_date, money, number, when
from .state import zone_of
from ...kinds import KINDS
from ...kinds.typed_dates import MONTHS, time_example
from ...rules.rulebook import FEE_DUE
from ...interview.road import said_section
from ...engine.permit_word import word_forms

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def named_error(message: str, question: dict | None) -> str:
    """An error's words on a page of several questions, the same under the field and in the summary at the top (the
    summary once said "First opens: ...", the packet's legal label, over an inline error that said something else).
    A kind's own message ("Enter the date as month/day/year") says which question it is about, in the words the page
    asks it (two date fields once gave the same line twice; docs/decisions/0016-answers-are-typed.md); a message the
    question declares itself (its `error:`, its `must_be:`) already does."""
    if not question or not message or message in declared_messages(question):
        return message
    label = question["label"].strip()
    if label.rstrip("?").lower() in message.lower():  # "Enter your full name": it names it already
        return message
    if label.endswith("?"):  # "When does the event first open? Enter the date as ..."
        return f"{label} {message}"
    first = message.split()[0].rstrip(",.:")
    if first in MONTHS or first in WEEKDAYS or first.isupper():  # "February 2027 has no day 30", "Wednesday,
        # July 7, 2027 is...": a name keeps its capital
        return f"{label}: {message}"
    return f"{label}: {message[:1].lower()}{message[1:]}"


def declared_messages(question: dict) -> set[str]:
    rule = question.get("must_be")
    return {m for m in (question.get("error"), rule.get("message") if isinstance(rule, dict) else None) if m}


def N_(text: str) -> str:
    """Marks a text for the catalog (pybabel finds only literal texts) that is translated where shown."""
    return text


# FEE_DUE's words (wizard/rules/rulebook.py), marked for the catalog.
FEE_DUE_WORDS = (N_("when you file"), N_("when the application is approved"), N_("before the event"),
                 N_("after the event"))

# The office card's labels (wizard/rules/office_cards.py, LABELS), translated where shown.
OFFICE_CARD_WORDS = (N_("Office"), N_("Address"), N_("Opening hours"), N_("Phone"), N_("Email"), N_("How to pay"),
                     N_("Which form to use"), N_("Web page"))

# The task list's states (wizard/interview/ahead.py), translated where shown.
TASK_STATES = (N_("Not started"), N_("In progress"), N_("Done"), N_("Cannot start yet"))

# An application's status (wizard/office/applications.py, STATUSES) and a permit's mark, as the
# organizer's status page shows them; the office's pages keep them in English.
STATUS_WORDS = (N_("Received"), N_("More information needed"), N_("Under review"), N_("Approved"), N_("Denied"),
                N_("Withdrawn"), N_("suspended"), N_("revoked"))


def fee_due(key: str) -> str | None:
    """When a fee is paid, in the page's language: "when the application is approved"."""
    return gettext(FEE_DUE[key]) if key in FEE_DUE else None


def office_day(stamp: str | None, place) -> str:
    """A stored stamp as the office's day, "Monday, March 1, 2027" (`place`: its rules or id)."""
    return long_date(local_day(stamp, zone_of(place))) if stamp else ""


def office_time(stamp: str | None, place) -> str:
    return moment_text(stamp, zone_of(place)) if stamp else ""


def office_zone(place) -> str:
    """The zone `office_time` shows a place's times in, for the column's heading."""
    return zone_name(zone_of(place))


def section_name(name: str, word: str) -> str:
    """A section's name (the English, its key in pages and links) in the page's language
    (docs/decisions/0002-spanish-beside-the-law.md)."""
    return said_section(name, word) if name else name


def permit_word(word: str) -> str:
    """The rule file's word for the permit ("license", "permit") in the page's language: the ordinance's own
    word, translated as the glossary says (licencia, permiso), never the English left inside a Spanish sentence."""
    return word_forms(word)["word"]


def init_app(app) -> None:
    app.add_template_filter(permit_word)
    app.add_template_filter(office_day)
    app.add_template_filter(office_time)
    app.add_template_filter(office_zone)
    app.add_template_filter(money)
    app.add_template_filter(number)
    app.add_template_filter(long_date)
    app.add_template_filter(when)
    app.add_template_filter(cited)
    app.add_template_global(KINDS.__getitem__, "answer_kind")
    app.add_template_global(time_example)
    app.add_template_filter(fee_due)
    app.add_template_filter(section_name)
