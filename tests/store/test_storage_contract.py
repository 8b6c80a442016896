"""The storage contract: every behaviour of the interview store and the office's records, run on
both backends (an SQLite file and a real PostgreSQL schema from scripts/test.sh's cluster)."""
from __future__ import annotations

import json
import threading

import pytest

from wizard.errors import InterviewTooLarge
from wizard.office.records import OfficeRecords
from wizard.office.schema import MIGRATIONS as OFFICE_MIGRATIONS
from wizard.store.interviews import MAX_ANSWERS_BYTES, MIGRATIONS, InterviewStore

from tests.support.postgres import fresh_schema

EVERY_BYTE = bytes(range(256)) * 4  # an upload with every byte value, NUL and invalid UTF-8 included


@pytest.fixture
def store(database_target):
    opened = InterviewStore(database_target)
    opened.migrate()
    yield opened
    opened.close()


@pytest.fixture
def records(store):
    return OfficeRecords(store)


def application(reference="BAR-2027-0001", interview_id="i" * 43, jurisdiction="baroda-mi", **more) -> dict:
    return {"reference": reference, "interview_id": interview_id, "jurisdiction": jurisdiction, "status": "received",
            "version": 1, "received_at": "2027-01-02T10:00:00+00:00", "updated_at": "2027-01-02T10:00:00+00:00",
            "event_name": "Harvest Fair", "starts_at": "2027-07-09T12:00", "ends_at": "2027-07-09T20:00",
            "applicant_email": "zoe@example.org", **more}


# Interviews -------------------------------------------------------------------------------------

def test_an_interview_is_saved_and_read_back_as_typed(store):
    made = store.create({"jurisdiction": "baroda-mi", "event_name": "Fête «de» 🎪", "max_attendance": 400},
                        ["jurisdiction"])
    made.answers["setting"] = "outdoors"
    made.completed_steps.append("where")
    store.save(made)
    read = store.get(made.id)
    assert read.answers == {"jurisdiction": "baroda-mi", "event_name": "Fête «de» 🎪", "max_attendance": 400,
                            "setting": "outdoors"}
    assert read.completed_steps == ["jurisdiction", "where"] and read.created_at == made.created_at
    assert read.kiosk is False
    assert store.get("x" * 43) is None and store.get("'; DROP TABLE interviews; --") is None


def test_too_large_answers_are_refused_and_nothing_is_saved(store):
    made = store.create({"event_name": "small"})
    made.answers["notes"] = "x" * MAX_ANSWERS_BYTES
    with pytest.raises(InterviewTooLarge):
        store.save(made)
    assert store.get(made.id).answers == {"event_name": "small"}


def test_a_failed_post_is_shown_once_and_only_on_its_step(store):
    made = store.create()
    store.keep_failed_post(made.id, "when", [("starts_at", "tomorrow?"), ("note", "50% sure")])
    assert store.take_failed_post(made.id, "when") == [("starts_at", "tomorrow?"), ("note", "50% sure")]
    assert store.take_failed_post(made.id, "when") is None
    store.keep_failed_post(made.id, "when", [("a", "b")])
    assert store.take_failed_post(made.id, "where") is None


def test_a_hand_off_opens_its_interview_once_until_it_expires(store):
    made = store.create({"event_name": "x"})
    store.add_handoff("h1", made.id, "2030-01-01T00:00:00+00:00")
    store.add_handoff("h2", made.id, "2020-01-01T00:00:00+00:00")
    assert store.claim_handoff("h1", "2026-01-01T00:00:00+00:00") == made.id
    assert store.claim_handoff("h1", "2026-01-01T00:00:00+00:00") is None
    assert store.claim_handoff("h2", "2026-01-01T00:00:00+00:00") is None


def test_a_kiosk_enrolment_works_once_and_expires(store):
    token = store.new_enrolment("2030-01-01T00:00:00+00:00")
    late = store.new_enrolment("2020-01-01T00:00:00+00:00")
    assert store.enrolment_open(token, "2026-01-01") and not store.enrolment_open(late, "2026-01-01")
    assert store.claim_enrolment(token, "2026-01-01") and not store.claim_enrolment(token, "2026-01-01")
    assert not store.claim_enrolment(late, "2026-01-01") and not store.enrolment_open("unknown", "2026-01-01")


def test_kiosk_marks_and_the_idle_delete(store):
    idle, busy, home = store.create(), store.create(), store.create()
    store.mark_kiosk([idle.id], "2026-01-01T10:00:00+00:00")
    store.mark_kiosk([busy.id], "2026-01-01T12:00:00+00:00")
    assert store.get(idle.id).kiosk and not store.get(home.id).kiosk
    assert store.delete_idle("2026-01-01T11:00:00+00:00") == 1
    assert store.get(idle.id) is None and store.get(busy.id) and store.get(home.id)


