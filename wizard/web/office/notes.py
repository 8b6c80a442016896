"""Local notes (docs/decisions/0019-the-office-reviews-from-the-rule-file.md): words a clerk adds for organizers
without editing YAML, such as the office's opening hours at festival time. Stored in the database per jurisdiction,
shown with the office card on the result page, the print view and the packet (web/edge/state.py), always as the
office's words, never as the ordinance's. A clerk writes and removes notes only for the places on the account.
"""
from __future__ import annotations

from flask import Blueprint, flash, redirect, request, url_for
from flask_login import current_user, login_required

from ...readable import clean_text
from ..edge.pages import render_page
from ..edge.state import office_records, rulebook
from .typed import keep_typed

bp = Blueprint("notes", __name__)
NOTE_LIMIT = 1000


def places() -> list[tuple[str, str]]:
    return [(jid, j.name if (j := rulebook().get(jid)) else jid) for jid in current_user.account.jurisdictions]


@bp.get("/office/notes")
@login_required
def notes_page():
    mine = [(jid, name, office_records().clerks.notes(jid)) for jid, name in places()]
    return render_page("office/notes.html", places=mine)


@bp.post("/office/notes")
@login_required
def add_note():
    place = request.form.get("place", "")
    text = clean_text(request.form.get("text", ""))
    if place not in current_user.account.jurisdictions:
        flash("Choose one of your places.", "danger")
    elif not text:
        flash("Write the note first.", "danger")
    elif len(text) > NOTE_LIMIT:
        flash(f"A note may be at most {NOTE_LIMIT:,} characters.", "danger")
        keep_typed({f"text-{place}": request.form.get("text", "")}, url_for(".notes_page"))
    else:
        office_records().clerks.add_note(place, text, current_user.account.email)
        flash("Note added. Organizers see it with the office's details, as the office's words.", "success")
    return redirect(url_for(".notes_page"), code=303)


# The largest id a database keeps (a 64-bit integer): a longer number is no note, a 404, not an overflow.
@bp.post("/office/notes/<int(max=9223372036854775807):note_id>/remove")
@login_required
def remove_note(note_id: int):
    if office_records().clerks.remove_note(note_id, list(current_user.account.jurisdictions)):
        flash("Note removed.", "success")
    else:
        flash("That note is not one of your places' notes.", "danger")
    return redirect(url_for(".notes_page"), code=303)
