"""The `wizard` command: serve, assess, check, graph and vocabulary."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from .assess import assess as run_assessment
from .checks import check_files, run_checks
from .errors import AnswersError, RuleFileError
from .graph import GraphError, render as render_graph
from .loader import load_rulebook
from .retention import DEFAULT_DAYS, purge as run_purge
from .storage import InterviewStore
from .vocabulary_doc import render as render_vocabulary, write as write_vocabulary


@click.group()
def main() -> None:
    """Mass Gathering Permit Wizard."""


@main.command()
@click.argument("answers_file", type=click.File("r", encoding="utf-8"))
@click.option("--rules", "rule_paths", multiple=True, type=click.Path(exists=True, path_type=Path),
              help="A rule file or folder to use instead of the built-in jurisdictions (repeatable).")
def assess(answers_file, rule_paths) -> None:
    """Print the assessment JSON for ANSWERS_FILE (a JSON object; '-' reads stdin)."""
    try:
        book = load_rulebook(rule_paths or None)
    except RuleFileError as error:
        click.echo(str(error), err=True)
        sys.exit(2)
    try:
        raw = json.load(answers_file)
    except (ValueError, UnicodeDecodeError) as error:  # JSONDecodeError, or a number too long to parse
        click.echo(f"error: answers: not valid JSON ({str(error).splitlines()[0][:200]})", err=True)
        sys.exit(2)
    except RecursionError:
        click.echo("error: answers: the JSON is nested too deeply", err=True)
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
@click.option("--rules", "rule_paths", multiple=True, type=click.Path(exists=True, path_type=Path),
              help="A rule file or folder to use instead of the built-in jurisdictions (repeatable).")
@click.option("--kiosk", is_flag=True,
              help="Shared-screen mode: interviews open only in the session that started them; "
                   "an idle timer and a Finish button clear the screen.")
@click.option("--idle-seconds", default=300, show_default=True, type=click.IntRange(min=1),
              help="With --kiosk: clear the screen after this many seconds without use.")
@click.option("--retention-days", default=DEFAULT_DAYS, show_default=True, type=click.FloatRange(min=0, min_open=True),
              help="Delete interviews not changed for this many days (checked every 10 minutes).")
@click.option("--new-per-hour", default=60, show_default=True, type=click.IntRange(min=0),
              help="At most this many new interviews per client address per hour (0: no limit).")
def serve(host, port, db_path, threads, rule_paths, kiosk, idle_seconds, retention_days, new_per_hour) -> None:
    """Run the wizard under the waitress WSGI server."""
    # Flask and waitress load only for `serve`: the other commands are the engine alone.
    import waitress

    from .web.app import create_app

    try:
        app = create_app({"DATABASE": str(db_path), "RULE_PATHS": list(rule_paths) or None,
                          "KIOSK": kiosk, "KIOSK_IDLE_SECONDS": idle_seconds,
                          "RETENTION_DAYS": retention_days, "NEW_INTERVIEWS_PER_HOUR": new_per_hour})
    except RuleFileError as error:
        click.echo(f"refusing to start: {error}", err=True)
        sys.exit(1)
    mode = f", kiosk mode, idle {idle_seconds}s" if kiosk else ""
    click.echo(f"Permit wizard on http://{host}:{port}/ (database {db_path}{mode})")
    waitress.serve(app, host=host, port=port, threads=threads)


@main.command()
@click.option("--db", "db_path", default="instance/wizard.db", show_default=True,
              type=click.Path(dir_okay=False, exists=True, path_type=Path), help="SQLite database file.")
@click.option("--older-than", "days", default=DEFAULT_DAYS, show_default=True,
              type=click.FloatRange(min=0), help="Delete interviews not changed for this many days.")
@click.option("--dry-run", is_flag=True, help="Only say how many would be deleted.")
def purge(db_path, days, dry_run) -> None:
    """Delete saved interviews not changed for DAYS days, for good (the server does it by itself too)."""
    store = InterviewStore(db_path)
    store.migrate()
    click.echo(str(run_purge(store, days, dry_run)))


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
def check(paths) -> None:
    """Check rule files (default: the built-in ones); report every problem, exit 1 if any."""
    problems = run_checks(list(paths) or None)
    for problem in problems:
        click.echo(str(problem))
    if problems:
        click.echo(f"{len(problems)} problem(s) found.", err=True)
        sys.exit(1)
    click.echo("All rule files are valid.")


@main.command()
@click.argument("jurisdiction")
@click.option("--format", "fmt", type=click.Choice(["mermaid", "dot", "svg"]), default="mermaid", show_default=True,
              help="mermaid and dot print diagram text. svg runs Graphviz's `dot` program, which must be "
                   "installed on this machine: no well-kept pure-pip library renders SVG without system "
                   "packages, so without Graphviz use dot or mermaid and render them elsewhere.")
@click.option("--rules", "rule_paths", multiple=True, type=click.Path(exists=True, path_type=Path),
              help="A rule file or folder to use instead of the built-in jurisdictions (repeatable).")
def graph(jurisdiction, fmt, rule_paths) -> None:
    """Print JURISDICTION's interview as a flow diagram: steps in order, the conditions between them
    in plain words, and the exemptions, triggers and other outcome rules as end nodes."""
    book, problems = check_files(rule_paths or None)
    j = book.get(jurisdiction)
    if j is None:
        for problem in problems:
            click.echo(str(problem), err=True)
        known = ", ".join(book.jurisdictions) or "none"
        click.echo(f"error: no valid rule file with id {jurisdiction!r} (valid ids: {known})", err=True)
        sys.exit(2)
    try:
        click.echo(render_graph(j, book.questions, fmt), nl=False)
    except GraphError as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(2)


@main.command()
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the Markdown here (e.g. docs/vocabulary.md) instead of printing it.")
@click.option("--check", "check_only", is_flag=True,
              help="Exit 1 if the file given by --output (default docs/vocabulary.md) is not up to date; change nothing.")
def vocabulary(output, check_only) -> None:
    """Print the answers vocabulary (docs/vocabulary.md) generated from interviews/questions.yaml."""
    if check_only:
        output = output or Path("docs/vocabulary.md")
        if not output.exists() or output.read_text(encoding="utf-8") != render_vocabulary():
            click.echo(f"{output} is out of date: run `wizard vocabulary --output {output}`", err=True)
            sys.exit(1)
        click.echo(f"{output} is up to date.")
    elif output is None:
        click.echo(render_vocabulary(), nl=False)
    else:
        write_vocabulary(output)
        click.echo(f"Wrote {output}.")


if __name__ == "__main__":
    main()
