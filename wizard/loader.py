"""Loading rule files: YAML with line numbers, JSON Schema, then checks the schema cannot express.

Every problem is collected and reported together (file, line, key), never just the first.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import jsonschema
import yaml

from .answers import DERIVED_FACTS
from .errors import Problem, RuleFileError
from .formulas import money_names, quantity_names
from .resources import resource_dir

Path_ = tuple  # a key path inside a YAML document: ("scope", "triggers", 0, "if")


# libyaml's C parser when present: ten times faster on the rule files, same results.
_FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_yaml(path: Path) -> tuple[Any, dict[Path_, int]]:
    """Parse YAML and map every key path to its 1-based line."""
    text = path.read_text(encoding="utf-8")
    data = yaml.load(text, Loader=_FAST_LOADER)
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

    root = yaml.compose(text, Loader=_FAST_LOADER)
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


@functools.lru_cache(maxsize=1)
def _schema() -> dict:
    data, _ = read_yaml(resource_dir("interviews") / "schema" / "jurisdiction.schema.yaml")
    return data


def schema_problems(data: Any, lines: dict, filename: str) -> list[Problem]:
    schema = _schema()
    validator = jsonschema.Draft202012Validator(schema)
    problems = []
    for error in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        if error.schema == schema["$defs"]["condition"]:
            # A broken condition: say which operator or name is wrong, on its own line.
            issues = condition_issues(error.instance, tuple(error.absolute_path))
            if issues:
                problems.extend(Problem(filename, line_of(lines, w), dotted(w), m) for w, m in issues)
                continue
        # oneOf failures say little; the deepest sub-error names the real mistake.
        best = jsonschema.exceptions.best_match([error]) if error.context else error
        where = list(best.absolute_path)
        problems.append(Problem(filename, line_of(lines, where), dotted(where), best.message))
    return list(dict.fromkeys(problems))  # the same error can arrive by two schema paths


def condition_issues(condition: Any, where: Path_) -> list[tuple[Path_, str]]:
    """Plain explanations of a malformed condition; empty when the schema's message is better."""
    if not isinstance(condition, dict):
        return [(where, f"a condition must be a mapping like {{value: NAME, equals: X}}, got {condition!r}")]
    combinators = [k for k in ("all", "any", "not") if k in condition]
    if combinators:
        extra = sorted(set(condition) - {combinators[0]})
        if extra:
            return [(where, f"{combinators[0]!r} cannot be combined with {', '.join(map(repr, extra))} in one condition")]
        inner = condition[combinators[0]]
        if combinators[0] == "not":
            return condition_issues(inner, where + ("not",))
        if not isinstance(inner, list) or not inner:
            return [(where + (combinators[0],), f"{combinators[0]!r} needs a non-empty list of conditions")]
        return [i for n, c in enumerate(inner) for i in condition_issues(c, where + (combinators[0], n))]
    from .conditions import OPERATORS
    operators = [k for k in condition if k != "value"]
    unknown = [k for k in operators if k not in OPERATORS]
    if unknown:
        return [(where + (k,), f"unknown operator {k!r}; use one of: {', '.join(OPERATORS)}") for k in unknown]
    if "value" not in condition:
        return [(where, "a comparison needs `value: NAME` naming the answer or fact it tests")]
    if len(operators) != 1:
        found = ", ".join(operators) or "none"
        return [(where, f"a comparison needs exactly one operator (found: {found})")]
    return []


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
        for name_where, name in name_paths(condition, where):
            if name not in known:
                problem(name_where, f"condition names unknown answer or fact {name!r}")
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
    # Operand types and formulas on sample answers: mistakes that would break an assessment.
    from .checks import runtime_problems
    problems.extend(runtime_problems(j, questions))
    return problems


def name_paths(condition: Any, where: Path_) -> list[tuple[Path_, str]]:
    """(path of the `value` key, name) for every name a condition mentions, operands included."""
    found: list[tuple[Path_, str]] = []
    if isinstance(condition, dict):
        for key, sub in condition.items():
            if key == "value" and isinstance(sub, str):
                found.append((where + ("value",), sub))
            else:
                found.extend(name_paths(sub, where + (key,)))
    elif isinstance(condition, list):
        for index, item in enumerate(condition):
            found.extend(name_paths(item, where + (index,)))
    return found


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
            problems.extend(found + _semantic_despite_schema(data, path, lines, questions, found))
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


def _semantic_despite_schema(data: Any, path: Path, lines: dict, questions: dict, found: list) -> list[Problem]:
    """Report every problem at once: the name checks still run where the schema failed, when they can."""
    if not isinstance(data, dict):
        return []
    try:
        extra = semantic_problems(Jurisdiction(data, path, lines), questions)
    except (KeyError, TypeError, AttributeError, IndexError, ValueError):
        return []  # the malformed part trips the check; the schema problems already say why
    return [p for p in extra if p not in found]


def load_rulebook(paths: Iterable[Path] | None = None) -> RuleBook:
    """Load for use: any problem at all is fatal, so a broken rule never reaches an organizer."""
    book, problems = check_files(paths)
    if problems:
        raise RuleFileError(problems)
    return book
