"""Issue 38, item 7: the format says what outside texts say. A lead time in business days as
`days_before` with `business: true`; a warning with a single money figure refused by `wizard check`.
The rule file is tests/fixtures/round4/maple-hollow-round4.yaml (the project's own, made up)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from wizard.cli import main

from .test_authoring_fifth import FESTIVAL

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "round4" / "maple-hollow-round4.yaml"


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
