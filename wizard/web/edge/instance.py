"""The instance folder beside the database: its secret key, and a warning for files others can read.

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
