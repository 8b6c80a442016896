"""How long sent applications are kept: they are records of the office, apart from the 90-day
retention of unsent interviews. An application is kept while it is open; once the clerk closes it
(approved, denied, withdrawn) it is kept for KEEP_APPLICATIONS_DAYS more, then deleted for good
with its versions, uploads, ticks, history and the interview behind it.

The ordinances say nothing about keeping records; a state's records-retention schedule may ask
for longer, so the period is a setting (`--keep-applications-days`), and the default is long.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..store.retention import moment_ago
from .records import OfficeRecords

DEFAULT_KEEP_DAYS = 3 * 365


@dataclass(frozen=True)
class ApplicationPurge:
    days: float
    references: list[str]
    dry_run: bool

    def __str__(self) -> str:
        count = len(self.references)
        what = (f"{count} application{'' if count == 1 else 's'} closed more than {self.days:g} days ago"
                + (f" ({', '.join(self.references)})" if self.references else ""))
        return f"Would delete {what}." if self.dry_run else f"Deleted {what}."


def purge_applications(records: OfficeRecords, days: float, dry_run: bool = False) -> ApplicationPurge:
    old = records.applications.closed_before(moment_ago(days * 86400))
    if not dry_run:
        for row in old:
            records.forget_application(row["reference"], row["interview_id"])
        records.mail.forget_sent_mail(moment_ago(30 * 86400))
        records.applications.forget_orphan_uploads()
        records.mail.forget_orphan_reminders()  # an organizer's address goes with the deleted interview
        records.counts.forget_orphan_outcomes()
    return ApplicationPurge(days, [row["reference"] for row in old], dry_run)
