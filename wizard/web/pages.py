"""One template per page; an htmx request gets its `content` block (jinja2-fragments)."""
from __future__ import annotations

from flask import request
from flask import make_response, render_template
from jinja2_fragments.flask import render_block
from markupsafe import escape
from urllib.parse import quote

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
    response.headers["HX-Push-Url"] = pushed_url()
    return response


def pushed_url() -> str:
    """The address htmx shows in the location bar, percent-encoded: a header is Latin-1, and a path
    may hold any character (/李 from a link, U+FFFD from an undecodable %ff)."""
    path = quote(request.script_root + request.path, safe="/:@!$&'()*+,;=-._~")
    path = "/" + path.lstrip("/")  # never //host: a protocol-relative address to another site
    query = quote(request.query_string, safe="/?:@!$&'()*+,;=-._~%")  # bytes: may not be UTF-8
    return f"{path}?{query}" if query else path
