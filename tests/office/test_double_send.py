"""Two presses of Send at once (a double click with JavaScript off) against the
real server, on SQLite and on PostgreSQL: no 5xx, one application and one receipt each, reference
numbers with no gap; and sending again with unchanged answers makes no new version."""
from __future__ import annotations

import re
import threading

from wizard.web.app import create_app
from wizard.web.edge.state import office_records, store

from tests.support.office import finished, send
from tests.support.served import served_wizard, ServedBrowser

INTERVIEWS = 20


def office_app(book, database_target):
    return create_app({"TESTING": True, "RULEBOOK": book, "DATABASE": database_target, "SECRET_KEY": "k",
                       "WTF_CSRF_ENABLED": False, "MAIL_SENDER": False})


def test_twenty_double_sends_at_once_give_one_reference_each_without_gaps(book, database_target):
    app = office_app(book, database_target)
    ids = [finished(app) for _ in range(INTERVIEWS)]
    app.extensions["interview_store"].close()
    statuses: list[int] = []
    with served_wizard("--db", database_target, "--threads", "8") as base:
        browsers = []
        for ident in ids:  # each organizer opens the send page: their cookie and the form's token
            browser = ServedBrowser(base)
            assert browser.get(f"/i/{ident}/send")[0] == 200
            browsers.append((browser, ident))
        start = threading.Barrier(2 * INTERVIEWS)

        def press(browser, ident):
            start.wait()
            statuses.append(browser.post(f"/i/{ident}/send", {"declaration": "yes"})[0])

        threads = [threading.Thread(target=press, args=pair) for pair in browsers for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
    assert sorted(set(statuses)) == [303], statuses
    app = office_app(book, database_target)
    with app.app_context():
        records = office_records()
        references = [records.applications.application_for(ident)["reference"] for ident in ids]
        assert sorted(int(r.rsplit("-", 1)[1]) for r in references) == list(range(1, INTERVIEWS + 1))
        assert all([v["version"] for v in records.applications.versions(r)] == [1] for r in references)
        receipts = [m["subject"] for m in records.mail.unsent_mail(["baroda-mi"]) if m["subject"].startswith("Application")]
        assert sorted(receipts) == sorted(f"Application received: {r}" for r in references)
    app.extensions["interview_store"].close()


def test_sending_again_with_the_same_answers_makes_no_new_version_and_no_mail(app, client):
    ident = finished(app)
    reference = send(client, ident)
    again = client.post(f"/i/{ident}/send", data={"declaration": "yes"}, follow_redirects=True)
    page = again.get_data(as_text=True)
    assert f"Already sent: your reference is {reference}" in page
    with app.app_context():
        assert [v["version"] for v in office_records().applications.versions(reference)] == [1]
        subjects = [m["subject"] for m in office_records().mail.unsent_mail(["baroda-mi"])]
        assert subjects.count(f"Application received: {reference}") == 1
        interview = store().get(ident)
        interview.answers["event_name"] = "Harvest Fair and Market"
        store().save(interview)
    assert send(client, ident) == reference
    with app.app_context():
        assert [v["version"] for v in office_records().applications.versions(reference)] == [1, 2]
        assert re.fullmatch(r"BAR-\d{4}-0001", reference)
