"""Mail waiting to go: the outbox (every mail the office and the wizard send, tried again until it
goes) and an organizer's reminders still to queue."""
from __future__ import annotations

from .base import Repository, now_text


class MailRecords(Repository):
    """outbox and reminders."""

    # The outbox ----------------------------------------------------------------------------

    def queue_mail(self, reference: str, recipient: str, subject: str, text_body: str, html_body: str,
                   attachment: tuple[str, bytes] | None = None, forget_when_sent: bool = False) -> None:
        now = now_text()
        name, data = attachment or (None, None)
        self._write("INSERT INTO outbox (reference, recipient, subject, text_body, html_body, created_at, attempts, "
                    "next_try_at, attachment_name, attachment, forget_when_sent) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)",
                    (reference, recipient, subject, text_body, html_body, now, now, name, data,
                     1 if forget_when_sent else 0))

    def mail_due(self, now: str, limit: int = 20, waiting_until: str | None = None) -> list[dict]:
        """Mail whose next try has come; with `waiting_until`, also mail waiting for a retry until then
        (a sender just started tries it at once), never mail being sent by a sender that may still be at it."""
        return self._query("SELECT id, recipient, subject, text_body, html_body, attempts, attachment_name, "
                           "attachment FROM outbox WHERE sent_at IS NULL AND (next_try_at <= ? "
                           "OR (sending_since IS NULL AND next_try_at <= ?)) ORDER BY id LIMIT ?",
                           (now, waiting_until or now, limit))

    def mail_being_sent(self, mail_id: int, retry_at: str) -> None:
        """Marked before the SMTP server hears of it: if this server dies before `mail_sent`, the message is
        not due again until `retry_at`, when it goes again with the same Message-ID."""
        self._write("UPDATE outbox SET sending_since = ?, next_try_at = ? WHERE id = ?", (now_text(), retry_at, mail_id))

    def mail_sent(self, mail_id: int) -> None:
        self._write("DELETE FROM outbox WHERE id = ? AND forget_when_sent = 1", (mail_id,))
        self._write("UPDATE outbox SET sent_at = ?, sending_since = NULL, last_error = NULL WHERE id = ?",
                    (now_text(), mail_id))

    def mail_failed(self, mail_id: int, error: str, next_try_at: str) -> None:
        self._write("UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_try_at = ?, sending_since = NULL "
                    "WHERE id = ?", (error, next_try_at, mail_id))

    def unsent_mail(self, jurisdictions: list[str], limit: int | None = None, offset: int = 0) -> list[dict]:
        """Mail not sent yet about these places' applications, oldest first; `limit`: a page of it."""
        page = f" LIMIT {int(limit)} OFFSET {int(offset)}" if limit is not None else ""
        return self._query_in("SELECT o.id, o.reference, o.subject, o.created_at, o.attempts, o.next_try_at, "
                              "o.last_error, o.sending_since FROM outbox o JOIN applications a ON a.reference = o.reference "
                              "WHERE o.sent_at IS NULL AND a.jurisdiction {places} ORDER BY o.id" + page, jurisdictions)

    def unsent_count(self, jurisdictions: list[str], up_to: int | None = None) -> int:
        """How many of these places' mails are not sent yet (the inbox shows the count, not every one);
        `up_to`: counted no further than that, so the count costs the same however much is waiting."""
        bound = f" LIMIT {int(up_to)}" if up_to is not None else ""
        found = self._query_in("SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM outbox o JOIN applications a "
                               "ON a.reference = o.reference WHERE o.sent_at IS NULL AND a.jurisdiction {places}"
                               f"{bound}) waiting", jurisdictions)
        return int(found[0]["n"]) if found else 0

    def forget_sent_mail(self, before: str) -> int:
        return self._write("DELETE FROM outbox WHERE sent_at IS NOT NULL AND sent_at < ?", (before,))

    def forget(self, reference: str) -> None:
        """An application's mail, sent or not (retention)."""
        self._forget(("outbox",), reference)

    # An organizer's reminders ----------------------------------------------------------------

    def set_reminders(self, interview_id: str, rows: list[dict]) -> None:
        """The interview's reminders from now on: asking again replaces the earlier ones."""
        self.stop_reminders(interview_id)
        for row in rows:
            self._write("INSERT INTO reminders (interview_id, recipient, title, citation, day, remind_on, link, "
                        "stop_link, language) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (interview_id, row["recipient"], row["title"], row["citation"], row["day"], row["remind_on"],
                         row["link"], row["stop_link"], row.get("language")))

    def reminders_of(self, interview_id: str) -> list[dict]:
        return self._query("SELECT id, recipient, title, citation, day, remind_on FROM reminders "
                           "WHERE interview_id = ? ORDER BY remind_on, id", (interview_id,))

    def reminders_due(self, today: str) -> list[dict]:
        """Reminders due by `today`, with their interview's place (its office's day decides)."""
        return self._query("SELECT r.id, r.interview_id, r.recipient, r.title, r.citation, r.day, r.remind_on, "
                           "r.link, r.stop_link, r.language, i.jurisdiction FROM reminders r JOIN interviews i "
                           "ON i.id = r.interview_id WHERE r.remind_on <= ? ORDER BY r.id", (today,))

    def forget_reminder(self, reminder_id: int) -> None:
        self._write("DELETE FROM reminders WHERE id = ?", (reminder_id,))

    def stop_reminders(self, interview_id: str) -> int:
        return self._write("DELETE FROM reminders WHERE interview_id = ?", (interview_id,))

    def forget_orphan_reminders(self) -> int:
        """Reminders of interviews deleted (retention, "Delete my answers"): their addresses go too."""
        return self._write("DELETE FROM reminders WHERE interview_id NOT IN (SELECT id FROM interviews)")
