"""`wizard check` on what the rule format gained (tests/fixtures/rule-format/oak-falls.yaml) and on
reserved names: each misuse is named with its file, its line and what to write instead."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from wizard.cli import main

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "rule-format" / "oak-falls.yaml"


@pytest.fixture
def rule_file(tmp_path) -> Path:
    path = tmp_path / "oak-falls.yaml"
    shutil.copy(FIXTURE, path)
    return path


def edited(path: Path, old: str, new: str) -> str:
    text = path.read_text(encoding="utf-8")
    assert old in text
    text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    return text


def check(*args: str):
    return CliRunner().invoke(main, ["check", *args])


def line_of(text: str, words: str) -> int:
    return text[: text.index(words)].count("\n") + 1


def refused(path: Path, text: str, words: str, key: str, said: str) -> None:
    result = check(str(path))
    assert result.exit_code == 1, result.output
    where = f"{path}:{line_of(text, words)}: {key}: "
    assert any(line.startswith(where) and said in line for line in result.stdout.splitlines()), result.stdout


def test_the_fixture_passes(rule_file):
    result = check(str(rule_file))
    assert result.exit_code == 0, result.output


def test_a_step_named_like_the_wizards_first_step_is_refused_with_its_line(rule_file):
    # Today the step would never be shown, its question never answered and the verdict would wait for it.
    text = edited(rule_file, "  - step: crowd\n", "  - step: where\n")
    refused(rule_file, text, "  - step: where", "interview[0].step", "step id 'where' is reserved")
    assert "another id, such as 'where-held'" in check(str(rule_file)).stdout


def test_a_built_in_file_with_a_step_renamed_where_is_refused(tmp_path):
    # Whitesboro's first step renamed: everything else about the file is as it ships.
    path = tmp_path / "whitesboro-where.yaml"
    shutil.copy(Path(__file__).resolve().parents[2] / "interviews" / "jurisdictions" / "whitesboro-ny.yaml", path)
    text = edited(path, "  - step: dates\n", "  - step: where\n")
    refused(path, text, "  - step: where", "interview[0].step", "step id 'where' is reserved")


def test_wizard_graph_and_assess_refuse_it_too(rule_file):
    edited(rule_file, "  - step: crowd\n", "  - step: where\n")
    result = CliRunner().invoke(main, ["graph", "oak-falls", "--rules", str(rule_file)])
    assert result.exit_code != 0 and "'where' is reserved" in result.output


def test_a_step_asking_the_jurisdiction_again_is_refused(rule_file):
    text = edited(rule_file, "    questions: [event_name]\n", "    questions: [event_name, jurisdiction]\n")
    refused(rule_file, text, "    questions: [event_name, jurisdiction]", "interview[4].questions[1]",
            "question 'jurisdiction' is reserved")


@pytest.mark.parametrize("key", ["csrf_token", "application_reference", "confirmed_far_dates", "add_person", "data"])
def test_an_own_question_with_a_reserved_key_is_refused(rule_file, key):
    text = edited(rule_file, "  advertising_starts:\n    kind: datetime\n",
                  f"  {key}:\n    kind: count\n    label: A count\n    error: Enter a number\n"
                  "  advertising_starts:\n    kind: datetime\n")
    refused(rule_file, text, f"  {key}:\n", f"questions.{key}", f"question key {key!r} is reserved")


def test_a_minimum_on_a_fee_with_no_figure_or_that_never_grows(rule_file):
    text = edited(rule_file, "    amount: 100\n    times: {value: event_days}\n    minimum: 300\n",
                  "    amount: 100\n    minimum: 300\n")
    refused(rule_file, text, "    minimum: 300", "fees.application.minimum", "its `minimum` never changes it")
    text = edited(rule_file, "    amount: 100\n    minimum: 300\n", "    amount: null\n    minimum: 300\n")
    refused(rule_file, text, "    minimum: 300", "fees.application.minimum", "`amount: null`")


def test_a_further_sum_with_tiers_or_without_its_block(rule_file):
    text = edited(rule_file, "    amount: 5000\n    further:", "    tiers: [{amount: 5000}]\n    of: max_attendance\n    further:")
    refused(rule_file, text, "    further:", "fees.deposit.further", "write the base as `amount`")


def test_a_further_sum_missing_its_block_size_names_the_key(rule_file):
    text = edited(rule_file, "further: {above: 10000, each: 10000, ", "further: {above: 10000, ")
    refused(rule_file, text, "    further:", "fees.deposit.further", "needs `each:`")


def test_a_further_sum_reading_an_unknown_answer(rule_file):
    text = edited(rule_file, "amount: 2500, of: max_attendance}", "amount: 2500, of: max_attendence}")
    refused(rule_file, text, "    further:", "fees.deposit.further.of", "did you mean 'max_attendance'")


def test_banded_warning_figures_are_checked_as_fee_tiers(rule_file):
    text = edited(rule_file, "        tiers: [{up_to: 2000, amount: 200}, {up_to: 5000, amount: 500}, {amount: 1000}]\n"
                             "        of: total_attendance_or_max\n",
                  "        tiers: [{up_to: 5000, amount: 200}, {up_to: 2000, amount: 500}, {amount: 1000}]\n"
                  "        of: total_attendance_or_max\n")
    refused(rule_file, text, "        tiers: [{up_to: 5000", "warnings[0].figures.over_the_event.tiers[1].up_to",
            "`up_to` values must increase")


def test_banded_warning_figures_need_what_they_band_on(rule_file):
    text = edited(rule_file, "        of: total_attendance_or_max\n", "")
    refused(rule_file, text, "      over_the_event:", "warnings[0].figures.over_the_event", "needs `")


@pytest.mark.parametrize("old, new, said", [
    ("  lead_days: 15\n", "  lead_days: null\n", "`lead_days` is null"),
    ("  counted_from: advertising_starts\n", "  counted_from: advertising_begins\n", "which is not a question"),
    ("  counted_from: advertising_starts\n", "  counted_from: max_attendance\n", "a number answer"),
])
def test_a_lead_time_counted_from_a_date_needs_its_parts(rule_file, old, new, said):
    text = edited(rule_file, old, new)
    refused(rule_file, text, "  counted_from:", "filing.counted_from", said)


def test_a_lead_time_counted_from_a_date_no_step_asks(rule_file):
    text = edited(rule_file, "    questions: [advertising_starts]\n", "    questions: [event_name]\n")
    text = edited(rule_file, "    questions: [event_name]\n    why: The application names", "    questions: [total_attendance]\n    why: The application names")
    result = check(str(rule_file))
    where = f"{rule_file}:{line_of(text, '  counted_from:')}: filing.counted_from: "
    assert any(line.startswith(where) and "which no interview step asks" in line for line in result.stdout.splitlines()), result.stdout


def test_deemed_granted_needs_a_decision_period(rule_file):
    text = edited(rule_file, "  within_days: 20\n", "  within_days: null\n")
    refused(rule_file, text, "  deemed_granted:", "decision.deemed_granted", "`within_days` is null")


def test_the_built_in_rule_files_still_pass():
    builtin = sorted(str(p) for p in (Path(__file__).resolve().parents[2] / "interviews" / "jurisdictions").glob("*.yaml"))
    result = check(*builtin)
    assert result.exit_code == 0, result.output
