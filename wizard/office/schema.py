"""The office's tables: their versioned migrations (`permit_wizard_office`), applied beside the
interviews' in the same backend. Each migration is a list of statements both engines accept
(`{identity}` and `{binary}` are filled in by the backend); a migration, once released, never changes:
a new column or table is a new migration at the end.

Names are unique and strictly increasing in the list's order (tests/office/test_migration_names.py).
Five were released out of order (m007 and m008 before m006, two m010s) and renumbered: each keeps
the name it was released under as `formerly`. A database that recorded the former name has its new
name recorded beside it when it next upgrades (`wizard.store.base.applied_as_formerly`), so nothing
runs twice, and a release still reading the former names finds them too. The renumbering keeps the
order the migrations always ran in; only their names changed.
"""
from __future__ import annotations

from typing import TypedDict

from ..store import Migration

# The Board's counts kept as totals (m012_count_totals). What each row of a counted table adds: the
# totals table, the figures (in its columns' order; {R} is the row, NEW or OLD, {s} +1 or -1), a table
# joined (its decision, or its application: a decision counts under its application's place) and when.
TOTALS = {"count_totals": (("place", "period", "what", "detail"), ("n", "days", "timed")),
          "decision_day_totals": (("place", "year", "days"), ("n",)),
          "trail_totals": (("place", "what", "detail"), ("n", "cents"))}
_DECIDED = ("{place}", "COALESCE(SUBSTR({d}.decided_on, 1, 4), '')", "COALESCE({d}.decision, '')", "''", "{s}",
            "{s} * COALESCE({d}.days_to_decide, 0)", "{s} * (CASE WHEN {d}.days_to_decide IS NULL THEN 0 ELSE 1 END)")
_HISTOGRAM = ("{place}", "COALESCE(SUBSTR({d}.decided_on, 1, 4), '')", "{d}.days_to_decide", "{s}")
_TIMED = " AND {d}.decision IN ('approved', 'denied') AND {d}.days_to_decide IS NOT NULL"


def _as(figures: tuple[str, ...], **names: str) -> tuple[str, ...]:
    return tuple(f.format(**names) for f in figures)


COUNTED = {  # table: (the columns whose change moves its figures, [(totals, figures, joined, when), ...])
    "interviews": (("jurisdiction", "created_at", "finished_at", "finished_outcome"), [
        ("count_totals", ("{R}.jurisdiction", "COALESCE(SUBSTR({R}.created_at, 1, 4), '')", "'started'", "''",
                          "{s}", "0", "0"), "", "{R}.jurisdiction IS NOT NULL"),
        ("count_totals", ("{R}.jurisdiction", "COALESCE(SUBSTR({R}.finished_at, 1, 7), '')", "'finished'",
                          "COALESCE({R}.finished_outcome, '')", "{s}", "0", "0"), "",
         "{R}.jurisdiction IS NOT NULL AND {R}.finished_at IS NOT NULL")]),
    "applications": (("reference", "jurisdiction", "received_day", "status", "closed_at"), [
        ("count_totals", ("{R}.jurisdiction", "SUBSTR({R}.received_day, 1, 4)", "'received'", "''", "{s}", "0", "0"),
         "", "{R}.jurisdiction IS NOT NULL AND {R}.received_day <> ''"),
        ("count_totals", ("{R}.jurisdiction", "COALESCE(SUBSTR({R}.closed_at, 1, 4), '')", "'withdrawn'", "''",
                          "{s}", "0", "0"), "", "{R}.jurisdiction IS NOT NULL AND {R}.status = 'withdrawn'"),
        ("count_totals", _as(_DECIDED, place="{R}.jurisdiction", d="d", s="{s}"), "decisions d",
         "d.reference = {R}.reference AND {R}.jurisdiction IS NOT NULL"),
        ("decision_day_totals", _as(_HISTOGRAM, place="{R}.jurisdiction", d="d", s="{s}"), "decisions d",
         "d.reference = {R}.reference AND {R}.jurisdiction IS NOT NULL" + _TIMED.format(d="d"))]),
    "decisions": (("reference", "decision", "decided_on", "days_to_decide"), [
        ("count_totals", _as(_DECIDED, place="a.jurisdiction", d="{R}", s="{s}"), "applications a",
         "a.reference = {R}.reference AND a.jurisdiction IS NOT NULL"),
        ("decision_day_totals", _as(_HISTOGRAM, place="a.jurisdiction", d="{R}", s="{s}"), "applications a",
         "a.reference = {R}.reference AND a.jurisdiction IS NOT NULL" + _TIMED.format(d="{R}"))]),
}
# The paper trail's sums kept the same way (m023_trail_totals): each row counts under its application's place.
_OF_PLACE = "a.reference = {R}.reference AND a.jurisdiction IS NOT NULL"
_KEPT = "{R}.voided_at IS NULL"  # a voided payment counts for nothing
COUNTED.update({
    "payments": (("reference", "amount_cents", "refunded_cents", "returned_cents", "voided_at"), [
        # Net of an overpayment's refund: what the office kept.
        ("trail_totals", ("a.jurisdiction", "'received'", "''", "{s}",
                          "{s} * (COALESCE({R}.amount_cents, 0) - COALESCE({R}.refunded_cents, 0))"),
         "applications a", f"{_OF_PLACE} AND {_KEPT}"),
        ("trail_totals", ("a.jurisdiction", "'returned'", "''", "{s}", "{s} * COALESCE({R}.returned_cents, 0)"),
         "applications a", f"{_OF_PLACE} AND {_KEPT}")]),
    "inspections": (("reference", "result"), [
        ("trail_totals", ("a.jurisdiction", "'inspection'", "COALESCE({R}.result, 'scheduled')", "{s}", "0"),
         "applications a", _OF_PLACE)]),
    "closings": (("reference",), [
        ("trail_totals", ("a.jurisdiction", "'closed'", "''", "{s}", "0"), "applications a", _OF_PLACE)]),
})
BOARD_TABLES = ("interviews", "applications", "decisions")  # m012_count_totals's
TRAIL_TABLES = ("payments", "inspections", "closings")  # m023_trail_totals's


