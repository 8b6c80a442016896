"""Documents as issued and sums as filed (docs/decisions/0025-documents-as-issued-sums-as-filed.md): what the
organizer was emailed is what anyone downloads a day later, byte for byte, whatever was recorded since; a
suspended permit is a new permit that supersedes the first; a rule file changed after the decision leaves
the application's ledger, documents and deadlines as filed and shows the new reading for the clerk to apply."""
from __future__ import annotations

import shutil
from datetime import date, timedelta
from pathlib import Path

from icalendar import Calendar

from wizard.authoring.loader import load_rulebook
from wizard.office import filed as filed_module
from wizard.web.app import create_app
from wizard.web.edge.state import office_records

from tests.support.prerequisites import everything_in_hand
from tests.support import html
from tests.support.office import BARODA, CHEAP_HASH, feed_path, received
from tests.support.office_days import office_day
from tests.support.office_trail import WHITESBORO, approve, mails, organizer, passes_pdfua, pay, pdf_text, trail  # noqa: F401

CORPORATION = {**BARODA, "organizer_type": "corporation", "organization_name": "Harvest Fair Inc.",
               "applicant_name": "Ann Lee", "applicant_address": "1 Main St\nBaroda, MI 49101"}
RULES = Path(__file__).resolve().parents[2] / "interviews" / "jurisdictions" / "baroda-mi.yaml"


def attachment(message) -> bytes:
    (found,) = list(message.iter_attachments())
    return found.get_content()


def a_day_later(app) -> None:
    app.config["TODAY"] = office_day("baroda-mi") + timedelta(days=1)


def test_what_was_emailed_downloads_the_same_a_day_later_and_a_suspension_supersedes_the_permit(trail, tmp_path):
    app, inbox, port = trail
    client, reference = received(app, CORPORATION, "baroda-mi")
    pay(client, reference, "baroda-mi", sum_key="application", amount="200", method="cash")
    (first,) = mails(app, port, inbox, f"{reference}: receipt {reference}-R1")
    emailed_receipt = attachment(first)
    assert "Bond $100,000 $0 $100,000" in pdf_text(emailed_receipt)[0]  # the bond outstanding, as it stood then
    pay(client, reference, "baroda-mi", sum_key="bond", amount="100000", method="surety_bond", detail="Lakes Surety")
    everything_in_hand(app, reference)  # the rest the license waits for: it issues with the approval, and is mailed
    approve(client, reference)
    (decision,) = [m for m in mails(app, port, inbox, f"{reference}: Approved")]
    emailed_permit = attachment(decision)

    a_day_later(app)
    assert client.get(f"/office/a/{reference}/receipts/1.pdf").data == emailed_receipt  # not "received" now
    own, status_path = organizer(app, reference)
    assert own.get(f"{status_path}/receipts/1.pdf").data == emailed_receipt
    assert own.get(f"{status_path}/permit.pdf").data == emailed_permit
    assert client.get(f"/office/a/{reference}/permit.pdf").data == emailed_permit

    page = client.post(f"/office/a/{reference}/permit-action", follow_redirects=True, data={
        "action": "suspended", "citation": "Ord. 171, Application (j)", "reasons": "No security personnel",
        "acted_on": app.config["TODAY"].isoformat()})
    suspended = client.get(f"/office/a/{reference}/permit.pdf").data
    assert suspended != emailed_permit and "SUSPENDED" in pdf_text(suspended)[0]
    assert f"This supersedes {reference}-P1" in " ".join(pdf_text(suspended)) and passes_pdfua(suspended, tmp_path)
    page = client.get(f"/office/a/{reference}")
    listed = html.texts(page, ".issued-document")
    assert [t.split(" (PDF)")[0] for t in listed] == [
        f"Receipt {reference}-R1", f"Receipt {reference}-R2", f"Permit {reference}-P1", f"Permit {reference}-P2"]
    assert f"superseded by {reference}-P2" in listed[2] and "(suspended)" in listed[2]
    old = html.links(page, ".issued-document a")[2]
    assert client.get(old).data == emailed_permit  # the superseded permit, still as issued
    assert client.get(f"/office/a/{reference}/permit.pdf").data == suspended  # printed once

    (letter_link,) = html.links(page, ".mailed-notice a")  # the suspension's letter, dated when first printed
    printed = client.get(letter_link).data
    app.config["TODAY"] = app.config["TODAY"] + timedelta(days=1)
    assert client.get(letter_link).data == printed
    with app.app_context():
        assert office_records().issued.stored_bytes() == sum(
            len(b) for b in (emailed_receipt, emailed_permit, suspended, printed)) + len(
            client.get(f"/office/a/{reference}/receipts/2.pdf").data)