def test_clear_move_and_the_retention_purge(store):
    kept, gone, moved = store.create({"n": 1}), store.create({"n": 2}), store.create({"n": 3})
    assert store.clear([gone.id, "not an id"]) == 1 and store.get(gone.id) is None
    new = store.move(moved.id)
    assert store.get(moved.id) is None and store.get(new.id).answers == {"n": 3} and new.id != moved.id
    assert store.move(moved.id) is None
    assert store.older_than("2000-01-01") == []
    assert sorted(store.older_than("9999-01-01")) == sorted([kept.id, new.id])
    store.add_handoff("old", kept.id, "2000-01-01T00:00:00+00:00")
    assert store.purge_older_than("9999-01-01") == 2
    assert store.get(kept.id) is None and store.claim_handoff("old", "1999-01-01") is None


# Migrations and transactions --------------------------------------------------------------------

def test_migrations_are_versioned_tracked_and_run_once(database_target):
    first = InterviewStore(database_target)
    assert first.migrate() == [m.name for m in MIGRATIONS]
    assert OfficeRecords.upgrade(first) == [m.name for m in OFFICE_MIGRATIONS]
    first.close()
    again = InterviewStore(database_target)
    assert again.migrate() == [] and OfficeRecords.upgrade(again) == []
    table = "_sqlite_migrations" if not database_target.startswith("postgresql") else "wizard_migrations"
    names = [r["name"] for r in again.backend.query(f"SELECT name FROM {table} ORDER BY name")]
    assert names == sorted(m.name for m in (*MIGRATIONS, *OFFICE_MIGRATIONS))
    again.close()


def test_a_transaction_keeps_all_or_nothing(store):
    made = store.create({"n": 1})
    with pytest.raises(RuntimeError), store.backend.transaction():
        store.backend.execute("UPDATE interviews SET jurisdiction = ? WHERE id = ?", ("dekalb-il", made.id))
        raise RuntimeError("halfway")
    assert store.backend.one("SELECT jurisdiction FROM interviews WHERE id = ?", (made.id,))["jurisdiction"] is None
    with store.backend.transaction():
        store.backend.execute("UPDATE interviews SET jurisdiction = ? WHERE id = ?", ("dekalb-il", made.id))
    assert store.backend.one("SELECT jurisdiction FROM interviews WHERE id = ?", (made.id,))["jurisdiction"] == "dekalb-il"


@pytest.fixture
def shared_database():
    with fresh_schema() as url:
        yield url


def test_servers_starting_at_once_on_postgresql_migrate_once(shared_database):
    """Two servers of a statewide host start together: the advisory lock lets one migrate, the
    others wait and find the schema done (a village's one SQLite process has no such race)."""
    target = shared_database
    stores, errors = [], []

    def start() -> None:
        try:
            opened = InterviewStore(target)
            OfficeRecords(opened)
            stores.append(opened)
        except Exception as error:  # noqa: BLE001 - the test reports any failure of a start
            errors.append(error)

    starts = [threading.Thread(target=start) for _ in range(4)]
    for thread in starts:
        thread.start()
    for thread in starts:
        thread.join()
    assert errors == [] and len(stores) == 4
    assert stores[0].create({"n": 1}).id
    assert stores[1].backend.one("SELECT COUNT(*) AS n FROM wizard_migrations")["n"] == len(MIGRATIONS) + len(
        OFFICE_MIGRATIONS)
    for opened in stores:
        opened.close()


def test_a_statement_is_written_once_for_both_engines(store):
    """`?` placeholders and a literal % mean the same on both (psycopg's own marks are %s)."""
    assert store.backend.one("SELECT '50%' || ? AS said", (" sure",))["said"] == "50% sure"
    assert store.backend.one("SELECT '100%' AS said")["said"] == "100%"


# The office's records ---------------------------------------------------------------------------

def test_clerks_their_places_passwords_and_one_time_links(records):
    records.clerks.add_clerk("a@example.org", ["dekalb-il", "baroda-mi", "baroda-mi"])
    records.clerks.add_clerk("b@example.org", ["dekalb-il"])
    records.clerks.add_clerk("a@example.org", ["baroda-mi"])  # updating keeps one account
    assert [c["email"] for c in records.clerks.clerks()] == ["a@example.org", "b@example.org"]
    assert records.clerks.clerk("a@example.org")["jurisdictions"] == ["baroda-mi"]
    assert records.clerks.clerks_of("dekalb-il") == ["b@example.org"]
    before = records.clerks.clerk("a@example.org")["session_version"]
    records.clerks.set_password_hash("a@example.org", "hash")
    assert records.clerks.clerk("a@example.org")["session_version"] == before + 1
    records.clerks.add_link("t", "a@example.org", "2030-01-01")
    assert records.clerks.link("t")["email"] == "a@example.org"
    assert records.clerks.use_link("t")["email"] == "a@example.org" and records.clerks.use_link("t") is None
    assert records.clerks.remove_clerk("b@example.org") and not records.clerks.remove_clerk("b@example.org")
    assert records.clerks.clerk("nobody@example.org") is None


