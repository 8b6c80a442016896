"""Rule files for the checker: good ones, planted mistakes, copies, the more-jurisdictions fixtures."""
from __future__ import annotations

import re
from pathlib import Path

import yaml
from click.testing import CliRunner

from wizard.authoring.checks import run_checks
from wizard.cli import main

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "fifth-jurisdiction.yaml"


GOOD = FIXTURE.read_text(encoding="utf-8")


# (what is planted, text in the good file, replacement, the line's marker, key, words of the message)
PLANTED = [
    ("schema error", "license_word: permit", "license_word: licence",
     "license_word: licence", "license_word", "is not one of"),
    ("unknown operator", "{value: max_attendance, gt: 100}]}", "{value: max_attendance, greater_than: 100}]}",
     "greater_than: 100", "scope.triggers[0].if.all[1].greater_than", "unknown operator 'greater_than'"),
    ("unknown answer", "{value: max_attendance, gt: 500}", "{value: max_attendence, gt: 500}",
     "max_attendence", "scope.triggers[2].if.all[2].value", "unknown answer or fact 'max_attendence'"),
    ("duplicate id", "  - id: cleanup\n", "  - id: site-plan\n",
     "gt: 24}\n  - id: site-plan", "checklist[5].id", "duplicate id 'site-plan'"),
    ("missing citation", "    due: before_license\n    citation: § 9-7\n", "    due: before_license\n",
     "  - id: food-permit", "checklist[3]", "has no citation"),
    ("step tests a later answer", "    questions: [female_share]\n",
     "    questions: [female_share]\n    if: {value: food_service, equals: true}\n",
     "questions: [female_share]\n    if: {value: food_service", "interview[6].if.value",
     "first asked in the later step 'food'"),
    ("step that can never be asked", "  - step: event\n",
     "  - step: never\n    title: Never\n    questions: [tickets]\n"
     "    if: {all: [{value: property_owner, equals: private}, {value: property_owner, equals: municipal}]}\n"
     "    why: Never.\n    citation: § 9-1\n  - step: event\n",
     "property_owner, equals: municipal}]}", "interview[8].if", "step 'never' can never be asked"),
    ("unused question", "    questions: [food_service]\n", "    questions: [food_service, vehicles]\n",
     "questions: [food_service, vehicles]", "interview[7].questions[1]", "'vehicles' is asked but nothing uses"),
    ("signer role not known", '{role: applicant, label: "The applicant"}', '{role: organizer, label: "The applicant"}',
     "role: organizer", "signatures[0].lines[0].role", "is not one of"),
    ("formula that fails", "    times: {value: event_days}", "    times: {blocks_of: 24}",
     "times: {blocks_of: 24}", "fees.bond.times", "fee 'bond' fails on sample answers"),
]


def plant(text: str, pairs) -> str:
    for good, bad in pairs:
        assert text.count(good) == 1, good
        text = text.replace(good, bad)
    return text


def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def problems_in(path: Path) -> list:
    return run_checks([path])


def variant(tmp_path: Path, change) -> Path:
    """The fixture, changed as data (for checks whose line numbers are not the point)."""
    data = yaml.safe_load(GOOD)
    change(data)
    return write(tmp_path, "variant.yaml", yaml.safe_dump(data, sort_keys=False, allow_unicode=True))


BUILT_IN = Path(__file__).resolve().parents[2] / "interviews" / "jurisdictions"


def copies(folder: Path, count: int) -> Path:
    """`count` copies of the built-in rule files under new ids."""
    folder.mkdir(parents=True, exist_ok=True)
    sources = sorted(BUILT_IN.glob("*.yaml"))
    for n in range(count):
        source = sources[n % len(sources)]
        text = re.sub(r"^id: (.*)$", lambda m: f"id: {m.group(1)}-{n:04d}", source.read_text(encoding="utf-8"),
                      count=1, flags=re.M)
        (folder / f"{source.stem}-{n:04d}.yaml").write_text(text, encoding="utf-8")
    return folder


PYTHON_WORDS = re.compile(r"TypeError|KeyError|ValueError|Traceback|None is not|argument should be|NoneType|Rational")


def check(tmp_path: Path, name: str, text: str) -> list[str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(path)])
    lines = result.stdout.splitlines()
    for line in lines:
        assert not PYTHON_WORDS.search(line), line
    return lines


MORE = Path(__file__).resolve().parents[1] / "fixtures" / "more-jurisdictions"
