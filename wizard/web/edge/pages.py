"""One template per page; an htmx request gets its `content` block (jinja2-fragments)."""
from __future__ import annotations

from typing import Callable, cast

from flask import Flask, current_app, get_flashed_messages, make_response, render_template, request
from flask.templating import Environment
from jinja2_fragments.flask import render_block
from markupsafe import Markup, escape
from urllib.parse import quote
from werkzeug.routing import IntegerConverter

from ... import language
from ...language import N_, gettext as _
from ...rules.rulebook import Jurisdiction, PerRuleFile
from .assets import per_prefix
from .extensions import htmx


class PageEnvironment(Environment):
    """Flask's Jinja environment, with a template loaded without globals of its own sharing the
    environment's. Jinja gives each template a ChainMap over them, and every `{% from %} import`
    compared the importing page's keys with the imported template's through it, key by key: 5% of
    a step page's time, for maps that are always the same."""

    def make_globals(self, d):
        return self.globals if not d else super().make_globals(d)


LARGEST_NUMBER = 2**63 - 1  # a signed 64-bit integer: PostgreSQL's BIGINT, SQLite's INTEGER


class BoundedInteger(IntegerConverter):
    """Werkzeug's `int` converter, stopping at the database's largest number: it takes any number of
    digits, and a payment's or letter's number of 2^63 or more failed deep down with an OverflowError,
    a 500. Here such a path matches no route: a 404, like any other unknown record."""

    def __init__(self, map, fixed_digits: int = 0, min: int | None = None, max: int | None = None,
                 signed: bool = False) -> None:
        bounded = LARGEST_NUMBER if max is None or max > LARGEST_NUMBER else max
        super().__init__(map, fixed_digits, min, bounded, signed)


class WizardApp(Flask):
    jinja_environment = PageEnvironment

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Before any blueprint adds its routes: a rule takes its converter when it is added.
        self.url_map.converters["int"] = BoundedInteger

    def ensure_sync(self, func):
        """Flask's, remembered per function: it asks `inspect` whether each hook is a coroutine
        function, for every hook of every request (eighteen times a step page)."""
        known = self.__dict__.setdefault("_sync_functions", {})
        try:
            return known[func]
        except KeyError:
            found = known[func] = super().ensure_sync(func)
            return found
        except TypeError:  # an unhashable callable
            return super().ensure_sync(func)


# The first step's box, drawn once per loaded rule file and language, open and folded: it reads only the rule
# file's list and the page's language (its template says so at its top). Drawing it was a tenth of that step's
# server CPU, on the page every organizer meets first (docs/decisions/0041-the-first-step-drawn-as-the-others.md).
_BOXES = {True: PerRuleFile[Markup](512, "before you start boxes"),
          False: PerRuleFile[Markup](512, "before you start boxes")}


def before_you_start_box(j: Jurisdiction, unfolded: bool = False) -> Markup:
    """The first step's "Before you start, you'll need" box: it says only what the rule file says. Open (above the
    question) for an organizer who came from the home page and has not seen the place's start page; folded below
    Continue otherwise (docs/decisions/0015-no-dead-ends-for-the-organizer.md)."""
    unfolded = bool(unfolded)
    return _BOXES[unfolded].get(j, lambda: Markup(current_app.jinja_env.get_template(
        "_before_you_start_box.html").render(j=j, unfolded=unfolded)))


SITE_PARTS = 64  # (piece, prefix, language) remembered: a client may send any prefix through a trusted proxy


def english_only(j: object) -> Markup:
    """On a page in another language, for a place whose rule file is written in English only (`languages: [en]`, or
    no Spanish at all): say so, in the page's language (docs/decisions/0002-spanish-beside-the-law.md)."""
    speaks = getattr(j, "speaks", None)
    if speaks is None or speaks(language.current()):
        return Markup("")
    return Markup(current_app.jinja_env.get_template("_english_only.html").render(j=j))


def site_part(template: str, kiosk: bool) -> Markup:
    """A piece of every page's frame (the links to the style sheet and scripts, the header, the
    footer), drawn once per address prefix: drawing them took a tenth of a step page, and off a
    kiosk they show the same on every page. A kiosk screen's header carries the page's CSRF token
    (its "Finish and clear" form), so there they are drawn each time, as in debug mode."""
    def draw() -> Markup:
        return Markup(current_app.jinja_env.get_template(template).render(kiosk=kiosk))
    if kiosk or current_app.debug:
        return draw()
    return per_prefix("site_parts", (template, language.current()), draw, SITE_PARTS)  # each in its language


def flash_notices() -> Markup:
    """The messages flashed for this page (`templates/_flashes.html`); most pages have none, and
    an `{% include %}` copied the whole page context to find that out."""
    if not get_flashed_messages():
        return Markup("")
    return Markup(current_app.jinja_env.get_template("_flashes.html").render())


def init_app(app) -> None:
    app.add_template_global(before_you_start_box)
    app.add_template_global(site_part)
    app.add_template_global(english_only)
    app.add_template_global(flash_notices)
    app.add_template_global(site_name)


def is_htmx() -> bool:
    # A history-restore request (cache miss on back/forward) needs the whole page.
    return bool(htmx) and not htmx.history_restore_request


SITE_NAME = N_("Mass Gathering Permit Wizard")  # after every page's title, as base.html writes it


def site_name() -> str:
    """The site's name in the tab: a <title> cannot mark an English part, so a Spanish tab names the
    site in Spanish (the visible header keeps the product's English name, marked lang="en")."""
    return _(SITE_NAME)


def render_page(template: str, **context):
    if not is_htmx():
        return render_template(template, **context)
    title = render_block(template, "title", **context).strip()
    body = f'{english_only(context.get("jurisdiction"))}{render_block(template, "content", **context)}'
    # The switch link outside #content follows the swap: it names the page now shown (its form).
    if context.get("step") and context.get("action") and "form" in context:
        drawn_once = cast(Callable[..., Markup], current_app.jinja_env.globals["step_language_switch"])
        body += str(drawn_once(context["action"], oob=True))
    else:
        body += render_template("_language_switch.html", oob=True, **context)
    # The title htmx puts in the tab keeps the site's name, as a whole page has it.
    # The block is already escaped by the template ("The building&#39;s"): escaping it again would
    # show the entity itself in the tab.
    response = make_response(f"<title>{Markup(title)} – {escape(site_name())}</title>\n{body}")
    response.headers["HX-Push-Url"] = pushed_url()
    return response


def pushed_url() -> str:
    """The address htmx shows in the location bar, percent-encoded: a header is Latin-1, and a path
    may hold any character (/李 from a link, U+FFFD from an undecodable %ff)."""
    path = quote(request.script_root + request.path, safe="/:@!$&'()*+,;=-._~")
    path = "/" + path.lstrip("/")  # never //host: a protocol-relative address to another site
    query = quote(request.query_string, safe="/?:@!$&'()*+,;=-._~%")  # bytes: may not be UTF-8
    return f"{path}?{query}" if query else path
