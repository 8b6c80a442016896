"""The record of checked files. `wizard check DIR` leaves it in DIR; a server
with a new instance folder starts from it without parsing a rule file; `wizard check` checks only
what changed; start-up workers are capped."""
from __future__ import annotations

import os
import pty
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from click.testing import CliRunner

import wizard.authoring.checks as checks
import wizard.authoring.loader as loader
import wizard.authoring.parallel as parallel
from wizard.authoring.checkrecord import RECORD_FILE
from wizard.cli import main
from wizard.web.app import create_app

from tests.support.authoring import GOOD, plant, PLANTED
from tests.support.authoring import copies


def check(*args: str):
    return CliRunner().invoke(main, ["check", *args])


def counting(monkeypatch, module, name: str) -> list:
    """Count calls of `module.name`, still calling it."""
    calls, real = [], getattr(module, name)
    monkeypatch.setattr(module, name, lambda *a, **k: calls.append(a) or real(*a, **k))
    return calls


def test_check_leaves_a_record_beside_the_rules_and_a_new_server_starts_from_it(tmp_path, monkeypatch):
    rules = copies(tmp_path / "rules", 6)
    assert check(str(rules)).exit_code == 0
    assert (rules / RECORD_FILE).is_file()
    checked = counting(monkeypatch, loader, "check_path")
    parsed = counting(monkeypatch, checks, "parse_yaml")
    app = create_app({"DATABASE": str(tmp_path / "new-instance" / "wizard.db"), "RULE_PATHS": [rules],
                      "SECRET_KEY": "x", "WTF_CSRF_ENABLED": False})
    assert checked == [] and parsed == []  # listed from the record alone
    client = app.test_client()
    assert "Baroda" in client.get("/").get_data(as_text=True)
    location = client.post("/start", data={"jurisdiction": "baroda-mi-0000"}).headers["Location"]
    assert "/step/" in location and client.get(location).status_code == 200
    assert parsed == []  # read from its parsed form, not from YAML
    app.extensions["interview_store"].close()


def test_a_second_check_reads_only_the_file_that_changed(tmp_path, monkeypatch):
    rules = copies(tmp_path / "rules", 6)
    assert check(str(rules)).exit_code == 0
    checked = counting(monkeypatch, checks, "check_path")
    assert check(str(rules)).stdout == "All rule files are valid.\n"
    assert checked == []
    changed = rules / "dekalb-il-0001.yaml"
    changed.write_text(changed.read_text(encoding="utf-8").replace("ordinance: ", "ordinance: New ", 1), encoding="utf-8")
    assert check(str(rules)).exit_code == 0
    assert [a[0].name for a in checked] == ["dekalb-il-0001.yaml"]


def test_a_file_broken_after_it_passed_is_still_reported_with_its_line(tmp_path):
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "fifth.yaml").write_text(GOOD, encoding="utf-8")
    assert check(str(rules)).exit_code == 0
    (rules / "fifth.yaml").write_text(plant(GOOD, [PLANTED[1][1:3]]), encoding="utf-8")
    result = check(str(rules))
    assert result.exit_code == 1 and "unknown operator 'greater_than'" in result.stdout
    assert check(str(rules)).exit_code == 1  # a failing file is never remembered as passed


def test_a_copied_id_is_caught_even_when_both_files_were_checked_before(tmp_path):
    rules = copies(tmp_path / "rules", 4)
    assert check(str(rules)).exit_code == 0
    (rules / "zz-copy.yaml").write_text((rules / "baroda-mi-0000.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    result = check(str(rules))
    assert result.exit_code == 1 and "duplicate jurisdiction id 'baroda-mi-0000'" in result.stdout


def test_the_record_can_live_in_a_named_folder(tmp_path):
    rules, record = copies(tmp_path / "rules", 4), tmp_path / "record"
    assert check(str(rules), "--record", str(record)).exit_code == 0
    assert (record / RECORD_FILE).is_file() and not (rules / RECORD_FILE).exists()
    app = create_app({"DATABASE": str(tmp_path / "i" / "wizard.db"), "RULE_PATHS": [rules], "SECRET_KEY": "x",
                      "RULE_CACHE_DIR": str(record)})
    assert len(app.extensions["rulebook"].jurisdictions) == 4
    app.extensions["interview_store"].close()


def test_check_prints_no_progress_when_its_output_is_not_a_terminal(tmp_path):
    rules = copies(tmp_path / "rules", 4)
    result = check(str(rules))
    assert result.stderr == "" and result.stdout == "All rule files are valid.\n"


def test_start_up_workers_are_capped_whatever_the_core_count(monkeypatch):
    sizes = []

    class Pool(ProcessPoolExecutor):
        def __init__(self, max_workers=None, **kw):
            sizes.append(max_workers)
            super().__init__(max_workers=max_workers, **kw)

    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    monkeypatch.setattr(parallel, "ProcessPoolExecutor", Pool)
    assert parallel.in_parallel(abs, range(-parallel.PARALLEL_FROM, 0)) == list(range(parallel.PARALLEL_FROM, 0, -1))
    assert sizes == [parallel.MAX_WORKERS] and parallel.MAX_WORKERS <= 2


def test_check_shows_its_progress_on_a_terminal(tmp_path):
    rules = copies(tmp_path / "rules", 4)
    (rules / "zz-broken.yaml").write_text(plant(GOOD, [PLANTED[1][1:3]]), encoding="utf-8")
    leader, follower = pty.openpty()
    done = subprocess.run([sys.executable, "-m", "wizard", "check", str(rules)], stdin=follower, stdout=follower,
                          stderr=follower, timeout=120, cwd=Path(__file__).resolve().parents[2])
    os.close(follower)
    shown = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal closed once the command ended
            break
        if not chunk:
            break
        shown += chunk
    os.close(leader)
    text = shown.decode("utf-8", "replace")
    assert done.returncode == 1
    assert "Checking rule files" in text and "5/5" in text and "1 problem(s)" in text
    assert "unknown operator 'greater_than'" in text
