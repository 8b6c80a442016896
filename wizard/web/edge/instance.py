"""What a server serves from, opened at start-up: the rule book, the store and the office's records
(`open_instance`), and the instance folder beside the database: its secret key, and a warning for
files others can read.

The secret key signs sessions, CSRF tokens and kiosk screens' cookies; the database holds every
organizer's answers. Both are created readable by their owner only from the first byte (a key
written and then chmod'ed can be read in between), in a folder only the owner may enter.
"""
from __future__ import annotations

import logging
import os
import secrets
import stat
from pathlib import Path

from ...authoring.checkrecord import RECORD_FILE, record_folder
from ...authoring.loader import load_rulebook
from ...office.records import OfficeRecords
from ...store import is_postgres_url
from ...store.interviews import InterviewStore
from ...store.server_state import shared_secret_key
from .state import init_offices

logger = logging.getLogger("wizard.security")


def secret_key(instance_path: Path) -> str:
    """A key kept beside the database so sessions and CSRF tokens survive a restart."""
    key_file = instance_path / "secret_key"
    if key_file.exists():
        return key_file.read_text().strip()
    private_folder(instance_path)
    key = secrets.token_hex(32)
    try:
        descriptor = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process made it first: use theirs
        return key_file.read_text().strip()
    with os.fdopen(descriptor, "w") as out:
        out.write(key)
    return key


def private_folder(path: Path) -> None:
    """Create the folder for its owner only (0700); an existing folder is left as it is."""
    if not path.exists():
        path.mkdir(parents=True, mode=0o700, exist_ok=True)


def warn_if_readable(paths) -> list[str]:
    """A warning for each existing file or folder that others than its owner may read; the warnings."""
    warnings = []
    for path in paths:
        try:
            mode = Path(path).stat().st_mode
        except OSError:
            continue
        if mode & (stat.S_IRWXG | stat.S_IRWXO):
            warnings.append(f"{path} can be read by others than its owner (mode {stat.filemode(mode)}); "
                            f"run: chmod {'700' if stat.S_ISDIR(mode) else '600'} {path}")
    for warning in warnings:
        logger.warning(warning)
    return warnings


def open_instance(app) -> None:
    """The rule book, the store (migrated) and the office's records and cards, into `app.extensions`;
    the secret key beside an SQLite file, or the one every server of a PostgreSQL database shares."""
    database = app.config["DATABASE"]
    in_file = database != ":memory:" and not is_postgres_url(database)
    instance = Path(database).resolve().parent if in_file else Path(app.instance_path)
    if not app.config.get("SECRET_KEY") and not is_postgres_url(database):
        app.config["SECRET_KEY"] = secret_key(instance)

    # Refuse to start on rule files that fail the check: a broken rule must never reach an organizer.
    # Files that passed before, byte for byte, are remembered in a record (see checkrecord.py).
    own_folder = None if is_postgres_url(database) else instance
    app.extensions["rulebook"] = app.config.get("RULEBOOK") or load_rulebook(
        app.config["RULE_PATHS"], cache_dir=app.config.get("RULE_CACHE_DIR") or _record_dir(app, own_folder))
    store = InterviewStore(database)
    store.migrate()
    if not app.config.get("SECRET_KEY"):  # PostgreSQL: one key for every server of the database
        app.config["SECRET_KEY"] = shared_secret_key(store)
    if in_file:
        warn_if_readable([instance / "secret_key", database])
    app.extensions["interview_store"] = store
    app.extensions["office_records"] = OfficeRecords(store)
    init_offices(app, instance)


def _record_dir(app, instance: Path | None) -> Path | None:
    """The record `wizard check DIR` left beside the rules, so a new instance folder starts from it;
    else the instance folder. With no folder of its own (PostgreSQL: `instance` is None), the first
    rules folder or none at all: never Flask's instance folder, which is inside the installed package."""
    beside = record_folder(app.config["RULE_PATHS"])
    if beside is not None and ((beside / RECORD_FILE).is_file() or instance is None):
        return beside
    return instance
