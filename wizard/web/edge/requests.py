"""How a request is read: the request class, and the address a page may be sent back to.

The request class drops form fields without a name as they are parsed. A multipart part whose name
werkzeug cannot read (a name with a line break, or ending in a backslash) comes out with the key
None, and Flask-WTF's CSRF check calls `key.endswith` on every key: one such part was a 500 before
any view ran.
"""
from __future__ import annotations

from flask import Request, url_for
from werkzeug.formparser import FormDataParser


def _named(fields):
    if all(isinstance(key, str) for key in fields.keys()):
        return fields
    return type(fields)([(key, value) for key, value in fields.items(multi=True) if isinstance(key, str)])


class NamedFieldsParser(FormDataParser):
    def parse(self, *args, **kwargs):
        stream, form, files = super().parse(*args, **kwargs)
        return stream, _named(form), _named(files)


class WizardRequest(Request):
    form_data_parser_class = NamedFieldsParser


def safe_next(value: str | None) -> str:
    """A path on this site to go back to ("/i/.../step/site"), never another site's address."""
    if not value or not value.startswith("/") or value.startswith("//") or "\\" in value or len(value) > 500:
        return url_for("interview.start")
    return value