def _upsert(into: str) -> tuple[str, str]:
    keys, figures = TOTALS[into]
    adds = ", ".join(f"{f} = {into}.{f} + excluded.{f}" for f in figures)
    return (f"INSERT INTO {into} ({', '.join(keys + figures)}) ",
            f" ON CONFLICT ({', '.join(keys)}) DO UPDATE SET {adds}")


def _select(into: str, figures: tuple[str, ...], row: str, sign: int, tables: str, when: str) -> str:
    names = TOTALS[into][0] + TOTALS[into][1]
    listed = ", ".join(f"{f.format(R=row, s=sign)} AS {name}" for f, name in zip(figures, names))
    return f"SELECT {listed}{' FROM ' + tables if tables else ''} WHERE {when.format(R=row)}"


def _moves(table: str, row: str, sign: int) -> str:
    """The statements that add (sign 1) or take away (-1) one row's figures, each ending with '; '."""
    return "".join(f"{_upsert(into)[0]}{_select(into, figures, row, sign, joined, when)}{_upsert(into)[1]}; "
                   for into, figures, joined, when in COUNTED[table][1])


def count_triggers(tables: tuple[str, ...]) -> list[dict]:
    """Each counted table's triggers, per engine: a row inserted adds its figures, one deleted takes
    them away, one updated in a counted column does both (a step's save changes none of them: the
    trigger's condition is false and nothing runs)."""
    statements = []
    for table, (columns, _) in ((t, COUNTED[t]) for t in tables):
        sqlite_changed = " OR ".join(f"OLD.{c} IS NOT NEW.{c}" for c in columns)
        pg_changed = " OR ".join(f"OLD.{c} IS DISTINCT FROM NEW.{c}" for c in columns)
        statements += [
            {"sqlite": f"CREATE TRIGGER {table}_counted_in AFTER INSERT ON {table} BEGIN {_moves(table, 'NEW', 1)}END",
             "postgresql": f"CREATE FUNCTION {table}_counted() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                           f"IF TG_OP <> 'INSERT' THEN {_moves(table, 'OLD', -1)}END IF; "
                           f"IF TG_OP <> 'DELETE' THEN {_moves(table, 'NEW', 1)}END IF; RETURN NULL; END $$"},
            {"sqlite": f"CREATE TRIGGER {table}_counted_out AFTER DELETE ON {table} BEGIN {_moves(table, 'OLD', -1)}END",
             "postgresql": f"CREATE TRIGGER {table}_counted AFTER INSERT OR DELETE ON {table} FOR EACH ROW "
                           f"EXECUTE FUNCTION {table}_counted()"},
            {"sqlite": f"CREATE TRIGGER {table}_counted_moved AFTER UPDATE ON {table} WHEN {sqlite_changed} BEGIN "
                       f"{_moves(table, 'OLD', -1)}{_moves(table, 'NEW', 1)}END",
             "postgresql": f"CREATE TRIGGER {table}_counted_moved AFTER UPDATE ON {table} FOR EACH ROW "
                           f"WHEN ({pg_changed}) EXECUTE FUNCTION {table}_counted()"}]
    return statements


