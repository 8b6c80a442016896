"""docs/reference.md, generated from the `wizard` command's own definitions (every command and
subcommand, its help, every option with its help and default) and from the app's settings
(`DEFAULTS` with `SETTING_MEANINGS` in wizard/web/settings.py), so the reference cannot drift from the
code: `wizard reference --check` and tests/project/test_readme.py fail when it is stale, and rendering
refuses an option or a setting that has no words.

This module imports the web app's settings (for `DEFAULTS`); `wizard/cli/__init__.py` imports it only when
`wizard reference` runs, so `wizard assess` and `wizard check` still load no web module."""
from __future__ import annotations

import inspect
from pathlib import Path

import click

from ..web.settings import DEFAULTS, ENVIRONMENT, SETTING_DEFAULTS, SETTING_MEANINGS
from .options import CommandError, publish_generated

OUTPUT = Path("docs/reference.md")

HEADER = """# Command and settings reference

This page is generated from the code by `wizard reference --output docs/reference.md`; do not edit
it by hand. A test (`tests/project/test_readme.py`) fails when it is out of date, or when a command, an
option or a setting has no description. For what the commands are for, read the guides:
[organizers](organizers.md), [the office](office.md), [the kiosk](kiosk.md),
[deploying in public](deploying.md), [many towns and PostgreSQL](many-towns.md).

Every command reports bad input in one line on stderr with exit status 2 (1 for a server that
refuses to start, or a check that found problems). `--db` takes an SQLite file or a
`postgresql://` URL everywhere.
"""


class Undocumented(ValueError):
    """A command, option or setting without words: the reference would be incomplete."""


def commands(group: click.Group, ctx: click.Context, prefix: str = "wizard"):
    """Every command under `group`, depth first in click's order, as (full name, command, context);
    a group (`wizard clerk`, `wizard db`) is listed before its subcommands."""
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        sub = click.Context(command, info_name=name, parent=ctx)
        yield f"{prefix} {name}", command, sub
        if isinstance(command, click.Group):
            yield from commands(command, sub, f"{prefix} {name}")


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _default(param: click.Option) -> str:
    """The default `--help` shows: every option with a default worth saying sets show_default (an
    option without one defaults to nothing, or to what its help says)."""
    return f"`{param.default}`" if param.show_default and not param.is_flag else ""


def _option_rows(full_name: str, command: click.Command, ctx: click.Context) -> list[str]:
    rows = []
    for param in command.get_params(ctx):
        if not isinstance(param, click.Option) or "--help" in param.opts:
            continue
        if not (param.help or "").strip():
            raise Undocumented(f"{full_name} {'/'.join(param.opts)} has no help text")
        metavar = "" if param.is_flag else f" {param.make_metavar(ctx)}"
        names = ", ".join(f"`{opt}{metavar}`" for opt in [*param.opts, *param.secondary_opts])
        rows.append(f"| {_cell(names)} | {_cell(param.help)} | {_default(param)} |")
    return rows


def _command_section(full_name: str, command: click.Command, ctx: click.Context) -> str:
    help_text = inspect.cleandoc(command.help or "")
    if not help_text:
        raise Undocumented(f"{full_name} has no help text")
    usage = " ".join([full_name, *command.collect_usage_pieces(ctx)])
    lines = [f"## `{full_name}`", "", "```console", usage, "```", "", help_text, ""]
    arguments = [param.human_readable_name for param in command.get_params(ctx) if isinstance(param, click.Argument)]
    if arguments:
        lines += [f"Arguments: {', '.join(f'`{name}`' for name in arguments)}.", ""]
    rows = _option_rows(full_name, command, ctx)
    if rows:
        lines += ["| option | what it does | default |", "| --- | --- | --- |", *rows, ""]
    return "\n".join(lines)


def settings() -> list[str]:
    """Every setting `create_app(config)` reads: `DEFAULTS`, the ones read from the environment, and
    the ones read only when given (`SETTING_DEFAULTS`), in that order."""
    return list(dict.fromkeys([*DEFAULTS, *ENVIRONMENT, *SETTING_DEFAULTS]))


def _setting_default(name: str) -> str:
    if name in SETTING_DEFAULTS:
        return SETTING_DEFAULTS[name]
    return f"`{DEFAULTS[name]}`" if DEFAULTS.get(name) is not None else "none"


def _settings_section() -> str:
    lines = ["## Settings", "",
             "`create_app(config)` takes a dict that overrides these defaults; `wizard serve` sets the "
             "ones its options name. A setting read from an environment variable says which.", "",
             "| setting | default | meaning |", "| --- | --- | --- |"]
    for name in settings():
        meaning = SETTING_MEANINGS.get(name, "").strip()
        if not meaning:
            raise Undocumented(f"setting {name} has no meaning in SETTING_MEANINGS (wizard/web/settings.py)")
        default = _setting_default(name)
        if name in ENVIRONMENT:
            default = f"the `{ENVIRONMENT[name]}` environment variable; without it, {default}"
        lines.append(f"| `{name}` | {_cell(default)} | {_cell(meaning)} |")
    return "\n".join(lines) + "\n"


def render(group: click.Group) -> str:
    ctx = click.Context(group, info_name="wizard")
    sections = [HEADER, _command_section("wizard", group, ctx)]
    sections += [_command_section(name, command, sub) for name, command, sub in commands(group, ctx)]
    sections.append(_settings_section())
    return "\n".join(sections)


@click.command()
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the Markdown here (e.g. docs/reference.md) instead of printing it.")
@click.option("--check", "check_only", is_flag=True,
              help="Exit 1 if the file given by --output (default docs/reference.md) is not up to date; "
                   "change nothing.")
@click.pass_context
def reference(ctx, output, check_only) -> None:
    """Print the command and settings reference (docs/reference.md), generated from every command's
    options and the app's settings."""
    try:
        text = render(ctx.find_root().command)
    except Undocumented as error:
        raise CommandError(str(error), exit_code=1) from error
    publish_generated(text, output, OUTPUT, "reference", check_only)