def test_numbers_count_up_per_name(records):
    assert [records.applications.next_number("BAR-2027") for _ in range(3)] == [1, 2, 3]
    assert records.applications.next_number("DEK-2027") == 1


def test_applications_their_versions_and_places(records):
    records.applications.insert_application(application())
    records.applications.insert_application(application("DEK-2027-0001", "j" * 43, "dekalb-il", received_at="2027-02-01"))
    assert records.applications.application("BAR-2027-0001")["event_name"] == "Harvest Fair"
    assert records.applications.application_for("j" * 43)["reference"] == "DEK-2027-0001"
    assert [a["reference"] for a in records.applications.applications_in(["baroda-mi", "dekalb-il"])] == [
        "DEK-2027-0001", "BAR-2027-0001"]
    assert records.applications.applications_in([]) == [] and records.applications.applications_in(["x') OR 1=1 --"]) == []
    records.applications.update_application("BAR-2027-0001", status="complete", version=2)
    assert records.applications.application("BAR-2027-0001")["status"] == "complete"
    records.applications.add_version("BAR-2027-0001", 1, {"event_name": "Fair"}, "2027-01-02")
    records.applications.add_version("BAR-2027-0001", 2, {"event_name": "Fair «2»"}, "2027-01-03")
    assert records.applications.version_answers("BAR-2027-0001", 2) == {"event_name": "Fair «2»"}
    assert records.applications.version_answers("BAR-2027-0001", 9) == {}
    assert [v["version"] for v in records.applications.versions("BAR-2027-0001")] == [1, 2]
    assert records.applications.sent_interview_ids() == {"i" * 43, "j" * 43}


def test_uploads_keep_their_bytes_exactly(store, records):
    owner = store.create()
    first = records.applications.add_upload(owner.id, "site_plan", "plan.pdf", "application/pdf", EVERY_BYTE)
    records.applications.add_upload(owner.id, "other", "b.png", "image/png", b"\x89PNG")
    got = records.applications.upload(owner.id, first)
    assert bytes(got["data"]) == EVERY_BYTE and got["size"] == len(EVERY_BYTE)
    assert records.applications.upload("someone else" * 4, first) is None
    assert {u["filename"] for u in records.applications.uploads(owner.id)} == {"plan.pdf", "b.png"}
    assert records.applications.uploaded_bytes(owner.id) == len(EVERY_BYTE) + 4 and records.applications.uploaded_bytes("none") == 0
    assert records.applications.remove_upload(owner.id, first) and not records.applications.remove_upload(owner.id, first)
    store.clear([owner.id])
    assert records.applications.forget_orphan_uploads() == 1


def test_ticks_and_history(records):
    records.applications.set_tick("R", "site_plan", True)
    records.applications.set_tick("R", "insurance", False)
    records.applications.set_tick("R", "insurance", True)
    assert records.applications.ticks("R") == {"site_plan": True, "insurance": True}
    for what in ("received", "complete", "approved"):
        records.applications.add_history("R", "clerk@example.org", what, f"detail of {what}")
    assert [h["what"] for h in records.applications.history("R")] == ["received", "complete", "approved"]


def test_the_mail_outbox(records):
    records.applications.insert_application(application())
    records.mail.queue_mail("BAR-2027-0001", "zoe@example.org", "Received", "text", "<p>html</p>",
                            attachment=("permit.pdf", EVERY_BYTE))
    records.mail.queue_mail("BAR-2027-0001", "zoe@example.org", "Your link", "t", "h", forget_when_sent=True)
    due = records.mail.mail_due("9999-01-01")
    assert [m["subject"] for m in due] == ["Received", "Your link"] and bytes(due[0]["attachment"]) == EVERY_BYTE
    assert len(records.mail.mail_due("9999-01-01", limit=1)) == 1 and records.mail.mail_due("2000-01-01") == []
    records.mail.mail_failed(due[0]["id"], "refused", "9999-06-01")
    assert records.mail.unsent_mail(["baroda-mi"])[0]["last_error"] == "refused"
    assert records.mail.mail_due("9999-01-01")[0]["attempts"] == 0  # only the link's mail is due now
    records.mail.mail_sent(due[1]["id"])
    records.mail.mail_sent(due[0]["id"])
    assert records.mail.unsent_mail(["baroda-mi"]) == [] and records.mail.unsent_mail([]) == []
    assert records.mail.forget_sent_mail("9999-01-01") == 1  # the link's mail was deleted as it was sent


