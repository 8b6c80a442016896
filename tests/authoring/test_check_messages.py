"""What an author sees: every `wizard check` problem a sentence with file, line and key, never a
Python exception; `wizard new` writes a skeleton whose placeholders the check lists; the new facts."""
from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from wizard.cli import main
from wizard.errors import RuleFileError
from wizard.engine.facts import Facts
from wizard.authoring.loader import load_rulebook
from wizard.packet.content import build_packet
from tests.support.authoring import check

MORE = Path(__file__).resolve().parents[1] / "fixtures" / "more-jurisdictions"


def fixture(name: str) -> str:
    return (MORE / name).read_text(encoding="utf-8")


def changed(name: str, good: str, bad: str) -> str:
    text = fixture(name)
    assert text.count(good) == 1, good
    return text.replace(good, bad)


@pytest.mark.parametrize("name, good, bad, key, words", [
    ("union-county-il.yaml", "{up_to: 2500, amount: 250}", "{up_to: 2500, amount: null}",
     "fees.application.tiers[0].amount", "a tier's `amount` cannot be null"),
    ("union-county-il.yaml", "{amount: 2000}", '{amount: "$2,000"}', "fees.application.tiers[2].amount",
     "must be a number, not '$2,000'"),
    ("union-county-il.yaml", "    of: daily_visits", "    of: daily_visit", "fees.application.of",
     "did you mean 'daily_visits'"),
    ("union-county-il.yaml", "  lead_days: 60", "  lead_days: sixty", "filing.lead_days",
     "must be a whole number or null, not 'sixty'"),
    ("pleasant-prairie-wi.yaml", "      - {value: location_count}", "      - {blocks_of: 2}",
     "fees.application.times[1]", "write `value: NAME`"),
    ("brownville-ny.yaml", "  sole_financial_benefit:\n", "  max_attendance:\n", "questions.max_attendance",
     "already a shared question"),
    ("brownville-ny.yaml", "      religious_corporation_local: A religious", "      religious_corp: A religious",
     "question_wording.local_exempt_organizer.options.religious_corp", "rewording keeps the option keys"),
    ("brownville-ny.yaml", "  sole_financial_benefit:\n    kind: yes_no", "  sole_financial_benefit:\n    kind: yesno",
     "questions.sole_financial_benefit", "kind must be one of: yes_no, count"),
    ("brownville-ny.yaml", "    outcomes: [exempt]", "    outcomes: [exempted]", "signatures[0].outcomes[0]",
     "'exempted' is not one of"),
])
def test_each_mistake_is_one_sentence_with_its_line_and_key(tmp_path, name, good, bad, key, words):
    text = changed(name, good, bad)
    lines = check(tmp_path, name, text)
    line = text[: text.index(bad.strip().split("\n")[0])].count("\n") + 1
    hits = [entry for entry in lines if entry.startswith(f"{tmp_path / name}:{line}: {key}: ") and words in entry]
    assert hits, "\n".join(lines)


def test_a_null_tier_amount_is_reported_once_not_also_as_a_failing_formula(tmp_path):
    lines = check(tmp_path, "u.yaml", changed("union-county-il.yaml", "{up_to: 2500, amount: 250}",
                                               "{up_to: 2500, amount: null}"))
    assert len(lines) == 1, lines


def test_broken_yaml_says_what_to_check(tmp_path):
    lines = check(tmp_path, "u.yaml", changed("union-county-il.yaml", "    questions: [event_name, applicant_name]",
                                               "    questions: [event_name, applicant_name"))
    assert len(lines) == 1 and "the file is not valid YAML here" in lines[0] and "indentation" in lines[0]


def test_wizard_new_writes_a_skeleton_whose_placeholders_the_check_lists_until_filled(tmp_path, monkeypatch):
    runner = CliRunner()
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(main, ["new", "brownville-ny"]).exit_code == 0
    text = Path("brownville-ny.yaml").read_text(encoding="utf-8")
    result = runner.invoke(main, ["check", "brownville-ny.yaml"])
    assert result.exit_code == 1
    todo_lines = [n for n, line in enumerate(text.splitlines(), 1) if '"TODO:' in line]
    reported = [int(line.split(":")[1]) for line in result.stdout.splitlines()]
    assert reported == todo_lines and all("still a placeholder: replace it with" in line
                                          for line in result.stdout.splitlines())
    text = re.sub(r'time_zone: "TODO: [^"]*"', "time_zone: America/New_York", text)  # a zone, not a section
    Path("brownville-ny.yaml").write_text(re.sub(r'"TODO: [^"]*"', '"§ 1"', text), encoding="utf-8")
    assert runner.invoke(main, ["check", "brownville-ny.yaml"]).stdout == "All rule files are valid.\n"
    assert runner.invoke(main, ["new", "brownville-ny"]).exit_code == 2  # no overwrite without --force
    assert runner.invoke(main, ["new", "Bad Id"]).exit_code == 2


