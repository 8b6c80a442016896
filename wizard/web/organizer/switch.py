"""The switch link on every organizer page (docs/decisions/0002-spanish-beside-the-law.md): the same page in the
other language, with every answer and the place in the interview kept, with JavaScript on and off.

On most pages it is a plain link, `/language/es?next=<this page>`. On a step it is a button of the
step's own form (`formaction`): the values typed but not yet sent are posted with it and kept, as a
step's "Add another person" keeps them (corrections.keep_rows), nothing validated or saved, and the
step's address shows them again in the other language. With htmx the answer is `HX-Redirect`, a
whole page load: the frame around #content (its `<html lang>`, header and footer) changes too.
The choice is kept in the browser's session and with the interview the page belongs to.
"""
from __future__ import annotations

from urllib.parse import urlencode

from flask import Blueprint, abort, current_app, make_response, redirect, render_template, request, url_for
from markupsafe import Markup, escape
from werkzeug.exceptions import HTTPException

from ...interview.flow import JURISDICTION_STEP
from ... import language
from ...language import known
from ..edge import languages
from ..edge.assets import per_prefix
from ..edge.extensions import htmx
from ..edge.signing import signed_by_site
from ..edge.state import rulebook, store, today
from ..edge.opening import this_screen
from ..edge.requests import safe_next
from . import corrections
from .forms import form_for
from .interview import find_step

bp = Blueprint("language", __name__)


# The parts of a page's query the switch link keeps: where the page leads back to, the open "Before
# you start" box, a search. Answers in a link's query are not repeated in the page: a clerk's
# link keeps them only when the site signed it (its answers are the clerk's, not anyone's typing).
NAVIGATION = ("return", "before", "q")


def switch_url(to: str, target: str | None = None) -> str:
    """The switch's address: to language `to`, back to `target` (this page when it was a GET)."""
    if target is None:
        target = this_page() if request.method == "GET" else url_for("interview.start")[len(request.script_root):]
    return url_for("language.switch", to=to, next=target)


# A step's switch is the same button for every step but for the address it posts to: drawn once per
# address prefix, language and way it is sent (whole page or htmx), with this mark where the step's
# address goes (docs/decisions/0031-the-step-draws-only-what-changes.md).
TARGET_MARK = "wizard-switch-target-8d41c7"  # letters, digits and dashes: no encoding changes them
SWITCHES = 64  # per prefix: a client may send any prefix through a trusted proxy
URL_SAFE = "!$'()*,/:;?@"  # what Werkzeug leaves unencoded in a query (werkzeug.urls._urlencode)


def step_language_switch(action: str, oob: bool = False) -> Markup:
    """templates/_language_switch.html on a step whose form posts to `action`."""
    def draw(target: str) -> Markup:
        return Markup(render_template("_language_switch.html", step=True, form=True, oob=oob,
                                      action=request.script_root + target))
    target = action[len(request.script_root):]
    if languages.english_only():
        return draw(target)
    drawn = per_prefix("language switches", (language.current(), oob), lambda: draw(TARGET_MARK), SWITCHES)
    if drawn.count(TARGET_MARK) != 1:
        return draw(target)
    return Markup(drawn.replace(TARGET_MARK, escape(urlencode([("", target)], safe=URL_SAFE)[1:])))


def this_page() -> str:
    arguments = request.view_args or {}
    signed = request.endpoint == "interview.start_for" and signed_by_site(arguments.get("jurisdiction_id", ""),
                                                                          request.args)
    kept = [(k, v) for k, v in request.args.items(multi=True) if signed or k in NAVIGATION]
    return request.path + ("?" + urlencode(kept) if kept else "")


def page_of(target: str) -> tuple[str | None, dict]:
    """The endpoint and arguments of a path on this site; (None, {}) when it names no page."""
    adapter = current_app.url_map.bind("localhost")
    try:
        endpoint, arguments = adapter.match(target.split("?", 1)[0], method="GET")
    except HTTPException:
        return None, {}
    return endpoint, arguments


@bp.route("/language/<to>", methods=["GET", "POST"])
def switch(to: str):
    chosen = known(to) or abort(404)
    target = request.values.get("next")
    target = safe_next(target) if target and target.startswith("/") else "/"  # a path of this site
    languages.choose(chosen)
    endpoint, arguments = page_of(target)
    interview = store().get(arguments["interview_id"]) if "interview_id" in arguments else None
    if interview is not None and this_screen().allowed(interview):
        store().set_language(interview.id, chosen)
        if request.method == "POST" and endpoint == "interview.step":
            keep_typed(interview, arguments["step_id"])
    if htmx:  # a whole page in the new language, not a swap inside the old one's frame
        response = make_response("", 200)
        response.headers["HX-Redirect"] = request.script_root + target
        return response
    return redirect(request.script_root + target, code=303)


def keep_typed(interview, step_id: str) -> None:
    """The step's values as posted, shown again by its GET without errors (nothing is saved)."""
    if step_id == JURISDICTION_STEP:
        return
    try:
        step, _state, j = find_step(interview, step_id)
    except HTTPException:  # a step these answers no longer ask: nothing of it to keep
        return
    form = form_for(step, rulebook().questions_for(interview.jurisdiction), interview.answers,
                    formdata=request.form, today=today(j), posted=True)
    corrections.keep_rows(interview.id, step["step"], form, request.form)


def init_app(app) -> None:
    app.register_blueprint(bp)
    app.add_template_global(switch_url)
    app.add_template_global(step_language_switch)
