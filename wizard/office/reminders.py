"""The organizer's reminders by email (docs/decisions/0015-no-dead-ends-for-the-organizer.md): a week and a day
before each dated step of the plan the organizer must act on (the last day to file, the permit in hand, a dated
checklist item), as the calendar file reminds (`timeline.REMINDER_DAYS`).

Only what is still to come is kept, one row per reminder with the address; the sweeper queues each
reminder on its day and deletes its row, so each is sent once and the address goes with the last
one. Stopping, or the interview's deletion (retention, "Delete my answers"), deletes them all.
The dates are the plan's when the organizer asked: asking again after a change replaces them.
"""
from __future__ import annotations

from datetime import date, timedelta
from typing import Callable

from ..interview.timeline import DEADLINE, REMINDER_DAYS, Timeline
from .mailing import reminder_mail
from .outbox import queue
from .records import OfficeRecords


def planned_reminders(timeline: Timeline) -> list[dict]:
    """The reminders still to come for the organizer's own deadlines, soonest first."""
    planned = []
    for step in timeline.dated:
        if step.kind != DEADLINE:
            continue
        for days in REMINDER_DAYS:
            on = step.day - timedelta(days=days)
            if on >= timeline.today:
                planned.append({"title": step.title, "citation": step.citation, "day": step.day.isoformat(),
                                "remind_on": on.isoformat()})
    return sorted(planned, key=lambda r: (r["remind_on"], r["day"]))


def send_due_reminders(records: OfficeRecords, office_day: Callable[[str | None], date], latest: date) -> int:
    """Queue every reminder due by its place's office day (`office_day(jurisdiction id)`) and forget
    it; how many were queued. `latest` is the latest day anywhere, so that the database hands over
    only what may be due: in UTC's evening it is already tomorrow in UTC and not yet in Chicago."""
    due = [row for row in records.mail.reminders_due(latest.isoformat())
           if row["remind_on"] <= office_day(row["jurisdiction"]).isoformat()]
    together: dict[tuple, list[dict]] = {}  # one mail for an interview's reminders due together
    for row in due:
        together.setdefault((row["interview_id"], row["recipient"], row["jurisdiction"]), []).append(row)
    for (_, _, place), rows in together.items():
        queue(records, reminder_mail(rows, office_day(place)))
        for row in rows:
            records.mail.forget_reminder(row["id"])
    records.mail.forget_orphan_reminders()
    return len(due)
