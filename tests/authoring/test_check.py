"""`wizard check`: every planted mistake reported at once, with its file, line and key."""
from __future__ import annotations

import copy
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from wizard.web.app import create_app
from wizard.authoring.checks import run_checks, vocabulary_problems
from wizard.authoring.checks.common import kind_of
from wizard.cli import main
from wizard.errors import RuleFileError
from wizard.engine.facts import FACTS, Facts
from tests.support.authoring import GOOD, plant, PLANTED, problems_in, variant, write


def line_with(text: str, marker: str) -> int:
    """The line of the marker's last line (a marker may start with context lines to be unique)."""
    assert text.count(marker) == 1, marker
    return text[: text.index(marker)].count("\n") + 1 + marker.count("\n")


# ---------------------------------------------------------------- all at once

def test_every_planted_error_is_reported_with_its_line_in_one_run(tmp_path):
    broken = plant(GOOD, [(good, bad) for _, good, bad, *_ in PLANTED])
    path = write(tmp_path / "rules", "broken.yaml", broken)
    write(tmp_path / "rules", "fifth.yaml", GOOD.replace("id: maple-hollow", "id: maple-hollow-2"))
    result = CliRunner().invoke(main, ["check", str(tmp_path / "rules")])
    assert result.exit_code == 1
    reported = result.stdout.splitlines()
    for what, _good, _bad, marker, key, words in PLANTED:
        line = line_with(broken, marker)
        expected = f"{path}:{line}: {key}: "
        hits = [r for r in reported if r.startswith(expected) and words in r]
        assert hits, f"{what}: expected {expected}...{words}... in:\n" + "\n".join(reported)
    assert f"{len(reported)} problem(s) found." in result.stderr
    assert not [r for r in reported if "fifth.yaml" in r], "the clean file beside it has no problems"


def test_the_built_in_rule_files_are_clean():
    result = CliRunner().invoke(main, ["check"])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == "All rule files are valid."


def test_each_planted_error_alone_fails_the_check(tmp_path):
    for number, (what, good, bad, *_rest) in enumerate(PLANTED):
        path = write(tmp_path, f"one-{number}.yaml", plant(GOOD, [(good, bad)]))
        result = CliRunner().invoke(main, ["check", str(path)])
        assert result.exit_code == 1, what


def test_a_folder_without_rule_files_is_a_problem(tmp_path):
    (tmp_path / "empty").mkdir()
    problems = run_checks([tmp_path / "empty"])
    assert [p.message for p in problems] == ["no .yaml rule files in this folder"]


def test_yaml_syntax_errors_are_reported_with_their_line(tmp_path):
    path = write(tmp_path, "bad.yaml", GOOD.replace("title: Who owns the land?", "title: [Who owns"))
    (problem,) = problems_in(path)
    assert problem.line is not None and problem.key == "(file)"


def test_two_files_with_one_id(tmp_path):
    write(tmp_path, "a.yaml", GOOD)
    write(tmp_path, "b.yaml", GOOD)
    (problem,) = run_checks([tmp_path])
    assert problem.file.endswith("b.yaml") and "duplicate jurisdiction id 'maple-hollow'" in problem.message
    assert problem.line == line_with(GOOD, "id: maple-hollow")


# ---------------------------------------------------------------- conditions

@pytest.mark.parametrize("condition, words", [
    ("{value: property_owner, equals: munincipal}", "'property_owner' has no option 'munincipal'"),
    ("{value: max_attendance, gt: '100'}", "'max_attendance' is a number; compare it with a number"),
    ("{value: food_service, gt: 1}", "'gt' only compares numbers"),
    ("{value: food_service, equals: 'yes'}", "compare it with true or false"),
    ("{value: hazardous, equals: combat}", "test it with 'includes'"),
    ("{value: hazardous, includes: [fireworks]}", "'hazardous' has no option 'fireworks'"),
    ("{value: max_attendance, includes: [combat]}", "'includes' tests a list answer"),
    ("{value: max_attendance, gt: {value: property_owner}}", "compares 'max_attendance' (number) with 'property_owner' (choice)"),
    ("{value: max_attendance}", "a comparison needs exactly one operator"),
    ("{value: max_attendance, gt: 1, lt: 5}", "a comparison needs exactly one operator"),
    ("{valu: max_attendance, gt: 1}", "unknown operator 'valu'"),
    ("{all: [{value: max_attendance, gt: 1}], any: [{value: max_attendance, gt: 1}]}", "cannot be combined"),
])
def test_malformed_or_mistyped_conditions(tmp_path, condition, words):
    marker = "if: {value: duration_hours, gt: 24}\n      text: An event"
    text = GOOD.replace(marker, f"if: {condition}\n      text: An event")
    path = write(tmp_path, "c.yaml", text)
    problems = problems_in(path)
    assert any(words in p.message for p in problems), [str(p) for p in problems]
    assert all(p.line == line_with(text, f"if: {condition}") for p in problems if words in p.message)


