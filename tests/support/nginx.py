"""nginx in front of a served wizard, with the configuration file docs/nginx.conf gives (TLS aside):
an unprivileged nginx on a loopback port, its files in a temporary folder
(docs/decisions/0017-tests-use-the-real-tools.md)."""
from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import time
from pathlib import Path
from typing import Iterator

from tests.support.served import free_port

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTED = ROOT / "docs" / "nginx.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"

MAIN = """daemon off;
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 512; }}
http {{
    access_log {folder}/access.log;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    include {folder}/site.conf;
}}
"""


def site_config(app_port: int, port: int) -> str:
    """docs/nginx.conf with the lines marked TLS dropped, a loopback port for the marked listen line
    and the app's port for the documented 5000: nothing else changed."""
    lines = []
    for line in DOCUMENTED.read_text(encoding="utf-8").splitlines():
        if line.rstrip().endswith("# TLS"):
            continue
        if line.rstrip().endswith("# listen"):
            line = f"    listen 127.0.0.1:{port};"
        lines.append(line.replace("server 127.0.0.1:5000;", f"server 127.0.0.1:{app_port};"))
    return "\n".join(lines) + "\n"


def _unprivileged() -> list[str]:
    """As root, nginx runs as nobody (setpriv): never as root in the tests."""
    if os.getuid() != 0:
        return []
    return ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]


@contextlib.contextmanager
def nginx_in_front(app_port: int, folder: Path) -> Iterator[int]:
    """The port of an nginx that proxies to the app on `app_port`; stopped afterwards."""
    folder.mkdir(parents=True, exist_ok=True)
    port = free_port()
    (folder / "site.conf").write_text(site_config(app_port, port), encoding="utf-8")
    (folder / "nginx.conf").write_text(MAIN.format(folder=folder), encoding="utf-8")
    if os.getuid() == 0:
        os.chmod(folder, 0o777)
        for parent in folder.parents:
            if parent == Path("/tmp") or parent == Path("/"):
                break
            os.chmod(parent, os.stat(parent).st_mode | 0o711)
    process = subprocess.Popen([*_unprivileged(), NGINX, "-p", str(folder), "-c", str(folder / "nginx.conf")],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 20
        while True:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
                break
            if process.poll() is not None or time.monotonic() > deadline:
                output = process.stdout.read() if process.poll() is not None else ""
                errors = (folder / "error.log").read_text() if (folder / "error.log").exists() else ""
                raise AssertionError(f"nginx did not start:\n{output}\n{errors}")
            time.sleep(0.1)
        yield port
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
        process.stdout.close()
