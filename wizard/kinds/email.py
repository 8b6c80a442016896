"""One email address: the single check every place an address enters uses (the interview's email
question, an answers file, /api/assess, `wizard clerk add`, a department's address, the office card,
the organizer's own mail), and the answer kind `email` built on it.

An address here is one mailbox, `local@domain`, in plain ASCII: no display name, no second address
after a comma, no line break. A line break in a header value is how a message grows a `Bcc:` line,
and a comma sends it to two people; the SMTP server this site talks to is not known to speak
SMTPUTF8, so an address it could not deliver is refused where it is typed, not found later.
"""
from __future__ import annotations

import re
from email.utils import parseaddr

from ..errors import AnswersError
from ..language import gettext as _
from .base import SamplePlan
from .simple import Text

ADDRESS_LIMIT = 254  # RFC 5321's longest path, less the angle brackets
ATOM = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
LOCAL = re.compile(rf"{ATOM}(?:\.{ATOM})*")
LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
DOMAIN = re.compile(rf"(?:{LABEL}\.)+[A-Za-z]{{2,63}}")
EXAMPLE = "name@example.com"


class NotAnEmail(ValueError):
    """Not one email address; the message says why, in words for the person who typed it."""


def email_address(text: object) -> str:
    """`text` without the spaces around it, when it is exactly one address; NotAnEmail otherwise."""
    if not isinstance(text, str):
        raise NotAnEmail(_("Enter an email address, like %(example)s.", example=EXAMPLE))
    address = text.strip(" \t")  # a line break is refused, even at the end: it would end a header
    if address.count("@") > 1 or any(ch in address for ch in "\r\n\v\f,;"):
        raise NotAnEmail(_("Enter one email address only, like %(example)s: no second address and no line breaks.",
                           example=EXAMPLE))
    local, at, domain = address.rpartition("@")
    if (not at or len(address) > ADDRESS_LIMIT or len(local) > 64 or not LOCAL.fullmatch(local)
            or not DOMAIN.fullmatch(domain) or parseaddr(address) != ("", address)):
        raise NotAnEmail(_("Enter an email address like %(example)s.", example=EXAMPLE))
    return address


class Email(Text):
    """One line checked by one function (`check`), which says in its error what is wrong; the phone
    kind is the same with its own check."""
    name, meaning = "email", "one email address, like name@example.org (no display name, no list)"
    check = staticmethod(email_address)

    def clean(self, key, question, value, known_jurisdictions):
        value = super().clean(key, question, value, known_jurisdictions)
        if not value.strip():
            return ""
        try:
            return self.check(value)
        except ValueError as error:
            raise AnswersError(key, str(error)) from None

    def parse_form(self, text: str) -> str:
        return self.check(text) if text.strip() else ""

    def sample(self, key: str, question: dict, plan: SamplePlan) -> str:
        return "organizer@example.org"

    def candidates(self, question: dict, literals: set) -> list:
        return sorted({v for v in literals if isinstance(v, str)} | {"organizer@example.org"})
