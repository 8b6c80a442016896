"""Loading the rule book for use: any problem at all is fatal, so a broken rule never reaches an
organizer. The checks themselves are in `wizard.checks` (the `LOAD` level)."""
from __future__ import annotations

from pathlib import Path
from typing import Iterable

from .checks import check_files
from .errors import RuleFileError
from .rulebook import RuleBook


def load_rulebook(paths: Iterable[Path] | None = None) -> RuleBook:
    book, problems = check_files(paths)
    if problems:
        raise RuleFileError(problems)
    return book
