"""The application row's type names exactly the columns the office's records read, and the mypy
baseline keeps errors without their line numbers, so that moving code does not change it."""
from __future__ import annotations

import importlib.util
from pathlib import Path

from wizard.office.schema import ApplicationRow
from wizard.office.records import APPLICATION_COLUMNS

ROOT = Path(__file__).resolve().parents[2]


def test_the_row_type_names_every_column_the_records_read():
    assert list(ApplicationRow.__annotations__) == [c.strip() for c in APPLICATION_COLUMNS.split(",")]


def _baseline_script():
    spec = importlib.util.spec_from_file_location("mypy_baseline", ROOT / "scripts" / "mypy_baseline.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_an_error_is_the_same_wherever_its_line_moves():
    script = _baseline_script()
    before = script.normalized(['wizard/a.py:10: error: Item "None" has no attribute "x"  [union-attr]',
                                "wizard/a.py:10: note: See https://mypy.readthedocs.io"])
    after = script.normalized(['wizard/a.py:42: error: Item "None" has no attribute "x"  [union-attr]'])
    assert before == after == ['wizard/a.py: union-attr: Item "None" has no attribute "x"']


def test_the_committed_baseline_is_in_the_normalized_form():
    lines = [line for line in (ROOT / "scripts" / "mypy-baseline.txt").read_text(encoding="utf-8").splitlines()
             if line and not line.startswith("#")]
    assert lines == sorted(lines) and all(line.startswith("wizard/") and ": " in line for line in lines)
    assert not any(part.isdigit() for line in lines for part in line.split(":")[1:2])
