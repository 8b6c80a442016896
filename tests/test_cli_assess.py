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

from tests.served import ServedWizard
from wizard.assess import assess
from wizard.cli import main

WIZARD = Path(sys.executable).with_name("wizard")

GOOD = {
    "jurisdiction": "baroda-mi", "starts_at": "2027-07-09T12:00", "ends_at": "2027-07-11T23:00",
    "max_attendance": 5000, "property_owner": "private", "setting": "outdoors",
    "organizer_type": "corporation", "conducted_by_municipality": False,
}


def _json(answers: dict) -> str:
    return json.dumps(answers)


BAD_INPUT = [
    # (stdin text, key the message must name)
    pytest.param("{not json", "answers", id="malformed-json"),
    pytest.param('{"jurisdiction": "baroda-mi",}', "answers", id="trailing-comma"),
    pytest.param("", "answers", id="empty-input"),
    pytest.param("[]", "answers", id="json-array-not-object"),
    pytest.param('"baroda-mi"', "answers", id="json-string-not-object"),
    pytest.param("null", "answers", id="json-null"),
    pytest.param(_json({"jurisdiction": "springfield-il"}), "jurisdiction", id="unknown-jurisdiction"),
    pytest.param(_json({"jurisdiction": 7}), "jurisdiction", id="jurisdiction-wrong-type"),
    pytest.param(_json({"max_attendance": 500}), "jurisdiction", id="no-jurisdiction"),
    pytest.param(_json({**GOOD, "max_attendance": "5000"}), "max_attendance", id="count-as-text"),
    pytest.param(_json({**GOOD, "max_attendance": 12.5}), "max_attendance", id="count-fractional"),
    pytest.param(_json({**GOOD, "max_attendance": True}), "max_attendance", id="count-as-bool"),
    pytest.param(_json({**GOOD, "max_attendance": -1}), "max_attendance", id="negative-count"),
    pytest.param(_json({**GOOD, "tickets": -5}), "tickets", id="negative-tickets"),
    pytest.param(_json({**GOOD, "max_attendance": 10**7 + 1}), "max_attendance", id="count-too-large"),
    pytest.param('{"jurisdiction": "baroda-mi", "max_attendance": NaN}', "max_attendance", id="count-nan"),
    pytest.param(_json({**GOOD, "food_service": "yes"}), "food_service", id="flag-as-text"),
    pytest.param(_json({**GOOD, "food_service": 1}), "food_service", id="flag-as-number"),
    pytest.param(_json({**GOOD, "female_share": "half"}), "female_share", id="share-as-text"),
    pytest.param(_json({**GOOD, "female_share": 1.5}), "female_share", id="share-above-1"),
    pytest.param(_json({**GOOD, "female_share": -0.1}), "female_share", id="share-negative"),
    pytest.param('{"jurisdiction": "baroda-mi", "female_share": Infinity}', "female_share", id="share-infinite"),
    pytest.param(_json({**GOOD, "property_owner": "city"}), "property_owner", id="unknown-choice"),
    pytest.param(_json({**GOOD, "hazardous": "combat"}), "hazardous", id="choices-not-a-list"),
    pytest.param(_json({**GOOD, "hazardous": ["juggling"]}), "hazardous", id="choices-unknown-option"),
    pytest.param(_json({**GOOD, "starts_at": "2027-07-09 12:00"}), "starts_at", id="datetime-wrong-format"),
    pytest.param(_json({**GOOD, "starts_at": "2027-02-30T10:00"}), "starts_at", id="datetime-no-such-day"),
    pytest.param(_json({**GOOD, "ends_at": 20270711}), "ends_at", id="datetime-as-number"),
    pytest.param(_json({**GOOD, "starts_at": "2027-07-11T23:00", "ends_at": "2027-07-09T12:00"}), "ends_at",
                 id="end-before-start"),
    pytest.param(_json({**GOOD, "attendance": 5000}), "attendance", id="unknown-key"),
    pytest.param(_json({**GOOD, "commercial_features": ["admission_fee"]}), "commercial_features",
                 id="group-key-not-an-answer"),
    pytest.param(_json({**GOOD, "event_name": "x" * 20_001}), "event_name", id="text-too-long"),
    pytest.param(_json({**GOOD, "event_name": 42}), "event_name", id="text-as-number"),
]

KNOWN_CRASHES = [
    pytest.param('{"jurisdiction": "wi-village-ch64", "female_share": 1' + "0" * 400 + "}", "female_share",
                 id="share-huge-integer"),
    pytest.param('{"jurisdiction": "baroda-mi", "max_attendance": ' + "1" * 5000 + "}", "answers",
                 id="integer-over-4300-digits"),
    pytest.param("[" * 100_000 + "]" * 100_000, "answers", id="deeply-nested-json"),
]


@pytest.fixture(autouse=True)
def loaded_once(request, book, monkeypatch):
    """In-process runs reuse the session rule book: loading it costs ~0.4 s per invocation, and
    these tests are about answer handling. The subprocess tests below load it for real."""
    if "script" not in request.node.name:
        monkeypatch.setattr("wizard.cli.load_rulebook", lambda paths=None: book)


def check_one_line_error(exit_code: int, stdout: str, stderr: str, key: str) -> None:
    assert exit_code == 2, (exit_code, stderr[-500:])
    assert stdout == ""
    assert "Traceback" not in stderr
    assert stderr.endswith("\n") and stderr.count("\n") == 1, stderr
    assert stderr.startswith("error: ")
    assert key in stderr


@pytest.mark.parametrize("stdin, key", BAD_INPUT + KNOWN_CRASHES)
def test_bad_input_exits_2_with_one_line(stdin, key):
    result = CliRunner().invoke(main, ["assess", "-"], input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    check_one_line_error(result.exit_code, result.stdout, result.stderr, key)


def test_invalid_utf8_exits_2():
    result = CliRunner().invoke(main, ["assess", "-"], input=b'\xff\xfe{"jurisdiction": 1}')
    check_one_line_error(result.exit_code, result.stdout, result.stderr, "answers")


def test_good_input_prints_the_assessment():
    result = CliRunner().invoke(main, ["assess", "-"], input=_json(GOOD))
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    printed = json.loads(result.stdout)
    assert printed["outcome"] == "required"
    assert printed["application_fee"] == 1700


def test_file_argument_matches_stdin(tmp_path):
    path = tmp_path / "answers.json"
    path.write_text(_json(GOOD), encoding="utf-8")
    from_file = CliRunner().invoke(main, ["assess", str(path)])
    from_stdin = CliRunner().invoke(main, ["assess", "-"], input=_json(GOOD))
    assert from_file.exit_code == 0 and json.loads(from_file.stdout) == json.loads(from_stdin.stdout)


def test_cli_prints_exactly_what_the_engine_returns(book):
    result = CliRunner().invoke(main, ["assess", "-"], input=_json(GOOD))
    assert json.loads(result.stdout) == json.loads(json.dumps(assess(GOOD, book)))


# --- the installed script, in a real process -------------------------------------------------

@pytest.mark.parametrize("stdin, key", [
    pytest.param("{not json", "answers", id="malformed-json"),
    pytest.param(_json({**GOOD, "max_attendance": -3}), "max_attendance", id="negative-count"),
])
def test_script_bad_input(stdin, key):
    proc = subprocess.run([str(WIZARD), "assess", "-"], input=stdin, capture_output=True, text=True, timeout=60)
    check_one_line_error(proc.returncode, proc.stdout, proc.stderr, key)


def test_script_good_input():
    proc = subprocess.run([str(WIZARD), "assess", "-"], input=_json(GOOD), capture_output=True, text=True,
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
