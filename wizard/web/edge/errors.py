"""Error pages: every failure a user can cause gets a page that says what to do, never a traceback."""
from __future__ import annotations

from flask import current_app, g, jsonify, make_response, request, url_for
from flask.globals import request_ctx
from flask_wtf.csrf import CSRFError

from ...errors import DocumentNotReady, InterviewTooLarge, PacketNotReady, PrintingFailed, RulesNotLoaded, StoreUnavailable
from .logs import security_event
from ...language import gettext as _
from .filters import N_
from .logs import redact_path
from .pages import render_page
from .security import plain_page
from .state import rulebook

RETRY_SECONDS = 5  # Retry-After on a 503: the pool waits this long for the database before giving up
PREPARING_SECONDS = 3  # a packet not ready yet: the page asks again this soon (a packet takes about one)
NOT_SAVED = N_("We could not save your answer just now; it is still in the form, try again.")
NOT_READ = N_("We could not open your answers just now. Nothing is lost: try again in a moment.")


def _wants_json() -> bool:
    return request.path.startswith("/api/")


def _same_page_link() -> str | None:
    """The page a stale form came from, when it is one of ours that can be opened again."""
    rule = request.url_rule
    path = request.path
    if rule is None or "GET" not in (rule.methods or ()) or not path.startswith("/") or path.startswith("//"):
        return None
    return request.script_root + path


def kept_fields(form) -> list[dict]:
    """What a post typed, to show again in a form when nothing could be saved (the database is gone):
    each field with the question's label where it is one of the rule book's questions."""
    questions = rulebook().questions
    return [{"name": name, "value": value, "long": "\n" in value or len(value) > 80,
             "label": questions.get(name, {}).get("label") or name.replace("_", " ").capitalize()}
            for name, values in form.lists() if name != "csrf_token" and not secret(name) for value in values]


def secret(name: str) -> bool:
    """A password is never written back into a page: the clerk types it again."""
    return "password" in name.lower()


def store_unavailable(error: StoreUnavailable):
    """A 503 that keeps the typed answers: a post shows its values again in a form that sends them
    to the same address; a read says try again. Nothing was saved, so nothing half-saved is lost."""
    current_app.logger.warning("database unavailable on %s %s: %s", request.method, redact_path(request.path), error)
    g.database_error = True  # counted by /metrics (web/operations/watching.py)
    posted = request.method == "POST"
    message = _(NOT_SAVED if posted else NOT_READ)
    if _wants_json():
        response = jsonify(error=message)
    elif request_ctx.url_adapter is None:
        code, headers, body = plain_page("503 Service Unavailable", _("Try again in a moment"), message)
        response = make_response(body, 503, headers)
    else:
        query = f"?{request.query_string.decode('latin-1')}" if request.query_string else ""
        response = make_response(render_page(
            "unavailable.html", title=_("Not saved yet") if posted else _("Try again in a moment"), message=message,
            kept=kept_fields(request.form) if posted else [], action=request.script_root + request.path + query,
            csrf_token_value=request.form.get("csrf_token", "") if posted else "", again_url=_same_page_link()))
    response.status_code = 503
    response.headers["Retry-After"] = str(RETRY_SECONDS)
    return response


def packet_not_ready(error: PacketNotReady):
    """A 503 with Retry-After, not a 202: the link downloads a PDF, and a 2xx would tell a download
    manager, `curl -f` or `wget` that this page is the PDF (saved as packet.pdf); a 503 tells every
    client to try again later, and a browser shows the page, whose meta refresh (no JavaScript)
    asks again until the PDF comes (an attachment: the browser saves it and stays on this page)."""
    current_app.logger.warning("packet not ready on %s: %s", redact_path(request.path), error)
    interview_id = (request.view_args or {}).get("interview_id")
    body = render_page("preparing.html", title=_("Your packet is being prepared"), retry_seconds=PREPARING_SECONDS,
                       again_url=request.script_root + request.path,
                       back_url=url_for("interview.result", interview_id=interview_id) if interview_id else None)
    response = make_response(body, 503)
    response.headers["Retry-After"] = str(PREPARING_SECONDS)
    return response


