"""The `wizard` command: serve, assess, check, graph and vocabulary."""
from __future__ import annotations

import json
import logging
import re
import sys
from pathlib import Path

import click

from .assess import assess as run_assessment
from .checks import check_files, run_checks
from .errors import AnswersError, RuleFileError
from .graph import GraphError, render as render_graph
from .loader import load_rulebook
from .retention import DEFAULT_DAYS, purge as run_purge
from .checkrecord import record_folder
from .rulebook import jurisdiction_files, rule_sources
from .skeleton import skeleton
from .storage import InterviewStore
from .vocabulary_doc import render as render_vocabulary, write as write_vocabulary

ADD_RULES_HELP = ("A rule file or folder to load besides the built-in jurisdictions (or besides --rules) "
                  "(repeatable).")


def add_rules_option(command):
    return click.option("--add-rules", "added_paths", multiple=True,
                        type=click.Path(exists=True, path_type=Path), help=ADD_RULES_HELP)(command)


@click.group()
def main() -> None:
    """Mass Gathering Permit Wizard."""


@main.command()
@click.argument("answers_file", type=click.File("r", encoding="utf-8"))
@click.option("--rules", "rule_paths", multiple=True, type=click.Path(exists=True, path_type=Path),
              help="A rule file or folder to use instead of the built-in jurisdictions (repeatable).")
@add_rules_option
def assess(answers_file, rule_paths, added_paths) -> None:
    """Print the assessment JSON for ANSWERS_FILE (a JSON object; '-' reads stdin)."""
    try:
        book = load_rulebook(rule_sources(rule_paths, added_paths))
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
@click.option("--public-url", default=None,
              help="The address organizers reach the site at, like https://permits.example.org: "
                   "the clerks' page shows full links with it, and a kiosk can hand an interview "
                   "to a phone. https also marks the cookie Secure.")
@click.option("--trusted-proxies", default=0, show_default=True, type=click.IntRange(min=0),
              help="How many reverse proxies are in front: believe their X-Forwarded-For, -Proto "
                   "and -Prefix headers (werkzeug's ProxyFix).")
@add_rules_option
def serve(host, port, db_path, threads, rule_paths, kiosk, idle_seconds, retention_days, new_per_hour,
          public_url, trusted_proxies, added_paths) -> None:
    """Run the wizard under the waitress WSGI server."""
    # Flask and waitress load only for `serve`: the other commands are the engine alone.
    from .web.app import create_app
    from .web.deployment import DeploymentError
    from .web.serving import make_server, settle_after_start

    try:
        app = create_app({"DATABASE": str(db_path), "RULE_PATHS": rule_sources(rule_paths, added_paths),
                          "KIOSK": kiosk, "KIOSK_IDLE_SECONDS": idle_seconds,
                          "RETENTION_DAYS": retention_days, "NEW_INTERVIEWS_PER_HOUR": new_per_hour,
                          "TRUSTED_PROXIES": trusted_proxies,
                          **({"PUBLIC_URL": public_url} if public_url else {})})
    except (RuleFileError, DeploymentError) as error:
        click.echo(f"refusing to start: {error}", err=True)
        sys.exit(1)
    mode = f", kiosk mode, idle {idle_seconds}s" if kiosk else ""
    click.echo(f"Permit wizard on http://{host}:{port}/ (database {db_path}{mode})")
    logging.basicConfig()  # as waitress.serve does: failures are logged (redacted, see web/logs.py)
    settle_after_start()
    make_server(app, host, port, threads).run()


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
@add_rules_option
@click.option("--record", "record_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Keep the record of files that passed (rule-checks.db) in this folder "
                   "(default: the first folder in PATHS; none for the built-in rules).")
def check(paths, added_paths, record_dir) -> None:
    """Check rule files (default: the built-in ones); report every problem, exit 1 if any.
    With --add-rules, the built-in ones (or PATHS) and the added ones are checked together, so an
    id used twice is caught. Files that passed before, byte for byte, are not checked again; a
    server started on the same rules reads the record instead of checking them itself."""
    sources = rule_sources(paths, added_paths)
    problems = checked_with_progress(sources, record_dir or record_folder(paths))
    for problem in problems:
        click.echo(str(problem))
    if problems:
        click.echo(f"{len(problems)} problem(s) found.", err=True)
        sys.exit(1)
    click.echo("All rule files are valid.")


