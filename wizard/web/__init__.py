"""HTTP edge: blueprints that turn engine results and typed errors into pages and JSON."""
from __future__ import annotations

from flask import current_app

from ..loader import RuleBook
from ..storage import InterviewStore


def rulebook() -> RuleBook:
    return current_app.extensions["rulebook"]


def store() -> InterviewStore:
    return current_app.extensions["interview_store"]
