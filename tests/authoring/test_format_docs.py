"""docs/authoring.md documents every key of the format; docs/vocabulary.md is generated, not written."""
from __future__ import annotations

import re
from pathlib import Path

import jsonschema
import pytest
import yaml
from click.testing import CliRunner

from wizard.authoring.checks.schema import schema
from wizard.engine.facts import FACTS as DERIVED_FACTS
from wizard.cli import main
from wizard.engine.conditions import OPERATORS
from wizard.authoring.vocabulary_doc import KIND_MEANINGS, render

ROOT = Path(__file__).resolve().parents[2]
AUTHORING = ROOT / "docs" / "authoring.md"
VOCABULARY = ROOT / "docs" / "vocabulary.md"
SCHEMA = ROOT / "interviews" / "schema" / "jurisdiction.schema.yaml"
QUESTIONS = ROOT / "interviews" / "questions.yaml"
FIFTH = ROOT / "tests" / "fixtures" / "fifth-jurisdiction.yaml"


def _walk_schema(node, properties: set, enums: set) -> None:
    if isinstance(node, dict):
        if isinstance(node.get("properties"), dict):
            properties.update(node["properties"])
        if isinstance(node.get("enum"), list):
            enums.update(str(v) for v in node["enum"])
        for value in node.values():
            _walk_schema(value, properties, enums)
    elif isinstance(node, list):
        for value in node:
            _walk_schema(value, properties, enums)


def _schema_names() -> tuple[set, set]:
    properties, enums = set(), set()
    _walk_schema(yaml.safe_load(SCHEMA.read_text(encoding="utf-8")), properties, enums)
    return properties, enums


def _question_kinds() -> set:
    text = QUESTIONS.read_text(encoding="utf-8")
    declared = re.search(r"^# Kinds: (.+)\.$", text, re.M).group(1)
    used = {q["kind"] for q in yaml.safe_load(text)["questions"].values()}
    return {k.strip() for k in declared.split(",")} | used


@pytest.fixture(scope="module")
def documented() -> set:
    """Every name written as `code` in the authoring guide."""
    return set(re.findall(r"`([^`\s]+)`", AUTHORING.read_text(encoding="utf-8")))


def test_the_schema_walk_finds_keys_at_every_depth():
    properties, enums = _schema_names()
    assert {"format", "interview", "step", "tiers", "up_to", "blocks_of", "sum", "one_per", "notary"} <= properties
    assert {"with_application", "after_event", "not_required", "license", "none"} <= enums


def test_every_schema_property_is_documented(documented):
    properties, _ = _schema_names()
    assert sorted(properties - documented) == [], "add these rule-file keys to docs/authoring.md"


def test_every_enum_value_is_documented(documented):
    """`due` values, `outcome`s, `license_word`s and `round`s."""
    _, enums = _schema_names()
    assert sorted(enums - documented) == [], "add these values to docs/authoring.md"


def test_every_due_value_is_documented(documented):
    schema = yaml.safe_load(SCHEMA.read_text(encoding="utf-8"))
    due = schema["properties"]["checklist"]["items"]["properties"]["due"]["enum"]
    assert set(due) <= documented


def test_every_operator_is_documented(documented):
    assert sorted(set(OPERATORS) - documented) == [], "add these operators to docs/authoring.md"


def test_every_derived_fact_is_documented(documented):
    assert sorted(set(DERIVED_FACTS) - documented) == [], "add these derived facts to docs/authoring.md"


def test_every_question_kind_is_documented(documented):
    kinds = _question_kinds()
    assert kinds == set(KIND_MEANINGS), "questions.yaml and the vocabulary page disagree on the kinds"
    assert sorted(kinds - documented) == [], "add these question kinds to docs/authoring.md"


def test_every_question_key_field_is_documented(documented):
    fields = {f for q in yaml.safe_load(QUESTIONS.read_text(encoding="utf-8"))["questions"].values() for f in q}
    assert sorted(fields - documented) == []


