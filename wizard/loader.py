"""Loading rule files: YAML with line numbers, JSON Schema, then checks the schema cannot express.

Every problem is collected and reported together (file, line, key), never just the first.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import jsonschema
import yaml

from .answers import DERIVED_FACTS
from .conditions import names_in
from .errors import Problem, RuleFileError
from .formulas import money_names, quantity_names
from .resources import resource_dir

Path_ = tuple  # a key path inside a YAML document: ("scope", "triggers", 0, "if")


def read_yaml(path: Path) -> tuple[Any, dict[Path_, int]]:
    """Parse YAML and map every key path to its 1-based line."""
    text = path.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    lines: dict[Path_, int] = {}

    def walk(node: yaml.Node, where: Path_) -> None:
        lines.setdefault(where, node.start_mark.line + 1)
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                key = where + (key_node.value,)
                lines[key] = key_node.start_mark.line + 1
                walk(value_node, key)
        elif isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):
                walk(item, where + (index,))

    root = yaml.compose(text, Loader=yaml.SafeLoader)
    if root is not None:
        walk(root, ())
    return data, lines


def line_of(lines: dict[Path_, int], where: Iterable) -> int | None:
    where = tuple(where)
    while where not in lines and where:
        where = where[:-1]
    return lines.get(where)


def dotted(where: Iterable) -> str:
    out = ""
    for part in where:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top)"


@dataclass
class Jurisdiction:
    """One ordinance encoded as data."""

    data: dict
    path: Path
    lines: dict = field(default_factory=dict, repr=False)

    @property
    def id(self) -> str:
        return self.data["id"]

    @property
    def name(self) -> str:
        return self.data["name"]

    @property
    def steps(self) -> list[dict]:
        return self.data["interview"]

    asked_keys: list = field(default_factory=list, repr=False)  # answer keys in interview order

    def line(self, *where) -> int | None:
        return line_of(self.lines, where)


@dataclass
class RuleBook:
    questions: dict
    jurisdictions: dict[str, Jurisdiction]

    def answer_keys(self) -> list[str]:
        return [k for k, q in self.questions.items() if q["kind"] != "flag_set"]

    def get(self, jurisdiction_id: str) -> Jurisdiction | None:
        return self.jurisdictions.get(jurisdiction_id)


def _schema() -> dict:
    data, _ = read_yaml(resource_dir("interviews") / "schema" / "jurisdiction.schema.yaml")
    return data


def schema_problems(data: Any, lines: dict, filename: str) -> list[Problem]:
    validator = jsonschema.Draft202012Validator(_schema())
    problems = []
    for error in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        # oneOf failures say little; the deepest sub-error names the real mistake.
        best = jsonschema.exceptions.best_match([error]) if error.context else error
        where = list(best.absolute_path)
        problems.append(Problem(filename, line_of(lines, where), dotted(where), best.message))
    return problems


def _walk_conditions(data: Any, where: Path_ = ()):
    """Yield (path, condition) for every `if` and every condition nested anywhere."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("if",):
                yield where + (key,), value
            else:
                yield from _walk_conditions(value, where + (key,))
    elif isinstance(data, list):
        for index, item in enumerate(data):
            yield from _walk_conditions(item, where + (index,))


def semantic_problems(j: Jurisdiction, questions: dict) -> list[Problem]:
    """Checks the schema cannot express: names that exist, ids that are unique."""
    known = {k for k, q in questions.items() if q["kind"] != "flag_set"} | set(DERIVED_FACTS)
    problems: list[Problem] = []

    def problem(where: Path_, message: str) -> None:
        problems.append(Problem(str(j.path), j.line(*where), dotted(where), message))

    for where, condition in _walk_conditions(j.data):
        for name in sorted(names_in(condition) - known):
            problem(where, f"condition names unknown answer or fact {name!r}")
    for index, spec in enumerate(j.data.get("quantities", [])):
        for name in sorted(quantity_names(spec) - known):
            problem(("quantities", index), f"quantity reads unknown answer or fact {name!r}")
    for key in ("application", "deposit", "bond"):
        for name in sorted(money_names(j.data.get("fees", {}).get(key)) - known):
            problem(("fees", key), f"fee reads unknown answer or fact {name!r}")
    for index, step in enumerate(j.steps):
        for q_index, key in enumerate(step["questions"]):
            if key not in questions:
                problem(("interview", index, "questions", q_index), f"unknown question {key!r}")
    for index, item in enumerate(j.data.get("application_form", [])):
        for f_index, key in enumerate(item.get("fills", [])):
            if key not in known:
                problem(("application_form", index, "fills", f_index), f"unknown answer {key!r}")
    for section, id_key in (("interview", "step"), ("checklist", "id"), ("warnings", "id"), ("signatures", "id")):
        seen: dict[str, int] = {}
        for index, item in enumerate(j.data.get(section, [])):
            ident = item.get(id_key)
            if ident in seen:
                problem((section, index, id_key), f"duplicate id {ident!r} (first at item {seen[ident]})")
            seen.setdefault(ident, index)
    return problems


def expand_questions(keys: list[str], questions: dict) -> list[str]:
    """Answer keys behind question keys: a flag_set stands for each of its flags."""
    out: list[str] = []
    for key in keys:
        question = questions.get(key, {})
        out.extend(question["options"] if question.get("kind") == "flag_set" else [key])
    return out


def load_questions(path: Path | None = None) -> dict:
    data, _ = read_yaml(path or resource_dir("interviews") / "questions.yaml")
    return data["questions"]


def jurisdiction_files(paths: Iterable[Path] | None = None) -> list[Path]:
    paths = list(paths) if paths else [resource_dir("interviews") / "jurisdictions"]
    files: list[Path] = []
    for path in paths:
        files.extend(sorted(path.glob("*.yaml")) if path.is_dir() else [path])
    return files


def check_files(paths: Iterable[Path] | None = None) -> tuple[RuleBook, list[Problem]]:
    """Load and check every rule file; returns what loaded and every problem found."""
    questions = load_questions()
    jurisdictions: dict[str, Jurisdiction] = {}
    problems: list[Problem] = []
    for path in jurisdiction_files(paths):
        try:
            data, lines = read_yaml(path)
        except (OSError, yaml.YAMLError) as error:
            mark = getattr(error, "problem_mark", None)
            problems.append(Problem(str(path), mark.line + 1 if mark else None, "(file)", str(error).splitlines()[0]))
            continue
        found = schema_problems(data, lines, str(path))
        if found:
            problems.extend(found)
            continue
        j = Jurisdiction(data, path, lines)
        found = semantic_problems(j, questions)
        if j.id in jurisdictions:
            found.append(Problem(str(path), j.line("id"), "id", f"duplicate jurisdiction id {j.id!r}"))
        problems.extend(found)
        if not found:
            j.asked_keys = expand_questions([q for step in j.steps for q in step["questions"]], questions)
            jurisdictions[j.id] = j
    questions["jurisdiction"]["options"] = {k: j.name for k, j in jurisdictions.items()}
    return RuleBook(questions, jurisdictions), problems


def load_rulebook(paths: Iterable[Path] | None = None) -> RuleBook:
    """Load for use: any problem at all is fatal, so a broken rule never reaches an organizer."""
    book, problems = check_files(paths)
    if problems:
        raise RuleFileError(problems)
    return book
