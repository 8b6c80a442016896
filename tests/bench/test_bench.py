"""The benchmark runs and measures. `scripts/bench.py --smoke`
walks every built-in interview through the pages with the tests' own posting helper
(tests/support/posting.py), serves the wizard and a bare Flask route, makes a packet, checks and starts on
generated rule files (scripts/bench_scale.py) and runs two servers on PostgreSQL
(scripts/bench_cluster.py): if any of that breaks, so does this test. Each figure's row is there,
its numbers parse and are plausible (times positive, a median at most its p95 or p99, each ratio
the one of the numbers it is printed with and in a sane range, nothing lost or crossed by the
killed server), never how fast the wizard is: a smoke run on a shared machine says nothing of that.
The bench states no goal for a page size, so the sizes are only checked to be there and modest.
The stored-data rows (scripts/bench_stored.py) are there on both backends, and the
calendar feed polled again with its ETag is answered 304."""
from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NUMBER = r"(\d+(?:\.\d+)?)"
FILES = 80  # the smoke run's generated rule files
DOWNLOADERS, AT_ONCE = 2, 2  # the smoke run's organizers downloading while the step is timed, its packets sent at once
ORGANIZERS, STEPS = 8, 6  # the smoke run's kill run (scripts/bench.py, MODES)

# Every row of the smoke run's table, in order (the packet row names the one jurisdiction it makes).
LABELS = [
    "step GET in-process, ms (median / p95)",
    "answer POST in-process, ms (median / p95)",
    "served step GET, requests/s (each round)",
    "fair yardstick (bare Flask: one SQLite read, a 6 KB template, Flask-Compress), same waitress, "
    "requests/s (each round)",
    "served step GET / fair yardstick (each round)",
    "server CPU per request, ms: step / fair yardstick (each round)",
    "served step GET as a first visit (no cookie) / fair yardstick (each round)",
    "served answer POST (each after its step's GET, a new interview each) / fair yardstick, server CPU per "
    "request, ms (each round)",
    "bare Flask route, same waitress, requests/s (each round)",
    "served step GET / bare Flask (each round)",
    "server CPU per request, ms: step / bare Flask (each round)",
    "served step GET as a first visit (no cookie: a new session each request) / bare Flask (each round)",
    "served step GET p50 / p99, ms: alone",
    f"served step GET p50 / p99, ms: while {DOWNLOADERS} organizers download new packets",
    "packet baroda-mi, ms of CPU",
    "packet download, first / second, ms",
    f"{FILES} files: `wizard check`, s of CPU (all / after one file changed)",
    f"{FILES} files: start with a new instance folder after `wizard check`, s of CPU with workers / peak MB",
    f"{FILES} files: later start, s of CPU / peak MB",
    "4 built-in: start, s of CPU / peak MB",
    f"{FILES} files: start page / `/clerks` / `/api/jurisdictions`, KB",
    f"{FILES} files vs 4: answer POST",
    f"{FILES} files vs 4: \"where\" step GET",
    f"{FILES} files vs 4: step GET",
    f"{FILES} files: a jurisdiction read for the first time, ms of CPU",
    "PostgreSQL: two servers against one, step GET + POST requests/s",
    "PostgreSQL: two servers, one killed: pages confirmed / answers / lost / crossed / 5xx",
    f"{AT_ONCE} packets sent at once, s to the first / median / last: 1 print worker · 2",
] + [f"stored data: {page}, KB / ms of CPU (by interviews kept; a tenth as many applications)"
     for page in ("/office", "/office, page 2 by deadline", "/office/counts", "counts.csv", "the calendar feed")] + [
    "stored data: the feed polled again with its ETag, status / ms of CPU",
    "stored data: step GET / new interview POST (counted by the limits), ms of CPU",
    "stored data: server memory, MB at start / after every office page",
    "stored data: `wizard db copy` SQLite to PostgreSQL, s / peak MB",
    "stored data: PostgreSQL against SQLite, step GET / new interview POST, CPU",
    "stored data: answer POST (counted by the limits), ms of CPU (PostgreSQL against SQLite)",
    "stored data: the calendar feed made (its first poll; the next ones without an ETag get the body kept), ms of CPU",
]
STORED = 28  # the first stored-data row


# Only a guard against a run that hangs: a smoke run on two loaded cores has taken over ten minutes,
# and how long it takes is the bench's own figure to print, never this test's to judge.
HUNG = 3600


def run_whole(command: list[str]) -> tuple[str, str, int]:
    """Run the bench in a process group of its own (its `--child`, the servers and print workers it
    starts are in it), and on a hang kill the whole group: nothing of it is left running."""
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    try:
        stdout, stderr = process.communicate(timeout=HUNG)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        stdout, stderr = process.communicate()
        pytest.fail(f"the smoke run hung for {HUNG} s and was killed with its children:\n{stdout[-3000:]}{stderr[-3000:]}")
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)  # anything of the group still running (a print worker)
    return stdout, stderr, process.returncode


