"""The print view: the packet and checklist as one HTML page with print styles.

On the kiosk it replaces the PDF download (nothing is saved on a shared computer); anywhere
else it is a way to print without a PDF reader. It shows what the PDF packet says, from the
same `Packet` (wizard/packet/content.py), with the office card when the deployment has one.
"""
from __future__ import annotations

from flask import Blueprint, abort, current_app, redirect, send_from_directory, url_for

from ...interview.flow import applicable_answers
from ...language import current
from ...packet.summary import packet_for
from ...packet.model import FONTS
from ..edge.opening import load_interview
from ..edge.state import office_card
from ..edge.pages import render_page
from ..edge.state import rulebook, rules_named

bp = Blueprint("printview", __name__)
BROWSER_FONTS = ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf")  # static/packet-print.css asks for them
YEAR = 31_536_000


@bp.get("/i/<interview_id>/print")
def print_view(interview_id: str):
    interview = load_interview(interview_id)
    book = rulebook()
    j = rules_named(interview.jurisdiction)
    if j is None:
        return redirect(url_for("interview.resume", interview_id=interview.id), code=303)
    answers = applicable_answers(interview.answers, book)
    packet = packet_for(answers, book, today=current_app.config.get("TODAY"), office=office_card(j.id),
                        language=current())
    return render_page("print.html", interview=interview, p=packet)


@bp.get("/packet-fonts/<filename>")
def packet_font(filename: str):
    """The packet's own Noto Sans for the print view: printed from the browser, it sets the same words on the same
    lines and pages as the PDF (docs/decisions/0011-one-html-source-for-the-packet.md). The files never change but
    with the app, so they are kept a year."""
    if filename not in BROWSER_FONTS:
        abort(404)
    return send_from_directory(FONTS, filename, mimetype="font/ttf", max_age=YEAR)
