"""Where the top-level templates/, static/ and interviews/ folders are, installed or not."""
from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def resource_dir(name: str) -> Path:
    """A wheel carries the folders inside the package (wizard/_data); a checkout has them at the top."""
    installed = _PACKAGE / "_data" / name
    return installed if installed.is_dir() else _PACKAGE.parent / name
