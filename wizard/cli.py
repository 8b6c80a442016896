"""The `wizard` command (`wizard --help`, `wizard --version`):

- `wizard serve`: run the app under waitress (kiosk mode, retention, limits, public address);
- `wizard purge`: delete, for good, the interviews not changed for a number of days and the sent
  applications closed longer ago than they are kept;
- `wizard kiosk-link`: print a one-time link that enrols a browser as a kiosk screen;
- `wizard clerk add|list|remove`: the clerks' accounts for the office inbox (`/office`);
- `wizard assess`: print the assessment JSON for a file of answers;
- `wizard check`: check rule files and report every problem with its file and line;
- `wizard new`: write a rule-file skeleton;
- `wizard graph`: print a jurisdiction's interview as a flow diagram;
- `wizard vocabulary`: write (or `--check`) docs/vocabulary.md.

Typed engine errors become `CommandError`s (click exceptions) here at the edge, one line on stderr.
"""
from __future__ import annotations

import json
import logging
import os
import re
import sys
from pathlib import Path

import click

from .engine.assess import assess as run_assessment
from .authoring.checks import check_files, run_checks
from .errors import AnswersError, RuleFileError, StoreUnavailable
from .authoring.graph import GraphError, render as render_graph
from .authoring.loader import load_rulebook
from .store.retention import DEFAULT_DAYS, MAX_DAYS, moment_ago, purge as run_purge
from .authoring.checkrecord import record_folder
from .store import is_postgres_url, shown
from .store.copy import CopyRefused, copy_database
from .office.accounts import AccountError, add_clerk
from .office.keeping import DEFAULT_KEEP_DAYS, purge_applications
from .office.outbox import parse_host_port
from .office.records import OfficeRecords, upgrade_schema
from .rules.rulebook import jurisdiction_files, rule_sources
from .authoring.skeleton import skeleton
from .store.interviews import ENROLMENT_MINUTES, InterviewStore
from .authoring.vocabulary_doc import render as render_vocabulary, write as write_vocabulary

ADD_RULES_HELP = ("A rule file or folder to load besides the built-in jurisdictions (or besides --rules) "
                  "(repeatable).")
RULES_HELP = "A rule file or folder to use instead of the built-in jurisdictions (repeatable)."
DATABASE = "instance/wizard.db"


class CommandError(click.ClickException):
    """A problem a command reports in one line on stderr ("error: ..." unless told otherwise), with
    the exit status the README gives: 2 for bad input, 1 for a server that refuses to start."""

    def __init__(self, message: str, exit_code: int = 2, prefix: str = "error: "):
        super().__init__(message)
        self.exit_code, self.prefix = exit_code, prefix

    def show(self, file=None) -> None:
        click.echo(f"{self.prefix}{self.format_message()}", err=True, file=file)


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


@click.group()
@click.version_option(package_name="mass-gathering-permit-wizard", prog_name="wizard")
def main() -> None:
    """Mass Gathering Permit Wizard."""


@main.command()
@click.argument("answers_file", type=click.File("r", encoding="utf-8"))
@rules_options()
def assess(answers_file, rule_paths, added_paths) -> None:
    """Print the assessment JSON for ANSWERS_FILE (a JSON object; '-' reads stdin)."""
    try:
        book = load_rulebook(rule_sources(rule_paths, added_paths))
    except RuleFileError as error:
        raise CommandError(str(error), prefix="") from error
    try:
        raw = json.load(answers_file)
    except (ValueError, UnicodeDecodeError) as error:  # JSONDecodeError, or a number too long to parse
        raise CommandError(f"answers: not valid JSON ({str(error).splitlines()[0][:200]})") from error
    except RecursionError as error:
        raise CommandError("answers: the JSON is nested too deeply") from error
    try:
        result = run_assessment(raw, book)
    except AnswersError as error:
        raise CommandError(str(error)) from error
    click.echo(json.dumps(result, indent=2, ensure_ascii=False))


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=5000, show_default=True, type=click.IntRange(0, 65535),
              help="Port to listen on (0: any free port; the one bound is printed).")
@database_option()
@click.option("--threads", default=8, show_default=True, type=int, help="Worker threads.")
@click.option("--kiosk", is_flag=True,
              help="A server for kiosks only: every browser is a shared screen (interviews open only in "
                   "the session that started them; an idle timer and a Finish button clear the screen). "
                   "Without it, only screens enrolled with `wizard kiosk-link` are kiosks.")
@click.option("--idle-seconds", default=300, show_default=True, type=IDLE_SECONDS,
              help="With --kiosk: clear the screen after this many seconds without use.")
