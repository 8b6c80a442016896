"""Which language a page speaks (docs/decisions/0002-spanish-beside-the-law.md), chosen at the edge for each request.

In order: the language kept with the interview the page belongs to (set when it started, and by
the switch link), the one this browser chose with the switch link (kept in its session), the
first one `Accept-Language` names that we speak, English. It is put in force for the request with
`language.set_for_request`, so code below the web edge (which never imports Flask) reads it from
`wizard.language.current()`, and Flask-Babel's locale follows it. The office's pages, the clerks'
and the JSON API stay English whatever the browser asks: what goes to the office is in English.
On a kiosk screen the choice lasts for one person: a clear forgets it (`forget_choice`).
"""
from __future__ import annotations

from flask import Flask, g, request, session
from flask_babel import Babel, refresh

from ... import language
from ...language import LANGUAGES, OFFICE_LANGUAGE, known

SESSION_KEY = "language"
# Pages for the office, the departments it refers to, and programs: English only.
ENGLISH_ONLY = ("/api/", "/office", "/clerks", "/r/", "/metrics", "/healthz", "/readyz")
# Each language's name in itself: the switch link is written in the language it switches to.
NAMES = {"en": "English", "es": "Español"}

babel = Babel()


def english_only() -> bool:
    return request.path.startswith(ENGLISH_ONLY)


def browser_language() -> str:
    """This browser's own choice: the switch link's, else the first language of `Accept-Language`
    that we speak (the header lists them best first), else English."""
    chosen = known(session.get(SESSION_KEY))
    if chosen:
        return chosen
    for tag, _quality in request.accept_languages:
        found = known(tag)
        if found:
            return found
    return OFFICE_LANGUAGE


def choose_for_request() -> None:
    language_now = OFFICE_LANGUAGE if english_only() else browser_language()
    g.language_token = language.set_for_request(language_now)


def follow_interview(interview) -> None:
    """The page belongs to this interview: it speaks the interview's language (wizard/web/edge/
    opening.py calls this wherever an interview is opened)."""
    kept = known(getattr(interview, "language", None))
    if kept is None or kept == language.current() or english_only():
        return
    language.set_for_request(kept)  # reset at the request's end by the first token
    refresh()  # Flask-Babel's locale for this request, if it was read already


def choose(to: str) -> None:
    """The switch link: this browser speaks `to` from now on (until a kiosk clears the screen)."""
    session[SESSION_KEY] = to
    language.set_for_request(to)
    refresh()


def forget_choice() -> None:
    """A kiosk screen's clear: the next person starts in the screen's default language."""
    session.pop(SESSION_KEY, None)


def end_of_request(_error=None) -> None:
    token = g.pop("language_token", None)
    if token is not None:
        language.reset(token)


def other_language() -> str:
    return next(code for code in LANGUAGES if code != language.current())


def page_language() -> str:
    return language.current()


def init_app(app: Flask) -> None:
    # Before every other hook: the kiosk's refusals and the error pages speak the chosen language.
    app.before_request_funcs.setdefault(None, []).insert(0, choose_for_request)
    app.teardown_request(end_of_request)
    babel.init_app(app, locale_selector=lambda: language.LOCALES[language.current()],
                   default_translation_directories=str(language.TRANSLATIONS), default_domain="messages;engine")
    # The pages' words come from the same merged catalogs as the sentences below the web edge
    # (wizard/language.py), not from a second copy Flask-Babel would load.
    app.jinja_env.install_gettext_callables(
        gettext=lambda text: language.translations(language.current()).gettext(text),
        ngettext=lambda singular, plural, n: language.translations(language.current()).ngettext(singular, plural, n),
        newstyle=True)
    app.add_template_global(page_language)
    app.add_template_global(english_only, "english_only_page")
    app.add_template_global(other_language)
    app.add_template_global(NAMES, "language_names")
