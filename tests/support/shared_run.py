"""What the test processes of one run (the xdist workers) share: a temporary folder, and files made once in it."""
from __future__ import annotations

import fcntl
import os
from pathlib import Path


def run_folder(tmp_path_factory) -> Path:
    """The run's temporary folder that every xdist worker sees (each worker's own is inside it)."""
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent
    return shared


def made_once(tmp_path_factory, name: str, make) -> Path:
    """A folder of files made once per test run: the first test process to ask calls `make(folder)`;
    any other process (another xdist worker, or a second module of the same worker) waits for it
    and gets the same folder. For costly, deterministic inputs that tests only read (a PDF
    downloaded after a whole interview); a `make` that fails leaves no mark of being done, so the next one makes them again."""
    shared = run_folder(tmp_path_factory)
    folder = shared / name
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / ".made").exists():
            folder.mkdir(exist_ok=True)
            make(folder)
            (folder / ".made").write_text("")
    return folder