def changed_rules(tmp_path, rules: Path = RULES) -> Path:
    folder = tmp_path / "rules"
    folder.mkdir()
    shutil.copy(rules, folder / rules.name)
    return folder


def test_a_fee_changed_after_the_decision_leaves_the_application_as_filed_until_the_clerk_applies_it(tmp_path,
                                                                                                      monkeypatch):
    rules = changed_rules(tmp_path)
    app = create_app({"TESTING": True, "RULEBOOK": load_rulebook([rules]), "DATABASE": str(tmp_path / "w.db"),
                      "SECRET_KEY": "k", "WTF_CSRF_ENABLED": False, "PACKET_PREFETCH": False,
                      "PASSWORD_HASH_METHOD": CHEAP_HASH})
    client, reference = received(app, BARODA, "baroda-mi")
    pay(client, reference, "baroda-mi", sum_key="application", amount="200", method="cash")
    everything_in_hand(app, reference)  # the license issues with the approval
    approve(client, reference)
    page = client.get(f"/office/a/{reference}")
    ledger, due = html.texts(page, ".money-line"), html.texts(page, ".summary-list__value")
    receipt, permit = client.get(f"/office/a/{reference}/receipts/1.pdf").data, \
        client.get(f"/office/a/{reference}/permit.pdf").data
    assert ledger[0] == "Application fee (Ord. 171, License (a)) $200 $200 $0"

    # The Village raises its fee to $150 for each 300 people; the server loads the edited file.
    path = rules / RULES.name
    path.write_text(path.read_text(encoding="utf-8").replace("    amount: 100\n    times:", "    amount: 150\n    times:",
                                                              1), encoding="utf-8")
    app.extensions["rulebook"] = load_rulebook([rules])
    a_day_later(app)
    page = client.get(f"/office/a/{reference}")
    assert html.texts(page, ".money-line") == ledger and html.texts(page, ".summary-list__value") == due
    assert html.texts(page, ".rules-reading") == [
        "Application fee would be $300 (Ord. 171, License (a)) (filed: $200 (Ord. 171, License (a)))"]
    assert client.get(f"/office/a/{reference}/receipts/1.pdf").data == receipt
    assert client.get(f"/office/a/{reference}/permit.pdf").data == permit

    calls = []
    real = filed_module.assess_jurisdiction
    monkeypatch.setattr(filed_module, "assess_jurisdiction", lambda *a: calls.append(1) or real(*a))
    page = client.post(f"/office/a/{reference}/rules", follow_redirects=True,
                       data={"choice": "apply", "digest": html.field_values(page, "digest")[0]})
    assert html.texts(page, ".money-line")[0] == "Application fee (Ord. 171, License (a)) $300 $200 $100"
    assert not html.texts(page, ".rules-reading")
    history = " ".join(html.texts(page, ".history"))
    assert "Rules changed: applied" in history and "$300" in history
    assert client.get(f"/office/a/{reference}/receipts/1.pdf").data == receipt  # issued documents stay as issued
    calls.clear()
    client.get(f"/office/a/{reference}")
    pay(client, reference, "baroda-mi", sum_key="application", amount="100", method="cash")
    assert calls == []  # the office's pages read the stored assessment: no assessing on each request

    (rules / RULES.name).unlink()  # the Village's file is no longer loaded: what it issued still downloads
    shutil.copy(RULES.with_name("dekalb-il.yaml"), rules / "dekalb-il.yaml")
    app.extensions["rulebook"] = load_rulebook([rules])
    page = client.get(f"/office/a/{reference}")
    assert [t.split(" (PDF)")[0] for t in html.texts(page, ".issued-document")] == [
        f"Receipt {reference}-R1", f"Permit {reference}-P1", f"Receipt {reference}-R3"]  # R2: the bond recorded above
    assert client.get(html.links(page, ".issued-document a")[1]).data == permit
    assert client.get(f"/office/a/{reference}/receipts/1.pdf").data == receipt


def deadlines_shown(client, reference: str, feed: str) -> tuple:
    """The inbox's row of the application and the feed's entries, each with its day."""
    (row,) = html.texts(client.get("/office"), f"tr[data-reference='{reference}']")
    entries = Calendar.from_ical(client.get(feed).data).walk("VEVENT")
    return row, sorted((str(e["summary"]), e["dtstart"].dt.isoformat()) for e in entries)


