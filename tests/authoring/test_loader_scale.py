"""Loading many rule files: a file that passed is remembered by its bytes, each is read when first
used, a changed file is checked again, and many files are checked on every core."""
from __future__ import annotations

from pathlib import Path

import jsonschema
import pytest

import wizard.authoring.checks as checks
from wizard.authoring.checks.schema import EXCLUSIVE_CHOICES, passes_schema, schema
from wizard.rules.texts import in_language
from wizard.errors import RuleFileError
from wizard.authoring.checkrecord import RECORD_FILE
from wizard.authoring.loader import load_rulebook
from wizard.authoring.parallel import PARALLEL_FROM
from wizard.rules.yamlfile import read_yaml

from tests.support.authoring import GOOD, plant, PLANTED
from tests.support.authoring import BUILT_IN, copies


def test_a_second_start_reads_no_rule_file(tmp_path, monkeypatch):
    rules, cache = copies(tmp_path / "rules", 8), tmp_path / "instance"
    first = load_rulebook([rules], cache_dir=cache)
    assert (cache / RECORD_FILE).is_file()
    checked = []
    monkeypatch.setattr(checks, "check_file", lambda *a, **k: checked.append(a) or (None, []))
    second = load_rulebook([rules], cache_dir=cache)
    assert checked == []
    assert list(second.jurisdictions) == list(first.jurisdictions)
    assert [j.name for j in second.listing()] == [j.name for j in first.listing()]
    assert second.questions["jurisdiction"]["options"] == first.questions["jurisdiction"]["options"]


def test_a_remembered_file_is_read_when_first_used(tmp_path):
    rules, cache = copies(tmp_path / "rules", 4), tmp_path / "instance"
    load_rulebook([rules], cache_dir=cache)
    book = load_rulebook([rules], cache_dir=cache)
    j = book.get("baroda-mi-0000")
    assert j.license_word == "license" and j.steps and "max_attendance" in j.asked_keys
    assert book.get("baroda-mi-0000") is j  # kept once read
    assert book.get("no-such-place") is None


def test_a_file_broken_after_it_was_remembered_stops_the_next_start(tmp_path):
    rules, cache = tmp_path / "rules", tmp_path / "instance"
    good = rules / "fifth.yaml"
    rules.mkdir()
    good.write_text(GOOD, encoding="utf-8")
    load_rulebook([rules], cache_dir=cache)
    good.write_text(plant(GOOD, [PLANTED[1][1:3]]), encoding="utf-8")
    with pytest.raises(RuleFileError) as caught:
        load_rulebook([rules], cache_dir=cache)
    assert any("unknown operator 'greater_than'" in p.message and p.line for p in caught.value.problems)


def test_a_file_broken_while_the_app_runs_never_reaches_an_organizer(tmp_path):
    rules, cache = tmp_path / "rules", tmp_path / "instance"
    rules.mkdir()
    (rules / "fifth.yaml").write_text(GOOD, encoding="utf-8")
    book = load_rulebook([rules], cache_dir=cache)
    (rules / "fifth.yaml").write_text(plant(GOOD, [PLANTED[2][1:3]]), encoding="utf-8")
    with pytest.raises(RuleFileError, match="max_attendence"):
        book.jurisdictions[next(iter(book.jurisdictions))]


def test_a_changed_checker_checks_every_file_again(tmp_path, monkeypatch):
    rules, cache = copies(tmp_path / "rules", 4), tmp_path / "instance"
    load_rulebook([rules], cache_dir=cache)
    monkeypatch.setattr("wizard.authoring.loader.checks_fingerprint", lambda: "another version of the checks")
    checked = []
    real = checks.check_path
    monkeypatch.setattr("wizard.authoring.loader.check_path", lambda *a: checked.append(a) or real(*a))
    load_rulebook([rules], cache_dir=cache)
    assert len(checked) == 4


def test_many_files_are_checked_in_parallel_and_every_problem_is_reported(tmp_path):
    rules = copies(tmp_path / "rules", PARALLEL_FROM + 6)
    (rules / "zz-broken.yaml").write_text(plant(GOOD, [PLANTED[1][1:3], PLANTED[2][1:3]]), encoding="utf-8")
    duplicate = (rules / "dekalb-il-0001.yaml").read_text(encoding="utf-8")
    (rules / "zz-same-id.yaml").write_text(duplicate, encoding="utf-8")
    with pytest.raises(RuleFileError) as caught:
        load_rulebook([rules], cache_dir=tmp_path / "instance")
    messages = [(Path(p.file).name, p.message) for p in caught.value.problems]
    assert any(f == "zz-broken.yaml" and "greater_than" in m for f, m in messages)
    assert any(f == "zz-broken.yaml" and "max_attendence" in m for f, m in messages)
    assert any(f == "zz-same-id.yaml" and "duplicate jurisdiction id 'dekalb-il-0001'" in m for f, m in messages)
    problems = checks.run_checks([rules])
    assert any(Path(p.file).name == "zz-broken.yaml" and p.line for p in problems)


@pytest.mark.parametrize("planted", [p for p in PLANTED if p[0] in ("schema error", "unknown operator", "missing citation")],
                         ids=lambda p: p[0])
def test_the_quick_schema_check_rejects_what_jsonschema_rejects(tmp_path, planted):
    path = tmp_path / "f.yaml"
    path.write_text(plant(GOOD, [planted[1:3]]), encoding="utf-8")
    data = read_yaml(path)
    assert not jsonschema.Draft202012Validator(schema()).is_valid(data)
    assert passes_schema(data) is False


def test_the_quick_schema_check_passes_every_built_in_file():
    for path in BUILT_IN.glob("*.yaml"):
        assert passes_schema(in_language(read_yaml(path), "en")), path.name  # as check_file reads it


@pytest.mark.parametrize("name", EXCLUSIVE_CHOICES)
def test_the_quick_schema_check_reads_as_any_only_choices_that_exclude_each_other(name):
    # Each object choice requires a key of its own that no other allows; the others are not objects:
    # no value can match two. A choice added that overlaps another would make `anyOf` accept what
    # `oneOf` refuses.
    choices = schema()["$defs"][name]["oneOf"]
    objects = [c for c in choices if c.get("type", "object") == "object"]
    for choice in objects:
        assert choice["additionalProperties"] is False
        for other in objects:
            if other is not choice:
                assert not set(other["required"]) & set(choice["properties"])
    assert all("object" not in c["type"] for c in choices if c not in objects)


@pytest.mark.parametrize("condition", [{"all": [{"value": "a", "equals": 1}], "any": [{"value": "a", "equals": 1}]},
                                       {"not": {"value": "a", "equals": 1}, "value": "a"},
                                       {"value": "a", "equals": 1, "gt": 2}, {"sum": [1], "value": "a"}])
def test_the_quick_schema_check_refuses_a_condition_of_two_kinds_at_once(condition):
    data = in_language(read_yaml(BUILT_IN / "baroda-mi.yaml"), "en")
    step = next(step for step in data["interview"] if "if" in step)
    step["if"] = condition
    assert not jsonschema.Draft202012Validator(schema()).is_valid(data)
    assert passes_schema(data) is False
