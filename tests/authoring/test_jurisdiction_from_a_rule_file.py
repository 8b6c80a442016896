"""A fifth, made-up jurisdiction added with a rule file alone: checked, assessed and served, no Python.

The rule file is tests/fixtures/fifth-jurisdiction.yaml (the worked example of docs/authoring.md).
It is copied into a folder of its own, as a village clerk would keep it, and used through the
same entry points as the built-in ones.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from wizard.web.app import create_app
from wizard.cli import main
from tests.support.fifth import FESTIVAL, NO_FLAGS

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "fifth-jurisdiction.yaml"


@pytest.fixture
def rules(tmp_path) -> Path:
    folder = tmp_path / "x"
    folder.mkdir()
    shutil.copy(FIXTURE, folder / "fifth.yaml")
    return folder


def assess(rules: Path, answers: dict) -> dict:
    result = CliRunner().invoke(main, ["assess", "--rules", str(rules), "-"], input=json.dumps(answers))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_wizard_check_passes_on_the_file_in_a_folder_of_its_own(rules, tmp_path):
    """Run as a clerk would, from elsewhere, on the file and on its folder: the built-in vocabulary is used."""
    for target in (rules / "fifth.yaml", rules):
        done = subprocess.run([sys.executable, "-m", "wizard", "check", str(target)],
                              cwd=tmp_path, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stdout + done.stderr
        assert "All rule files are valid." in done.stdout


def test_festival_needs_a_permit_with_every_figure(rules):
    result = assess(rules, FESTIVAL)
    assert result["outcome"] == "required" and result["permit_required"] is True
    assert [r["citation"] for r in result["reasons"]] == ["§ 9-2(b)(1)", "§ 9-2(c)"]  # commercial > 250; > 24 hours
    assert result["missing"] == []
    assert result["application_fee"] == 250     # tier: 501 to 2,000 people
    assert result["deposit"] == 225             # 32 hours = 3 periods of 12 (the last one partly) x $75
    assert result["bond"] == 300                # 3 days x $100
    assert result["fee_waivable"] is False      # commercial
    assert result["insurance"] == [{"coverage": "general liability", "minimum": 1000000, "citation": "§ 9-8"}]
    assert result["quantities"] == {
        "toilets_female": 10,   # 720 women / 75 = 9.6
        "toilets_male": 4,      # 480 men / 150 = 3.2
        "urinals": 2,           # 480 / 300 = 1.6
        "parking_spaces": 400,  # 1,200 / 3
        "security_guards": 5,   # 1,200 / 250 = 4.8, at least 2
    }
    assert result["file_by"] == "2027-05-25" and result["file_by_basis"] == "ordinance"
    assert result["decision_within_days"] == 21
    ids = [c["id"] for c in result["checklist"]]
    assert ids == ["application-form", "site-plan", "camping-plan", "food-permit", "staff-on-site", "cleanup"]
    assert {c["id"]: c["when"] for c in result["checklist"]}["staff-on-site"] == "during_event"


@pytest.mark.parametrize("people, fee", [(1, 100), (500, 100), (501, 250), (2000, 250), (2001, 600), (30000, 600)])
def test_application_fee_is_tiered_by_attendance(rules, people, fee):
    answers = {**FESTIVAL, "max_attendance": people}
    assert assess(rules, answers)["application_fee"] == fee


@pytest.mark.parametrize("ends_at, hours, periods, days", [
    ("2027-07-09T23:00", 5, 1, 1),
    ("2027-07-10T06:00", 12, 1, 2),    # exactly 12 hours: one period
    ("2027-07-10T06:01", 12 + 1 / 60, 2, 2),
    ("2027-07-10T18:00", 24, 2, 2),    # exactly 24 hours: not "more than 24"
    ("2027-07-10T18:30", 24.5, 3, 2),
])
def test_deposit_per_12_hours_bond_per_day_and_the_hours_trigger(rules, ends_at, hours, periods, days):
    answers = {**FESTIVAL, "max_attendance": 1000, "ends_at": ends_at}
    result = assess(rules, answers)
    assert result["deposit"] == 75 * periods
    assert result["bond"] == 100 * days
    long_event = "§ 9-2(c)" in [r["citation"] for r in result["reasons"]]
    assert long_event is (hours > 24)
    assert ("staff-on-site" in [c["id"] for c in result["checklist"]]) is (hours > 24)


@pytest.mark.parametrize("owner, commercial, people, outcome", [
    ("private", True, 250, "not_required"), ("private", True, 251, "required"),
    ("private", False, 500, "not_required"), ("private", False, 501, "required"),
    ("municipal", False, 100, "not_required"), ("municipal", False, 101, "required"),
    ("other_public", True, 101, "required"),
])
def test_thresholds_differ_by_property_owner_and_commercial_status(rules, owner, commercial, people, outcome):
    answers = {**FESTIVAL, **NO_FLAGS, "property_owner": owner, "sells_goods": commercial,
               "max_attendance": people, "ends_at": "2027-07-09T23:00"}
    assert assess(rules, answers)["outcome"] == outcome


def test_school_event_is_exempt_only_up_to_1000_people(rules):
    school = {**FESTIVAL, "organizer_type": "school", "ends_at": "2027-07-09T23:00"}
    exempt = assess(rules, {**school, "max_attendance": 800})
    assert exempt["outcome"] == "exempt" and exempt["permit_required"] is False
    assert exempt["reasons"][0]["citation"] == "§ 9-3(a)"
    assert exempt["application_fee"] is None and exempt["checklist"] == []
    assert exempt["still_applies"] == [{"text": "The county's food permit is still needed if you serve food.",
                                        "citation": "§ 9-7"}]
    assert assess(rules, {**school, "max_attendance": 1001})["outcome"] == "required"


def test_per_sex_ratios_follow_the_female_share(rules):
    even = assess(rules, {**FESTIVAL, "female_share": None, "max_attendance": 1500})["quantities"]
    assert (even["toilets_female"], even["toilets_male"]) == (10, 5)   # 750 / 75, 750 / 150
    mostly_men = assess(rules, {**FESTIVAL, "female_share": 0.2, "max_attendance": 1500})["quantities"]
    assert (mostly_men["toilets_female"], mostly_men["toilets_male"]) == (4, 8)   # 300 / 75, 1200 / 150


def test_checklist_items_depend_on_answers(rules):
    plain = {**FESTIVAL, "food_service": False, "ends_at": "2027-07-09T23:00"}
    ids = [c["id"] for c in assess(rules, plain)["checklist"]]
    assert "food-permit" not in ids and "camping-plan" in ids and "staff-on-site" not in ids
    ids = [c["id"] for c in assess(rules, {**plain, "overnight_stay": False, "food_service": True})["checklist"]]
    assert "camping-plan" not in ids and "food-permit" in ids


def test_non_commercial_fee_may_be_waived_and_small_picnic_needs_nothing(rules):
    picnic = {**FESTIVAL, **NO_FLAGS, "max_attendance": 400, "ends_at": "2027-07-09T22:00"}
    result = assess(rules, picnic)
    assert result["outcome"] == "not_required" and result["reasons"][0]["citation"] == "§ 9-2"
    result = assess(rules, {**picnic, "max_attendance": 3000})
    assert result["outcome"] == "required" and result["application_fee"] == 600 and result["fee_waivable"] is True


def test_missing_answers_are_named(rules):
    result = assess(rules, {"jurisdiction": "maple-hollow", "property_owner": "private", "max_attendance": 300})
    assert result["outcome"] == "uncertain"
    assert "starts_at" in result["missing"] and "sells_goods" in result["missing"]


def test_the_app_serves_the_fifth_jurisdiction_from_rule_paths(rules, tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "wizard.db"), "SECRET_KEY": "t",
                      "WTF_CSRF_ENABLED": False, "RULE_PATHS": [rules / "fifth.yaml"]})
    client = app.test_client()
    assert [j["id"] for j in client.get("/api/jurisdictions").get_json()] == ["maple-hollow"]
    result = client.post("/api/assess", json=FESTIVAL).get_json()
    assert result["outcome"] == "required" and result["deposit"] == 225 and result["application_fee"] == 250


def test_the_fifth_jurisdiction_draws_as_a_graph(rules):
    result = CliRunner().invoke(main, ["graph", "maple-hollow", "--rules", str(rules)])
    assert result.exit_code == 0, result.output
    assert "Exempt: school event" in result.output and "duration hours is more than 24" in result.output
