"""The app's rule book and interview store, as the views reach them."""
from __future__ import annotations

from flask import current_app

from ...office.records import OfficeRecords
from ...rules.rulebook import Jurisdiction, RuleBook
from ...store.interviews import InterviewStore


def rulebook() -> RuleBook:
    return current_app.extensions["rulebook"]


def store() -> InterviewStore:
    return current_app.extensions["interview_store"]


def office_records() -> OfficeRecords:
    return current_app.extensions["office_records"]


def sent_version(row: dict) -> tuple[Jurisdiction, dict]:
    """An application's rules and the answers of the version it was last sent as: what the clerk's
    permit, a department's page and the organizer's status page all read."""
    return rulebook().get(row["jurisdiction"]), office_records().version_answers(row["reference"], row["version"])
