"""The office's tables: their versioned migrations (`permit_wizard_office`), applied beside the
interviews' in the same backend. Each migration is a list of statements both engines accept
(`{identity}` and `{binary}` are filled in by the backend); a migration, once released, never changes:
a new column or table is a new migration at the end."""
from __future__ import annotations

from ..store import Migration

MIGRATION_SET = "permit_wizard_office"
MIGRATIONS = (
    Migration("m001_office", (
        "CREATE TABLE clerks (email TEXT PRIMARY KEY, jurisdictions TEXT, password_hash TEXT, created_at TEXT, "
        "session_version INTEGER)",
        "CREATE TABLE clerk_links (token_hash TEXT PRIMARY KEY, email TEXT, expires_at TEXT)",
        "CREATE TABLE applications (reference TEXT PRIMARY KEY, interview_id TEXT, jurisdiction TEXT, status TEXT, "
        "version INTEGER, received_at TEXT, updated_at TEXT, closed_at TEXT, event_name TEXT, starts_at TEXT, "
        "ends_at TEXT, applicant_email TEXT)",
        "CREATE UNIQUE INDEX idx_applications_interview_id ON applications (interview_id)",
        "CREATE INDEX idx_applications_jurisdiction ON applications (jurisdiction)",
        "CREATE TABLE application_versions (reference TEXT, version INTEGER, answers TEXT, sent_at TEXT, "
        "PRIMARY KEY (reference, version))",
        "CREATE TABLE uploads (id TEXT PRIMARY KEY, interview_id TEXT, document TEXT, filename TEXT, mimetype TEXT, "
        "size INTEGER, data {binary}, uploaded_at TEXT)",
        "CREATE INDEX idx_uploads_interview_id ON uploads (interview_id)",
        "CREATE TABLE ticks (reference TEXT, item TEXT, received INTEGER, PRIMARY KEY (reference, item))",
        "CREATE TABLE history (id {identity}, reference TEXT, at TEXT, who TEXT, what TEXT, detail TEXT)",
        "CREATE INDEX idx_history_reference ON history (reference)",
        "CREATE TABLE outbox (id {identity}, reference TEXT, recipient TEXT, subject TEXT, text_body TEXT, "
        "html_body TEXT, created_at TEXT, attempts INTEGER, next_try_at TEXT, sent_at TEXT, last_error TEXT)",
        "CREATE TABLE counters (name TEXT PRIMARY KEY, last INTEGER)")),
    # An organizer's own reminders (issue 23, item 10): one row per reminder still to send, with the
    # address; a row is deleted once its mail is queued, stopped, or its interview is gone.
    # A mail that carries an interview's private link is deleted once sent, not kept 30 days.
    Migration("m002_organizer_mail", (
        "CREATE TABLE reminders (id {identity}, interview_id TEXT, recipient TEXT, title TEXT, citation TEXT, "
        "day TEXT, remind_on TEXT, link TEXT, stop_link TEXT)",
        "CREATE INDEX idx_reminders_interview_id ON reminders (interview_id)",
        "CREATE INDEX idx_reminders_remind_on ON reminders (remind_on)",
        "ALTER TABLE outbox ADD COLUMN forget_when_sent INTEGER")),
    # Issue 22: short codes of clerks' links, referrals to departments, decisions, calendar feeds
    # and the office's own local notes; a decision's email carries the permit itself.
    Migration("m003_review", (
        "CREATE TABLE short_links (code TEXT PRIMARY KEY, target TEXT, created_at TEXT)",
        "CREATE TABLE referrals (id {identity}, reference TEXT, department TEXT, recipient TEXT, token_hash TEXT, "
        "sent_at TEXT, due_on TEXT, expires_at TEXT, answer TEXT, answer_text TEXT, answered_at TEXT)",
        "CREATE INDEX idx_referrals_reference ON referrals (reference)",
        "CREATE UNIQUE INDEX idx_referrals_token_hash ON referrals (token_hash)",
        "CREATE TABLE decisions (reference TEXT PRIMARY KEY, decision TEXT, conditions TEXT, reasons TEXT, "
        "decided_on TEXT, decided_by TEXT, recorded_at TEXT)",
        "CREATE TABLE feeds (token_hash TEXT PRIMARY KEY, email TEXT, created_at TEXT)",
        "CREATE TABLE local_notes (id {identity}, jurisdiction TEXT, text TEXT, written_by TEXT, written_at TEXT)",
        "CREATE INDEX idx_local_notes_jurisdiction ON local_notes (jurisdiction)",
        "ALTER TABLE outbox ADD COLUMN attachment_name TEXT",
        "ALTER TABLE outbox ADD COLUMN attachment {binary}")),
    # Issue 34: a decision belongs to the version it decided (earlier decisions: the version then
    # current, the only one they can have seen); the last day to file, kept to flag a late filing.
    Migration("m004_decided_version", (
        "ALTER TABLE decisions ADD COLUMN version INTEGER",
        "UPDATE decisions SET version = (SELECT a.version FROM applications a WHERE a.reference = decisions.reference)",
        "ALTER TABLE applications ADD COLUMN file_by TEXT")),
    # Issue 36: a removed account's last session version (by a hash of its email, not the email), so
    # the email's next account starts above it and no cookie of the removed one opens it.
    Migration("m005_removed_clerks", (
        "CREATE TABLE removed_clerks (email_hash TEXT PRIMARY KEY, session_version INTEGER)",)),
    # Issue 39: the inbox pages in the database. Kept at first receipt: the office's day of receipt and
    # the decision deadline ('' where the place sets no period; NULL until worked out for older rows),
    # and the organizer's name to search by; indexes for each place's sorts and filters.
    Migration("m006_office_scale", (
        "ALTER TABLE applications ADD COLUMN received_day TEXT",
        "ALTER TABLE applications ADD COLUMN decide_by TEXT",
        "ALTER TABLE applications ADD COLUMN organizer TEXT",
        "CREATE INDEX idx_applications_place_received ON applications (jurisdiction, received_at)",
        "CREATE INDEX idx_applications_place_due ON applications (jurisdiction, decide_by)",
        "CREATE INDEX idx_applications_place_event ON applications (jurisdiction, starts_at)",
        "CREATE INDEX idx_applications_place_status ON applications (jurisdiction, status)",
        "CREATE INDEX idx_applications_received_day ON applications (received_day)")),
    # Issue 39, item 2: the Board's counts from figures recorded when things happen. The days a
    # decision took (from the office's day of receipt; older decisions get theirs when the counts
    # are first opened); indexes for counting a place's interviews and decisions per year.
    Migration("m009_office_counts", (
        "ALTER TABLE decisions ADD COLUMN days_to_decide INTEGER",
        "CREATE INDEX idx_interviews_place_created ON interviews (jurisdiction, created_at)",
        "CREATE INDEX idx_decisions_decided_on ON decisions (decided_on)")),
)