@click.option("--retention-days", default=DEFAULT_DAYS, show_default=True, type=DAYS, callback=finite,
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
@click.option("--access-log", is_flag=True,
              help="Log one line per request to stderr: method, path with interview ids hashed, no query "
                   "string, status and time.")
@click.option("--smtp", default=None, metavar="HOST:PORT",
              help="Send the office's mail through this SMTP server (STARTTLS when it offers it). "
                   "Without it, mail is off and the office pages say so.")
@click.option("--smtp-user", default=None, help="Sign in to the SMTP server as this user; the password is "
                                                 "read from the WIZARD_SMTP_PASSWORD environment variable.")
@click.option("--mail-from", default=None, metavar="ADDRESS", help="The From address of the office's mail.")
@click.option("--keep-applications-days", default=DEFAULT_KEEP_DAYS, show_default=True,
              type=DAYS, callback=finite,
              help="Keep a sent application this many days after the clerk closes it, then delete it.")
@rules_options()
def serve(host, port, db_path, threads, rule_paths, kiosk, idle_seconds, retention_days, new_per_hour,
          public_url, trusted_proxies, access_log, smtp, smtp_user, mail_from, keep_applications_days,
          added_paths) -> None:
    """Run the wizard under the waitress WSGI server."""
    # Flask and waitress load only for `serve`: the other commands are the engine alone.
    from .web.app import create_app
    from .web.edge.deployment import DeploymentError
    from .web.edge.serving import bound_addresses, make_server, settle_after_start

    try:
        smtp_host, smtp_port = parse_host_port(smtp) if smtp else (None, None)
    except ValueError as error:
        raise CommandError(str(error), exit_code=2, prefix="refusing to start: ") from error
    try:
        app = create_app({"DATABASE": str(db_path), "RULE_PATHS": rule_sources(rule_paths, added_paths),
                          "KIOSK": kiosk, "KIOSK_IDLE_SECONDS": idle_seconds,
                          "RETENTION_DAYS": retention_days, "NEW_INTERVIEWS_PER_HOUR": new_per_hour,
                          "TRUSTED_PROXIES": trusted_proxies, "SMTP_HOST": smtp_host, "SMTP_PORT": smtp_port,
                          "SMTP_USER": smtp_user, "MAIL_FROM": mail_from,
                          "KEEP_APPLICATIONS_DAYS": keep_applications_days,
                          **({"PUBLIC_URL": public_url} if public_url else {})})
    except (RuleFileError, DeploymentError) as error:
        raise CommandError(str(error), exit_code=1, prefix="refusing to start: ") from error
    server = make_server(app, host, port, threads, trusted_proxies, access_log)
    mode = f", kiosk mode, idle {idle_seconds}s" if kiosk else ""
    mode += f", mail through {smtp}" if smtp else ", mail off"
    bound_host, bound_port = bound_addresses(server)[0]
    click.echo(f"Permit wizard on http://{bound_host}:{bound_port}/ (database {shown(db_path)}{mode})")
    logging.basicConfig()  # as waitress.serve does: failures are logged (redacted, see web/logs.py)
    for name in ("wizard.security", "wizard.access"):  # every security event (web/audit.py), every request
        logging.getLogger(name).setLevel(logging.INFO)
    settle_after_start()
    server.run()


@main.command()
@database_option(dir_okay=False, exists=True)
@click.option("--older-than", "days", default=DEFAULT_DAYS, show_default=True,
              type=click.FloatRange(min=0, max=MAX_DAYS), callback=finite,
              help="Delete interviews not changed for this many days.")
@click.option("--keep-applications-days", "keep_days", default=DEFAULT_KEEP_DAYS, show_default=True,
              type=click.FloatRange(min=0, max=MAX_DAYS), callback=finite,
              help="Delete sent applications closed more than this many days ago.")
@click.option("--dry-run", is_flag=True, help="Only say how many would be deleted.")
def purge(db_path, days, keep_days, dry_run) -> None:
    """Delete saved interviews not changed for DAYS days, and sent applications closed more than
    --keep-applications-days ago, for good (the server does both by itself too). Sent applications
    that are still open are never deleted."""
    store = InterviewStore(db_path)
    store.migrate()
    done = run_purge(store, days, dry_run)
    if not dry_run:  # the same security event the server's sweeper logs (web/audit.py)
        logging.getLogger("wizard.security").info("purge by hand interviews=%d days=%g", done.count, days)
    click.echo(str(done))
    click.echo(str(purge_applications(OfficeRecords(store), keep_days, dry_run)))


@main.command("kiosk-link")
@database_option(dir_okay=False)
@click.option("--public-url", default="", help="The server's address, to print the link in full.")
def kiosk_link(db_path, public_url) -> None:
    """Print a one-time link that makes the browser which opens it a kiosk screen (works once, for an hour)."""
    store = InterviewStore(db_path)
    store.migrate()
    token = store.new_enrolment(moment_ago(-ENROLMENT_MINUTES * 60))
    click.echo(f"{public_url.rstrip('/')}/kiosk/enrol/{token}")
    click.echo(f"Open it on the kiosk screen's browser within {ENROLMENT_MINUTES} minutes; it works once.", err=True)


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
        raise CommandError(f"{len(problems)} problem(s) found.", exit_code=1, prefix="")
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
@rules_options()
def graph(jurisdiction, fmt, rule_paths, added_paths) -> None:
    """Print JURISDICTION's interview as a flow diagram: steps in order, the conditions between them
    in plain words, and the exemptions, triggers and other outcome rules as end nodes."""
    book, problems = check_files(rule_sources(rule_paths, added_paths))
    j = book.get(jurisdiction)
    if j is None:
        for problem in problems:
            click.echo(str(problem), err=True)
        known = ", ".join(book.jurisdictions) or "none"
        raise CommandError(f"no valid rule file with id {jurisdiction!r} (valid ids: {known})")
    try:
        click.echo(render_graph(j, book.questions_for(j.id), fmt), nl=False)
    except GraphError as error:
        raise CommandError(str(error)) from error


@main.command()
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the Markdown here (e.g. docs/vocabulary.md) instead of printing it.")
@click.option("--check", "check_only", is_flag=True,
              help="Exit 1 if the file given by --output (default docs/vocabulary.md) is not up to date; change nothing.")
@rules_options("Document these rule files' own questions instead of the built-in ones' (repeatable).")
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
            raise CommandError(f"{output} is out of date: run `wizard vocabulary --output {output}`",
                               exit_code=1, prefix="")
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
        raise CommandError("an id is lower-case letters, digits and hyphens, like `brownville-ny`")
    output = output or Path(f"{jurisdiction_id}.yaml")
    if output.exists() and not force:
        raise CommandError(f"{output} exists; choose another --output or add --force")
    output.write_text(skeleton(jurisdiction_id), encoding="utf-8")
    click.echo(f"Wrote {output}. Fill in every TODO, then run `wizard check {output}`.")


@main.group()
def clerk() -> None:
    """Clerk accounts for the office inbox (/office)."""


def office_records(db_path: Path) -> OfficeRecords:
    store = InterviewStore(db_path)
    store.migrate()
    return OfficeRecords(store)


@clerk.command("add")
@click.argument("email")
@click.option("--jurisdiction", "jurisdictions", multiple=True, required=True,
              help="A jurisdiction id whose applications this clerk sees (repeatable).")
@database_option(dir_okay=False)
@click.option("--public-url", default=None, help="The site's address, to print the whole link "
                                                 "(default: the WIZARD_PUBLIC_URL environment variable).")
@rules_options()
def clerk_add(email, jurisdictions, db_path, public_url, rule_paths, added_paths) -> None:
    """Create (or update) a clerk's account and print a one-time link, valid 24 hours, where the
    clerk chooses a password."""
    known = set(load_rulebook(rule_sources(rule_paths, added_paths)).jurisdictions)
    try:
        token = add_clerk(office_records(db_path), email, list(jurisdictions), known)
    except AccountError as error:
        raise CommandError(str(error)) from error
    base = (public_url or os.environ.get("WIZARD_PUBLIC_URL") or "").rstrip("/")
    click.echo(f"Account {email.strip().lower()} for {', '.join(sorted(set(jurisdictions)))}.")
    click.echo("Send the clerk this link to choose a password (it works once, for 24 hours):")
    click.echo(f"{base}/office/password/{token}")
    if not base:
        click.echo("(Put this site's address in front, or give --public-url.)")


@clerk.command("list")
@database_option(dir_okay=False)
def clerk_list(db_path) -> None:
    """List the clerk accounts and their jurisdictions."""
    rows = office_records(db_path).clerks()
    for row in rows:
        state = "" if row["password_hash"] else " (no password chosen yet)"
        click.echo(f"{row['email']}: {', '.join(row['jurisdictions'])}{state}")
    if not rows:
        click.echo("No clerk accounts.")


@clerk.command("remove")
@click.argument("email")
@database_option(dir_okay=False)
def clerk_remove(email, db_path) -> None:
    """Remove a clerk's account; its sessions end at their next request."""
    if not office_records(db_path).remove_clerk(email.strip().lower()):
        raise CommandError(f"no clerk account {email!r}")
    click.echo(f"Removed {email.strip().lower()}.")


@main.group("db")
def database() -> None:
    """The database's schema."""


@database.command("upgrade")
@database_option(dir_okay=False)
def database_upgrade(db_path) -> None:
    """Apply the schema's migrations not applied yet (the server also does at start)."""
    store = InterviewStore(db_path)
    applied = upgrade_schema(store)
    store.close()
    click.echo(f"Applied {', '.join(applied)}." if applied else "The schema is up to date.")


@database.command("copy")
@click.argument("source", type=DatabaseTarget(exists=True, dir_okay=False))
@click.argument("target", type=DatabaseTarget(dir_okay=False))
@click.option("--replace", is_flag=True,
              help="Delete the rows the target already holds first (without it, a target with rows is refused).")
def database_copy(source, target, replace) -> None:
    """Copy every interview, application, account and the rest from SOURCE to TARGET (each a SQLite
    file or a postgresql:// URL), e.g. a village's instance/wizard.db into PostgreSQL."""
    try:
        counts = copy_database(str(source), str(target), replace=replace)
    except (CopyRefused, StoreUnavailable) as error:
        raise CommandError(str(error))
    for table, count in counts.items():
        click.echo(f"{table}: {count}")
    click.echo(f"Copied {sum(counts.values())} rows from {shown(source)} to {shown(target)}.")


if __name__ == "__main__":
    main()
