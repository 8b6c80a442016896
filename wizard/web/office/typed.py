"""What a clerk or a department typed into an office form that was refused, kept for the one page
the refusal redirects to (every POST answers with a redirect), so a refused form never loses its
text: the decision, a referral, a department's answer, a local note.

The values ride in the signed session cookie until that page is drawn. A cookie holds about 4 KB,
so at most `LIMIT` characters are kept in all; the office's text boxes are far shorter in use
(a local note is at most 1,000 characters).
"""
from __future__ import annotations

from flask import flash, g, request, session

KEY = "typed"
LIMIT = 2500


def keep_typed(values: dict[str, str], page: str) -> None:
    """Keep `values` for the next drawing of `page` (a path) only: another application's page, or
    any other, never shows them."""
    kept, room = {}, LIMIT
    for name, value in values.items():
        kept[name], room = value[:room], max(room - len(value), 0)
    session[KEY] = {"page": page, "values": kept}


def keep_refused(error: Exception, names: tuple[str, ...], page: str) -> None:
    """A refused office form: its message shown above the form on `page`, and the form's fields
    `names` kept for it, so the clerk or the department corrects rather than retypes."""
    flash(str(error), "danger")
    keep_typed({name: request.form.get(name, "") for name in names}, page)


def typed(name: str, default: str = "") -> str:
    """The value kept for `name` by the refused POST, on the page drawn after it (once)."""
    if "typed_values" not in g:
        kept = session.pop(KEY, None) if KEY in session else None
        g.typed_values = kept["values"] if kept and kept.get("page") == request.script_root + request.path else {}
    return g.typed_values.get(name, default)


def _forget_elsewhere() -> None:
    """A look at any other page drops what was kept: it is for the page right after the refusal."""
    kept = session.get(KEY) if request.method == "GET" and KEY in session else None
    if kept is not None and kept.get("page") != request.script_root + request.path:
        session.pop(KEY)


def init_app(app) -> None:
    app.jinja_env.globals["typed"] = typed
    app.before_request(_forget_elsewhere)
