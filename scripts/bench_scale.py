"""The many-jurisdictions figures of `scripts/bench.py`: a folder of generated rule
files, `wizard check` on it (all, then again after one file changed), a server started on it with
a new instance folder (CPU of the process and its workers, peak memory of them all), and what its
requests cost against the built-in four.

Each start runs in a child process (`START`, below) so its CPU and memory are its own. The
requests are measured with both servers up, in turns (`alternate`): the same kind of request on the
four, then on the many, for several rounds, so that both sides of a ratio see the same load.
"""
from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.support.generated import generate_jurisdictions

START = r"""
import json, os, resource, sys, threading, time
from pathlib import Path

def tree_memory():
    # PSS (shared pages split among the processes that share them) of this process and every
    # descendant: the worker processes that check rule files count too.
    todo, total = [os.getpid()], 0
    while todo:
        pid = todo.pop()
        try:
            for line in open(f"/proc/{pid}/smaps_rollup"):
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
            for task in os.listdir(f"/proc/{pid}/task"):
                todo += [int(c) for c in open(f"/proc/{pid}/task/{task}/children").read().split()]
        except OSError:
            pass
    return total / 1024

peak = [0.0]
starting = threading.Event()
def sample():
    while not starting.is_set():
        peak[0] = max(peak[0], tree_memory())
        time.sleep(0.02)
sampler = threading.Thread(target=sample, daemon=True)
sampler.start()
from wizard.web.app import create_app
folder = sys.argv[1]
rules = [Path(sys.argv[2])] if len(sys.argv) > 2 else None
app = create_app({"DATABASE": folder + "/start.db", "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                  "RULE_PATHS": rules, "SWEEPER": False, "PACKET_PREFETCH": False})
children = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = time.process_time() + children.ru_utime + children.ru_stime
starting.set(); sampler.join()
peak[0] = max(peak[0], tree_memory())
try:
    from wizard.web.edge.serving import settle_after_start
    settle_after_start()  # as `wizard serve` does before it serves
except ImportError:  # a checkout from before it
    pass
client = app.test_client()
book = app.extensions["rulebook"]

def cpu_ms(call, times=30):
    # CPU per call (median): steadier than the clock on a machine others keep busy.
    spent = []
    for _ in range(times):
        t = time.process_time(); call(); spent.append(time.process_time() - t)
    return sorted(spent)[len(spent) // 2] * 1000

def ok(response):
    assert response.status_code in (200, 303), (response.request.path, response.status_code)
    return response

ids = list(book.jurisdictions)
baroda = "town-0000" if "town-0000" in book.jurisdictions else "baroda-mi"  # generated copies: 0000 is Baroda's
store = app.extensions["interview_store"]
interview = store.create({"jurisdiction": baroda})
first_step = client.get(f"/i/{interview.id}").headers["Location"]
figures = {"cpu": cpu, "memory": peak[0], "count": len(ids)}
figures["start_kb"] = len(ok(client.get("/")).data) / 1024
figures["clerks_kb"] = len(ok(client.get("/clerks")).data) / 1024
figures["api_kb"] = len(ok(client.get("/api/jurisdictions")).data) / 1024
calls = {"where_ms": lambda: ok(client.get(f"/i/{interview.id}/step/where")),
         "step_ms": lambda: ok(client.get(first_step))}
try:
    from tests.support.posting import step_data
    from tests.support.stories import BIG_FESTIVAL
    data = step_data(book, baroda, first_step, BIG_FESTIVAL)
    calls["post_ms"] = lambda: ok(client.post(first_step, data=data))
except ImportError:  # a checkout from before tests/support/posting.py
    figures["post_ms"] = None
for call in calls.values():
    call()  # the first request of a kind reads what later ones find remembered
unseen = [i for i in ids if i != baroda][:50]
t = time.process_time()  # CPU, as for the requests: the clock moved with the machine's load
for i in unseen:
    book.jurisdictions[i]
figures["first_read_ms"] = (time.process_time() - t) * 1000 / max(1, len(unseen))
print(json.dumps(figures), flush=True)
# Then one line per request kind asked for on stdin ("where_ms 30"): its CPU per request, so that
# the parent can alternate between two servers that are both up (see `alternate`).
for line in sys.stdin:
    kind, times = line.split()
    print(json.dumps({kind: cpu_ms(calls[kind], int(times))}), flush=True)
"""


