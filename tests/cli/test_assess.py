"""Issue #2, part 6 (CLI): `wizard assess FILE|-` prints the assessment JSON, and on bad input
exits with status 2 and one line on stderr that names the offending key, never a traceback.

Most cases run in-process through click's CliRunner (fast); a few run the installed
`wizard` script in a subprocess to check the real exit status and streams.
"""
from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from importlib import metadata
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.support.refused_answers import ACCEPTED, REFUSED
from tests.support.served import ServedWizard
from wizard.engine.assess import assess
from wizard.cli import main

WIZARD = Path(sys.executable).with_name("wizard")

def _json(answers: dict) -> str:
    return json.dumps(answers)


@pytest.fixture(autouse=True)
def loaded_once(request, book, monkeypatch):
    """In-process runs reuse the session rule book: loading it costs ~0.4 s per invocation, and
    these tests are about answer handling. The subprocess tests below load it for real."""
    if "script" not in request.node.name:
        monkeypatch.setattr("wizard.cli.rules.load_rulebook", lambda paths=None: book)


def check_one_line_error(exit_code: int, stdout: str, stderr: str, key: str) -> None:
    assert exit_code == 2, (exit_code, stderr[-500:])
    assert stdout == ""
    assert "Traceback" not in stderr
    assert stderr.endswith("\n") and stderr.count("\n") == 1, stderr
    assert stderr.startswith("error: ")
    assert key in stderr


@pytest.mark.parametrize("stdin, key", REFUSED)
def test_bad_input_exits_2_with_one_line(stdin, key):
    result = CliRunner().invoke(main, ["assess", "-"], input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    check_one_line_error(result.exit_code, result.stdout, result.stderr, key)


def test_invalid_utf8_exits_2():
    result = CliRunner().invoke(main, ["assess", "-"], input=b'\xff\xfe{"jurisdiction": 1}')
    check_one_line_error(result.exit_code, result.stdout, result.stderr, "answers")


def test_good_input_prints_the_assessment():
    result = CliRunner().invoke(main, ["assess", "-"], input=_json(ACCEPTED))
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    printed = json.loads(result.stdout)
    assert printed["outcome"] == "required"
    assert printed["application_fee"] == 1700


def test_file_argument_matches_stdin(tmp_path):
    path = tmp_path / "answers.json"
    path.write_text(_json(ACCEPTED), encoding="utf-8")
    from_file = CliRunner().invoke(main, ["assess", str(path)])
    from_stdin = CliRunner().invoke(main, ["assess", "-"], input=_json(ACCEPTED))
    assert from_file.exit_code == 0 and json.loads(from_file.stdout) == json.loads(from_stdin.stdout)


def test_cli_prints_exactly_what_the_engine_returns(book):
    result = CliRunner().invoke(main, ["assess", "-"], input=_json(ACCEPTED))
    assert json.loads(result.stdout) == json.loads(json.dumps(assess(ACCEPTED, book)))


# --- the installed script, in a real process -------------------------------------------------

@pytest.mark.parametrize("stdin, key", [
    pytest.param("{not json", "answers", id="malformed-json"),
    pytest.param(_json({**ACCEPTED, "max_attendance": -3}), "max_attendance", id="negative-count"),
])
def test_script_bad_input(stdin, key):
    proc = subprocess.run([str(WIZARD), "assess", "-"], input=stdin, capture_output=True, text=True, timeout=60)
    check_one_line_error(proc.returncode, proc.stdout, proc.stderr, key)


def test_script_good_input():
    proc = subprocess.run([str(WIZARD), "assess", "-"], input=_json(ACCEPTED), capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0 and proc.stderr == ""
    assert json.loads(proc.stdout)["file_by"] == "2027-03-26"  # Baroda: 60 days in hand + 45 to decide


def test_the_command_says_its_version():
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0 and result.output == f"wizard, version {metadata.version('mass-gathering-permit-wizard')}\n"


def test_serve_on_port_0_prints_the_port_it_bound(tmp_path):
    server = ServedWizard("--db", str(tmp_path / "w.db"))
    try:
        assert server.port > 0 and f"Permit wizard on http://127.0.0.1:{server.port}/" in server.output
        with urllib.request.urlopen(f"{server.url}/") as page:
            assert page.status == 200
    finally:
        server.stop()