@pytest.fixture(scope="module")
def smoke() -> tuple[dict[str, str], str]:
    """The smoke run's table as {label: value} (a count in brackets at a label's end taken off into
    the value's key `label#`), and its last line."""
    stdout, stderr, returncode = run_whole([sys.executable, str(ROOT / "scripts" / "bench.py"), "--smoke"])
    assert returncode == 0, stdout[-3000:] + stderr[-3000:]
    lines = stdout.splitlines()
    table = [line for line in lines if line.startswith("| ")]
    assert table[:2] == ["| figure | this checkout |", "| --- | --- |"], table
    assert all(line.count(" | ") == 1 and line.endswith(" |") for line in table[2:]), table
    rows = {}
    for line in table[2:]:
        label, value = line.removeprefix("| ").removesuffix(" |").split(" | ")
        counted = re.fullmatch(r"(.*) \((\d+)(?: organizers)?\)", label)
        if counted:
            label, rows[f"{counted.group(1)}#"] = counted.group(1), counted.group(2)
        rows[label] = value
    return rows, lines[-1]


def numbers(value: str, pattern: str) -> list[float]:
    """The numbers of a value printed as `pattern` (NUMBER for each)."""
    found = re.fullmatch(pattern.replace("N", NUMBER), value)
    assert found, (pattern, value)
    return [float(n) for n in found.groups()]


def close(printed: float, exact: float, digits: int = 0) -> bool:
    """A figure printed rounded to `digits` decimals, against the same one computed from other
    printed (so rounded) figures: within the rounding of both."""
    return abs(printed - exact) <= 10 ** -digits + 0.05 * abs(exact)


def test_the_smoke_run_prints_every_figure_and_no_failure(smoke):
    rows, last = smoke
    assert [label for label in rows if not label.endswith("#")] == LABELS
    assert "n/a" not in "".join(rows.values()) and "not in this checkout" not in "".join(rows.values())
    seconds, = numbers(last.split(",")[0], r"1 checkout\(s\) in N s")
    assert 0 < seconds and "failed requests" not in last


def test_the_in_process_and_packet_times_are_plausible(smoke):
    rows, _ = smoke
    for label in LABELS[:2]:
        median, p95 = numbers(rows[label], "N / N")
        assert 0 < median <= p95 < 5000, (label, rows[label])
    packet, = numbers(rows["packet baroda-mi, ms of CPU"], "N")
    assert 50 < packet < 60_000
    first, second = numbers(rows["packet download, first / second, ms"], "N / N")
    assert 0 < second < first < 120_000  # the second download is the packet the first one made


def test_the_served_figures_are_plausible_and_their_ratios_are_theirs(smoke):
    rows, _ = smoke
    step, = numbers(rows["served step GET, requests/s (each round)"], "N")
    bare, = numbers(rows["bare Flask route, same waitress, requests/s (each round)"], "N")
    assert step > 0 and bare > 0
    share, = numbers(rows["served step GET / bare Flask (each round)"], "N%")
    assert 0 < share < 1000 and close(share, 100 * step / bare, 0)
    step_ms, bare_ms, cpu_share = numbers(rows[LABELS[10]], r"N / N \(N%\)")
    assert 0 < step_ms < 1000 and 0 < bare_ms < 1000 and close(cpu_share, 100 * bare_ms / step_ms, 0)
    first_share, first_ms = numbers(rows[LABELS[11]], r"N% \(N ms of CPU\)")
    assert 0 < first_share < 1000 and 0 < first_ms < 1000
    fair, = numbers(rows[LABELS[3]], "N")  # the fair yardstick: a page read and rendered, compressed
    fair_share, = numbers(rows[LABELS[4]], "N%")
    assert 0 < fair and 0 < fair_share < 1000 and close(fair_share, 100 * step / fair, 0)
    step_cpu, fair_cpu, fair_cpu_share = numbers(rows[LABELS[5]], r"N / N \(N%\)")
    assert 0 < step_cpu < 1000 and 0 < fair_cpu < 1000 and close(fair_cpu_share, 100 * fair_cpu / step_cpu, 0)
    visit_share, visit_ms, visit_fair_ms = numbers(rows[LABELS[6]], r"N% \(N / N ms of CPU\)")
    post_cpu, post_fair_cpu, post_share = numbers(rows[LABELS[7]], r"N / N \(N%\)")  # one round: each after its GET
    assert 0 < post_cpu < 1000 and post_fair_cpu == fair_cpu and close(post_share, 100 * fair_cpu / post_cpu, 0)
    assert 0 < visit_share < 1000 and 0 < visit_ms < 1000 and visit_fair_ms == fair_cpu
    p50, p99 = numbers(rows["served step GET p50 / p99, ms: alone"], "N / N")
    assert 0 < p50 <= p99 < 60_000
    downloads = int(rows[f"{LABELS[13]}#"])
    busy_p50, busy_p99, times, busy_rate, alone_rate = numbers(
        rows[LABELS[13]], r"N / N \(p99 N×; N against N requests/s; each round [\d.]+×(?: / [\d.]+×)*\)")
    assert downloads >= 1 and 0 < busy_p50 <= busy_p99 < 120_000 and busy_rate > 0 and alone_rate > 0
    assert close(times, busy_p99 / p99, 2)


