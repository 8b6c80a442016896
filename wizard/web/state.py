"""The app's rule book and interview store, as the views reach them."""
from __future__ import annotations

from flask import current_app

from ..office.records import OfficeRecords
from ..rulebook import RuleBook
from ..storage import InterviewStore


def rulebook() -> RuleBook:
    return current_app.extensions["rulebook"]


def store() -> InterviewStore:
    return current_app.extensions["interview_store"]


def office_records() -> OfficeRecords:
    return current_app.extensions["office_records"]
