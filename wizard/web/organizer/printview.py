"""The print view: the packet and checklist as one HTML page with print styles.

On the kiosk it replaces the PDF download (nothing is saved on a shared computer); anywhere
else it is a way to print without a PDF reader. It shows what the PDF packet says, from the
same `Packet` (wizard/packet/content.py), with the office card when the deployment has one.
"""
from __future__ import annotations

from flask import Blueprint, abort, current_app, redirect, render_template, send_from_directory, url_for
from markupsafe import Markup

from ...interview.flow import applicable_answers
from ...language import OFFICE_LANGUAGE, current, speaking
from ...packet.browser_pages import browser_pages_css
from ...packet.cjk_text import with_cjk_languages
from ...packet.model import CJK_PIECES, FONTS, Packet
from ...packet.summary import packet_for
from ..edge.opening import load_interview
from ..edge.state import office_card
from ..edge.pages import render_page
from ..edge.state import rulebook, rules_named

bp = Blueprint("printview", __name__)
# static/packet-print.css asks for them
BROWSER_FONTS = ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoEmoji-Regular.ttf")
CJK_FONTS = tuple(f"NotoSansCJKsc-Regular-{piece}.ttf" for piece in CJK_PIECES)  # and for these, from cjk/
YEAR = 31_536_000


@bp.get("/i/<interview_id>/print")
def print_view(interview_id: str):
    interview = load_interview(interview_id)
    if rules_named(interview.jurisdiction) is None:
        return redirect(url_for("interview.resume", interview_id=interview.id), code=303)
    packet = _packet(interview)
    # The packet is the office's English, its dates too ("Prepared Monday, December 7, 2026"), whatever the
    # language of the page around it; a name in Chinese, Japanese or Korean says its own, as in the PDF.
    with speaking(OFFICE_LANGUAGE):
        body = Markup(with_cjk_languages(render_template("packet/_print_body.html", p=packet)))
    return render_page("print.html", interview=interview, p=packet, body=body)


def _packet(interview) -> Packet:
    book = rulebook()
    answers = applicable_answers(interview.answers, book)
    return packet_for(answers, book, today=current_app.config.get("TODAY"),
                      office=office_card(interview.jurisdiction), language=current())


@bp.get("/i/<interview_id>/print-pages.css")
def print_pages(interview_id: str):
    """The print view's running header, footer and page numbers, as the PDF has them
    (wizard/packet/browser_pages.py)."""
    interview = load_interview(interview_id)
    if rules_named(interview.jurisdiction) is None:
        abort(404)
    response = current_app.response_class(browser_pages_css(_packet(interview)), mimetype="text/css")
    response.headers["Cache-Control"] = "private, no-cache"  # the answers' words: asked again each time
    return response


@bp.get("/packet-fonts/<filename>")
def packet_font(filename: str):
    """The packet's own Noto Sans, the pieces of its CJK face and its Noto Emoji, for the print view: printed from
    the browser, it sets the same words on the same lines and pages as the PDF
    (docs/decisions/0011-one-html-source-for-the-packet.md). The files never change but with the app, so they are
    kept a year."""
    if filename not in BROWSER_FONTS + CJK_FONTS:
        abort(404)
    folder = FONTS / "cjk" if filename in CJK_FONTS else FONTS
    return send_from_directory(folder, filename, mimetype="font/ttf", max_age=YEAR)
