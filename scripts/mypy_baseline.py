"""mypy over wizard/ against a committed baseline of the errors it had: new errors fail, fixed ones are
reported so the baseline can shrink.

    python scripts/mypy_baseline.py check    # run mypy, compare with scripts/mypy-baseline.txt
    python scripts/mypy_baseline.py update   # run mypy, write what it finds as the new baseline

The settings are pyproject.toml's [tool.mypy]; its cache is .mypy_cache (a second run takes seconds).
An error is kept as "file: code: message", one line per occurrence, without its line number: moving
code up or down a file does not change the baseline, only adding, fixing or moving an error to another
file does.
"""
from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "scripts" / "mypy-baseline.txt"
# path:line[:column]: error: message  [code]
ERROR = re.compile(r"^(?P<file>[^:]+):\d+(?::\d+)?: error: (?P<message>.*?)(?:  \[(?P<code>[a-z-]+)\])?$")


def run_mypy() -> list[str]:
    """mypy's errors, normalized; exits 2 when mypy itself could not run (a bad setting, a crash)."""
    done = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary", "--no-pretty", "--no-color-output"],
                          cwd=ROOT, capture_output=True, text=True)
    if done.returncode not in (0, 1):
        sys.stderr.write(done.stdout + done.stderr)
        sys.exit(2)
    return sorted(normalized(done.stdout.splitlines()))


def normalized(lines: list[str]) -> list[str]:
    found = []
    for line in lines:
        match = ERROR.match(line)
        if match:
            found.append(f"{match['file']}: {match['code'] or 'error'}: {match['message']}")
    return found


def read_baseline() -> Counter:
    if not BASELINE.exists():
        return Counter()
    return Counter(line for line in BASELINE.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#"))


def write_baseline(errors: list[str]) -> None:
    head = "# mypy's errors over wizard/ that are known: new ones fail scripts/test.sh.\n" \
           "# Made by `python scripts/mypy_baseline.py update`; it may only shrink.\n"
    BASELINE.write_text(head + "".join(f"{e}\n" for e in errors), encoding="utf-8")


def check() -> int:
    now, known = Counter(run_mypy()), read_baseline()
    new, fixed = now - known, known - now
    for line in sorted(fixed.elements()):
        print(f"mypy: fixed, remove from the baseline: {line}")
    if fixed:
        print(f"mypy: {sum(fixed.values())} error(s) of the baseline are gone: "
              "`python scripts/mypy_baseline.py update` shrinks it.")
    for line in sorted(new.elements()):
        print(f"mypy: new error: {line}", file=sys.stderr)
    if new:
        print(f"mypy: {sum(new.values())} new error(s) not in scripts/mypy-baseline.txt "
              "(run `.venv/bin/mypy` for their lines).", file=sys.stderr)
        return 1
    print(f"mypy: no new errors ({sum(now.values())} known in the baseline).")
    return 0


def main(argv: list[str]) -> int:
    if argv[1:] == ["check"]:
        return check()
    if argv[1:] == ["update"]:
        errors = run_mypy()
        write_baseline(errors)
        print(f"mypy: baseline written with {len(errors)} error(s): {BASELINE.relative_to(ROOT)}")
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
