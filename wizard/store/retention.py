"""How long answers are kept: interviews not changed for RETENTION_DAYS are deleted for good.

Used by the server's sweeper (wizard/web/jobs/sweeper.py) and by `wizard purge`.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from .interviews import InterviewStore

DEFAULT_DAYS = 90
MAX_DAYS = 36500  # a hundred years: any longer is no retention, and past it the dates overflow


def moment_ago(seconds: float, now: datetime | None = None) -> str:
    """A time `seconds` before now, written as the store writes times (ISO 8601, UTC, seconds)."""
    moment = (now or datetime.now(timezone.utc)) - timedelta(seconds=seconds)
    return moment.isoformat(timespec="seconds")


@dataclass(frozen=True)
class Purge:
    days: float
    count: int
    dry_run: bool

    def __str__(self) -> str:
        what = f"{self.count} interview{'' if self.count == 1 else 's'} not changed for {self.days:g} days"
        return f"Would delete {what}." if self.dry_run else f"Deleted {what}."


def purge(store: InterviewStore, days: float, dry_run: bool = False) -> Purge:
    before = moment_ago(days * 86400)
    if dry_run:
        return Purge(days, len(store.older_than(before)), True)
    return Purge(days, store.purge_older_than(before), False)
