"""One template per page; an htmx request gets its `content` block (jinja2-fragments)."""
from __future__ import annotations

from flask import request
from flask import make_response, render_template
from jinja2_fragments.flask import render_block
from markupsafe import escape

from .extensions import htmx


def is_htmx() -> bool:
    # A history-restore request (cache miss on back/forward) needs the whole page.
    return bool(htmx) and not htmx.history_restore_request


def render_page(template: str, **context):
    if not is_htmx():
        return render_template(template, **context)
    title = render_block(template, "title", **context).strip()
    body = render_block(template, "content", **context)
    response = make_response(f"<title>{escape(title)}</title>\n{body}")
    response.headers["HX-Push-Url"] = request.full_path.rstrip("?")
    return response