def child_env(root: Path) -> dict:
    return {**os.environ, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"}


def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def run_measured(args: list[str], root: Path, timeout: float = 3600) -> tuple[float, str]:
    """CPU seconds of a child and every process it waited for (its workers), and its output."""
    before = children_cpu()
    out = subprocess.run(args, cwd=root, env=child_env(root), capture_output=True, text=True, timeout=timeout)
    if out.returncode:
        raise RuntimeError(f"{' '.join(args[:4])}... failed:\n{out.stdout[-1500:]}\n{out.stderr[-1500:]}")
    return children_cpu() - before, out.stdout


class Started:
    """A server started in a child (`START`), kept up so that its requests can be measured in
    turns with another's."""

    def __init__(self, root: Path, instance: Path, rules: Path | None):
        args = [sys.executable, "-c", START, str(instance)] + ([str(rules)] if rules else [])
        self.errors = tempfile.TemporaryFile("w+")  # a pipe nobody reads until the end could fill and stop it
        self.process = subprocess.Popen(args, cwd=root, env=child_env(root), stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=self.errors, text=True)
        self.figures = json.loads(self._line())

    def _line(self) -> str:
        line = self.process.stdout.readline()
        if not line:
            self.process.kill()
            self.process.wait()
            self.errors.seek(0)
            raise RuntimeError(f"a start failed:\n{self.errors.read()[-1500:]}")
        return line

    def cpu_ms(self, kind: str, times: int) -> float:
        self.process.stdin.write(f"{kind} {times}\n")
        self.process.stdin.flush()
        return json.loads(self._line())[kind]

    def close(self) -> dict:
        self.process.stdin.close()
        self.process.wait(60)
        self.errors.close()
        return self.figures


def start(root: Path, instance: Path, rules: Path | None) -> dict:
    return Started(root, instance, rules).close()


KINDS = ("post_ms", "where_ms", "step_ms")


def alternate(four: Started, many: Started, rounds: int, times: int = 30) -> dict:
    """The same requests against the built-in four and the many files, in turns: each round
    measures one kind on one server, then on the other, so both see the same minute of a shared
    machine's load (measured minutes apart, the load of the moment moved a ratio by half)."""
    turns = {kind: [] for kind in KINDS}
    for _ in range(rounds):
        for kind in KINDS:
            if four.figures.get(kind, 0) is None:  # a checkout from before tests/support/posting.py
                continue
            turns[kind].append((four.cpu_ms(kind, times), many.cpu_ms(kind, times)))
    return turns


def wizard_check(root: Path, rules: Path) -> float:
    """CPU seconds of `wizard check rules` (exit status 0 expected: the copies are valid)."""
    return run_measured([sys.executable, "-m", "wizard", "check", str(rules)], root)[0]


def scale(root: Path, count: int, rounds: int = 6, times: int = 30) -> dict:
    """The built-in four, then `count` generated files: check, change one, check, start twice,
    and the requests of the first start measured in turns with the four's (`rounds` turns of
    `times` requests of each kind)."""
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        four = Started(root, folder / "four", None)
        try:
            rules = folder / "rules"
            rules.mkdir()
            started = time.monotonic()
            generate_jurisdictions(root / "interviews" / "jurisdictions", rules, count)
            generated = time.monotonic() - started
            check_cpu = wizard_check(root, rules)
            changed = rules / "town-0001.yaml"
            changed.write_text(changed.read_text(encoding="utf-8").replace("name: Town", "name: Changed Town", 1),
                               encoding="utf-8")
            again_cpu = wizard_check(root, rules)
            first = Started(root, folder / "new-instance", rules)  # a new instance folder: only the check's record
            try:
                turns = alternate(four, first, rounds, times)
            finally:
                first.close()
        finally:
            four.close()
        later = start(root, folder / "new-instance", rules)
        return {"four": four.figures, "first": first.figures, "later": later, "turns": turns,
                "check_cpu": check_cpu, "check_again_cpu": again_cpu, "count": count, "generate_s": generated}


def scale_rows(f: dict) -> list[tuple[str, str]]:
    four, first, later, n = f["four"], f["first"], f["later"], f"{f['count']:,}"

    def ratio(key: str) -> str:
        turns = f.get("turns", {}).get(key)
        if not turns:
            return "n/a"
        four_ms, many_ms = (sum(side) for side in zip(*turns))
        each = " / ".join(f"{m / w:.2f}" for w, m in turns)
        return (f"{many_ms / four_ms:.2f}× ({many_ms / len(turns):.2f} / {four_ms / len(turns):.2f} ms CPU; "
                f"{len(turns)} rounds in turns: {each})")

    return [
        (f"{n} files: `wizard check`, s of CPU (all / after one file changed)",
         f"{f['check_cpu']:.1f} / {f['check_again_cpu']:.1f}"),
        (f"{n} files: start with a new instance folder after `wizard check`, s of CPU with workers / peak MB",
         f"{first['cpu']:.1f} / {first['memory']:.0f}"),
        (f"{n} files: later start, s of CPU / peak MB", f"{later['cpu']:.1f} / {later['memory']:.0f}"),
        ("4 built-in: start, s of CPU / peak MB", f"{four['cpu']:.1f} / {four['memory']:.0f}"),
        (f"{n} files: start page / `/clerks` / `/api/jurisdictions`, KB",
         f"{first['start_kb']:.0f} / {first['clerks_kb']:.0f} / {first['api_kb']:.0f}"),
        (f"{n} files vs 4: answer POST", ratio("post_ms")),
        (f"{n} files vs 4: \"where\" step GET", ratio("where_ms")),
        (f"{n} files vs 4: step GET", ratio("step_ms")),
        (f"{n} files: a jurisdiction read for the first time, ms of CPU", f"{first['first_read_ms']:.1f}"),
    ]