def document_not_ready(error: DocumentNotReady):
    """A permit, letter or receipt still being printed: the packet's "being prepared" page (a 503 with
    Retry-After whose meta refresh asks again, so it works with JavaScript or without), with the
    document's own title. The thread is free meanwhile; the next ask finds the document made."""
    current_app.logger.warning("document not ready on %s: %s", redact_path(request.path), error)
    body = render_page("preparing.html", title=_("Your document is being prepared"),
                       retry_seconds=PREPARING_SECONDS, again_url=request.script_root + request.path, back_url=None)
    response = make_response(body, 503)
    response.headers["Retry-After"] = str(PREPARING_SECONDS)
    return response


def init_app(app) -> None:
    def page(status: int, title: str, message: str, **extra):
        if _wants_json():
            return jsonify(error=message), status
        if request_ctx.url_adapter is None:
            # A request werkzeug could not bind a URL map to (a malformed Host): the page template
            # cannot build a link, so answer with the plain page the WSGI guard uses.
            code, headers, body = plain_page(f"{status} Error", title, message)
            return body, status, headers
        return render_page("error.html", status=status, title=title, message=message, **extra), status

    def csrf_failed(error: CSRFError):
        security_event("csrf failure", reason=(error.description or "")[:80])
        if "expired" in (error.description or "").lower():
            return page(400, _("This page expired"), _("This page was open for a long time, so for your safety "
                        "it expired. Your answers are kept: open the page again and send it once more."),
                        again_url=_same_page_link())
        return page(400, _("Please try again"),
                    _("Your form had expired or came from another page. Your saved answers are safe; go back and send it again."),
                    again_url=_same_page_link())

    app.register_error_handler(404, lambda e: page(404, _("Page not found"),
        _("We could not find that page. If you followed a link to a saved interview, it may have been cleared.")))
    app.register_error_handler(405, lambda e: page(405, _("That did not work"), _("Please use the buttons on the page.")))
    app.register_error_handler(413, lambda e: page(413, _("Too much to send"), _("What you sent is too large. Please shorten it.")))
    app.register_error_handler(400, lambda e: page(400, _("Something went wrong with that request"), _("Please go back and try again.")))
    app.register_error_handler(CSRFError, csrf_failed)
    app.register_error_handler(InterviewTooLarge, lambda e: page(
        413, _("Too much to save"), _("Your answers are longer than one interview may keep. Nothing new was "
        "saved and your earlier answers are kept: go back and shorten the longest ones.")))
    app.register_error_handler(StoreUnavailable, store_unavailable)

    def printing_failed(error: PrintingFailed):
        current_app.logger.error("printing failed on %s: %s", redact_path(request.path), error)
        return page(503, _("The PDF could not be printed just now"),
                    _("Nothing is lost: what was saved or decided is kept. Please try again in a minute."))

    app.register_error_handler(PrintingFailed, printing_failed)

    def rules_not_loaded(error: RulesNotLoaded):
        """A kept application or interview of a place whose rule file is gone: a GET of a page that can
        be read from the records alone (an area registers it in `read_only_pages`) answers it; anything
        else is refused with a 409 that says why, and nothing is changed."""
        read_only = app.extensions.get("read_only_pages", {}).get(request.endpoint)
        if request.method == "GET" and read_only is not None:
            return read_only(error)
        current_app.logger.warning("refused on %s %s: %s", request.method, redact_path(request.path), error)
        office_side = request.path.startswith(("/office/", "/r/"))
        return page(409, "Its rules are no longer loaded",
                    f"The rules of {error.jurisdiction_id} are no longer loaded on this site (its rule file was "
                    "removed or renamed), so this cannot be done. Nothing was changed, and what was stored is kept. "
                    + ("Ask the office's administrator to load the place's rule file again." if office_side else
                       "Please contact the office you applied to."))

    app.register_error_handler(RulesNotLoaded, rules_not_loaded)
    app.register_error_handler(PacketNotReady, packet_not_ready)
    app.register_error_handler(DocumentNotReady, document_not_ready)
    app.register_error_handler(500, lambda e: page(500, _("Sorry, something went wrong on our side"),
        _("Your saved answers are safe. Please try again in a moment.")))