def test_the_generated_files_figures_are_plausible(smoke):
    rows, _ = smoke
    everything, again = numbers(rows[LABELS[16]], "N / N")
    assert 0 < again < everything < 600  # after one file changed, only that one is checked again
    for label in LABELS[17:20]:
        cpu, memory = numbers(rows[label], "N / N")
        assert 0 < cpu < 600 and 10 < memory < 4000, (label, rows[label])
    sizes = numbers(rows[LABELS[20]], "N / N / N")
    assert all(0 < kb < 1024 for kb in sizes), sizes
    for label in LABELS[21:24]:
        ratio, many, four, each = numbers(rows[label], r"N× \(N / N ms CPU; 1 rounds in turns: N\)")
        assert 0 < many < 1000 and 0 < four < 1000, (label, rows[label])
        assert 0.1 < ratio < 10 and close(ratio, many / four, 2) and close(each, ratio, 2), (label, rows[label])
    first_read, = numbers(rows[LABELS[24]], "N")
    assert 0 < first_read < 1000


def test_the_postgresql_figures_are_plausible_and_nothing_was_lost(smoke):
    rows, _ = smoke
    two, one, ratio = numbers(rows[LABELS[25]], r"N against N \(N×\)")
    assert two > 0 and one > 0 and 0.1 < ratio < 10 and close(ratio, two / one, 2)
    assert int(rows[f"{LABELS[26]}#"]) == ORGANIZERS
    pages, answers, lost, crossed, errors, sent_again = numbers(
        rows[LABELS[26]], r"N / N / N / N / N \(N requests sent again to the other server\)")
    assert pages == ORGANIZERS * STEPS and answers >= pages  # every organizer answered every page
    assert lost == crossed == errors == 0 and sent_again >= 0


def test_the_stored_data_figures_are_there_on_both_backends_and_the_poll_is_a_304(smoke):
    rows, _ = smoke
    assert LABELS[STORED].startswith("stored data: /office,")
    for label in LABELS[STORED:STORED + 5]:
        sqlite_kb, sqlite_ms, pg_kb, pg_ms = numbers(rows[label], "SQLite 100: N KB N ms · PostgreSQL 100: N KB N ms")
        assert 0 < sqlite_kb < 200 and 0 < pg_kb < 200 and 0 < sqlite_ms < 5000 and 0 < pg_ms < 5000, rows[label]
    numbers(rows[LABELS[STORED + 5]], "SQLite 100: 304 N ms · PostgreSQL 100: 304 N ms")
    assert all(0 < ms < 1000 for ms in numbers(rows[LABELS[STORED + 6]], "SQLite 100: N / N · PostgreSQL 100: N / N"))
    start, after, pg_start, pg_after = numbers(rows[LABELS[STORED + 7]], "SQLite 100: N / N · PostgreSQL 100: N / N")
    assert all(10 < mb < 4000 for mb in (start, after, pg_start, pg_after))
    seconds, mb = numbers(rows[LABELS[STORED + 8]], "SQLite 100: N s N MB")
    assert 0 < seconds < 600 and 10 < mb < 4000
    get, post = numbers(rows[LABELS[STORED + 9]], "100: N× / N×")  # within 1.3x is the goal
    sqlite_get, sqlite_post, pg_get, pg_post = numbers(rows[LABELS[STORED + 6]], "SQLite 100: N / N · PostgreSQL 100: N / N")
    assert close(get, pg_get / sqlite_get, 1) and close(post, pg_post / sqlite_post, 1)
    sqlite_answer, pg_answer, ratio = numbers(rows[LABELS[STORED + 10]], "SQLite 100: N · PostgreSQL 100: N \\(N×\\)")
    assert 0 < sqlite_answer < 1000 and 0 < pg_answer < 1000 and close(ratio, pg_answer / sqlite_answer, 2)
    made, pg_made = numbers(rows[LABELS[STORED + 11]], "SQLite 100: N ms · PostgreSQL 100: N ms")
    assert 0 < made < 5000 and 0 < pg_made < 5000