def test_the_worked_example_is_the_fixture_file():
    text = AUTHORING.read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
    assert FIFTH.read_text(encoding="utf-8") in blocks, (
        "the worked example in docs/authoring.md must be tests/fixtures/fifth-jurisdiction.yaml verbatim")


def _fragment_schemas() -> dict[str, dict]:
    """The rule-file schema and each of its parts, so a guide example of one part can be checked."""
    root = schema()
    whole = {k: v for k, v in root.items() if k != "required"}
    parts = {"a whole rule file, or some of its top-level keys": whole}
    for name, sub in root["properties"].items():
        parts[f"the value of `{name}`"] = {"$defs": root["$defs"], **sub}
    for name, sub in root["$defs"].items():
        if sub.get("type") == "object" and sub.get("additionalProperties") is not False:
            continue  # a mixin such as `ratio`: any mapping would fit it
        parts[f"a `{name}`"] = {"$defs": root["$defs"], **sub}
    parts["a mapping with an `if` condition"] = {"$defs": root["$defs"], "type": "object", "additionalProperties": False,
                                                 "required": ["if"], "properties": {"if": {"$ref": "#/$defs/condition"}}}
    return parts


def _resolved(node: dict, root: dict) -> dict:
    while "$ref" in node:
        node = root["$defs"][node["$ref"].rsplit("/", 1)[1]]
    return node


def _unknown_keys(example, node: dict, root: dict, where: str = "") -> list[str]:
    node = _resolved(node, root)
    found = []
    if isinstance(example, dict) and "properties" in node:
        for key, value in example.items():
            if key == "...":
                continue  # a placeholder for the rest
            if key not in node["properties"]:
                found.append(f"{where}.{key}")
            else:
                found += _unknown_keys(value, node["properties"][key], root, f"{where}.{key}")
    elif isinstance(example, list) and isinstance(node.get("items"), dict):
        for item in example:
            found += _unknown_keys(item, node["items"], root, f"{where}[]")
    return found


def test_every_yaml_example_in_the_guide_is_valid_against_the_schema():
    """Each example is a whole rule file or one part of one; a typo in a key or an operator fails here."""
    parts = _fragment_schemas()
    blocks = re.findall(r"```yaml\n(.*?)```", AUTHORING.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 5
    for block in blocks:
        example = yaml.safe_load(block)
        if "..." in block:
            # An outline, with ... standing for the parts: every key it names must be a real one.
            assert any(isinstance(example, dict) and "properties" in _resolved(part, schema())
                       and _unknown_keys(example, part, schema()) == [] for part in parts.values()), block
            continue
        fits = [name for name, part in parts.items() if jsonschema.Draft202012Validator(part).is_valid(example)]
        assert fits, f"this example in docs/authoring.md fits no part of the schema:\n{block}"


def test_vocabulary_page_is_up_to_date():
    assert VOCABULARY.read_text(encoding="utf-8") == render(), (
        "docs/vocabulary.md is stale: run `wizard vocabulary --output docs/vocabulary.md`")


def test_vocabulary_page_lists_every_key_with_kind_and_status():
    questions = yaml.safe_load(QUESTIONS.read_text(encoding="utf-8"))["questions"]
    page = render()
    for key, question in questions.items():
        row = next(line for line in page.splitlines() if line.startswith(f"| `{key}` |"))
        assert f"`{question['kind']}`" in row
        assert ("contract" if question.get("contract") else "addition") in row
        for option in question.get("options") or {}:
            assert f"`{option}`" in row


def test_vocabulary_command_prints_writes_and_checks(tmp_path):
    runner = CliRunner()
    printed = runner.invoke(main, ["vocabulary"])
    assert printed.exit_code == 0 and printed.output == render()
    target = tmp_path / "vocabulary.md"
    assert runner.invoke(main, ["vocabulary", "--check", "-o", str(target)]).exit_code == 1
    assert runner.invoke(main, ["vocabulary", "-o", str(target)]).exit_code == 0
    assert target.read_text(encoding="utf-8") == render()
    assert runner.invoke(main, ["vocabulary", "--check", "-o", str(target)]).exit_code == 0
