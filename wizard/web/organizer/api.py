"""JSON API: POST /api/assess returns the same object as `wizard assess`."""
from __future__ import annotations

from flask import Blueprint, jsonify, request, url_for

from ...engine.assess import assess
from ...errors import AnswersError
from . import choose
from ..edge.state import rulebook, today

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
        place = rulebook().get(raw.get("jurisdiction")) if isinstance(raw, dict) and isinstance(
            raw.get("jurisdiction"), str) else None
        return jsonify(assess(raw, rulebook(), today(place)))
    except AnswersError as error:
        return jsonify(error=str(error), key=error.key), 400


PAGE = 500  # jurisdictions per response: all 20,000 would be 2.9 MB


def _bounded(name: str, default: int, low: int, high: int) -> int:
    value = request.args.get(name, "")
    return max(low, min(int(value), high)) if value.isascii() and value.isdigit() and len(value) < 10 else default


@bp.get("/jurisdictions")
def jurisdictions():
    """`{id, name, ordinance}` of each jurisdiction, a page at a time (`offset`, `limit` up to
    500; `q` and `state` filter as the start page's search does). The next page's address is in
    the `Link` header (rel="next") and the count of matches in `X-Total-Count`."""
    book = rulebook()
    places = choose.matching(book, request.args.get("state", ""), request.args.get("q", ""))
    offset, limit = _bounded("offset", 0, 0, len(places)), _bounded("limit", PAGE, 1, PAGE)
    page = places[offset:offset + limit]
    response = jsonify([{"id": p.j.id, "name": p.j.name, "ordinance": p.j.ordinance} for p in page])
    response.headers["X-Total-Count"] = str(len(places))
    if offset + limit < len(places):
        # Only the filters travel on: any other parameter (url_for reads `_scheme`, `_external`...) is dropped.
        kept = {key: request.args[key] for key in ("state", "q") if request.args.get(key)}
        response.headers["Link"] = f'<{url_for(".jurisdictions", **kept, offset=offset + limit, limit=limit)}>; rel="next"'
    return response
