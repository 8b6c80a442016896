"""`wizard serve` in a child process on a free loopback port, for tests that need the real server."""
from __future__ import annotations

import contextlib
import http.cookiejar
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
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
        found = re.search(r'name="csrf_token" value="([^"]+)"', text)
        if found:
            self.token = found.group(1)
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
