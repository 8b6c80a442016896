"""Error pages: every failure a user can cause gets a page that says what to do, never a traceback."""
from __future__ import annotations

from flask import jsonify, request
from flask_wtf.csrf import CSRFError

from .pages import render_page


def _wants_json() -> bool:
    return request.path.startswith("/api/")


def init_app(app) -> None:
    def page(status: int, title: str, message: str):
        if _wants_json():
            return jsonify(error=message), status
        return render_page("error.html", status=status, title=title, message=message), status

    app.register_error_handler(404, lambda e: page(404, "Page not found",
        "We could not find that page. If you followed a link to a saved interview, it may have been cleared."))
    app.register_error_handler(405, lambda e: page(405, "That did not work", "Please use the buttons on the page."))
    app.register_error_handler(413, lambda e: page(413, "Too much to send", "What you sent is too large. Please shorten it."))
    app.register_error_handler(400, lambda e: page(400, "Something went wrong with that request", "Please go back and try again."))
    app.register_error_handler(CSRFError, lambda e: page(400, "Please try again",
        "Your form had expired or came from another page. Your saved answers are safe; go back and send it again."))
    app.register_error_handler(500, lambda e: page(500, "Sorry, something went wrong on our side",
        "Your saved answers are safe. Please try again in a moment."))