def checked_with_progress(sources, record_dir):
    """`run_checks`, with click's progress bar (files, problems so far, time left) on a terminal."""
    if not sys.stderr.isatty():
        return run_checks(sources, record_dir)
    found = [0]
    with click.progressbar(length=len(jurisdiction_files(sources)), label="Checking rule files", file=sys.stderr,
                           show_pos=True, show_eta=True, item_show_func=lambda _: f"{found[0]} problem(s)") as bar:
        def done(problems):
            found[0] += len(problems)
            bar.update(1, found[0])
        return run_checks(sources, record_dir, on_file=done)


@main.command()
@click.argument("jurisdiction")
@click.option("--format", "fmt", type=click.Choice(["mermaid", "dot", "svg"]), default="mermaid", show_default=True,
              help="mermaid and dot print diagram text. svg runs Graphviz's `dot` program, which must be "
                   "installed on this machine: no well-kept pure-pip library renders SVG without system "
                   "packages, so without Graphviz use dot or mermaid and render them elsewhere.")
@click.option("--rules", "rule_paths", multiple=True, type=click.Path(exists=True, path_type=Path),
              help="A rule file or folder to use instead of the built-in jurisdictions (repeatable).")
@add_rules_option
def graph(jurisdiction, fmt, rule_paths, added_paths) -> None:
    """Print JURISDICTION's interview as a flow diagram: steps in order, the conditions between them
    in plain words, and the exemptions, triggers and other outcome rules as end nodes."""
    book, problems = check_files(rule_sources(rule_paths, added_paths))
    j = book.get(jurisdiction)
    if j is None:
        for problem in problems:
            click.echo(str(problem), err=True)
        known = ", ".join(book.jurisdictions) or "none"
        click.echo(f"error: no valid rule file with id {jurisdiction!r} (valid ids: {known})", err=True)
        sys.exit(2)
    try:
        click.echo(render_graph(j, book.questions_for(j.id), fmt), nl=False)
    except GraphError as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(2)


@main.command()
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the Markdown here (e.g. docs/vocabulary.md) instead of printing it.")
@click.option("--check", "check_only", is_flag=True,
              help="Exit 1 if the file given by --output (default docs/vocabulary.md) is not up to date; change nothing.")
@click.option("--rules", "rule_paths", multiple=True, type=click.Path(exists=True, path_type=Path),
              help="Document these rule files' own questions instead of the built-in ones' (repeatable).")
@add_rules_option
def vocabulary(output, check_only, rule_paths, added_paths) -> None:
    """Print the answers vocabulary (docs/vocabulary.md) generated from interviews/questions.yaml, with
    the questions each rule file declares or rewords."""
    sources = rule_sources(rule_paths, added_paths)
    if sources is None:
        text = render_vocabulary()
    else:
        book, problems = check_files(sources)
        for problem in problems:
            click.echo(f"skipped: {problem}", err=True)
        text = render_vocabulary(jurisdictions=list(book.jurisdictions.values()))
    if check_only:
        output = output or Path("docs/vocabulary.md")
        if not output.exists() or output.read_text(encoding="utf-8") != text:
            click.echo(f"{output} is out of date: run `wizard vocabulary --output {output}`", err=True)
            sys.exit(1)
        click.echo(f"{output} is up to date.")
    elif output is None:
        click.echo(text, nl=False)
    else:
        write_vocabulary(output, text)
        click.echo(f"Wrote {output}.")


@main.command()
@click.argument("jurisdiction_id")
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the skeleton here (default: JURISDICTION_ID.yaml in the current folder).")
@click.option("--force", is_flag=True, help="Overwrite the file if it exists.")
def new(jurisdiction_id, output, force) -> None:
    """Write a rule-file skeleton for JURISDICTION_ID: every required key, commented, with TODO
    markers that `wizard check` lists, each with its line, until they are filled in."""
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", jurisdiction_id):
        click.echo("error: an id is lower-case letters, digits and hyphens, like `brownville-ny`", err=True)
        sys.exit(2)
    output = output or Path(f"{jurisdiction_id}.yaml")
    if output.exists() and not force:
        click.echo(f"error: {output} exists; choose another --output or add --force", err=True)
        sys.exit(2)
    output.write_text(skeleton(jurisdiction_id), encoding="utf-8")
    click.echo(f"Wrote {output}. Fill in every TODO, then run `wizard check {output}`.")


if __name__ == "__main__":
    main()