def test_an_organizers_reminders(store, records):
    owner, other = store.create(), store.create()
    row = {"recipient": "zoe@example.org", "title": "File", "citation": "§ 4", "day": "2027-06-01",
           "link": "https://x/i", "stop_link": "https://x/stop"}
    records.mail.set_reminders(owner.id, [{**row, "remind_on": "2027-05-01"}, {**row, "remind_on": "2027-05-20"}])
    records.mail.set_reminders(owner.id, [{**row, "remind_on": "2027-05-10"}])  # asking again replaces
    records.mail.set_reminders(other.id, [{**row, "remind_on": "2027-05-02"}])
    assert [r["remind_on"] for r in records.mail.reminders_of(owner.id)] == ["2027-05-10"]
    assert [r["interview_id"] for r in records.mail.reminders_due("2027-05-15")] == [owner.id, other.id]
    records.mail.forget_reminder(records.mail.reminders_of(owner.id)[0]["id"])
    store.clear([other.id])
    assert records.mail.reminders_due("2027-05-15") == [] and records.mail.forget_orphan_reminders() == 1
    assert records.mail.stop_reminders(owner.id) == 0


def test_referrals_decisions_feeds_notes_and_short_links(records):
    records.applications.insert_application(application())
    records.review.add_referral({"reference": "BAR-2027-0001", "department": "fire", "recipient": "f@example.org",
                                 "token_hash": "th", "sent_at": "2027-01-03", "due_on": "2027-01-17",
                                 "expires_at": "2027-02-01"})
    referral = records.review.referral_by_token("th")
    records.review.answer_referral(referral["id"], "no objection", "fine")
    assert records.review.referrals("BAR-2027-0001")[0]["answer"] == "no objection"
    assert [r["department"] for r in records.counts.feed_referrals(["baroda-mi"], "2027-01-01")] == ["fire"]
    assert records.counts.feed_referrals(["dekalb-il"], "2027-01-01") == []
    assert records.counts.feed_changes(["baroda-mi"], "2027-01-01")["referrals"] == 1
    decision = {"reference": "BAR-2027-0001", "decision": "approved", "decided_on": "2027-01-20", "decided_by": "c"}
    records.review.set_decision(decision)
    records.review.set_decision({**decision, "decision": "denied", "reasons": "noise"})
    assert records.review.decision("BAR-2027-0001")["decision"] == "denied"
    assert records.review.decisions_in(["baroda-mi"])[0]["jurisdiction"] == "baroda-mi"
    records.clerks.add_feed("f1", "c@example.org")
    records.clerks.add_feed("f2", "c@example.org")  # a new feed link replaces the old one
    assert records.clerks.feed_owner("f1") is None and records.clerks.feed_owner("f2") == "c@example.org"
    records.clerks.revoke_feed("c@example.org")
    assert not records.clerks.has_feed("c@example.org")
    records.clerks.add_note("baroda-mi", "Park closes at 10", "c")
    note = records.clerks.notes("baroda-mi")[0]
    assert not records.clerks.remove_note(note["id"], ["dekalb-il"]) and not records.clerks.remove_note(note["id"], [])
    assert records.clerks.remove_note(note["id"], ["baroda-mi"]) and records.clerks.notes("baroda-mi") == []
    assert records.clerks.add_short_link("abc", "/a") == "/a" and records.clerks.add_short_link("abc", "/b") == "/a"
    assert records.clerks.short_link("abc") == "/a" and records.clerks.short_link("zzz") is None


def test_counting_interviews_and_deleting_a_closed_application(store, records):
    sent = store.create({"jurisdiction": "baroda-mi"})
    store.create({"jurisdiction": "dekalb-il"})
    assert [r["jurisdiction"] for r in records.counts.interviews_in(["baroda-mi"])] == ["baroda-mi"]
    assert records.counts.interviews_in([]) == []
    records.applications.insert_application(application(interview_id=sent.id, closed_at="2027-03-01"))
    records.applications.add_upload(sent.id, "other", "a.pdf", "application/pdf", b"%PDF")
    records.applications.add_history("BAR-2027-0001", "c", "closed")
    assert [a["reference"] for a in records.applications.closed_before("2027-04-01")] == ["BAR-2027-0001"]
    assert records.applications.closed_before("2027-02-01") == []
    records.forget_application("BAR-2027-0001", sent.id)
    assert records.applications.application("BAR-2027-0001") is None and store.get(sent.id) is None
    assert records.applications.uploads(sent.id) == [] and records.applications.history("BAR-2027-0001") == []
    assert json.loads(json.dumps(records.counts.interviews_in(["dekalb-il"])))[0]["jurisdiction"] == "dekalb-il"
