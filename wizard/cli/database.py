"""`wizard db upgrade` and `wizard db copy`: the database's schema, and everything stored copied from
one database to another."""
from __future__ import annotations

import click

from ..errors import StoreUnavailable
from ..office.records import upgrade_schema
from ..office.schema import refill_count_totals
from ..store import shown
from ..store.copy import CopyRefused, copy_database
from ..store.interviews import InterviewStore
from .options import CommandError, DatabaseTarget, database_option


@click.group("db")
def database() -> None:
    """The database's schema, and copying everything stored to another database."""


@database.command("upgrade")
@database_option(dir_okay=False)
def database_upgrade(db_path) -> None:
    """Apply the schema's migrations not applied yet (the server also does at start).

    Works on an SQLite file or a postgresql:// URL and names each migration applied. On PostgreSQL an
    advisory lock makes two servers starting together migrate once. An SQLite file of an earlier
    version is recognised by its sqlite-utils migrations table and keeps working."""
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
    file or a postgresql:// URL), e.g. a village's instance/wizard.db into PostgreSQL, or back.

    Everything stored is copied: interviews with their kiosk and hand-off rows, sent applications
    with versions, uploads, ticks, history, referrals, decisions, reminders and the mail outbox,
    clerks' accounts with their password hashes, local notes, short links, calendar feeds. Both are
    first migrated to the current schema; every table they share is copied in one transaction on
    the target and its rows counted, one line per table. A target that already holds any row is
    refused (exit status 2) unless --replace, which deletes the target's rows first. The secret key
    is a file, not a row: sessions start again (clerks sign in once more)."""
    try:
        counts = copy_database(str(source), str(target), upgrade_schema, replace=replace,
                               refill=refill_count_totals)
    except (CopyRefused, StoreUnavailable) as error:
        raise CommandError(str(error))
    for table, count in counts.items():
        click.echo(f"{table}: {count}")
    click.echo(f"Copied {sum(counts.values())} rows from {shown(source)} to {shown(target)}.")
