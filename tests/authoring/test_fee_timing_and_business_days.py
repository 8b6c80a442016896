"""The format says what outside texts say. A lead time in business days as
`days_before` with `business: true`; a warning with a single money figure refused by `wizard check`.
The rule file is tests/fixtures/round4/maple-hollow-round4.yaml (the project's own, made up)."""
from __future__ import annotations

import json
import shutil
from datetime import date
from pathlib import Path

import pytest
from click.testing import CliRunner

from wizard.authoring.loader import load_rulebook
from wizard.cli import main
from wizard.engine.answers import clean_answers
from wizard.engine.assess import assess_jurisdiction
from wizard.interview.timeline import build_timeline
from wizard.packet.content import build_packet
from wizard.rules.rulebook import rule_sources
from wizard.web.app import create_app

from tests.support.office import finished
from tests.support.fifth import FESTIVAL
from tests.support.authoring import MORE
from tests.support.organizer import Text

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "round4" / "maple-hollow-round4.yaml"


@pytest.fixture
def rules(tmp_path) -> Path:
    folder = tmp_path / "rules"
    folder.mkdir()
    shutil.copy(FIXTURE, folder / "round4.yaml")
    return folder


def check(path: Path) -> list[str]:
    return CliRunner().invoke(main, ["check", str(path)]).stdout.splitlines()


def test_a_lead_time_in_business_days(rules):
    # "not less than 5 business days" before Tuesday 2027-07-06: Monday 5 July is the observed
    # Independence Day, so the notice is due Monday 2027-06-28, not 2027-06-29.
    answers = {**FESTIVAL, "jurisdiction": "maple-hollow-round4",
               "starts_at": "2027-07-06T18:00", "ends_at": "2027-07-07T02:00"}
    result = CliRunner().invoke(main, ["assess", "--rules", str(rules), "-"], input=json.dumps(answers))
    assert result.exit_code == 0, result.output
    notice = next(c for c in json.loads(result.stdout)["checklist"] if c["id"] == "sound-notice")
    assert notice["due_date"] == "2027-06-28"
    assert check(rules / "round4.yaml")[-1] == "All rule files are valid."


def line_of(text: str, words: str) -> int:
    return text[: text.index(words)].count("\n") + 1


def test_business_without_days_before_is_explained_with_file_and_line(rules):
    path = rules / "round4.yaml"
    text = path.read_text(encoding="utf-8").replace("    days_before: 5\n    business: true\n", "    business: true\n")
    path.write_text(text, encoding="utf-8")
    lines = check(path)
    where = f"{path}:{line_of(text, '    business: true')}: checklist[1].business: "
    assert any(entry.startswith(where) and "has no `days_before`" in entry for entry in lines), lines


def test_a_warning_with_one_figure_is_refused_with_file_and_line(rules):
    path = rules / "round4.yaml"
    block = ("  - id: one-figure\n    text: The fee may be {fee}.\n    citation: § 6\n"
             "    figures:\n      fee: {amount: 100}\n")
    text = path.read_text(encoding="utf-8").replace("\nwarnings:\n", "\nwarnings:\n" + block, 1)
    path.write_text(text, encoding="utf-8")
    lines = check(path)
    where = f"{path}:{line_of(text, block) + 3}: warnings[0].figures: "
    assert any(entry.startswith(where) and "one figure is never shown" in entry for entry in lines), lines


def test_wizard_new_names_every_due_value(tmp_path, monkeypatch):
    # Every value the schema allows for a checklist item's `due`, so an author meets them all.
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["new", "test-town"])
    assert result.exit_code == 0, result.output
    written = next(tmp_path.rglob("*.yaml")).read_text(encoding="utf-8")
    for due in ("with_application", "before_license", "before_event", "during_event", "after_event"):
        assert due in written, due
    # And a fee's `due` (docs/decisions/0005-fees-due-at-their-moment.md): "upon approval" is a moment of its own.
    assert "due: filing               # when it is paid: filing, approval, before_event, after_event" in written


# Okaloosa-like: "$100 for each 1,000 patrons" with the application "and the same again upon approval";
# Valley County-like: "$200 per day for each location where 500 or more persons gather for 4
# consecutive hours", asked as a count of such locations. 3,000 people, 2 such locations, 2 days.
TWO_FEES = {**FESTIVAL, "jurisdiction": "maple-hollow-round4", "max_attendance": 3000, "large_sites": 2,
            "starts_at": "2027-07-09T10:00", "ends_at": "2027-07-10T20:00", "event_name": "River Days"}


def test_a_fee_due_on_approval_and_a_fee_per_location_are_both_counted(rules):
    result = CliRunner().invoke(main, ["assess", "--rules", str(rules), "-"], input=json.dumps(TWO_FEES))
    a = json.loads(result.stdout)
    assert a["application_fee"] == 300 and a["fees"]["application"]["due"] == "filing"
    assert [(f["name"], f["amount"], f["due"]) for f in a["other_fees"]] == [
        ("Approval fee", 300, "approval"), ("Location fee", 800, "filing")]
    assert a["fees_total"] == 1400
    assert check(rules / "round4.yaml")[-1] == "All rule files are valid."


