"""The README documents every command, option and setting (a test fails when one is left out)."""
from __future__ import annotations

from pathlib import Path

import click

from wizard.cli import main

README = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")


def test_every_command_and_option_is_documented():
    context = click.Context(main)
    # The group loads each command's module when asked (wizard/cli/options.py, LazyGroup): ask it.
    names = main.list_commands(context)
    assert {"assess", "check", "serve", "clerk", "db"} <= set(names)
    for name in names:
        command = main.get_command(context, name)
        assert f"`wizard {name}" in README, f"wizard {name} is not in the README"
        for param in command.get_params(context):
            if isinstance(param, click.Option) and "--help" not in param.opts:
                assert any(opt in README for opt in param.opts), f"wizard {name} {param.opts} undocumented"


def test_every_setting_is_documented(app):
    for setting in ("DATABASE", "RULE_PATHS", "RULEBOOK", "SECRET_KEY", "TODAY", "WTF_CSRF_ENABLED",
                    "WTF_CSRF_TIME_LIMIT", "PUBLIC_URL", "TRUSTED_PROXIES", "SESSION_COOKIE_SECURE",
                    "KIOSK", "KIOSK_IDLE_SECONDS"):
        assert f"`{setting}`" in README
    assert "WIZARD_DATABASE" in README


def test_the_two_commands_are_the_scripts_and_ci_calls_the_test_one():
    root = Path(__file__).parent.parent
    assert "./scripts/serve.sh" in README and "./scripts/test.sh" in README
    assert "./scripts/test.sh" in (root / ".ci" / "run").read_text()
