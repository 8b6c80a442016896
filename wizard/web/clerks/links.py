"""Clerks' links the site signed, and the short codes that stand for them
(docs/decisions/0019-the-office-reviews-from-the-rule-file.md).

A link made on /clerks carries `sig`, an itsdangerous signature over the municipality and every
answer in it. Only a link whose signature checks says "Your clerk filled in"; a hand-edited or
unsigned one still pre-fills but says "This link filled in", so nobody can put words in the
clerk's mouth (changing max_attendance=800 to 250 would otherwise drop Baroda's 300-person trigger
under the clerk's name). A short code (`/c/K7QM-3XPD`) resolves to the signed link, for typing from
a printed handout.
"""
from __future__ import annotations

import hashlib

from flask import Blueprint, abort, redirect

from ..edge.limits import allow_new_record
from ..edge.state import office_records

bp = Blueprint("codes", __name__)
# No 0/O, 1/I/L or U: a code read aloud or copied from paper is not mistaken for another.
CODE_LETTERS = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 8


def short_code(target: str, length: int = CODE_LENGTH) -> str:
    """A code made from the link itself, so making the same link twice stores one row."""
    number = int.from_bytes(hashlib.sha256(target.encode()).digest()[:16], "big")
    letters = []
    for _ in range(length):
        number, digit = divmod(number, len(CODE_LETTERS))
        letters.append(CODE_LETTERS[digit])
    return "".join(letters)


def shown_code(code: str) -> str:
    return "-".join(code[at:at + 4] for at in range(0, len(code), 4))


def store_short_link(target: str) -> str | None:
    """The code for `target` (a path on this site), stored; a longer one if the short one is taken.
    None when this address has stored its hour's allowance of new codes: a code is a row in the
    database, and /clerks is open to anyone until a clerk account exists."""
    code = short_code(target)
    if office_records().clerks.short_link(code) == target:
        return code
    if not allow_new_record():
        return None
    if office_records().clerks.add_short_link(code, target) != target:
        code = short_code(target, CODE_LENGTH * 2)
        office_records().clerks.add_short_link(code, target)
    return code


def typed_code(text: str) -> str:
    """A code as a person types it: any case, with or without the dash or spaces."""
    return "".join(c for c in text.upper() if c.isalnum())[:CODE_LENGTH * 2]


@bp.get("/c/<code>")
def follow(code: str):
    target = office_records().clerks.short_link(typed_code(code))
    if target is None or not target.startswith("/") or target.startswith("//"):
        abort(404)
    return redirect(target, code=303)
