"""JSON API: POST /api/assess returns the same object as `wizard assess`."""
from __future__ import annotations

from flask import Blueprint, jsonify, request

from ..assess import assess
from ..errors import AnswersError
from .state import rulebook

bp = Blueprint("api", __name__, url_prefix="/api")


@bp.after_request
def never_cache(response):
    """An assessment is built from an organizer's answers: no shared cache may keep it."""
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/assess")
def assess_answers():
    try:
        raw = request.get_json(silent=True, force=True)
    except RecursionError:
        raw = None
    if raw is None:
        return jsonify(error="answers: the request body must be a JSON object of answers", key="answers"), 400
    try:
        return jsonify(assess(raw, rulebook()))
    except AnswersError as error:
        return jsonify(error=str(error), key=error.key), 400


@bp.get("/jurisdictions")
def jurisdictions():
    book = rulebook()
    return jsonify([{"id": j.id, "name": j.name, "ordinance": j.ordinance} for j in book.listing()])
