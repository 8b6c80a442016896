"""`wizard serve` in a child process, for tests that need the real server: the one helper.

It asks for `--port 0` and reads the port the server printed it bound, so two tests never race
for a port, and it fails at once, with the server's output, if the server never starts."""
from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent
LISTENING = re.compile(r"Permit wizard on http://([^/:]+):(\d+)/")


class ServedWizard:
    """A running `wizard serve ARGS...`; `url` is its base URL, `output` what it printed so far."""

    def __init__(self, *args: str, seconds: float = 60):
        self.process = subprocess.Popen(
            [sys.executable, "-u", "-m", "wizard", "serve", "--port", "0", *args],
            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, text=True,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.lines: list[str] = []
        started = threading.Event()
        self.port = 0

        def read() -> None:
            for line in self.process.stdout:
                self.lines.append(line)
                found = LISTENING.search(line)
                if found and not started.is_set():
                    self.port = int(found.group(2))
                    started.set()
            started.set()  # the server ended without listening

        self.reader = threading.Thread(target=read, daemon=True)
        self.reader.start()
        started.wait(seconds)
        if not self.port:
            self.stop()
            raise AssertionError(f"`wizard serve {' '.join(args)}` did not start:\n{self.output}")
        self.url = f"http://127.0.0.1:{self.port}"

    @property
    def output(self) -> str:
        return "".join(self.lines)

    def kill(self) -> None:
        """SIGKILL: no shutdown, no checkpoint."""
        self.process.kill()
        self._reap()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self._reap()

    def _reap(self) -> None:
        self.process.wait(timeout=10)
        self.reader.join(timeout=10)
        self.process.stdout.close()


@contextlib.contextmanager
def served_wizard(*args: str, seconds: float = 60) -> Iterator[str]:
    """The base URL of `wizard serve ARGS...`, once it listens; stopped afterwards."""
    server = ServedWizard(*args, seconds=seconds)
    try:
        yield server.url
    finally:
        server.stop()
