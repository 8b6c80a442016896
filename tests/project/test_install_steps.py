"""The set-up steps of the two commands (scripts/setup_steps.sh) on a stock Debian machine: the pip that
`python3 -m venv` gives installs requirements.lock, and a held apt lock is waited for, not a failure."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APT_LOCKS = ("/var/lib/dpkg/lock-frontend", "/var/lib/dpkg/lock", "/var/lib/apt/lists/lock")
# Holds apt's and dpkg's locks as another apt would (fcntl locks, which is what apt takes), then lets go.
HOLDER = """
import fcntl, os, sys, time
for path in sys.argv[2:]:
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o640)
    fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
print("held", flush=True)
time.sleep(float(sys.argv[1]))
"""


def steps(script: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", "-c", f"set -euo pipefail; . scripts/setup_steps.sh; {script}"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600, env={**_environ(), **env})


def _environ() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith("VIRTUAL_ENV")}


def test_a_fresh_virtualenv_with_the_stock_pip_installs_the_locked_versions(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run(["python3", "-m", "venv", str(venv)], check=True, timeout=120)
    stock_pip = subprocess.run([str(venv / "bin/python"), "-m", "pip", "--version"],
                               capture_output=True, text=True, check=True).stdout.split()[1]
    done = steps(f"make_python_env {venv} && install_locked {venv}")
    assert done.returncode == 0, f"stock pip {stock_pip}: {done.stderr[-2000:]}"
    locked_pip = next(line.split("==")[1].split()[0] for line in (ROOT / "requirements.lock").read_text().splitlines()
                      if line.startswith("pip=="))
    used = subprocess.run([str(venv / "bin/python"), "-c",
                           "import importlib.metadata as m, weasyprint, wizard; print(m.version('pip'), m.version('weasyprint'))"],
                          capture_output=True, text=True, check=True).stdout.split()
    assert used[0] == locked_pip
    assert f"weasyprint=={used[1]}" in (ROOT / "requirements.lock").read_text()


def test_both_apt_steps_wait_for_another_apt_holding_its_locks():
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, "3", *APT_LOCKS], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        started = time.monotonic()
        # The lists' lock of `apt-get update` (which apt 2.6 does not wait for by itself), with no source
        # list so that nothing is fetched; then an install of a package already there, under dpkg's lock.
        done = steps("apt_get_waiting -o Dir::Etc::sourcelist=/dev/null -o Dir::Etc::sourceparts=/nonexistent "
                     "update -qq && apt_get_waiting install -y -qq graphviz", APT_LOCK_WAIT_SECONDS="120")
        waited = time.monotonic() - started
    finally:
        holder.kill()
        holder.communicate()
    assert done.returncode == 0, done.stderr
    assert "Waiting for another program to finish with apt" in done.stderr
    assert waited >= 2.5
