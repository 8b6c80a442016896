"""What making an app costs a test, done once per test process and reused: thousands of tests each
make an app of their own (its SQLite file new in its tmp_path), and before this 90 ms of CPU went to
every one, half compiling the same routes again and half running the same migrations on an empty file.

- Routes: Werkzeug compiles a URL builder for each of the app's ~95 rules by generating Python
  source and `compile()`-ing it. The builder is a plain function of the rule's text, its parts and
  its defaults (it reaches the rule only through its `self` argument), so the same rule gets the
  same function back instead of compiling it again.
- Migrations: a migration set run on a file that holds no rows (a new database, or one whose
  earlier set was just applied) ends in the same database every time. The first run is the real
  one and is kept (SQLite's backup API, into memory); later runs from the same starting schema
  copy the kept result into the file and return the same names. A file with any row in it, a
  different list of migrations, or PostgreSQL runs the migrations as written, so the tests of
  upgrading old databases and renamed migrations still run them.
"""
from __future__ import annotations

import contextlib
import sqlite3
import threading
from typing import Iterator

from werkzeug.routing.rules import Rule

from wizard.store.sqlite import SqliteBackend

MIGRATIONS_TABLE = "_sqlite_migrations"


def _builder_key(rule: Rule, append_unknown: bool) -> tuple:
    defaults = tuple(sorted((name, repr(value)) for name, value in (rule.defaults or {}).items()))
    return rule.rule, tuple(rule._trace), defaults, append_unknown, type(rule)


def _starting_point(conn: sqlite3.Connection) -> tuple | None:
    """The schema and the migrations recorded, when no table holds a row of data; else None (a
    database with data migrates for real)."""
    schema = conn.execute("SELECT type, name, sql FROM sqlite_master ORDER BY type, name").fetchall()
    tables = [name for kind, name, _ in schema if kind == "table" and not name.startswith("sqlite_")]
    for name in tables:
        if name != MIGRATIONS_TABLE and conn.execute(f'SELECT 1 FROM "{name}" LIMIT 1').fetchone():
            return None
    applied = ()
    if MIGRATIONS_TABLE in tables:
        applied = tuple(conn.execute(f'SELECT migration_set, name FROM "{MIGRATIONS_TABLE}" '
                                     "ORDER BY migration_set, name").fetchall())
    return tuple(schema), applied


@contextlib.contextmanager
def apps_made_cheaply() -> Iterator[None]:
    """Within it, the same route compiles once and the same migrations on the same empty schema run once."""
    compile_builder, migrate = Rule._compile_builder, SqliteBackend.migrate
    builders: dict[tuple, object] = {}
    migrated: dict[tuple, tuple[sqlite3.Connection, list[str]]] = {}
    kept_lock = threading.Lock()  # a test's threads may open stores at once; the kept results are shared

    def cached_builder(rule: Rule, append_unknown: bool = True):
        key = _builder_key(rule, append_unknown)
        if key not in builders:
            builders[key] = compile_builder(rule, append_unknown)
        return builders[key]

    def copied_migrate(backend: SqliteBackend, migration_set: str, migrations) -> list[str]:
        if backend.path == ":memory:":
            return migrate(backend, migration_set, migrations)
        conn = backend.connection()
        start = _starting_point(conn)
        if start is None:
            return migrate(backend, migration_set, migrations)
        key = (start, migration_set, repr(tuple(migrations)))
        with kept_lock:
            if key in migrated:
                result, names = migrated[key]
                result.backup(conn)
                conn.execute("PRAGMA journal_mode = WAL")  # as the migration leaves the file
                return list(names)
            names = migrate(backend, migration_set, migrations)
            result = sqlite3.connect(":memory:", check_same_thread=False)
            conn.backup(result)
            migrated[key] = result, list(names)
            return names

    Rule._compile_builder = cached_builder  # type: ignore[method-assign]
    SqliteBackend.migrate = copied_migrate  # type: ignore[method-assign]
    try:
        yield
    finally:
        Rule._compile_builder, SqliteBackend.migrate = compile_builder, migrate  # type: ignore[method-assign]
        for result, _ in migrated.values():
            result.close()
