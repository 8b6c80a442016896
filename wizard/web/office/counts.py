"""The Board's counts at /office/counts and as CSV, for the signed-in clerk's places
(docs/decisions/0009-counts-from-totals-kept-by-triggers.md)."""
from __future__ import annotations

from flask import Blueprint, Response
from flask_login import current_user, login_required
from markupsafe import Markup

from ...office.counts import (board_measures, chart_svg, fill_decision_days, figure_text, measures_csv, median_days,
                               tallies)
from ...office.inbox import fill_figures
from ..edge.pages import render_page
from ..edge.state import office_records, rulebook

bp = Blueprint("counts", __name__)


def measures():
    places = list(current_user.account.jurisdictions)
    records = office_records()
    fill_figures(records, rulebook().get, places)  # applications and decisions kept before the figures were
    fill_decision_days(records, places)
    found = tallies(records, places)
    return board_measures(found, rulebook(), records.counts.trail_totals_in(places), median_days(records, places))


@bp.get("/office/counts")
@login_required
def counts_page():
    shown = [{"measure": m, "svg": Markup(chart_svg(m)), "rows": [(label, figure_text(v)) for label, v in m.rows]}
             for m in measures()]
    return render_page("office/counts.html", measures=shown)


@bp.get("/office/counts.csv")
@login_required
def counts_csv():
    response = Response(measures_csv(measures()), mimetype="text/csv")
    response.headers["Content-Disposition"] = 'attachment; filename="counts.csv"'
    response.headers["Cache-Control"] = "private, no-store"
    return response
