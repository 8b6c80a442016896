"""The office's own people and what opens their pages: clerks' accounts (and the session version a
removed one leaves), their one-time password links, their calendar feeds' secret addresses, the
short codes of links they build, and the notes they write for their place."""
from __future__ import annotations

import hashlib
import json

from .base import Repository, now_text


def email_hash(email: str) -> str:
    return hashlib.sha256(email.encode("utf-8", "surrogatepass")).hexdigest()


class ClerkRecords(Repository):
    """clerks, removed_clerks, clerk_links, feeds, short_links and local_notes."""

    # Accounts --------------------------------------------------------------------------------

    def add_clerk(self, email: str, jurisdictions: list[str]) -> None:
        # A new account's session version is above any a removed account of this email had: a cookie
        # of the removed account does not open the new one.
        self._write("INSERT INTO clerks (email, jurisdictions, password_hash, created_at, session_version) "
                    "VALUES (?, ?, NULL, ?, COALESCE((SELECT session_version FROM removed_clerks "
                    "WHERE email_hash = ?), 0) + 1) ON CONFLICT(email) DO UPDATE SET jurisdictions = excluded.jurisdictions",
                    (email, json.dumps(sorted(set(jurisdictions))), now_text(), email_hash(email)))

    def clerk(self, email: str) -> dict | None:
        row = self._one("SELECT email, jurisdictions, password_hash, session_version FROM clerks WHERE email = ?",
                        (email,))
        if row:
            row["jurisdictions"] = json.loads(row["jurisdictions"])
        return row

    def clerks(self) -> list[dict]:
        rows = self._query("SELECT email, jurisdictions, password_hash FROM clerks ORDER BY email")
        for row in rows:
            row["jurisdictions"] = json.loads(row["jurisdictions"])
        return rows

    def remove_clerk(self, email: str) -> bool:
        """The account, its password links and its calendar feed: adding the address again later
        makes a new account, never one that the old links, feed address or sessions still open (its
        last session version is kept, by a hash of the address, for the new account to start above)."""
        with self.backend.transaction():
            self._write("DELETE FROM clerk_links WHERE email = ?", (email,))
            self._write("DELETE FROM feeds WHERE email = ?", (email,))
            self._write("INSERT INTO removed_clerks (email_hash, session_version) SELECT CAST(? AS TEXT), "
                        "session_version + 1 FROM clerks WHERE email = ? ON CONFLICT(email_hash) DO UPDATE SET "
                        "session_version = excluded.session_version", (email_hash(email), email))
            return self._write("DELETE FROM clerks WHERE email = ?", (email,)) > 0

    def clerks_of(self, jurisdiction: str) -> list[str]:
        return [c["email"] for c in self.clerks() if jurisdiction in c["jurisdictions"]]

    def set_password_hash(self, email: str, password_hash: str) -> None:
        # A new password ends every session signed in with the old one.
        self._write("UPDATE clerks SET password_hash = ?, session_version = session_version + 1 WHERE email = ?",
                    (password_hash, email))

    def end_sessions(self, email: str) -> None:
        """Every session of this account ends, on every server (each checks the version it signed in with)."""
        self._write("UPDATE clerks SET session_version = session_version + 1 WHERE email = ?", (email,))

    # Password links ----------------------------------------------------------------------------

    def add_link(self, token_hash: str, email: str, expires_at: str) -> None:
        """The account's one password link: a newer one voids any older one still unused."""
        with self.backend.transaction():
            self._write("DELETE FROM clerk_links WHERE email = ?", (email,))
            self._write("INSERT INTO clerk_links (token_hash, email, expires_at) VALUES (?, ?, ?)",
                        (token_hash, email, expires_at))

    def link(self, token_hash: str) -> dict | None:
        return self._one("SELECT email, expires_at FROM clerk_links WHERE token_hash = ?", (token_hash,))

    def use_link(self, token_hash: str) -> dict | None:
        """The link's row, deleted as it is read: a one-time link works once."""
        return self._one("DELETE FROM clerk_links WHERE token_hash = ? RETURNING email, expires_at", (token_hash,))

    # Calendar feeds' addresses -----------------------------------------------------------------

    def add_feed(self, token_hash: str, email: str) -> None:
        self._write("DELETE FROM feeds WHERE email = ?", (email,))
        self._write("INSERT INTO feeds (token_hash, email, created_at) VALUES (?, ?, ?)",
                    (token_hash, email, now_text()))

    def feed_owner(self, token_hash: str) -> str | None:
        row = self._one("SELECT email FROM feeds WHERE token_hash = ?", (token_hash,))
        return row["email"] if row else None

    def has_feed(self, email: str) -> bool:
        return self._one("SELECT email FROM feeds WHERE email = ?", (email,)) is not None

    def revoke_feed(self, email: str) -> None:
        self._write("DELETE FROM feeds WHERE email = ?", (email,))

    # Short codes of built links, and the place's notes ------------------------------------------

    def add_short_link(self, code: str, target: str) -> str:
        """The stored target of `code` (the one given, unless that code already names another)."""
        self._write("INSERT INTO short_links (code, target, created_at) VALUES (?, ?, ?) "
                    "ON CONFLICT(code) DO NOTHING", (code, target, now_text()))
        return self.short_link(code) or target

    def short_link(self, code: str) -> str | None:
        row = self._one("SELECT target FROM short_links WHERE code = ?", (code,))
        return row["target"] if row else None

    def add_note(self, jurisdiction: str, text: str, who: str) -> None:
        self._write("INSERT INTO local_notes (jurisdiction, text, written_by, written_at) VALUES (?, ?, ?, ?)",
                    (jurisdiction, text, who, now_text()))

    def notes(self, jurisdiction: str) -> list[dict]:
        return self._query("SELECT id, jurisdiction, text, written_by, written_at FROM local_notes "
                           "WHERE jurisdiction = ? ORDER BY id", (jurisdiction,))

    def remove_note(self, note_id: int, jurisdictions: list[str]) -> bool:
        return bool(self._query_in("DELETE FROM local_notes WHERE id = ? AND jurisdiction {places} RETURNING id",
                                   jurisdictions, (note_id,)))
