"""The office's migrations are one ordered list whose names say its order: a reader (and
sqlite-utils, which lists what a file applied by name) never meets an m006 after an m008."""
from __future__ import annotations

import re

from wizard.office.schema import MIGRATIONS
from wizard.store.interviews import MIGRATIONS as INTERVIEW_MIGRATIONS

NUMBERED = re.compile(r"m(\d{3})_[a-z0-9_]+")


def test_the_office_migration_names_are_unique_and_strictly_increasing():
    names = [m.name for m in MIGRATIONS]
    assert all(NUMBERED.fullmatch(name) for name in names), names
    numbers = [int(NUMBERED.fullmatch(name).group(1)) for name in names]
    assert numbers == sorted(set(numbers)), names  # unique, and each above the one before
    assert names == sorted(names)


def test_a_former_name_is_never_a_name_again():
    """A database that recorded a former name must not mistake it for another migration."""
    names = {m.name for m in (*MIGRATIONS, *INTERVIEW_MIGRATIONS)}
    formerly = [m.formerly for m in MIGRATIONS if m.formerly]
    assert formerly and not names & set(formerly) and len(set(formerly)) == len(formerly)
