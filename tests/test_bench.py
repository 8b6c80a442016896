"""Issue 17, item 9: the benchmark runs. `scripts/bench.py --quick` walks every built-in interview
through the pages with the tests' own posting helper (tests/posting.py), serves the wizard and a
bare Flask route, makes a packet and checks and starts on generated rule files: if any of that
breaks, so does this test. It asserts that the run finishes and prints its table, never a figure."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_quick_benchmark_runs_and_prints_its_table():
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "bench.py"), "--quick"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    table = [line for line in done.stdout.splitlines() if line.startswith("| ")]
    assert table[0] == "| figure | this checkout |"
    labels = [line.split(" | ")[0].removeprefix("| ") for line in table[2:]]
    for expected in ("answer POST in-process, ms (median / p95)", "served step GET / bare Flask (each round)",
                     "packet baroda-mi, ms of CPU", "80 files: `wizard check`, s of CPU (all / after one file changed)",
                     "80 files vs 4: \"where\" step GET",
                     "PostgreSQL: two servers against one, step GET + POST requests/s"):
        assert expected in labels, labels
    assert all(line.count(" | ") == 1 and "n/a" not in line for line in table[2:]), table
