"""Reminders of one interview falling on the same day are one email listing both."""
from __future__ import annotations

from datetime import date

from wizard.office import reminders


class Records:
    """The few calls send_due_reminders makes, over rows in memory."""

    def __init__(self, rows):
        self.rows = rows
        self.mail = self  # the calls are the mail repository's (`records.mail`)

    def reminders_due(self, today):
        return [r for r in self.rows if r["remind_on"] <= today]

    def forget_reminder(self, reminder_id):
        self.rows = [r for r in self.rows if r["id"] != reminder_id]

    def forget_orphan_reminders(self):
        pass


def row(ident, title, day, reminder_id, recipient="zoe@example.org"):
    return {"id": reminder_id, "interview_id": ident, "recipient": recipient, "title": title, "citation": "Ord. 171",
            "day": day, "remind_on": "2027-03-19", "jurisdiction": "baroda-mi", "link": f"https://p.example/i/{ident}",
            "stop_link": f"https://p.example/i/{ident}/reminders"}


def test_two_reminders_due_the_same_day_are_one_mail_listing_both(monkeypatch):
    queued = []
    monkeypatch.setattr(reminders, "queue", lambda records, mail: queued.append(mail))
    records = Records([row("a", "Last day to file your application", "2027-03-26", 1),
                       row("a", "Have your permit in hand", "2027-03-20", 2),
                       row("b", "Last day to file your application", "2027-03-26", 3, "ann@example.org")])
    assert reminders.send_due_reminders(records, lambda place: date(2027, 3, 19), date(2027, 3, 19)) == 3
    assert records.rows == []
    assert len(queued) == 2  # one for each interview, not one for each reminder
    both = next(m for m in queued if m.recipient == "zoe@example.org")
    assert both.subject == "Reminder: 2 deadlines, the first Saturday, March 20, 2027"
    text = both.text
    assert text.index("Have your permit in hand: Saturday, March 20, 2027, tomorrow") < text.index(
        "Last day to file your application: Friday, March 26, 2027, in 7 days")
    assert text.count("Stop the reminders") == 1