def test_days_changed_in_the_rule_file_after_filing_leave_the_inbox_and_the_feed_as_filed(tmp_path):
    rules = changed_rules(tmp_path)
    app = create_app({"TESTING": True, "RULEBOOK": load_rulebook([rules]), "DATABASE": str(tmp_path / "w.db"),
                      "SECRET_KEY": "k", "WTF_CSRF_ENABLED": False, "PACKET_PREFETCH": False,
                      "PASSWORD_HASH_METHOD": CHEAP_HASH})
    client, reference = received(app, BARODA, "baroda-mi")
    feed = feed_path(client)
    before = deadlines_shown(client, reference, feed)
    assert f"{reference}: decision due" in [summary for summary, _ in before[1]]

    # The Village shortens its days to decide and asks for the license in hand 250 days ahead: under these
    # rules the application would be late and due sooner; filed under the old ones, it is neither.
    path = rules / RULES.name
    text = path.read_text(encoding="utf-8").replace("  license_in_hand_days: 60\n", "  license_in_hand_days: 250\n", 1)
    path.write_text(text.replace("decision:\n  within_days: 45\n", "decision:\n  within_days: 30\n", 1), encoding="utf-8")
    app.extensions["rulebook"] = load_rulebook([rules])
    assert "Days to decide" in " ".join(html.texts(client.get(f"/office/a/{reference}"), ".rules-reading"))
    assert deadlines_shown(client, reference, feed) == before
    assert "Filed late" not in before[0]


def test_a_deposits_days_to_return_stay_as_filed_when_the_rule_file_changes(tmp_path):
    # Whitesboro, Ch. 40, Permit E: the deposit "shall be returned ... within 10 days" of the event's end.
    rules = changed_rules(tmp_path, RULES.with_name("whitesboro-ny.yaml"))
    app = create_app({"TESTING": True, "RULEBOOK": load_rulebook([rules]), "DATABASE": str(tmp_path / "w.db"),
                      "SECRET_KEY": "k", "WTF_CSRF_ENABLED": False, "PACKET_PREFETCH": False,
                      "PASSWORD_HASH_METHOD": CHEAP_HASH})
    client, reference = received(app, WHITESBORO, "whitesboro-ny")
    pay(client, reference, "whitesboro-ny", sum_key="deposit", amount="500", method="cash")
    app.config["TODAY"] = date(2027, 9, 1)  # weeks after the event of July 9: the deposit not returned

    def shown() -> tuple:
        return (html.texts(client.get(f"/office/a/{reference}"), ".deposit-late"),
                html.texts(client.get("/office"), f"tr[data-reference='{reference}'] .deposit-late"))
    before = shown()
    assert "says within 10 days of the event, by Monday, July 19, 2027 (Ch. 40, Permit E)." in before[0][0]
    assert len(before[1]) == 1 and "due Monday, July 19, 2027" in before[1][0]
    path = rules / "whitesboro-ny.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("returned_within_days: 10", "returned_within_days: 30"),
                    encoding="utf-8")
    app.extensions["rulebook"] = load_rulebook([rules])
    assert shown() == before


def test_a_version_sent_before_assessments_were_kept_gets_one_on_first_read(app):
    client, reference = received(app, BARODA, "baroda-mi")
    with app.app_context():
        office_records().backend.execute("UPDATE application_versions SET assessment = NULL, rules_digest = NULL")
    page = client.get(f"/office/a/{reference}")
    assert html.texts(page, ".money-line")[0].startswith("Application fee (Ord. 171, License (a)) $200")
    with app.app_context():
        kept = office_records().applications.filed(reference, 1)
    assert kept["assessment"] and kept["rules_digest"]

    pay(client, reference, "baroda-mi", sum_key="application", amount="200", method="cash")
    pay(client, reference, "baroda-mi", sum_key="bond", amount="100000", method="surety_bond", detail="Lakes Surety")
    with app.app_context():  # receipts issued before they were kept: printed at their first download
        office_records().backend.execute("DELETE FROM issued_documents")
    first = client.get(f"/office/a/{reference}/receipts/1.pdf").data
    assert "Bond $100,000 $0 $100,000" in pdf_text(first)[0]  # as the payment left the ledger, not as today
    assert client.get(f"/office/a/{reference}/receipts/1.pdf").data == first
