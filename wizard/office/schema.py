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
    # Issue 40: the clerk's paper trail. The maximum the permit allows, which the clerk may set below
    # what the application asked (Baroda (j): "the maximum number of attendants permissible").
    Migration("m007_paper_trail", (
        "ALTER TABLE decisions ADD COLUMN permitted_maximum INTEGER",)),
    # Issue 40, the rest of the paper trail: the conditions to meet before the permit issues (Baroda
    # (h)), each with who met it and when; suspensions, revocations and reinstatements with their
    # reasons and section; the letters the text says go by mail, with when printed and posted; the
    # money received (and a deposit returned); the certificates of insurance held; inspections; the
    # closing after the event.
    Migration("m008_paper_trail_2", (
        "CREATE TABLE issuance_conditions (id {identity}, reference TEXT, text TEXT, citation TEXT, set_at TEXT, "
        "set_by TEXT, met_at TEXT, met_by TEXT)",
        "CREATE INDEX idx_issuance_conditions_reference ON issuance_conditions (reference)",
        "CREATE TABLE permit_actions (id {identity}, reference TEXT, action TEXT, reasons TEXT, citation TEXT, "
        "acted_on TEXT, acted_by TEXT, recorded_at TEXT)",
        "CREATE INDEX idx_permit_actions_reference ON permit_actions (reference)",
        "CREATE TABLE mailed_notices (id {identity}, reference TEXT, about TEXT, dated TEXT, due_on TEXT, "
        "certified INTEGER, printed_at TEXT, printed_by TEXT, posted_on TEXT, certified_number TEXT, "
        "recorded_by TEXT)",
        "CREATE INDEX idx_mailed_notices_reference ON mailed_notices (reference)",
        # Money received for each sum the assessment names, in cents; a deposit's return.
        "CREATE TABLE payments (id {identity}, reference TEXT, sum_key TEXT, amount_cents INTEGER, method TEXT, "
        "detail TEXT, received_on TEXT, taken_by TEXT, recorded_at TEXT, returned_on TEXT, returned_cents INTEGER, "
        "kept_reason TEXT, returned_by TEXT)",
        "CREATE INDEX idx_payments_reference ON payments (reference)",
        # Certificates of insurance held, compared with the ordinance's minimums.
        "CREATE TABLE insurance_certificates (id {identity}, reference TEXT, coverage TEXT, insurer TEXT, "
        "limit_cents INTEGER, starts_on TEXT, ends_on TEXT, names_insured INTEGER, recorded_by TEXT, recorded_at TEXT)",
        "CREATE INDEX idx_insurance_certificates_reference ON insurance_certificates (reference)",
        # Inspections the text calls for: scheduled, then passed or failed, with any cost.
        "CREATE TABLE inspections (id {identity}, reference TEXT, scheduled_on TEXT, inspector TEXT, result TEXT, "
        "result_on TEXT, cost_cents INTEGER, notes TEXT, recorded_by TEXT)",
        "CREATE INDEX idx_inspections_reference ON inspections (reference)",
        # Closing after the event: what happened; its day starts the keeping period again.
        "CREATE TABLE closings (reference TEXT PRIMARY KEY, closed_on TEXT, notes TEXT, closed_by TEXT, "
        "recorded_at TEXT)",
        # The Board's counts keep each interview's outcome with a digest of the answers it came from, so
        # a request assesses only the interviews changed since (item 8: counts fast with years of them).
        "CREATE TABLE interview_outcomes (interview_id TEXT PRIMARY KEY, answers_digest TEXT, outcome TEXT)")),
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
    # Issue 41: the language the organizer reads ('en', 'es'), kept when the application is sent and
    # when reminders are asked for: their own mails are written in it, and the clerk's inbox names it
    # so the office can answer in it. NULL (older rows) reads as English.
    Migration("m010_language", (
        "ALTER TABLE applications ADD COLUMN language TEXT",
        "ALTER TABLE reminders ADD COLUMN language TEXT")),
    # Issue 39: "Interviews finished, by month and outcome" from figures recorded when it happens: the
    # outcome and moment an interview's last page was answered, written once then; counted per month by
    # the database. The days to decide indexed for the median (an ordered LIMIT / OFFSET per group).
    Migration("m010_finished_counts", (
        "ALTER TABLE interviews ADD COLUMN finished_outcome TEXT",
        "ALTER TABLE interviews ADD COLUMN finished_at TEXT",
        "CREATE INDEX idx_interviews_place_finished ON interviews (jurisdiction, finished_at)",
        "CREATE INDEX idx_decisions_decided_days ON decisions (decided_on, days_to_decide)")),
)
