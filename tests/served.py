"""`wizard serve` in a child process on a free loopback port, for tests that need the real server."""
from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
from typing import Iterator


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def served_wizard(*args: str, seconds: float = 30) -> Iterator[str]:
    """The base URL of `wizard serve ARGS...`, once it accepts connections; stopped afterwards."""
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "wizard", "serve", "--port", str(port), *args],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + seconds
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert process.poll() is None, process.stdout.read().decode()
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=10)
