"""The README stays short and docs/ holds the rest: docs/reference.md is what the generator makes
from the commands and settings now (so a new option or setting without words fails), every relative
link in the README and docs/ leads somewhere, and the README's two commands are the scripts."""
from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from wizard.cli import main
from wizard.cli.reference import Undocumented, commands, render, settings
from wizard.web.settings import DEFAULTS, ENVIRONMENT, SETTING_DEFAULTS, SETTING_MEANINGS

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PAGES = sorted((ROOT / "docs").glob("*.md"))
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def every_command():
    return list(commands(main, click.Context(main, info_name="wizard")))


def test_the_reference_page_is_what_the_generator_makes_now():
    on_disk = (ROOT / "docs" / "reference.md").read_text(encoding="utf-8")
    assert on_disk == render(main), "docs/reference.md is stale: run `wizard reference --output docs/reference.md`"


def test_the_reference_lists_every_command_and_subcommand():
    names = {name for name, _, _ in every_command()}
    assert {"wizard assess", "wizard check", "wizard serve", "wizard clerk add", "wizard clerk list",
            "wizard db upgrade", "wizard db copy", "wizard reference", "wizard vocabulary"} <= names
    text = render(main)
    for name in names:
        assert f"## `{name}`" in text


def test_every_command_and_option_has_help_text():
    for name, command, ctx in every_command():
        assert (command.help or "").strip(), f"{name} has no help text"
        for param in command.get_params(ctx):
            if isinstance(param, click.Option):
                assert (param.help or "").strip(), f"{name} {param.opts} has no help text"


def test_an_option_without_help_is_refused():
    @click.group()
    def group():
        """A group."""

    @group.command()
    @click.option("--silent")
    def quiet(silent):
        """A command."""

    with pytest.raises(Undocumented, match="--silent"):
        render(group)


def test_every_setting_has_a_meaning_and_a_default():
    for name in settings():
        assert SETTING_MEANINGS.get(name, "").strip(), f"setting {name} has no meaning in SETTING_MEANINGS"
        assert name in DEFAULTS or name in SETTING_DEFAULTS, f"setting {name} has no default in words"
    assert set(DEFAULTS) | set(ENVIRONMENT) <= set(settings())
    assert set(SETTING_MEANINGS) == set(settings()), "a meaning for a setting the app does not have"
    assert "WIZARD_DATABASE" in (ROOT / "docs" / "reference.md").read_text(encoding="utf-8")


def test_the_readme_is_short_and_docs_has_the_rest():
    assert len(README.splitlines()) <= 250
    assert len(PAGES) >= 6


def _anchors(text: str) -> set[str]:
    """GitHub's anchors for a page's headings: lower case, punctuation dropped, spaces as dashes."""
    anchors, in_code = set(), False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):  # a fenced block's "# comment" is no heading
            in_code = not in_code
        elif not in_code and re.match(r"#+ ", line):
            heading = line.lstrip("#").strip().lower()
            anchors.add(re.sub(r"[^\w\- ]", "", heading).replace(" ", "-"))
    return anchors


@pytest.mark.parametrize("page", [ROOT / "README.md", ROOT / "CHANGELOG.md", *PAGES], ids=lambda page: page.name)
def test_every_relative_link_leads_to_a_file_and_heading(page):
    text = page.read_text(encoding="utf-8")
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        assert linked.exists(), f"{page.name} links to {target}, which does not exist"
        if anchor and linked.suffix == ".md":
            assert anchor in _anchors(linked.read_text(encoding="utf-8")), f"{page.name}: no heading for {target}"


def test_the_two_commands_are_the_scripts_and_ci_calls_the_test_one():
    assert "./scripts/serve.sh" in README and "./scripts/test.sh" in README
    assert "./scripts/test.sh" in (ROOT / ".ci" / "run").read_text()
