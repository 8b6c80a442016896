"""The `wizard` command: serve, assess, check (and graph, from wizard.graph)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from .errors import AnswersError, RuleFileError


@click.group()
def main() -> None:
    """Mass Gathering Permit Wizard."""


@main.command()
@click.argument("answers_file", type=click.File("r", encoding="utf-8"))
@click.option("--rules", "rule_paths", multiple=True, type=click.Path(exists=True, path_type=Path),
              help="A rule file or folder to use instead of the built-in jurisdictions (repeatable).")
def assess(answers_file, rule_paths) -> None:
    """Print the assessment JSON for ANSWERS_FILE (a JSON object; '-' reads stdin)."""
    from .assess import assess as run_assessment
    from .loader import load_rulebook

    try:
        book = load_rulebook(rule_paths or None)
    except RuleFileError as error:
        click.echo(str(error), err=True)
        sys.exit(2)
    try:
        raw = json.load(answers_file)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        click.echo(f"error: answers: not valid JSON ({error})", err=True)
        sys.exit(2)
    try:
        result = run_assessment(raw, book)
    except AnswersError as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(2)
    click.echo(json.dumps(result, indent=2, ensure_ascii=False))


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=5000, show_default=True, type=int, help="Port to listen on.")
@click.option("--db", "db_path", default="instance/wizard.db", show_default=True,
              type=click.Path(path_type=Path), help="SQLite database file (created if missing).")
@click.option("--threads", default=8, show_default=True, type=int, help="Worker threads.")
def serve(host, port, db_path, threads) -> None:
    """Run the wizard under the waitress WSGI server."""
    import waitress

    from . import create_app

    try:
        app = create_app({"DATABASE": str(db_path)})
    except RuleFileError as error:
        click.echo(f"refusing to start: {error}", err=True)
        sys.exit(1)
    click.echo(f"Permit wizard on http://{host}:{port}/ (database {db_path})")
    waitress.serve(app, host=host, port=port, threads=threads)


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
def check(paths) -> None:
    """Check rule files (default: the built-in ones); report every problem, exit 1 if any."""
    from .checks import run_checks

    problems = run_checks(list(paths) or None)
    for problem in problems:
        click.echo(str(problem))
    if problems:
        click.echo(f"{len(problems)} problem(s) found.", err=True)
        sys.exit(1)
    click.echo("All rule files are valid.")


if __name__ == "__main__":
    main()
