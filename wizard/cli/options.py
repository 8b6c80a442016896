"""What the commands share: the one-line error, the options every command that loads rule files or
opens a database takes, and the group that loads each command's module only when it runs."""
from __future__ import annotations

import importlib
from pathlib import Path

import click

from ..store import is_postgres_url
from ..store.retention import MAX_DAYS

ADD_RULES_HELP = ("A rule file or folder to load besides the built-in jurisdictions (or besides --rules) "
                  "(repeatable).")
RULES_HELP = "A rule file or folder to use instead of the built-in jurisdictions (repeatable)."
DATABASE = "instance/wizard.db"


class CommandError(click.ClickException):
    """A problem a command reports in one line on stderr ("error: ..." unless told otherwise), with
    the exit status docs/reference.md gives: 2 for bad input, 1 for a server that refuses to start."""

    def __init__(self, message: str, exit_code: int = 2, prefix: str = "error: "):
        super().__init__(message)
        self.exit_code, self.prefix = exit_code, prefix

    def show(self, file=None) -> None:
        click.echo(f"{self.prefix}{self.format_message()}", err=True, file=file)


def publish_generated(text: str, output: Path | None, default: Path, command: str, check_only: bool) -> None:
    """A generated page (docs/vocabulary.md, docs/reference.md): printed, written to `output`, or
    with `check_only` compared with the file there (exit 1 when it is out of date)."""
    if check_only:
        output = output or default
        if not output.exists() or output.read_text(encoding="utf-8") != text:
            raise CommandError(f"{output} is out of date: run `wizard {command} --output {output}`",
                               exit_code=1, prefix="")
        click.echo(f"{output} is up to date.")
    elif output is None:
        click.echo(text, nl=False)
    else:
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(text, encoding="utf-8")
        click.echo(f"Wrote {output}.")


# Operator values: a finite number in a range that works (nan or inf used to start a server whose
# retention never ran, and a huge idle time made every page fail).
DAYS = click.FloatRange(min=0, max=MAX_DAYS, min_open=True)
IDLE_SECONDS = click.IntRange(min=1, max=86400)


def finite(ctx, param, value):
    if value is not None and value != value:  # nan passes every range comparison
        raise click.BadParameter("must be a number of days, like 90")
    return value


def add_rules_option(command):
    return click.option("--add-rules", "added_paths", multiple=True,
                        type=click.Path(exists=True, path_type=Path), help=ADD_RULES_HELP)(command)


def rules_options(help_text: str = RULES_HELP):
    """--rules (instead of the built-in rule files) and --add-rules (besides them), as every command
    that loads rule files takes them."""
    def decorate(command):
        command = add_rules_option(command)
        return click.option("--rules", "rule_paths", multiple=True, type=click.Path(exists=True, path_type=Path),
                            help=help_text)(command)
    return decorate


class DatabaseTarget(click.ParamType):
    """A SQLite file (checked as a path) or a postgresql:// URL (passed on as it is)."""

    name = "PATH|URL"

    def __init__(self, **path_checks):
        self.file = click.Path(path_type=Path, **path_checks)

    def convert(self, value, param, ctx):
        if isinstance(value, str) and is_postgres_url(value):
            return value
        return self.file.convert(value, param, ctx)


def database_option(**path_checks):
    return click.option("--db", "db_path", default=DATABASE, show_default=True, type=DatabaseTarget(**path_checks),
                        help="SQLite database file, or a postgresql:// URL.")


class LazyGroup(click.Group):
    """A group whose commands are named as "module:attribute" in wizard/cli/ and imported when one
    is run or listed (click's documented lazy loading): `wizard assess` and `wizard check` never
    import the office's accounts (Werkzeug) nor the web app."""

    def __init__(self, *args, lazy_commands: dict[str, str], **kwargs):
        super().__init__(*args, **kwargs)
        self.lazy_commands = lazy_commands

    def list_commands(self, ctx) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy_commands})

    def get_command(self, ctx, name: str):
        if name in self.lazy_commands and name not in self.commands:
            module, attribute = self.lazy_commands[name].split(":")
            self.add_command(getattr(importlib.import_module(f"{__package__}.{module}"), attribute), name)
        return super().get_command(ctx, name)
