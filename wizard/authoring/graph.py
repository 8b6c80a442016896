"""`wizard graph`: a jurisdiction's interview as a flow diagram, for clerks and rule authors.

Steps run top to bottom in the order the organizer meets them (wizard/interview/road.py): the
steps that can settle the verdict first, in the file's order, under "Do you need a permit?", then
the details section by section; each step names its section. A step with an `if` sits behind a diamond that
states its condition in plain words ("yes" leads into the step, "no" past it). Each scope rule
(exemption, not-applicable rule, trigger, uncertain rule) is an end node, reached by a dashed
edge from the step after which its condition can be decided, labelled with that condition.

Output is Mermaid or Graphviz DOT text. SVG needs Graphviz's `dot` program: no well-kept
pure-pip library renders DOT or Mermaid to SVG without system packages.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import textwrap
from dataclasses import dataclass
from typing import Any

from .checks.common import asked_at, needed_keys
from ..engine.conditions import names_in
from ..interview.road import work_out_road
from ..errors import WizardError

FORMATS = ("mermaid", "dot", "svg")
WORDS = {
    "equals": "is", "not_equals": "is not", "in": "is one of", "not_in": "is none of",
    "gt": "is more than", "gte": "is at least", "lt": "is less than", "lte": "is at most",
    "includes": "includes any of",
}
SECTIONS = (("exemptions", "exempt"), ("not_applicable", "not_required"),
            ("triggers", "required"), ("uncertain", "uncertain"))
OUTCOME_WORDS = {"exempt": "Exempt", "not_required": "Not required", "uncertain": "Uncertain: ask"}
COLOURS = {  # fill, border
    "required": ("#fde2e1", "#b42318"), "exempt": ("#e3f4e1", "#2e7d32"),
    "not_required": ("#eeeeee", "#616161"), "uncertain": ("#fff4d6", "#a66a00"),
}
WRAP = 38


class GraphError(WizardError):
    """The diagram cannot be produced in the requested format."""


@dataclass
class Node:
    id: str
    label: str
    kind: str  # start, step, decision, finish, or an outcome


@dataclass
class Edge:
    source: str
    target: str
    label: str = ""
    dashed: bool = False


# ---------------------------------------------------------------- conditions in plain words

def describe(condition: Any) -> str:
    """A condition in plain words: {value: max_attendance, gt: 200} -> "max attendance is more than 200"."""
    if condition is None:
        return "always"
    for key, joiner in (("all", " and "), ("any", " or ")):
        if key in condition:
            return joiner.join(_part(c) for c in condition[key])
    if "not" in condition:
        return f"not ({describe(condition['not'])})"
    name = _words(condition["value"])
    (op,) = [k for k in condition if k != "value"]
    operand = condition[op]
    if op == "answered":
        return f"{name} is {'answered' if operand else 'not answered'}"
    if op in ("equals", "not_equals") and isinstance(operand, bool):
        return f"{name}: {'yes' if operand == (op == 'equals') else 'no'}"
    return f"{name} {WORDS[op]} {_operand(operand)}"


def _part(condition: dict) -> str:
    text = describe(condition)
    return f"({text})" if "all" in condition or "any" in condition else text


def _operand(operand: Any) -> str:
    if isinstance(operand, list):
        return ", ".join(_operand(o) for o in operand)
    if isinstance(operand, dict) and "value" in operand:
        return _words(operand["value"])
    if isinstance(operand, dict) and "sum" in operand:
        return " + ".join(_operand(o) for o in operand["sum"])
    if isinstance(operand, bool):
        return "yes" if operand else "no"
    if isinstance(operand, float) and operand.is_integer():
        operand = int(operand)
    return _words(operand) if isinstance(operand, str) else f"{operand:,}"


def _words(name: str) -> str:
    return name.replace("_", " ")


# ---------------------------------------------------------------- the diagram: nodes and edges

def diagram(j, questions: dict) -> tuple[list[Node], list[Edge]]:
    """Nodes and edges of the interview, independent of the output format."""
    nodes = [Node("start", f"Start: {j.name}", "start")]
    edges: list[Edge] = []
    pending = [("start", "")]
    # The order the server asks them in, not the file's: later steps are regrouped by section (docs/decisions/0006-sections-and-the-road.md).
    road = work_out_road(j, questions)
    for index, step in enumerate(road.steps):
        sid = f"s{index}"
        if "if" in step:
            nodes.append(Node(f"d{index}", f"{describe(step['if'])}?", "decision"))
            edges += [Edge(source, f"d{index}", label) for source, label in pending]
            edges.append(Edge(f"d{index}", sid, "yes"))
            pending = [(sid, ""), (f"d{index}", "no")]
        else:
            edges += [Edge(source, sid, label) for source, label in pending]
            pending = [(sid, "")]
        section = road.section_of(step["step"], j.license_word)
        nodes.append(Node(sid, f"{index + 1}. {step['title']}\n{section}\nasks: {', '.join(step['questions'])}", "step"))
    nodes.append(Node("finish", "End of the interview: the assessment", "finish"))
    edges += [Edge(source, "finish", label) for source, label in pending]

    asked = asked_at(road.steps, questions)
    scope = j.scope
    word = j.license_word
    for section, outcome in SECTIONS:
        for number, rule in enumerate(scope.get(section) or []):
            title = OUTCOME_WORDS.get(outcome, f"{word.capitalize()} required")
            node = Node(f"{section}_{number}", f"{title}: {_words(rule['id']).replace('-', ' ')}\n{rule['citation']}", outcome)
            keys = [k for name in names_in(rule["if"]) for k in needed_keys(name)]
            at = max((asked[k] for k in keys if k in asked), default=None)
            source = "finish" if at is None or any(k not in asked for k in keys) else f"s{at}"
            nodes.append(node)
            edges.append(Edge(source, node.id, describe(rule["if"]), dashed=True))
    fallback = scope["otherwise"]
    title = OUTCOME_WORDS.get(fallback["outcome"], f"{word.capitalize()} required")
    nodes.append(Node("otherwise", f"{title} (otherwise)\n{fallback['citation']}", fallback["outcome"]))
    edges.append(Edge("finish", "otherwise", "no rule above applies", dashed=True))
    return nodes, edges


def _wrap(text: str, width: int = WRAP) -> list[str]:
    return [line for part in text.split("\n") for line in (textwrap.wrap(part, width) or [""])]


# ---------------------------------------------------------------- Mermaid

MERMAID_SHAPES = {
    "start": '(["{}"])', "step": '["{}"]', "decision": '{{"{}"}}', "finish": '[["{}"]]',
}


def _mermaid_text(text: str) -> str:
    escaped = [line.replace("&", "#amp;").replace('"', "#quot;").replace("<", "#lt;").replace(">", "#gt;")
               for line in _wrap(text)]
    return "<br/>".join(escaped)


def to_mermaid(j, questions: dict) -> str:
    nodes, edges = diagram(j, questions)
    lines = ["---", f"title: {json.dumps(j.name + ': the interview', ensure_ascii=False)}", "---", "flowchart TD"]
    for node in nodes:
        shape = MERMAID_SHAPES.get(node.kind, '(["{}"])')
        lines.append(f"    {node.id}{shape.format(_mermaid_text(node.label))}")
    for edge in edges:
        arrow = "-.->" if edge.dashed else "-->"
        label = f'|"{_mermaid_text(edge.label)}"|' if edge.label else ""
        lines.append(f"    {edge.source} {arrow}{label} {edge.target}")
    for kind, (fill, stroke) in COLOURS.items():
        members = [n.id for n in nodes if n.kind == kind]
        if members:
            lines.append(f"    classDef {kind} fill:{fill},stroke:{stroke},color:#1a1a1a")
            lines.append(f"    class {','.join(members)} {kind}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- Graphviz DOT

DOT_SHAPES = {
    "start": "shape=oval", "step": 'shape=box, style="rounded"', "decision": "shape=diamond",
    "finish": 'shape=box, style="bold"',
}


def _dot_text(text: str) -> str:
    return "\\n".join(line.replace("\\", "\\\\").replace('"', '\\"') for line in _wrap(text))


def to_dot(j, questions: dict) -> str:
    nodes, edges = diagram(j, questions)
    lines = [
        f'digraph "{_dot_text(j.id)}" {{',
        f'    graph [rankdir=TB, labelloc=t, fontname="Helvetica", label="{_dot_text(j.name + ": the interview")}"];',
        '    node [fontname="Helvetica", fontsize=11];',
        '    edge [fontname="Helvetica", fontsize=10];',
    ]
    for node in nodes:
        if node.kind in COLOURS:
            fill, stroke = COLOURS[node.kind]
            attrs = f'shape=box, style="rounded,filled", fillcolor="{fill}", color="{stroke}"'
        else:
            attrs = DOT_SHAPES[node.kind]
        lines.append(f'    {node.id} [{attrs}, label="{_dot_text(node.label)}"];')
    for edge in edges:
        attrs = ["style=dashed"] if edge.dashed else []
        if edge.label:
            attrs.append(f'label="{_dot_text(edge.label)}"')
        lines.append(f"    {edge.source} -> {edge.target}" + (f" [{', '.join(attrs)}]" if attrs else "") + ";")
    lines.append("}")
    return "\n".join(lines) + "\n"


def to_svg(j, questions: dict) -> str:
    dot = shutil.which("dot")
    if dot is None:
        raise GraphError(
            "SVG needs Graphviz's `dot` program, which is not installed here (no well-kept pure-pip "
            "library renders SVG without system packages). Use --format dot and render it with Graphviz "
            "(dot -Tsvg), or --format mermaid and paste it into any Mermaid viewer.")
    done = subprocess.run([dot, "-Tsvg"], input=to_dot(j, questions), capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        raise GraphError(f"Graphviz failed: {done.stderr.strip()}")
    return done.stdout


def render(j, questions: dict, fmt: str = "mermaid") -> str:
    if fmt not in FORMATS:
        raise GraphError(f"unknown format {fmt!r}; use one of: {', '.join(FORMATS)}")
    return {"mermaid": to_mermaid, "dot": to_dot, "svg": to_svg}[fmt](j, questions)
