"""`wizard serve` in a child process, for tests that need the real server: the one helper.

It asks for `--port 0` and reads the port the server printed it bound, so two tests never race
for a port, and it fails at once, with the server's output, if the server never starts."""
from __future__ import annotations

import contextlib
import http.cookiejar
import os
import re
import socket
import subprocess
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Iterator

from tests.support.html import csrf_token
import re
from tests.support.html import attributes, csrf_token
from tests.support.stories import BIG_FESTIVAL

ROOT = Path(__file__).resolve().parents[2]
LISTENING = re.compile(r"Permit wizard on http://([^/:]+):(\d+)/")


def free_port() -> int:
    """A port nothing listens on now, for a server of the tests' own (the SMTP server); the wizard
    itself takes `--port 0` and says which port it bound."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class ServedWizard:
    """A running `wizard serve ARGS...`; `url` is its base URL, `output` what it printed so far."""

    def __init__(self, *args: str, seconds: float = 60, env: dict | None = None):
        self.process = subprocess.Popen(
            [sys.executable, "-u", "-m", "wizard", "serve", "--port", "0", *args],
            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}, text=True,
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


class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class ServedBrowser:
    """One browser against a served wizard: its own cookies, redirects not followed, the CSRF token
    of the last page kept for the next form."""

    def __init__(self, base: str):
        self.base = base
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies), NoRedirects)
        self.token = ""

    def request(self, path: str, data: dict | bytes | None = None, headers: dict | None = None,
                content_type: str | None = None) -> tuple[int, dict, str]:
        if isinstance(data, dict):
            data = urllib.parse.urlencode({"csrf_token": self.token, **data}).encode()
        request = urllib.request.Request(self.base + path, data=data, headers=headers or {})
        if content_type:
            request.add_header("Content-Type", content_type)
        try:
            with self.opener.open(request, timeout=30) as response:
                status, head, body = response.status, dict(response.headers), response.read()
        except urllib.error.HTTPError as error:
            status, head, body = error.code, dict(error.headers), error.read()
        text = body.decode("utf-8", "replace")
        if head.get("Content-Type", "").startswith("text/html"):
            self.token = csrf_token(text) or self.token  # a page without a form keeps the last page's token
        self.last_body = body
        return status, head, text

    def get(self, path: str, headers: dict | None = None) -> tuple[int, dict, str]:
        return self.request(path, headers=headers)

    def post(self, path: str, data: dict, headers: dict | None = None) -> tuple[int, dict, str]:
        return self.request(path, data=data, headers=headers)

    def upload(self, path: str, field: str, filename: str, content: bytes) -> tuple[int, dict, str]:
        """A multipart form with the CSRF token and one file, as a browser sends an upload."""
        boundary = "----served-wizard-boundary"
        parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n{self.token}\r\n'.encode(),
                 f'--{boundary}\r\nContent-Disposition: form-data; name="{field}"; filename="{filename}"\r\n'
                 f"Content-Type: application/json\r\n\r\n".encode() + content + b"\r\n",
                 f"--{boundary}--\r\n".encode()]
        return self.request(path, data=b"".join(parts), content_type=f"multipart/form-data; boundary={boundary}")


def answers_for(html: str) -> dict:
    names = set(attributes(html, "input[name], textarea[name]", "name")) - {"csrf_token", "q", "state"}
    form = {}
    for name in names:
        base = name.rsplit("_", 1)[0]
        if name.endswith(("_date", "_time")) and base in BIG_FESTIVAL:
            form[base] = BIG_FESTIVAL[base]  # a date and time posted whole still works
            continue
        value = BIG_FESTIVAL[name]
        form[name] = {True: "yes", False: "no"}.get(value, value) if not isinstance(value, list) else value
    return form


def path_of(location: str) -> str:
    return re.sub(r"^https?://[^/]+", "", location)
