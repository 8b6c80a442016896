"""Every package pyproject.toml installs, for the app or its tests, is in the README's table of
dependencies and in docs/architecture.md's, each with why it is there: a dependency added without
its reason fails here."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _name(requirement: str) -> str:
    """A distribution's normalised name (PEP 503): "psycopg[binary]>=3.1" -> "psycopg"."""
    return re.sub(r"[-_.]+", "-", re.match(r"[A-Za-z0-9._-]+", requirement.strip()).group()).lower()


def declared() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = project["dependencies"] + [r for extra in project["optional-dependencies"].values() for r in extra]
    return {_name(r) for r in requirements}


def explained(page: Path) -> dict[str, str]:
    """The table under the page's "Dependencies and why" heading: each package named in the first
    column (several may share a row; bounds and notes in parentheses are left out) -> the why."""
    text = page.read_text(encoding="utf-8")
    section = text.split("## Dependencies and why", 1)[1].split("\n## ", 1)[0]
    table = {}
    for first, why in re.findall(r"(?m)^\| (?!package |---)([^|]+) \| ([^|]+) \|$", section):
        for package in re.sub(r"\([^)]*\)", "", first).split(","):
            if package.strip():
                table[_name(package.split()[0])] = why.strip()
    return table


@pytest.mark.parametrize("page", ["README.md", "docs/architecture.md"])
def test_every_dependency_in_pyproject_is_in_the_table_with_a_reason(page):
    table = explained(ROOT / page)
    assert sorted(declared() - set(table)) == [], f"add these packages to {page}'s table, with why"
    assert all(len(why.split()) >= 3 for why in table.values())


def test_a_dependency_left_out_of_the_table_is_found(tmp_path):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "| cachetools |" in readme
    shorter = tmp_path / "README.md"
    shorter.write_text("\n".join(line for line in readme.splitlines() if not line.startswith("| cachetools |")))
    assert "cachetools" in declared() - set(explained(shorter))
    assert {"psycopg", "psycopg-pool", "flask-babel", "pypdfium2", "pytest-xdist"} <= set(explained(ROOT / "README.md"))