def test_a_runtime_problem_stops_the_server_too(tmp_path):
    path = write(tmp_path, "c.yaml", GOOD.replace("{value: organizer_type, equals: school}",
                                                  "{value: organizer_type, equals: skool}"))
    with pytest.raises(RuleFileError, match="'organizer_type' has no option 'skool'"):
        create_app({"TESTING": True, "DATABASE": str(tmp_path / "w.db"), "SECRET_KEY": "t", "RULE_PATHS": [path]})


# ---------------------------------------------------------------- the interview's flow

def _steps(data):
    return {s["step"]: s for s in data["interview"]}


def test_step_testing_an_answer_no_step_asks(tmp_path):
    path = variant(tmp_path, lambda d: _steps(d)["food"].update({"if": {"value": "resides_locally", "equals": True}}))
    messages = [p.message for p in problems_in(path)]
    assert any("step 'food' can never be asked" in m and "'resides_locally'" in m for m in messages), messages


def test_step_testing_a_fact_whose_answers_come_later(tmp_path):
    path = variant(tmp_path, lambda d: _steps(d)["crowd"].update({"if": {"value": "multi_day", "equals": True}}))
    messages = [p.message for p in problems_in(path)]
    assert any("'starts_at', 'ends_at' (through the fact 'multi_day')" in m and "later step 'dates'" in m
               for m in messages), messages


def test_step_unreachable_only_along_the_paths(tmp_path):
    """Who asks whether you have a use contract only when you are not the owner; then tests both."""
    def change(data):
        data["interview"][5:5] = [
            {"step": "owner", "title": "Owner", "questions": ["applicant_is_owner"], "why": "w", "citation": "c"},
            {"step": "contract", "title": "Contract", "questions": ["has_use_contract"], "why": "w", "citation": "c",
             "if": {"value": "applicant_is_owner", "equals": False}},
            {"step": "both", "title": "Both", "questions": ["nonprofit"], "why": "w", "citation": "c",
             "if": {"all": [{"value": "applicant_is_owner", "equals": True},
                            {"value": "has_use_contract", "equals": True}]}},
            {"step": "either", "title": "Either", "questions": ["owes_city_debt"], "why": "w", "citation": "c",
             "if": {"any": [{"value": "applicant_is_owner", "equals": True},
                            {"value": "has_use_contract", "equals": True}]}},
        ]
        data["warnings"].append({"id": "uses", "text": "t", "citation": "c", "if": {"any": [
            {"value": k, "equals": True} for k in ("applicant_is_owner", "has_use_contract", "nonprofit", "owes_city_debt")]}})
    messages = [p.message for p in problems_in(variant(tmp_path, change))]
    assert messages == ["step 'both' can never be asked: its `if` is false or unknown on every path through "
                        "the earlier steps"]


def test_thresholds_are_tried_on_both_sides(tmp_path):
    """A step behind two thresholds that leave a gap is reachable; one behind a contradiction is not."""
    def step(condition):
        return lambda d: d["interview"].insert(4, {"step": "big", "title": "Big", "questions": ["tickets"],
                                                  "why": "w", "citation": "c", "if": condition})
    use = lambda d: d["warnings"].append({"id": "t", "text": "t", "citation": "c", "if": {"value": "tickets", "gt": 0}})
    gap = {"all": [{"value": "max_attendance", "gt": 1000}, {"value": "max_attendance", "lte": 1001}]}
    path = variant(tmp_path, lambda d: (step(gap)(d), use(d)))
    assert problems_in(path) == []
    never = {"all": [{"value": "max_attendance", "gt": 1000}, {"value": "max_attendance", "lt": 1000}]}
    path = variant(tmp_path, lambda d: (step(never)(d), use(d)))
    assert ["step 'big' can never be asked" in p.message for p in problems_in(path)] == [True]