def test_wizard_vocabulary_documents_own_and_reworded_questions():
    result = CliRunner().invoke(main, ["vocabulary", "--add-rules", str(MORE)])
    assert result.exit_code == 0
    page = result.stdout
    assert "### Town of Brownville (test fixture) (`brownville-ny`)" in page
    assert "| `sole_financial_benefit` | `yes_no` |" in page
    assert "`religious_corporation_local`: A religious corporation in the town" in page


# ---------------------------------------------------------------- the new facts

def facts(**answers) -> Facts:
    return Facts(answers)


@pytest.mark.parametrize("start, end, closes, hours", [
    ("2027-07-01T10:00", "2027-07-01T22:00", None, 12),  # one day
    ("2027-07-01T10:00", "2027-07-03T23:00", True, 13),  # closes nightly: 10:00 to 23:00 each day
    ("2027-07-01T18:00", "2027-07-03T02:00", True, 8),  # each night past midnight
    ("2027-07-01T10:00", "2027-07-03T23:00", False, 61),  # open throughout
    ("2027-07-01T10:00", "2027-07-03T23:00", None, 61),  # not answered: the longest it could be
])
def test_longest_open_hours(start, end, closes, hours):
    answers = {"starts_at": start, "ends_at": end, **({} if closes is None else {"closes_overnight": closes})}
    assert facts(**answers).get("longest_open_hours") == hours
    assert facts(starts_at=start).get("longest_open_hours") is None


def test_daily_visits_are_visits_over_days_but_never_below_the_crowd_at_once():
    three_days = {"starts_at": "2027-07-01T10:00", "ends_at": "2027-07-03T23:00"}
    assert facts(**three_days, max_attendance=3000, total_attendance=24000).get("daily_visits") == 8000
    assert facts(**three_days, max_attendance=3000, total_attendance=6000).get("daily_visits") == 3000
    assert facts(**three_days, max_attendance=3000, total_attendance=10000).get("daily_visits") == Fraction(10000, 3)
    assert facts(**three_days, max_attendance=3000).get("daily_visits") == 3000
    assert facts(max_attendance=3000).get("daily_visits") is None


def test_location_count_is_one_unless_answered():
    assert facts().get("location_count") == 1
    assert facts(locations=3).get("location_count") == 3


def test_above_the_last_band_the_fee_is_none_stated(tmp_path):
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "u.yaml").write_text(changed("union-county-il.yaml", "      - {amount: 2000}\n", ""), encoding="utf-8")
    book = load_rulebook([folder])
    answers = {"jurisdiction": "union-county-il", "max_attendance": 20000, "starts_at": "2027-07-01T10:00",
               "ends_at": "2027-07-01T22:00"}
    packet = build_packet(answers, book.get("union-county-il"), book.questions)
    assert next(f for f in packet.money if f.citation == "§ 6").value == "None stated"


@pytest.mark.parametrize("good, bad, words", [
    ("questions:\n  sole_financial_benefit:", "questions: [a, b]\nold:\n  sole_financial_benefit:",
     "questions: must be a mapping"),
    ("question_wording:\n  local_exempt_organizer:", "question_wording:\n  max_attendance: bigger\n  local_exempt_organizer:",
     "question_wording.max_attendance: must be a mapping"),
    ("  sole_financial_benefit:\n", "  Sole Benefit:\n", "is not a valid question key"),
])
def test_own_question_sections_of_the_wrong_shape_are_explained(tmp_path, good, bad, words):
    lines = check(tmp_path, "b.yaml", changed("brownville-ny.yaml", good, bad))
    assert any(words in line for line in lines), lines


def test_the_server_refuses_a_skeleton_still_holding_placeholders(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    CliRunner().invoke(main, ["new", "fifth-town"])
    with pytest.raises(RuleFileError, match="still a placeholder"):
        load_rulebook([Path("fifth-town.yaml")])


def test_wizard_graph_draws_an_added_jurisdiction_with_its_own_question():
    result = CliRunner().invoke(main, ["graph", "brownville-ny", "--add-rules", str(MORE)])
    assert result.exit_code == 0 and "asks: sole_financial_benefit" in result.stdout
