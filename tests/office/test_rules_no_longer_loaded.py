"""An application kept after its place's rule file is no longer loaded (a town dropped from a
statewide host, a file renamed): applications are kept three years, rules change sooner. Its office
page, packet and history open read-only from what is stored, saying the rules are not loaded; every
action that would need them answers a clear refusal, never a 500."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from wizard.resources import resource_dir
from wizard.web.app import create_app
from wizard.office.review import refer
from wizard.web.edge.state import office_records, rulebook

from tests.support.office_days import office_day
from tests.support import html
from tests.support.office import CHEAP_HASH, clerk, received, sign_in

GONE = "baroda-mi"
# The organizer's "delete my answers" needs no rules and stays theirs; it would erase the interview the
# other routes are tried on, so it is left out of the round.
ERASING = "interview.delete"
NOTICE = "no longer loaded"


def _app(tmp_path: Path, rule_paths=None):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "wizard.db"), "SECRET_KEY": "test-secret",
                       "WTF_CSRF_ENABLED": False, "PACKET_PREFETCH": False, "PASSWORD_HASH_METHOD": CHEAP_HASH,
                       "RULE_PATHS": rule_paths, "RULE_CACHE_DIR": str(tmp_path / "record"),
                       "TODAY": office_day(GONE)})


@pytest.fixture(scope="module")
def kept(tmp_path_factory):
    """An application sent to Baroda, paid and denied as a clerk; then the same database served with
    rules that lack Baroda's file (the other files copied to a folder of their own)."""
    tmp_path = tmp_path_factory.mktemp("kept")
    before = _app(tmp_path)
    client, reference = received(before, place=GONE)
    paid = client.post(f"/office/a/{reference}/payments", follow_redirects=True,
                       data={"received_on": office_day(GONE).isoformat(), "sum_key": "application",
                             "amount": "200", "method": "check", "detail": "1042"})
    assert paid.status_code == 200
    denied = client.post(f"/office/a/{reference}/decision", data={
        "decision": "denied", "reasons": "No insurance certificate", "decided_on": office_day(GONE).isoformat()})
    assert denied.status_code == 303
    with before.app_context():
        row = office_records().applications.application(reference)
        assert row["status"] == "denied"
        referred = refer(office_records(), reference, rulebook().get(GONE), "law-enforcement", "police@example.org",
                         office_day(GONE), "clerk@example.org")
        ids = {"interview_id": row["interview_id"], "token": referred.token,
               "upload_id": office_records().applications.uploads(row["interview_id"])[0]["id"],
               "payment_id": office_records().money.payments(reference)[0]["id"]}
    before.extensions["interview_store"].close()
    rules = tmp_path / "rules"
    rules.mkdir()
    for path in sorted((resource_dir("interviews") / "jurisdictions").glob("*.yaml")):
        if path.stem != GONE:
            shutil.copy(path, rules / path.name)
    after = _app(tmp_path, [rules])
    assert after.extensions["rulebook"].get(GONE) is None
    clerk_client = after.test_client()
    assert sign_in(clerk_client).status_code in (200, 302, 303)
    yield after, clerk_client, reference, ids
    after.extensions["interview_store"].close()


def test_its_office_page_opens_read_only_from_what_is_stored(kept):
    app, client, reference, _ = kept
    page = client.get(f"/office/a/{reference}")
    assert page.status_code == 200
    text = " ".join(html.texts(page, "main"))
    assert NOTICE in text and "administrator" in text
    assert reference in text and "Harvest Fair" in text  # the answers as sent
    assert "No insurance certificate" in text  # the decision and its reasons, as recorded
    assert "$200" in text  # the money received
    assert "site-plan.pdf" in text  # the document the organizer uploaded
    assert html.attributes(page, "main form", "action") == []  # no action offered
    history = html.texts(page, ".history li, .history tr")
    assert any("Decision" in h or "Denied" in h for h in history), history


def test_the_inbox_still_lists_it_by_its_place(kept):
    app, client, reference, _ = kept
    page = client.get("/office")
    assert page.status_code == 200 and reference in page.get_data(as_text=True)


def test_its_packet_answers_a_read_only_page(kept):
    app, client, reference, _ = kept
    page = client.get(f"/office/a/{reference}/packet.pdf")
    assert page.status_code == 200 and page.mimetype == "text/html"
    text = " ".join(html.texts(page, "main"))
    assert NOTICE in text and "Harvest Fair" in text


def test_a_stored_document_still_downloads(kept):
    app, client, reference, ids = kept
    page = client.get(f"/office/a/{reference}/uploads/{ids['upload_id']}")
    assert page.status_code == 200 and page.data.startswith(b"%PDF")


def _paths(app, reference: str, ids: dict):
    """Every route of an application (the office's, a department's, the organizer's), with its values
    filled in: taken from the app's own map, so a route added later is covered too."""
    for rule in app.url_map.iter_rules():
        ours = {"reference", "interview_id"} & set(rule.arguments) or rule.rule.startswith("/r/<token>")
        if not ours or rule.endpoint == ERASING:
            continue
        values = {"reference": reference, **ids, "notice_id": 1, "inspection_id": 1, "step_id": "event",
                  "certificate_id": 1, "document_id": 1}
        yield rule, re.sub(r"<(?:\w+:)?(\w+)>", lambda m: str(values[m.group(1)]), rule.rule)


def test_every_action_answers_a_clear_refusal_never_a_500(kept):
    app, client, reference, ids = kept
    organizer = app.test_client()
    seen = []
    for rule, path in _paths(app, reference, ids):
        browser = client if path.startswith("/office/") else organizer
        for method in ("GET", "POST"):
            answer = browser.open(path, method=method, data={"status": "closed", "message": "Hello",
                                                             "decision": "approved"})
            seen.append((method, path, answer.status_code))
            assert answer.status_code < 500, (method, path, answer.get_data(as_text=True)[:500])
            if method == "POST" and method in rule.methods and path.startswith("/office/"):
                assert answer.status_code == 409, (path, answer.status_code)
            if answer.status_code == 409:  # a refusal says why and what to do
                said = " ".join(html.texts(answer, "main"))
                assert NOTICE in said and ("administrator" if path.startswith(("/office/", "/r/")) else "contact the office") in said, path
    assert ("POST", f"/office/a/{reference}/decision", 409) in seen
    assert ("GET", f"/r/{ids['token']}", 409) in seen and ("POST", f"/r/{ids['token']}", 409) in seen
    assert ("GET", f"/office/a/{reference}", 200) in seen and ("GET", f"/office/a/{reference}/packet.pdf", 200) in seen
    with app.app_context():
        row = office_records().applications.application(reference)
        assert row["status"] == "denied"  # nothing changed
        assert len(office_records().money.payments(reference)) == 1 and office_records().applications.uploads(row["interview_id"])
