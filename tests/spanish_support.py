"""Test helper (issue 41): an app whose organizer pages run in Spanish, the office's in English, as
the web edge's choice of language will set them; for the tests of what lies below the web edge."""
from __future__ import annotations

import re

from flask import g, request

from wizard import language

OFFICE_PATHS = ("/office", "/clerks", "/api")


def organizers_read(app, lang: str = "es"):
    """Every organizer's request of `app` in `lang`; the office's stay English."""

    @app.before_request
    def speak():
        if not request.path.startswith(OFFICE_PATHS):
            g.test_language = language.set_for_request(lang)

    @app.teardown_request
    def stop(_error=None):
        token = g.pop("test_language", None)
        if token is not None:
            language.reset(token)

    return app


SHEET_NUMBER = re.compile(r"Instrucciones, hoja (\d+) de (\d+)")


def without_sheets(pages: list[str]) -> list[str]:
    """A Spanish packet's page texts without its instruction sheets (wizard/packet/sheets.py)."""
    return [text for text in pages if not SHEET_NUMBER.search(text)]
