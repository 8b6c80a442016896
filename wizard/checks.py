"""`wizard check`: the load-time checks plus checks that need the whole interview in view."""
from __future__ import annotations

from pathlib import Path

from .errors import Problem
from .loader import check_files


def run_checks(paths: list[Path] | None = None) -> list[Problem]:
    _book, problems = check_files(paths)
    return problems