@pytest.fixture
def round4_app(rules, tmp_path):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "wizard.db"), "SECRET_KEY": "t",
                       "WTF_CSRF_ENABLED": False, "PACKET_PREFETCH": False, "RULE_PATHS": [rules / "round4.yaml"]})


def test_the_costs_page_and_the_plan_show_when_each_fee_is_paid(round4_app):
    client, ident = round4_app.test_client(), finished(round4_app, TWO_FEES)
    costs = Text(client.get(f"/i/{ident}/costs").get_data(as_text=True)).text
    assert "Fees in all $1,400" in costs
    assert "Approval fee $300" in costs and "Paid when the application is approved." in costs
    assert "Location fee $800" in costs
    result = Text(client.get(f"/i/{ident}/result").get_data(as_text=True)).text
    # Filed on the last day (45 days ahead), decided within 21 days: the approval fee on that day.
    assert "with the $1,100 fees" in result
    assert "Pay the approval fee of $300 when the application is approved" in result
    plan = result[result.index("Your plan, day by day"):]
    assert plan.index("Latest day for the decision") < plan.index("Pay the approval fee") < plan.index("River Days opens")


def test_wizard_check_explains_the_new_fee_keys_with_file_and_line(rules):
    path = rules / "round4.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("      due: approval\n", "      due: on_approval\n", 1)  # not one of the four
    text = text.replace("      due: filing\n      text: $200 a day", "      text: $200 a day", 1)  # a further fee needs `due`
    text = text.replace("{value: large_sites}]", "{value: food_service}]", 1)  # a yes/no is no count of locations
    path.write_text(text, encoding="utf-8")
    lines = check(path)
    expected = [
        (line_of(text, "      due: on_approval"), "fees.others[0].due: ", "is not one of: 'filing', 'approval', 'before_event', 'after_event'"),
        (line_of(text, "    - name: Location fee"), "fees.others[1]: ", "needs `due:`"),
        (line_of(text, "      times: [{value: event_days}, {value: food_service}]"), "fees.others[1].times[1].value: ",
         "a yes_no answer; formulas need a number"),
    ]
    for line, where, words in expected:
        assert any(e.startswith(f"{path}:{line}: {where}") and words in e for e in lines), (line, where, lines)


def test_a_packet_whose_file_never_asks_who_applies_has_no_applicant_is_blank():
    # The Brownville fixture never asks organizer_type: the packet must not print "Applicant is" to fill in.
    book = load_rulebook(rule_sources(None, [MORE]))
    j = book.jurisdictions["brownville-ny"]
    assert "organizer_type" not in j.asked_keys
    answers = {"jurisdiction": "brownville-ny", "max_attendance": 6000, "applicant_name": "Ann Lee",
               "starts_at": "2027-07-01T10:00", "ends_at": "2027-07-01T22:00"}
    packet = build_packet(answers, j, book.questions_for("brownville-ny"))
    assert [row.label for row in packet.organizer] == ["Applicant"]


def test_the_packet_names_each_fee_with_when_it_is_paid(rules):
    book = load_rulebook(rule_sources(None, [rules]))
    j = book.jurisdictions["maple-hollow-round4"]
    packet = build_packet({**TWO_FEES}, j, book.questions_for(j.id))
    money = {fact.label: (fact.value, fact.detail) for fact in packet.money}
    assert money["Approval fee"][0] == "$300" and money["Approval fee"][1].endswith("Paid when the application is approved.")
    assert money["Location fee"][0] == "$800" and money["Fees in all"][0] == "$1,400"
    assert any("Pay the approval fee of $300" in step.title for step in packet.plan)


def test_fees_due_before_and_after_the_event_take_their_place_in_the_plan(rules):
    # `due: before_event` has no day of its own (before the event); `due: after_event` comes after
    # the event on its last day, never before it.
    path = rules / "round4.yaml"
    text = path.read_text(encoding="utf-8").replace("      due: approval\n", "      due: after_event\n", 1)
    path.write_text(text.replace("    due: filing\n    text: $100 for each 1,000", "    due: before_event\n    text: $100 for each 1,000", 1),
                    encoding="utf-8")
    book = load_rulebook(rule_sources(None, [rules]))
    j = book.jurisdictions["maple-hollow-round4"]
    answers = clean_answers(dict(TWO_FEES), book.questions_for(j.id), book.jurisdictions)
    plan = build_timeline(assess_jurisdiction(j, answers), answers, j.license_word, date(2026, 12, 4))
    keys = [(m.key, m.day) for m in plan.milestones]
    assert ("fee-0", None) in keys and ("fee-1", date(2027, 7, 10)) in keys
    order = [key for key, _ in keys]
    assert order.index("fee-0") < order.index("event") < order.index("event-end") < order.index("fee-1")
    titles = {m.key: m.title for m in plan.milestones}
    assert titles["fee-0"] == "Pay the application fee of $300 before the event"
    assert titles["fee-1"] == "Pay the approval fee of $300 after the event"
    # What is paid with the application is now the location fee alone.
    assert "with the $800 fee." in next(m.detail for m in plan.milestones if m.key == "file-by")
