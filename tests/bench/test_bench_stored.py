"""The goal row of scripts/bench_stored.py (`--done-when`): 200 applications against
10,000 with the same current traffic, the larger keeping more years; each page's ratio printed, and
the feed of 10,000 received evenly over three years beside it."""
from __future__ import annotations

import importlib.util
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOW = datetime(2026, 12, 4, 12, tzinfo=timezone.utc)


def bench():
    spec = importlib.util.spec_from_file_location("bench_stored", ROOT / "scripts" / "bench_stored.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_both_sizes_have_the_same_current_traffic_and_the_larger_keeps_more_years():
    b = bench()
    small = [b.received_at(n, 200, "kept", NOW) for n in range(200)]
    large = [b.received_at(n, 10_000, "kept", NOW) for n in range(10_000)]
    recent = NOW - timedelta(days=100)
    assert [t for t in large if t >= recent] == small  # the same 200 of the last 100 days
    assert min(large) < NOW - timedelta(days=1000) and all(t < recent for t in large[200:])
    even = [b.received_at(n, 10_000, "uniform", NOW) for n in range(10_000)]
    assert 850 <= sum(t >= recent for t in even) <= 950  # evenly over three years: nine a day


def test_the_done_when_rows_print_each_pages_ratio_and_the_even_feed():
    b = bench()

    def figures(ms: float, kb: float) -> dict:
        return {"pages": {path: {"ms": ms, "kb": kb} for path in b.PAGES}, "poll": {"status": 304, "ms": 1.0}}

    results = {f"{backend} {size}": figures(ms, kb) for backend in ("sqlite", "postgresql")
               for size, ms, kb in (("2000-kept", 10.0, 20.0), ("100000-kept", 12.0, 20.0), ("100000", 40.0, 400.0))}
    rows = dict(b.done_when_rows(results))
    counts = rows["done when, SQLite: /office/counts, 200 → 10,000 applications (years kept), KB / ms of CPU"]
    assert "1.00× the size, 1.20× the CPU" in counts
    even = rows["done when, PostgreSQL: the feed, 10,000 received evenly over three years (nine a day against "
                "the 200's two), KB / ms of CPU"]
    assert even.startswith("400 KB 40.0 ms: 20.00× the size and 4.00× the CPU")


def test_the_help_says_what_done_when_measures():
    shown = subprocess.run([sys.executable, str(ROOT / "scripts" / "bench_stored.py"), "--help"],
                           capture_output=True, text=True, timeout=60)
    assert shown.returncode == 0 and "--done-when" in shown.stdout and "200" in shown.stdout
