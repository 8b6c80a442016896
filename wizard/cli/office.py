"""`wizard clerk add|list|remove`: the clerks' accounts for the office inbox (/office)."""
from __future__ import annotations

import os
from pathlib import Path

import click

from ..authoring.loader import load_rulebook
from ..office.accounts import AccountError, add_clerk
from ..office.records import OfficeRecords
from ..rules.rulebook import rule_sources
from ..store.interviews import InterviewStore
from .options import CommandError, database_option, rules_options


@click.group()
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
    clerk chooses a password (run it again for a new link).

    The account sees only the jurisdictions given (docs/office.md, "The office inbox")."""
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
    """List the clerk accounts with their jurisdictions (and whether a password is chosen yet)."""
    rows = office_records(db_path).clerks.clerks()
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
    if not office_records(db_path).clerks.remove_clerk(email.strip().lower()):
        raise CommandError(f"no clerk account {email!r}")
    click.echo(f"Removed {email.strip().lower()}.")