def test_a_contradiction_among_many_answers_is_found_quickly(tmp_path):
    """Seven answers give tens of thousands of combinations; deciding early conditions first prunes them."""
    never = {"all": [{"value": "max_attendance", "gt": 1000}, {"value": "max_attendance", "lt": 900},
                     {"value": "property_owner", "in": ["private", "municipal"]},
                     {"value": "organizer_type", "not_equals": "school"}, {"value": "female_share", "gt": 0.3},
                     {"value": "duration_hours", "gt": 5}, {"value": "food_service", "equals": True}]}
    path = variant(tmp_path, lambda d: d["interview"].append(
        {"step": "never", "title": "t", "questions": ["event_name"], "why": "w", "citation": "c", "if": never}))
    messages = [p.message for p in problems_in(path)]
    assert any("step 'never' can never be asked" in m for m in messages), messages


def test_rule_needing_an_answer_no_step_asks(tmp_path):
    path = variant(tmp_path, lambda d: d["checklist"].append(
        {"id": "night", "text": "t", "due": "before_license", "citation": "c",
         "if": {"value": "closes_overnight", "equals": True}}))
    (problem,) = problems_in(path)
    assert problem.key == "checklist[6].if.value" and "needs 'closes_overnight', which no interview step asks" in problem.message


def test_quantity_needing_an_answer_no_step_asks(tmp_path):
    path = variant(tmp_path, lambda d: d["quantities"].append(
        {"key": "parking_spaces", "label": "l", "one_per": 2, "of": "vehicles", "citation": "c"}))
    (problem,) = problems_in(path)
    assert problem.key == "quantities[5].of" and "'vehicles'" in problem.message


def test_question_asked_twice(tmp_path):
    path = variant(tmp_path, lambda d: _steps(d)["event"]["questions"].append("max_attendance"))
    (problem,) = problems_in(path)
    assert "question 'max_attendance' is already asked in step 'crowd'" in problem.message


def test_detail_questions_that_fill_the_form_count_as_used(tmp_path):
    def change(d):
        _steps(d)["event"]["questions"].append("site_legal_description")
        d["application_form"][0]["fills"].append("site_legal_description")
    assert problems_in(variant(tmp_path, change)) == []


# ---------------------------------------------------------------- formulas, citations, tiers

def test_formula_reading_text_is_reported_at_its_line(tmp_path):
    text = GOOD.replace("    one_per: 3\n    of: max_attendance", "    one_per: 3\n    of: event_purpose")
    problems = problems_in(write(tmp_path, "f.yaml", text))
    assert [(p.line, p.key) for p in problems] == [(line_with(text, "of: event_purpose"), "quantities[3].of")]
    assert "reads 'event_purpose', a text answer" in problems[0].message


def test_tiers_without_of_fail_on_sample_answers(tmp_path):
    text = GOOD.replace("      - {amount: 600}\n    of: max_attendance\n", "      - {amount: 600}\n")
    (problem,) = problems_in(write(tmp_path, "t.yaml", text))
    assert problem.key == "fees.application" and "fails on sample answers" in problem.message and "'of'" in problem.message


def test_tiers_out_of_order(tmp_path):
    text = GOOD.replace("{up_to: 2000, amount: 250}", "{up_to: 400, amount: 250}")
    (problem,) = problems_in(write(tmp_path, "t.yaml", text))
    assert problem.line == line_with(text, "{up_to: 400") and "must increase" in problem.message


def test_blank_citation(tmp_path):
    text = GOOD.replace("    citation: § 9-4(b)\n    if: {value: overnight_stay, equals: true}\n  - id: food",
                        "    citation: ' '\n    if: {value: overnight_stay, equals: true}\n  - id: food")
    (problem,) = problems_in(write(tmp_path, "c.yaml", text))
    assert problem.key == "checklist[2].citation" and "blank citation" in problem.message


