"""`wizard graph`: the interview as Mermaid or DOT text a clerk can read."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from wizard.authoring import graph as graph_module
from wizard.cli import main
from wizard.authoring.graph import GraphError, describe, diagram, render, to_dot, to_mermaid
from wizard.interview.road import work_out_road

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "fifth-jurisdiction.yaml"
BUILT_IN = ["whitesboro-ny", "wi-village-ch64", "baroda-mi", "dekalb-il"]


@pytest.mark.parametrize("condition, words", [
    ({"value": "max_attendance", "gt": 200}, "max attendance is more than 200"),
    ({"value": "max_attendance", "gte": 3000}, "max attendance is at least 3,000"),
    ({"value": "applicant_is_owner", "equals": False}, "applicant is owner: no"),
    ({"value": "multi_day", "not_equals": False}, "multi day: yes"),
    ({"value": "property_owner", "in": ["municipal", "other_public"]}, "property owner is one of municipal, other public"),
    ({"value": "hazardous", "includes": ["combat"]}, "hazardous includes any of combat"),
    ({"value": "max_attendance", "lte": {"sum": [{"value": "venue_capacity"}, 250]}},
     "max attendance is at most venue capacity + 250"),
    ({"value": "tickets", "answered": False}, "tickets is not answered"),
    ({"all": [{"value": "commercial", "equals": True},
              {"any": [{"value": "street_closure", "equals": True}, {"value": "max_attendance", "gt": 100}]}]},
     "commercial: yes and (street closure: yes or max attendance is more than 100)"),
    ({"not": {"value": "setting", "equals": "outdoors"}}, "not (setting is outdoors)"),
    (None, "always"),
])
def test_conditions_in_plain_words(condition, words):
    assert describe(condition) == words


@pytest.mark.parametrize("jurisdiction", BUILT_IN)
def test_every_step_and_every_outcome_rule_is_drawn(book, jurisdiction):
    j = book.get(jurisdiction)
    nodes, edges = diagram(j, book.questions_for(jurisdiction))
    ids = {n.id for n in nodes}
    assert {e.source for e in edges} | {e.target for e in edges} <= ids
    steps = [n for n in nodes if n.kind == "step"]
    road = work_out_road(j, book.questions_for(jurisdiction))
    assert [n.label.split("\n")[0] for n in steps] == [f"{i + 1}. {s['title']}" for i, s in enumerate(road.steps)]
    rules = sum(len(j.data["scope"].get(s) or []) for s in ("exemptions", "not_applicable", "triggers", "uncertain"))
    outcomes = [n for n in nodes if n.kind in ("exempt", "not_required", "required", "uncertain")]
    assert len(outcomes) == rules + 1  # and `otherwise`
    for index, step in enumerate(road.steps):
        incoming = [e for e in edges if e.target == f"s{index}"]
        if "if" in step:
            assert [(e.source, e.label) for e in incoming] == [(f"d{index}", "yes")]
            assert [n.label for n in nodes if n.id == f"d{index}"] == [describe(step["if"]) + "?"]
            assert any(e.source == f"d{index}" and e.label == "no" for e in edges)
        else:
            assert incoming


def test_outcome_edges_leave_from_the_step_that_settles_them(book):
    nodes, edges = diagram(book.get("whitesboro-ny"), book.questions)
    by_target = {e.target: e for e in edges if e.dashed}
    over_200 = next(n.id for n in nodes if n.label.startswith("Permit required: over 200"))
    assert by_target[over_200].source == "s1"  # the crowd step
    assert by_target[over_200].label == "max attendance is more than 200"
    fire = next(n.id for n in nodes if n.label.startswith("Exempt: volunteer fire company"))
    assert by_target[fire].source == "s2"  # the local-group step
    assert by_target["otherwise"].source == "finish"


def test_mermaid_text(book):
    text = to_mermaid(book.get("baroda-mi"), book.questions)
    assert text.startswith('---\ntitle: "Village of Baroda, Michigan: the interview"\n---\nflowchart TD\n')
    assert 's0["1. Who owns the land?<br/>Do you need a license?<br/>asks: property_owner"]' in text
    assert re.search(r'd\d+\{"applicant is owner: no\?"\}', text)
    assert '-->|"yes"|' in text and '-->|"no"|' in text and "-.->" in text
    assert "classDef exempt" in text and "classDef required" in text
    for line in text.splitlines()[4:]:
        assert line.count('"') % 2 == 0, line  # quotes inside labels are escaped


def test_labels_are_escaped(book):
    j = book.get("whitesboro-ny")
    j_quoted = type(j)({**j.data, "name": 'The "Quoted" <Village> & Co'}, j.path, j.lines)
    j_quoted.asked_keys = j.asked_keys
    assert "#quot;Quoted#quot; #lt;Village#gt; #amp; Co" in to_mermaid(j_quoted, book.questions)
    assert '\\"Quoted\\" <Village> & Co' in to_dot(j_quoted, book.questions)


def test_dot_text(book):
    text = to_dot(book.get("dekalb-il"), book.questions)
    assert text.startswith('digraph "dekalb-il" {') and text.rstrip().endswith("}")
    assert "shape=diamond" in text and "style=dashed" in text
    assert 's0 [shape=box, style="rounded", label="1. When is your event?\\nDo you need a permit?\\nasks: starts_at, ends_at"];' in text


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz is not installed")
@pytest.mark.parametrize("jurisdiction", BUILT_IN)
def test_graphviz_accepts_the_dot_text(book, jurisdiction):
    done = subprocess.run(["dot", "-Tsvg"], input=to_dot(book.get(jurisdiction), book.questions),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "<svg" in done.stdout


def test_svg_without_graphviz_says_why(book, monkeypatch):
    monkeypatch.setattr(graph_module.shutil, "which", lambda name: None)
    with pytest.raises(GraphError, match="needs Graphviz's `dot` program"):
        render(book.get("baroda-mi"), book.questions, "svg")
    result = CliRunner().invoke(main, ["graph", "baroda-mi", "--format", "svg"])
    assert result.exit_code == 2 and "--format dot" in result.stderr


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz is not installed")
def test_svg_with_graphviz():
    result = CliRunner().invoke(main, ["graph", "whitesboro-ny", "--format", "svg"])
    assert result.exit_code == 0 and "<svg" in result.stdout


def test_cli_formats_and_rules(tmp_path):
    runner = CliRunner()
    mermaid = runner.invoke(main, ["graph", "whitesboro-ny"])
    assert mermaid.exit_code == 0 and "flowchart TD" in mermaid.stdout
    dot = runner.invoke(main, ["graph", "whitesboro-ny", "--format", "dot"])
    assert dot.exit_code == 0 and dot.stdout.startswith('digraph "whitesboro-ny"')
    fifth = runner.invoke(main, ["graph", "maple-hollow", "--rules", str(FIXTURE), "--format", "dot"])
    assert fifth.exit_code == 0 and "Exempt: school event" in fifth.stdout
    help_text = runner.invoke(main, ["graph", "--help"]).output
    assert "svg" in help_text and "pure-pip" in help_text


def test_cli_unknown_or_broken_jurisdiction(tmp_path):
    result = CliRunner().invoke(main, ["graph", "atlantis"])
    assert result.exit_code == 2 and "no valid rule file with id 'atlantis'" in result.stderr
    assert all(ident in result.stderr for ident in BUILT_IN)
    broken = tmp_path / "broken.yaml"
    broken.write_text(FIXTURE.read_text(encoding="utf-8").replace("gt: 500}", "gtt: 500}"), encoding="utf-8")
    result = CliRunner().invoke(main, ["graph", "maple-hollow", "--rules", str(broken)])
    assert result.exit_code == 2 and "unknown operator 'gtt'" in result.stderr


def test_the_graph_draws_the_order_the_organizer_meets(book):
    # The server asks the deciding steps (docs/decisions/0006-sections-and-the-road.md) in the file's
    # order, then the details section by section; Baroda's file lists "About your event" (Your event)
    # after "Your contact details" (About you), but the organizer meets it before, and the graph must say
    # so.
    j = book.get("baroda-mi")
    file_order = [s["title"] for s in j.steps]
    nodes, _ = diagram(j, book.questions_for("baroda-mi"))
    drawn = [n.label.split("\n") for n in nodes if n.kind == "step"]
    titles = [label[0].split(". ", 1)[1] for label in drawn]
    assert titles != file_order and sorted(titles) == sorted(file_order)
    sections = [label[1] for label in drawn]
    assert sections[0] == "Do you need a license?"
    # The sections only move forward once the deciding steps are done.
    details = [s for s in sections if s != "Do you need a license?"]
    order = ["Your event", "About you", "The site", "Facilities"]
    assert [order.index(s) for s in details] == sorted(order.index(s) for s in details)


def test_the_authors_guide_says_the_order_the_organizer_meets():
    guide = (Path(__file__).resolve().parents[2] / "docs" / "authoring.md").read_text(encoding="utf-8")
    assert "**The order the organizer meets the steps is not always the file's order.**" in guide
    assert "regrouped by section" in guide and "in the order the organizer meets them" in guide
