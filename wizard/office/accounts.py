"""Clerk accounts: who may open which jurisdictions' applications, one-time links to choose a
password, and checking a password.

Passwords are hashed with scrypt (werkzeug's `generate_password_hash`, memory-hard); a one-time
link's token is stored only as its sha256, so the database alone opens no account.
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from werkzeug.security import check_password_hash, generate_password_hash

from ..kinds import NotAnEmail, email_address
from ..store.interviews import token_hash
from .records import OfficeRecords

LINK_HOURS = 24
MIN_PASSWORD = 12
MAX_PASSWORD = 200
PASSWORD_METHOD = "scrypt"  # werkzeug's generate_password_hash method for a new password
# Checked against when the email is unknown or has no password yet, and always fails: so a wrong email
# costs one scrypt check, as long as a wrong password. A literal, the hash of a random password nobody
# kept, made with werkzeug's scrypt parameters (N=2**15, r=8, p=1, the ones `generate_password_hash`
# gives a clerk's password): computing it at import cost every process 0.13 s of CPU at start.
UNKNOWN_EMAIL_HASH = ("scrypt:32768:8:1$wZ7tpetUQTOSiOgY$d705ce848f0cae4af41c0512b2e5fdf8db196dac728d215c53c9a560"
                      "ceefbed3fc98fe460a832bd63f2383f968d40082061bd26f1c725b6cdbbffa65c807e820")


class AccountError(ValueError):
    """A clerk account could not be made or changed; the message says why, for the clerk."""


@dataclass(frozen=True)
class Clerk:
    email: str
    jurisdictions: tuple[str, ...]
    session_version: int

    def may_open(self, jurisdiction: str) -> bool:
        return jurisdiction in self.jurisdictions


def normal_email(email: str) -> str:
    try:
        return email_address(email or "").lower()
    except NotAnEmail as error:
        raise AccountError(f"{(email or '')[:80]!r} is not an email address. {error}") from None


def add_clerk(records: OfficeRecords, email: str, jurisdictions: list[str], known: set[str],
              now: datetime | None = None) -> str:
    """Create (or update) the account and return a one-time token for choosing a password."""
    email = normal_email(email)
    unknown = sorted(set(jurisdictions) - known)
    if not jurisdictions:
        raise AccountError("give at least one --jurisdiction")
    if unknown:
        raise AccountError(f"no jurisdiction {', '.join(unknown)} (known: {', '.join(sorted(known))})")
    records.clerks.add_clerk(email, list(jurisdictions))
    return new_password_link(records, email, now)


def new_password_link(records: OfficeRecords, email: str, now: datetime | None = None) -> str:
    token = secrets.token_urlsafe(32)
    expires = (now or datetime.now(timezone.utc)) + timedelta(hours=LINK_HOURS)
    records.clerks.add_link(token_hash(token), email, expires.isoformat(timespec="seconds"))
    return token


def link_email(records: OfficeRecords, token: str, now: datetime | None = None) -> str | None:
    """The account a password link is for, while it is valid (not used, not older than 24 hours)."""
    row = records.clerks.link(token_hash(token)) if isinstance(token, str) and len(token) < 100 else None
    if row is None or row["expires_at"] < (now or datetime.now(timezone.utc)).isoformat(timespec="seconds"):
        return None
    return row["email"]


def check_new_password(password: str, again: str) -> None:
    if len(password) < MIN_PASSWORD:
        raise AccountError(f"Choose a password of at least {MIN_PASSWORD} characters.")
    if len(password) > MAX_PASSWORD:
        raise AccountError(f"Choose a password of at most {MAX_PASSWORD} characters.")
    if password != again:
        raise AccountError("The two passwords are not the same. Type the same password twice.")


def choose_password(records: OfficeRecords, token: str, password: str, again: str,
                    method: str = PASSWORD_METHOD) -> Clerk:
    """Set the password through a one-time link, which is used up. `method` is werkzeug's
    (`PASSWORD_HASH_METHOD` in the app's config, scrypt unless a test chose a cheaper one)."""
    email = link_email(records, token)
    if email is None:
        raise AccountError("This link has expired or was used already. Ask for a new one.")
    check_new_password(password, again)
    if records.clerks.use_link(token_hash(token)) is None:  # two tabs at once: only one sets the password
        raise AccountError("This link has expired or was used already. Ask for a new one.")
    records.clerks.set_password_hash(email, generate_password_hash(password, method=method))
    return clerk(records, email)


def clerk(records: OfficeRecords, email: str) -> Clerk | None:
    row = records.clerks.clerk(email)
    if row is None:
        return None
    return Clerk(row["email"], tuple(row["jurisdictions"]), row["session_version"])


def signed_in_clerk(records: OfficeRecords, email: str, password: str) -> Clerk | None:
    """The clerk whose email and password these are, or None (always after one scrypt check)."""
    try:
        email = normal_email(email)
    except AccountError:
        email = ""
    row = records.clerks.clerk(email) if email else None
    stored = row["password_hash"] if row and row["password_hash"] else UNKNOWN_EMAIL_HASH
    if not check_password_hash(stored, password or "") or row is None or not row["password_hash"]:
        return None
    return Clerk(row["email"], tuple(row["jurisdictions"]), row["session_version"])


def sign_out_everywhere(records: OfficeRecords, email: str) -> None:
    """End every session of the account, this one and any copy of its cookie, on every server."""
    records.clerks.end_sessions(email)
