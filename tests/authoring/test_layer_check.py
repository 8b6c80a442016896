"""`wizard check` on a layer file (a state's permits beside the town's): every problem at once,
each with file:line, like a town's rule file."""
from __future__ import annotations

from wizard.authoring.checks import run_checks
from wizard.authoring.checks.layers import check_layer_file
from wizard.rules.layers import builtin_layers_dir
from wizard.rules.rulebook import load_questions

NEW_YORK = builtin_layers_dir() / "new-york.layer.yaml"


def test_the_built_in_layers_pass(tmp_path):
    assert run_checks([NEW_YORK]) == []


def test_every_problem_of_a_broken_layer_is_reported_with_its_line(tmp_path):
    text = NEW_YORK.read_text(encoding="utf-8")
    text = text.replace("if: {value: alcohol_sold, equals: true}", "if: {value: alcohol_sould, equals: true}")
    text = text.replace("    if: {value: fireworks, equals: true}", "    if: {value: fireworks, equls: true}")
    text = text.replace("      amount: 26\n", "      amount: twenty-six\n")
    broken = tmp_path / "broken.layer.yaml"
    broken.write_text(text, encoding="utf-8")
    problems = [str(p) for p in run_checks([broken])]
    lines = text.splitlines()
    def line_of(fragment: str) -> int:
        return next(n for n, line in enumerate(lines, 1) if fragment in line)
    assert any(f"broken.layer.yaml:{line_of('equls')}:" in p and "unknown operator 'equls'" in p for p in problems)
    assert any(f":{line_of('amount: twenty-six')}:" in p and "permits[3].fee.amount" in p for p in problems)
    # The unknown name is found once the shape is right: fixed shape, the name is reported on its line.
    fixed = text.replace("equls", "equals").replace("amount: twenty-six", "amount: 26")
    broken.write_text(fixed, encoding="utf-8")
    problems = [str(p) for p in run_checks([broken])]
    assert any(f":{line_of('alcohol_sould')}:" in p and "'alcohol_sould'" in p and "alcohol_sold" in p for p in problems)


def test_a_permit_with_no_lead_time_must_say_whom_to_ask(tmp_path):
    text = NEW_YORK.read_text(encoding="utf-8")
    start = text.index("  - id: temporary-alcohol")
    gaps = text.index("    gaps:", start)
    end = text.index("  - id: fireworks-display")
    cut = text[:gaps] + "    gaps: []\n" + text[end:]
    copy = tmp_path / "cut.layer.yaml"
    copy.write_text(cut, encoding="utf-8")
    layer, problems = check_layer_file(copy, load_questions(lang=None))
    assert layer is None
    assert any(p.key == "permits[3].gaps" and "whom to ask" in p.message for p in problems)
