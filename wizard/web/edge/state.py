"""The app's rule book, interview store, office records and office cards (wizard/rules/office_cards.py,
loaded and checked at start-up), as the views reach them."""
from __future__ import annotations

from dataclasses import replace
from datetime import date, timezone, tzinfo
from pathlib import Path

from flask import current_app

from ...engine.ask_the_office import OfficeQuestion, office_question
from ...language import OFFICE_LANGUAGE, speaking
from ...office.filed import Filed, filed
from ...office.schema import ApplicationRow
from ...office.office_time import office_today
from ...office.records import OfficeRecords
from ...rules.office_cards import OfficeCard, load_offices
from ...rules.rulebook import Jurisdiction, RuleBook
from ...store.interviews import InterviewStore


def today(j: Jurisdiction | None = None) -> date:
    """The day the site counts from: the `TODAY` setting in tests, else today in the office's time
    zone (the server's own date where no place is known yet)."""
    return current_app.config.get("TODAY") or (office_today(j.zone) if j is not None else date.today())


def zone_of(place: Jurisdiction | str | None) -> tzinfo:
    """A place's time zone, by its rules or its id; UTC for a place no longer loaded."""
    j = rulebook().get(place) if isinstance(place, str) else place
    return j.zone if j is not None else timezone.utc


def rulebook() -> RuleBook:
    return current_app.extensions["rulebook"]


def rules_named(jurisdiction_id: str | None) -> Jurisdiction | None:
    """The rules of the place stored answers name: None while no place is chosen yet, RulesNotLoaded
    (a page that says so, at the edge) when one is named whose rule file is no longer loaded."""
    return rulebook().require(jurisdiction_id) if jurisdiction_id else None


def store() -> InterviewStore:
    return current_app.extensions["interview_store"]


def office_records() -> OfficeRecords:
    return current_app.extensions["office_records"]


def sent_version(row: ApplicationRow) -> tuple[Jurisdiction, dict]:
    """An application's rules and the answers of the version it was last sent as: what the clerk's
    permit, a department's page and the organizer's status page all read."""
    answers = office_records().applications.version_answers(row["reference"], row["version"])
    return rulebook().require(row["jurisdiction"]), answers


def filed_version(row: ApplicationRow) -> tuple[Jurisdiction, dict, Filed]:
    """As `sent_version`, with the version's assessment as filed (kept now if it had none): what the
    office's pages, ledger and documents read instead of assessing again on each request."""
    j, answers = sent_version(row)
    return j, answers, filed(office_records(), row["reference"], row["version"], j, answers, rulebook().layers_for(j))


OFFICES_FILE = "offices.yaml"


def init_offices(app, instance: Path) -> None:
    path = Path(app.config.get("OFFICES_FILE") or instance / OFFICES_FILE)
    app.extensions["offices"] = load_offices(path, app.extensions["rulebook"].jurisdictions)


def office_card(jurisdiction_id: str | None) -> OfficeCard | None:
    """This deployment's card for the jurisdiction's office, or None: the pages then say to contact it.
    The clerks' local notes (web/office/notes.py) ride along, so every page and the packet that shows the
    card shows them too, as the office's words."""
    card = current_app.extensions["offices"].get(jurisdiction_id or "")
    notes = tuple(n["text"] for n in office_records().clerks.notes(jurisdiction_id)) if jurisdiction_id else ()
    return replace(card or OfficeCard(), notes=notes) if notes else card


def question_to_office(j, assessment: dict, answers: dict) -> OfficeQuestion:
    """The message to send when the ordinance does not settle the answer, to the card's email if any."""
    card = office_card(j.id)
    # A letter to the office: in English, its answers' labels too (docs/decisions/0002-spanish-beside-the-law.md).
    with speaking(OFFICE_LANGUAGE):
        return office_question(assessment, answers, rulebook().questions_for(j.id), rulebook().require(j.id).license_word,
                               email=card.email if card and card.email else None)