# ---------------------------------------------------------------- the vocabulary

def test_vocabulary_problems(tmp_path):
    path = write(tmp_path, "questions.yaml", """\
questions:
  a: {kind: yes_no, section: Your event, label: Food, drinks or more}
  b: {kind: number, section: Your event, label: B}
  c: {kind: choice, section: Your event, label: C}
  d: {kind: flag_set, section: Your event, label: D, options: {c: C}}
  e: {kind: yes_no, section: Your event, label: E, part_of: d}
""")
    found = {(p.key, p.line) for p in vocabulary_problems(path)}
    assert found == {("questions.a.drinks or more", 2), ("questions.b", 3), ("questions.c", 4),
                     ("questions.d.options.c", 5), ("questions.e.part_of", 6)}


def test_the_built_in_vocabulary_is_clean():
    assert vocabulary_problems() == []


# ---------------------------------------------------------------- the server refuses

@pytest.fixture
def broken_file(tmp_path) -> Path:
    return write(tmp_path / "rules", "broken.yaml", plant(GOOD, [(g, b) for _, g, b, *_ in PLANTED[1:3]]))


def test_create_app_refuses_broken_rule_paths(tmp_path, broken_file):
    with pytest.raises(RuleFileError) as caught:
        create_app({"TESTING": True, "DATABASE": str(tmp_path / "w.db"), "SECRET_KEY": "t", "RULE_PATHS": [broken_file]})
    messages = [p.message for p in caught.value.problems]
    assert any("unknown operator 'greater_than'" in m for m in messages)
    assert any("'max_attendence'" in m for m in messages)


def test_serve_exits_1_and_says_why(tmp_path, broken_file):
    done = subprocess.run(
        [sys.executable, "-m", "wizard", "serve", "--port", "0", "--db", str(tmp_path / "w.db"), "--rules", str(broken_file)],
        cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert done.stderr.startswith("refusing to start: 2 problem(s) in the rule files:")
    assert re.search(rf"{re.escape(str(broken_file))}:\d+: scope\.triggers\[0\]\.if\.all\[1\]\.greater_than: unknown operator",
                     done.stderr)
    assert "unknown answer or fact 'max_attendence'" in done.stderr
    assert "Permit wizard on" not in done.stdout


def test_check_does_not_change_the_data(tmp_path):
    data = yaml.safe_load(GOOD)
    before = copy.deepcopy(data)
    run_checks([write(tmp_path, "f.yaml", GOOD)])
    assert data == before


def test_every_derived_fact_declares_real_inputs_and_a_kind():
    """A fact is declared once (wizard/engine/facts.py); the checks read its inputs and kind from there."""
    questions = yaml.safe_load((Path(__file__).resolve().parents[2] / "interviews" / "questions.yaml").read_text())["questions"]
    assert {"event_days", "commercial", "female_attendance"} <= set(FACTS)
    for name, fact in FACTS.items():
        assert set(Facts({}).depends_on(name)) <= set(fact.inputs) <= set(questions), name
        assert kind_of(name, questions) in ("number", "yes_no")


def test_likely_outside_an_uncertain_rule(tmp_path):
    path = variant(tmp_path, lambda d: d["scope"]["triggers"][0].update(likely="required"))
    (problem,) = problems_in(path)
    assert problem.key == "scope.triggers[0].likely" and "belongs on `uncertain` rules only" in problem.message


def test_a_warning_figure_must_be_quoted_and_every_quote_a_figure(tmp_path):
    # A warning may quote money figures ({name}), checked like fees.
    def change(d):
        d["warnings"][0]["figures"] = {"unused": {"amount": 100, "times": {"blocks_of": 300, "of": "max_attendance"}},
                                      "typo": {"amount": 1, "times": {"value": "max_attendence"}}}
        d["warnings"][0]["text"] += " It is {missing}."
    messages = [p.message for p in problems_in(variant(tmp_path, change))]
    assert any("quotes {missing}, which is not one of its figures" in m for m in messages)
    assert any("figure 'unused' is not quoted in the text as {unused}" in m for m in messages)
    assert any("reads unknown answer or fact 'max_attendence'" in m for m in messages)
