"""The `wizard` command (`wizard --help`, `wizard --version`):

- `wizard serve`: run the app under waitress (kiosk mode, retention, limits, public address);
- `wizard purge`: delete, for good, the interviews not changed for a number of days and the sent
  applications closed longer ago than they are kept;
- `wizard kiosk-link`: print a one-time link that enrols a browser as a kiosk screen;
- `wizard clerk add|list|remove`: the clerks' accounts for the office inbox (`/office`);
- `wizard db upgrade|copy`: the database's schema, and a copy from one database to another;
- `wizard assess`: print the assessment JSON for a file of answers;
- `wizard check`: check rule files and report every problem with its file and line;
- `wizard new`: write a rule-file skeleton;
- `wizard graph`: print a jurisdiction's interview as a flow diagram;
- `wizard vocabulary`: write (or `--check`) docs/vocabulary.md;
- `wizard reference`: write (or `--check`) docs/reference.md, every command, option and setting.

One module per group of commands: `rules` (the engine and the checks), `serving` (the server and
what it does by itself), `office` (clerks' accounts), `database`, `reference` (which imports the
web app for its settings). Each is imported only when one of
its commands runs (`options.LazyGroup`). Typed engine errors become `CommandError`s (click
exceptions) at this edge, one line on stderr.
"""
from __future__ import annotations

import click

from .options import LazyGroup

COMMANDS = {
    "assess": "rules:assess", "check": "rules:check", "graph": "rules:graph", "new": "rules:new",
    "vocabulary": "rules:vocabulary",
    "serve": "serving:serve", "purge": "serving:purge", "kiosk-link": "serving:kiosk_link",
    "clerk": "office:clerk", "db": "database:database",
    "reference": "reference:reference",
}


@click.group(cls=LazyGroup, lazy_commands=COMMANDS)
@click.version_option(package_name="mass-gathering-permit-wizard", prog_name="wizard")
def main() -> None:
    """Mass Gathering Permit Wizard: serve the app, keep clerks' accounts and the database, and
    check, draw and document rule files."""

