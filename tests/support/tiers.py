"""The suite's tiers, as pytest markers (registered in pyproject.toml), put on each collected test by
where it lives and what it uses, so that no test module has to say it: `-m "not browser and not pdf
and not served and not bench and not install"` is the developer's fast loop (README.md).

- browser: drives Chromium (tests/browser/);
- bench: runs a benchmark script (tests/bench/);
- pdf: prints a packet or another PDF (tests/packet/, and a module that downloads or builds one);
- served: starts a server process of its own (`wizard serve`, waitress, nginx) or a second one;
- postgres: uses the PostgreSQL cluster of scripts/test.sh (a fixture on it, or a fresh schema);
- install: runs the set-up steps of the two commands (a fresh virtualenv, apt).

A module's marks come from its text (what it calls and imports), read once per file: a module that
prints one packet is in the pdf tier as a whole, which is the granularity `--dist loadfile` runs it in.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
BY_FOLDER = {"browser": ("browser",), "bench": ("bench",), "packet": ("pdf",)}
BY_TEXT = {
    "pdf": re.compile(r"packet\.pdf|packet_pdf|build_packet|festival_downloads|festival_packets|pdf_text|"
                      r"receipt\.pdf|permit\.pdf|letter\.pdf|/print\b|pdfua|PdfReader"),
    "served": re.compile(r"ServedWizard|ServedBrowser|served_wizard|nginx|two_servers|kiosk_server|"
                         r"\"serve\"|'serve'"),
    "install": re.compile(r"setup_steps\.sh"),
    "postgres": re.compile(r"fresh_schema|app_on_each_backend|app_on_postgresql|database_target|postgresql|"
                           r"WIZARD_TEST_POSTGRES|\btrail\b"),
}
POSTGRES_FIXTURES = {"app_on_each_backend", "app_on_postgresql", "database_target", "trail"}


def marks_of_module(path: Path, seen: dict[Path, set[str]]) -> set[str]:
    if path not in seen:
        marks: set[str] = set()
        if TESTS in path.parents:
            folder = path.relative_to(TESTS).parts[0]
            marks.update(BY_FOLDER.get(folder, ()))
        text = path.read_text(encoding="utf-8") if path.suffix == ".py" else ""
        marks.update(mark for mark, pattern in BY_TEXT.items() if pattern.search(text))
        seen[path] = marks
    return seen[path]


def mark_tiers(items) -> None:
    seen: dict[Path, set[str]] = {}
    for item in items:
        marks = set(marks_of_module(Path(str(item.path)).resolve(), seen))
        if POSTGRES_FIXTURES & set(getattr(item, "fixturenames", ())):
            marks.add("postgres")
        for mark in sorted(marks):
            item.add_marker(getattr(pytest.mark, mark))
