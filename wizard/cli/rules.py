"""The rule commands: `wizard assess`, `check`, `graph`, `vocabulary` and `new`. They load the engine
and the checks only: no Flask, no Werkzeug, no storage."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import click

from ..authoring.checkrecord import record_folder
from ..authoring.checks import check_files, run_checks
from ..authoring.graph import GraphError, render as render_graph
from ..authoring.loader import load_rulebook
from ..authoring.skeleton import skeleton
from ..authoring.vocabulary_doc import render as render_vocabulary
from ..engine.assess import assess as run_assessment
from ..errors import AnswersError, RuleFileError
from ..rules.rulebook import jurisdiction_files, rule_sources
from ..rules.office_cards import check_offices
from .options import CommandError, add_rules_option, publish_generated, rules_options


@click.command()
@click.argument("answers_file", type=click.File("r", encoding="utf-8"))
@rules_options()
def assess(answers_file, rule_paths, added_paths) -> None:
    """Print the assessment JSON for ANSWERS_FILE (a JSON object; '-' reads stdin).

    Bad input exits with status 2 and a one-line message naming the key. `POST /api/assess`
    returns the same object."""
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

ID_LINE = re.compile(r"^id:\s*['\"]?([\w.-]+)", re.MULTILINE)


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@add_rules_option
@click.option("--record", "record_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Keep the record of files that passed (rule-checks.db) in this folder "
                   "(default: the first folder in PATHS; none for the built-in rules).")
@click.option("--offices", "offices_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Check this office cards file (instance/offices.yaml) too, as the server does at start.")
def check(paths, added_paths, record_dir, offices_file) -> None:
    """Check rule files (default: the built-in ones); report every problem, exit 1 if any.
    With --add-rules, the built-in ones (or PATHS) and the added ones are checked together, so an
    id used twice is caught. Files that passed before, byte for byte, are not checked again; a
    server started on the same rules reads the record instead of checking them itself.

    Each problem is a sentence with file, line and key; exit status 0 when clean, 1 otherwise. A
    folder checks every *.yaml in it. The record is `rule-checks.db` in the first folder given (or
    in --record DIR): the next `wizard check` reads only the files whose bytes changed. The
    deployment step is `wizard check DIR`, then `wizard serve --rules DIR`. On a terminal it shows a
    progress bar (files done, problems so far, time left); piped, it prints only the problems."""
    sources = rule_sources(paths, added_paths)
    problems = checked_with_progress(sources, record_dir or record_folder(paths))
    if offices_file is not None:
        problems = [*problems, *check_offices(offices_file, jurisdiction_ids(sources))[1]]
    for problem in problems:
        click.echo(str(problem))
    if problems:
        raise CommandError(f"{len(problems)} problem(s) found.", exit_code=1, prefix="")
    click.echo("All rule files are valid.")


def jurisdiction_ids(sources) -> set[str]:
    """The ids the rule files declare (their `id:` line), for the office cards' keys: without loading them."""
    found = (ID_LINE.search(path.read_text(encoding="utf-8")) for path in jurisdiction_files(sources))
    return {match.group(1) for match in found if match}


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


@click.command()
@click.argument("jurisdiction")
@click.option("--format", "fmt", type=click.Choice(["mermaid", "dot", "svg"]), default="mermaid", show_default=True,
              help="mermaid and dot print diagram text. svg runs Graphviz's `dot` program, which must be "
                   "installed on this machine: no well-kept pure-pip library renders SVG without system "
                   "packages, so without Graphviz use dot or mermaid and render them elsewhere.")
@rules_options()
def graph(jurisdiction, fmt, rule_paths, added_paths) -> None:
    """Print JURISDICTION's interview as a flow diagram: steps in order, the conditions between them
    in plain words, and the exemptions, triggers and other outcome rules as end nodes, as Mermaid or
    Graphviz text (svg needs Graphviz's `dot` installed)."""
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


@click.command()
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the Markdown here (e.g. docs/vocabulary.md) instead of printing it.")
@click.option("--check", "check_only", is_flag=True,
              help="Exit 1 if the file given by --output (default docs/vocabulary.md) is not up to date; change nothing.")
@rules_options("Document these rule files' own questions instead of the built-in ones' (repeatable).")
def vocabulary(output, check_only, rule_paths, added_paths) -> None:
    """Print the answers vocabulary (docs/vocabulary.md) generated from interviews/questions.yaml, with
    the questions each rule file declares or rewords (the built-in ones, or those given); `--check`
    fails if the file is stale."""
    sources = rule_sources(rule_paths, added_paths)
    if sources is None:
        text = render_vocabulary()
    else:
        book, problems = check_files(sources)
        for problem in problems:
            click.echo(f"skipped: {problem}", err=True)
        text = render_vocabulary(jurisdictions=list(book.jurisdictions.values()))
    publish_generated(text, output, Path("docs/vocabulary.md"), "vocabulary", check_only)


@click.command()
@click.argument("jurisdiction_id")
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the skeleton here (default: JURISDICTION_ID.yaml in the current folder).")
@click.option("--force", is_flag=True, help="Overwrite the file if it exists.")
def new(jurisdiction_id, output, force) -> None:
    """Write a rule-file skeleton for JURISDICTION_ID: every required key, commented, with TODO
    markers that `wizard check` lists, each with its line, until they are filled in.

    The file is JURISDICTION_ID.yaml; each value to fill in reads `TODO: ...`. See docs/authoring.md."""
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", jurisdiction_id):
        raise CommandError("an id is lower-case letters, digits and hyphens, like `brownville-ny`")
    output = output or Path(f"{jurisdiction_id}.yaml")
    if output.exists() and not force:
        raise CommandError(f"{output} exists; choose another --output or add --force")
    output.write_text(skeleton(jurisdiction_id), encoding="utf-8")
    click.echo(f"Wrote {output}. Fill in every TODO, then run `wizard check {output}`.")
