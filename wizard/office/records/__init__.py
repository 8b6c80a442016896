"""The office's records: every statement that reads or writes the office's tables, one repository
per aggregate, reached through the `OfficeRecords` facade (`records.money.add_payment(...)`).

The tables live beside the interviews, in the same backend (an SQLite file or a PostgreSQL
database, wizard/store/), and come from their own versioned migrations (`..schema`). Each repository
is a class over the backend that names its own tables:

- `applications`: an application's row, its versions, uploads, checklist ticks and history. The
  `counters` (`next_number`, `take_turn`) live here too: they number applications and order the
  sends and uploads of an application, and nothing else uses them.
- `review`: referrals to departments and the decision (what the review of one application records).
- `trail`: the paper trail after the decision (conditions before issuance, permit actions, mailed
  notices, inspections, the closing).
- `money`: payments (fees, deposits and their return, bonds) and certificates of insurance.
- `issued`: the documents the office issued (receipts, permits, letters), kept as issued.
- `mail`: the outbox and an organizer's reminders (mail waiting to go).
- `clerks`: the office's own people and what opens their pages: accounts, password links, calendar
  feeds' addresses, short codes of the links they build, and the notes they write for their place.
  Short links and notes belong to no application: they are the office's, kept by its clerks.
- `counts`: the Board's totals, the sums of the trail and the calendar feed's window, read across
  the others' tables.

Deleting an application spans every aggregate: `OfficeRecords.forget_application` asks each
repository to forget its rows, in an order the count triggers agree with (decisions before their
application).
"""
from __future__ import annotations

from ...store.interviews import InterviewStore
from ..schema import MIGRATION_SET, MIGRATIONS
from . import issued, money, trail
from .applications import APPLICATION_COLUMNS, ApplicationRecords
from .base import now_text
from .clerks import ClerkRecords, email_hash
from .issued import IssuedRecords
from .counts import CLOSED_SQL, CountRecords, in_feed_sql
from .mail import MailRecords
from .money import MoneyRecords
from .review import REFERRAL, ReviewRecords
from .trail import TrailRecords

__all__ = ["APPLICATION_COLUMNS", "CLOSED_SQL", "REFERRAL", "TRAIL_TABLES", "OfficeRecords", "email_hash",
           "in_feed_sql", "now_text", "upgrade_schema"]

# The tables holding an application's paper trail and money, by reference: deleted with it (retention).
TRAIL_TABLES = trail.TABLES + money.TABLES + issued.TABLES


def upgrade_schema(store: InterviewStore) -> list[str]:
    """Apply every migration not applied yet, the interviews' then the office's (`wizard db upgrade`,
    and both ends of `wizard db copy`); their names."""
    return store.migrate() + OfficeRecords.upgrade(store)


class OfficeRecords:
    """The office's storage, in the interview store's backend: one attribute per aggregate."""

    def __init__(self, store: InterviewStore):
        self.store = store
        self.backend = store.backend
        self.upgrade(store)
        self.applications = ApplicationRecords(self.backend)
        self.review = ReviewRecords(self.backend)
        self.trail = TrailRecords(self.backend)
        self.money = MoneyRecords(self.backend)
        self.mail = MailRecords(self.backend)
        self.clerks = ClerkRecords(self.backend)
        self.counts = CountRecords(self.backend)
        self.issued = IssuedRecords(self.backend)

    @staticmethod
    def upgrade(store: InterviewStore) -> list[str]:
        """Apply the office's migrations not applied yet (after the interviews'); their names."""
        return store.migrate_also(MIGRATION_SET, MIGRATIONS)

    def forget_application(self, reference: str, interview_id: str) -> None:
        """The application and everything kept about it, its interview included (retention)."""
        self.issued.forget(reference)
        self.trail.forget(reference)
        self.money.forget(reference)
        self.review.forget(reference)
        self.mail.forget(reference)
        self.applications.forget(reference, interview_id)
