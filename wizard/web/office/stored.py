"""An application whose place's rule file is no longer loaded, read from what is stored.

Applications are kept for years, rule files change sooner: a town dropped from a statewide host, a
file renamed. Its office page and packet then open this read-only page (the errors module's
RulesNotLoaded handler calls it for a GET of either), made from the records alone: the answers of the
version sent, the versions, the decision, the money received, the documents (those the office issued
download as issued: they need no rules) and the history. No form:
every action on it needs the rules, and is refused with a page that says so.
"""
from __future__ import annotations

from flask import current_app, request

from ...errors import RulesNotLoaded
from ...kinds import show_answer
from ...office.applications import STATUSES
from ...office.issued import issued_list
from ...office.review import DECISIONS
from ..edge.pages import render_page
from ..edge.state import office_records, rulebook
from .inbox import clerk_application

# The GET pages that answer this page instead of a refusal: the office's page and its packet.
READ_ONLY = ("office.application", "office.packet")


def stored_answers(answers: dict) -> list[dict]:
    """The answers as sent, labelled by the shared questions (the place's own wording went with its
    file); an answer to a question no longer asked anywhere keeps its key as its label."""
    questions = rulebook().questions
    rows = []
    for key in answers:
        if key == "jurisdiction":
            continue
        try:
            rows.append({"label": questions[key]["label"], "value": show_answer(key, answers, questions)})
        except (KeyError, TypeError, ValueError):
            rows.append({"label": key.replace("_", " ").capitalize(), "value": str(answers[key])})
    return rows


def stored_page(error: RulesNotLoaded):
    """The application page from the records alone, with the notice that its rules are not loaded."""
    row = clerk_application((request.view_args or {}).get("reference", ""))
    records = office_records()
    current_app.logger.warning("application %s opened read-only: %s", row["reference"], error)
    payments = [{**p, "amount": p["amount_cents"] / 100} for p in records.money.payments(row["reference"])]
    page = render_page("office/stored.html", a=row, place=error.jurisdiction_id,
                       status_label=STATUSES.get(row["status"], row["status"]), packet=request.endpoint == "office.packet",
                       answers=stored_answers(records.applications.version_answers(row["reference"], row["version"])),
                       versions=records.applications.versions(row["reference"]), decision=records.review.decision(row["reference"]),
                       decisions=DECISIONS, payments=payments, uploads=records.applications.uploads(row["interview_id"]),
                       history=records.applications.history(row["reference"]),
                       issued_documents=issued_list(records, row["reference"]))
    return page, 200


def init_app(app) -> None:
    pages = app.extensions.setdefault("read_only_pages", {})
    pages.update(dict.fromkeys(READ_ONLY, stored_page))