def count_fills(tables: tuple[str, ...]) -> list[str]:
    """The totals of the rows kept before these tables' triggers, added up once: the GROUP BYs the page ran until
    then (a decision's figures once, through its application)."""
    fills = []
    for table, (_, moves) in ((t, COUNTED[t]) for t in tables if t != "decisions"):
        for into, figures, joined, when in moves:
            keys, sums = TOTALS[into]
            each = _select(into, figures, "r", 1, f"{table} r" + (f", {joined}" if joined else ""), when)
            fills.append(f"{_upsert(into)[0]}SELECT {', '.join(keys)}, {', '.join(f'SUM({f})' for f in sums)} "
                         f"FROM ({each}) f WHERE 1 = 1 GROUP BY {', '.join(keys)}{_upsert(into)[1]}")
    return fills



def refill_count_totals(backend) -> None:
    """The totals made again from the rows kept (`wizard db copy`, whose target's triggers were off)."""
    for table in TOTALS:
        backend.execute(f"DELETE FROM {table}")
    for statement in count_fills(tuple(COUNTED)):
        backend.execute(statement)


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
    # An organizer's own reminders (docs/decisions/0015-no-dead-ends-for-the-organizer.md): one row per reminder
    # still to send, with the address; a row is deleted once its mail is queued, stopped, or its interview is gone.
    # A mail that carries an interview's private link is deleted once sent, not kept 30 days.
    Migration("m002_organizer_mail", (
        "CREATE TABLE reminders (id {identity}, interview_id TEXT, recipient TEXT, title TEXT, citation TEXT, "
        "day TEXT, remind_on TEXT, link TEXT, stop_link TEXT)",
        "CREATE INDEX idx_reminders_interview_id ON reminders (interview_id)",
        "CREATE INDEX idx_reminders_remind_on ON reminders (remind_on)",
        "ALTER TABLE outbox ADD COLUMN forget_when_sent INTEGER")),
    # The office's review (docs/decisions/0019-the-office-reviews-from-the-rule-file.md): short codes of clerks'
    # links, referrals to departments, decisions, calendar feeds and the office's own local notes; a decision's
    # email carries the permit itself.
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
    # A decision belongs to the version it decided (earlier decisions: the version then current, the only one they
    # can have seen; docs/decisions/0014-the-office-paper-trail.md); the last day to file, kept to flag a late filing.
    Migration("m004_decided_version", (
        "ALTER TABLE decisions ADD COLUMN version INTEGER",
        "UPDATE decisions SET version = (SELECT a.version FROM applications a WHERE a.reference = decisions.reference)",
        "ALTER TABLE applications ADD COLUMN file_by TEXT")),
    # A removed account's last session version (by a hash of its email, not the email), so
    # the email's next account starts above it and no cookie of the removed one opens it.
    Migration("m005_removed_clerks", (
        "CREATE TABLE removed_clerks (email_hash TEXT PRIMARY KEY, session_version INTEGER)",)),
    # The clerk's paper trail (docs/decisions/0014-the-office-paper-trail.md). The maximum the permit allows, which
    # the clerk may set below what the application asked (Baroda (j): "the maximum number of attendants
    # permissible").
    Migration("m006_paper_trail", formerly="m007_paper_trail", statements=(
        "ALTER TABLE decisions ADD COLUMN permitted_maximum INTEGER",)),
    # The rest of the paper trail: the conditions to meet before the permit issues (Baroda
    # (h)), each with who met it and when; suspensions, revocations and reinstatements with their
    # reasons and section; the letters the text says go by mail, with when printed and posted; the
    # money received (and a deposit returned); the certificates of insurance held; inspections; the
    # closing after the event.
    Migration("m007_paper_trail_2", formerly="m008_paper_trail_2", statements=(
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
        # a request assesses only the interviews changed since (so the counts stay fast with years of them).
        "CREATE TABLE interview_outcomes (interview_id TEXT PRIMARY KEY, answers_digest TEXT, outcome TEXT)")),
    # The inbox pages in the database (docs/decisions/0009-counts-from-totals-kept-by-triggers.md). Kept at first
    # receipt: the office's day of receipt and the decision deadline ('' where the place sets no period; NULL until
    # worked out for older rows), and the organizer's name to search by; indexes for each place's sorts and filters.
    Migration("m008_office_scale", formerly="m006_office_scale", statements=(
        "ALTER TABLE applications ADD COLUMN received_day TEXT",
        "ALTER TABLE applications ADD COLUMN decide_by TEXT",
        "ALTER TABLE applications ADD COLUMN organizer TEXT",
        "CREATE INDEX idx_applications_place_received ON applications (jurisdiction, received_at)",
        "CREATE INDEX idx_applications_place_due ON applications (jurisdiction, decide_by)",
        "CREATE INDEX idx_applications_place_event ON applications (jurisdiction, starts_at)",
        "CREATE INDEX idx_applications_place_status ON applications (jurisdiction, status)",
        "CREATE INDEX idx_applications_received_day ON applications (received_day)")),
    # The Board's counts from figures recorded when things happen
    # (docs/decisions/0009-counts-from-totals-kept-by-triggers.md). The days a decision took (from the office's day
    # of receipt; older decisions get theirs when the counts are first opened); indexes for counting a place's
    # interviews and decisions per year.
    Migration("m009_office_counts", (
        "ALTER TABLE decisions ADD COLUMN days_to_decide INTEGER",
        "CREATE INDEX idx_interviews_place_created ON interviews (jurisdiction, created_at)",
        "CREATE INDEX idx_decisions_decided_on ON decisions (decided_on)")),
    # The language the organizer reads ('en', 'es'), kept when the application is sent and when reminders are asked
    # for: their own mails are written in it, and the clerk's inbox names it so the office can answer in it. NULL
    # (older rows) reads as English (docs/decisions/0002-spanish-beside-the-law.md).
    Migration("m010_language", (
        "ALTER TABLE applications ADD COLUMN language TEXT",
        "ALTER TABLE reminders ADD COLUMN language TEXT")),
    # "Interviews finished, by month and outcome" from figures recorded when it happens: the
    # outcome and moment an interview's last page was answered, written once then; counted per month by
    # the database. The days to decide indexed for the median (an ordered LIMIT / OFFSET per group).
    Migration("m011_finished_counts", formerly="m010_finished_counts", statements=(
        "ALTER TABLE interviews ADD COLUMN finished_outcome TEXT",
        "ALTER TABLE interviews ADD COLUMN finished_at TEXT",
        "CREATE INDEX idx_interviews_place_finished ON interviews (jurisdiction, finished_at)",
        "CREATE INDEX idx_decisions_decided_days ON decisions (decided_on, days_to_decide)")),
    # The Board's counts kept as totals per place, year (or month) and measure
    # (docs/decisions/0009-counts-from-totals-kept-by-triggers.md), and the days to decide as a histogram per place
    # and year (the median), so the page reads a few rows whatever the years kept. Triggers add and take away in the
    # same statement as the row's own change (every path that writes: a step, a decision, the retention sweeper,
    # `wizard db copy`); the figures are the GROUP BYs the page ran before, filled once from the rows already kept.
    # The days to decide indexed for the decisions still to be given theirs (counts.fill_decision_days).
    Migration("m012_count_totals", formerly="m011_count_totals", statements=(
        "CREATE TABLE count_totals (place TEXT, period TEXT, what TEXT, detail TEXT, n INTEGER, days INTEGER, "
        "timed INTEGER, PRIMARY KEY (place, period, what, detail))",
        "CREATE TABLE decision_day_totals (place TEXT, year TEXT, days INTEGER, n INTEGER, "
        "PRIMARY KEY (place, year, days))",
        "CREATE INDEX idx_decisions_days_to_decide ON decisions (days_to_decide)",
        # A place's applications still without their kept figures (office/inbox.fill_figures, on each inbox).
        "CREATE INDEX idx_applications_place_unfilled ON applications (jurisdiction, received_day)",
        # The inbox sorted by deadline or by event (office/inbox.py's ORDER, the same expressions): read
        # in order from an index, a page 2 costs the same at 200 applications as at 10,000.
        "CREATE INDEX idx_applications_place_deadline ON applications (jurisdiction, "
        "(CASE WHEN decide_by IS NULL OR decide_by = '' THEN 1 ELSE 0 END), decide_by, reference)",
        "CREATE INDEX idx_applications_place_starts ON applications (jurisdiction, "
        "(CASE WHEN starts_at IS NULL OR starts_at = '' THEN 1 ELSE 0 END), starts_at, reference)",
        # The calendar feed's applications (records.counts.in_feed_sql, the same expression): a place's
        # current ones read as a range, whatever the years of decided, past ones kept.
        "CREATE INDEX idx_applications_place_feed ON applications (jurisdiction, (CASE WHEN status NOT IN "
        "('approved', 'denied', 'withdrawn') THEN '9999-12-31' ELSE COALESCE(NULLIF(ends_at, ''), starts_at) END))",
        *count_triggers(BOARD_TABLES),
        *count_fills(BOARD_TABLES))),
    # Approval and issuance as two steps (docs/decisions/0022-approval-and-issuance.md): what the clerk
    # records as in hand before the permit issues (a prerequisite of the rule file's `before_issuance`:
    # a confirmation, or the alternative its `unless` allows), with who and when; an inspection's
    # result with who recorded it and when, apart from who scheduled it.
    Migration("m013_prerequisites_recorded", (
        "CREATE TABLE prerequisites_recorded (id {identity}, reference TEXT, prerequisite TEXT, how TEXT, "
        "note TEXT, recorded_on TEXT, recorded_by TEXT, recorded_at TEXT)",
        "CREATE INDEX idx_prerequisites_recorded_reference ON prerequisites_recorded (reference)",
        "ALTER TABLE inspections ADD COLUMN result_by TEXT",
        "ALTER TABLE inspections ADD COLUMN result_at TEXT")),
    # The permit issued: the version of the decision it prints and the day it issued (the day its last
    # prerequisite was recorded, or the decision's when nothing was outstanding). The permits approved
    # before it were issued with their decision, as the office then did, unless a condition before
    # issuance was still open.
    Migration("m014_permits_issued", (
        "CREATE TABLE permits_issued (reference TEXT, version INTEGER, issued_on TEXT, issued_at TEXT, "
        "issued_by TEXT, PRIMARY KEY (reference, version))",
        "INSERT INTO permits_issued (reference, version, issued_on, issued_at, issued_by) "
        "SELECT d.reference, COALESCE(d.version, a.version), d.decided_on, d.decided_on, d.decided_by "
        "FROM decisions d JOIN applications a ON a.reference = d.reference WHERE d.decision = 'approved' "
        "AND NOT EXISTS (SELECT 1 FROM issuance_conditions c WHERE c.reference = d.reference AND c.met_at IS NULL)")),
    # The meeting at which the body the text names (a board of trustees, a council) decided: the decision's
    # date is the meeting's, and the permit names it (docs/decisions/0023-the-body-that-decides.md).
    Migration("m015_meetings", (
        "CREATE TABLE meetings (id {identity}, reference TEXT, about TEXT, body TEXT, met_on TEXT, agenda_item TEXT, "
        "motion TEXT, ayes INTEGER, nays INTEGER, abstained INTEGER, decision TEXT, recorded_by TEXT, "
        "recorded_at TEXT)",
        "CREATE INDEX idx_meetings_reference ON meetings (reference)")),
    # Money corrected with a trail (docs/decisions/0024-money-corrected-with-a-trail.md): a payment is never edited
    # or deleted but voided (who, when, why), and an adjusting entry names the one it corrects; a sum above what
    # was outstanding, confirmed by the clerk, keeps the excess as an overpayment until its refund is recorded. A
    # certificate of insurance is withdrawn or replaced the same way, the one replaced kept.
    Migration("m017_money_corrections", (
        "ALTER TABLE payments ADD COLUMN voided_at TEXT",
        "ALTER TABLE payments ADD COLUMN voided_by TEXT",
        "ALTER TABLE payments ADD COLUMN void_reason TEXT",
        "ALTER TABLE payments ADD COLUMN corrects INTEGER",
        "ALTER TABLE payments ADD COLUMN overpaid_cents INTEGER",
        "ALTER TABLE payments ADD COLUMN refunded_on TEXT",
        "ALTER TABLE payments ADD COLUMN refunded_cents INTEGER",
        "ALTER TABLE payments ADD COLUMN refunded_by TEXT",
        "ALTER TABLE insurance_certificates ADD COLUMN withdrawn_at TEXT",
        "ALTER TABLE insurance_certificates ADD COLUMN withdrawn_by TEXT",
        "ALTER TABLE insurance_certificates ADD COLUMN withdrawn_reason TEXT",
        "ALTER TABLE insurance_certificates ADD COLUMN replaces INTEGER")),
    # The documents the office issued, kept as issued (docs/decisions/0025-documents-as-issued-sums-as-filed.md):
    # each one's bytes with its kind, number and day, and the document that superseded it. The permit in force,
    # a payment's receipt or a notice's letter is found by (reference, kind, subject).
    Migration("m019_issued_documents", (
        "CREATE TABLE issued_documents (id {identity}, reference TEXT, kind TEXT, subject TEXT, number TEXT, "
        "situation TEXT, issued_at TEXT, issued_by TEXT, size INTEGER, sha256 TEXT, body {binary}, "
        "superseded_by INTEGER, superseded_at TEXT, superseded_why TEXT)",
        "CREATE INDEX idx_issued_documents_subject ON issued_documents (reference, kind, subject)")),
    # The assessment of each version as it was filed (docs/decisions/0025-documents-as-issued-sums-as-filed.md): the
    # sums, minimums, dates, checklist and sections the office holds the application to, with the digest of the rule
    # file it came from; the digest of a later rule file the clerk chose not to apply. Versions sent before keep
    # NULL until first read, when the office's page assesses them once from their answers and stores it.
    Migration("m020_filed_assessments", (
        "ALTER TABLE application_versions ADD COLUMN assessment TEXT",
        "ALTER TABLE application_versions ADD COLUMN rules_digest TEXT",
        "ALTER TABLE application_versions ADD COLUMN assessed_at TEXT",
        "ALTER TABLE application_versions ADD COLUMN rules_kept TEXT")),
    # The address a clerk shortened for a letter whose addressee does not fit the envelope's window
    # (wizard/packet/envelope_window.py), one line per line; NULL prints the organizer's as typed.
    Migration("m022_letter_address", (
        "ALTER TABLE mailed_notices ADD COLUMN address_lines TEXT",)),
    # The paper trail's sums kept as totals like the Board's counts
    # (docs/decisions/0030-trail-sums-and-feed-kept.md): money received net of voids and refunds, deposits returned,
    # inspections by result and closings, per place, added to by triggers in the same statement as the row's change
    # and filled once from the rows already kept; the counts page then reads a few rows at any size.
    Migration("m023_trail_totals", (
        "CREATE TABLE trail_totals (place TEXT, what TEXT, detail TEXT, n INTEGER, cents BIGINT, "
        "PRIMARY KEY (place, what, detail))",
        *count_triggers(TRAIL_TABLES),
        *count_fills(TRAIL_TABLES))),
    # The mail not sent yet, read from an index of its own (a partial one: SQLite and PostgreSQL both keep only
    # the rows it names): the inbox's count and oldest few cost what is waiting, never the sent mail kept.
    Migration("m024_unsent_mail", (
        "CREATE INDEX idx_outbox_unsent ON outbox (id, reference) WHERE sent_at IS NULL",)),
    # Mail goes once (docs/decisions/0032-mail-marked-being-sent.md): when the sender handed a message to the SMTP
    # server, so that a server killed before it could mark it sent does not send it again at once.
    Migration("m025_mail_being_sent", (
        "ALTER TABLE outbox ADD COLUMN sending_since TEXT",)),
    # The section that sets the decision period kept beside its deadline (decide_by), as the application was filed
    # under it (docs/decisions/0025-documents-as-issued-sums-as-filed.md): the inbox and the calendar feed cite it
    # without reading each kept assessment, and never today's rule file. NULL until first read from the assessment.
    Migration("m026_decision_section_kept", (
        "ALTER TABLE applications ADD COLUMN decision_citation TEXT",)),
)



class ApplicationRow(TypedDict):
    """One row of `applications`, the columns `records.APPLICATION_COLUMNS` reads (dates as ISO text),
    typed: the row travels from SQL through the office's views into its pages, the organizer's status
    page and the mails, and each of them reads it by these names."""

    reference: str
    interview_id: str
    jurisdiction: str  # the place's `id:`: its rule file may no longer be loaded (RuleBook.require)
    status: str  # a key of office.applications.STATUSES
    version: int  # the version last sent; application_versions keeps every one
    received_at: str
    updated_at: str
    closed_at: str | None
    event_name: str | None
    starts_at: str | None
    ends_at: str | None
    applicant_email: str | None
    file_by: str | None  # the day the ordinance asks it to be filed by, where it sets one
    language: str | None  # the organizer's language, None for an application sent before it was kept
