"""Hardening: only the proxy is believed; and the resource edges
(waitress's limits, rule files that are not regular files, the rule record's folder on PostgreSQL)."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

import pytest
import wizard
from flask import request

from wizard.rules.rulebook import builtin_rules_dir
from wizard.web.app import create_app
from wizard.web.edge.serving import make_server

from tests.support.postgres import fresh_schema
from tests.support.served import ServedWizard


def proxied_app(tmp_path, book, **settings):
    app = create_app({"TESTING": True, "RULEBOOK": book, "DATABASE": str(tmp_path / "wizard.db"),
                      "SECRET_KEY": "test-secret", "WTF_CSRF_ENABLED": False, "TRUSTED_PROXIES": 1, **settings})
    app.add_url_rule("/_peer", "peer", lambda: request.remote_addr or "")
    return app


def seen_address(app, peer: str) -> str:
    response = app.test_client().get("/_peer", headers={"X-Forwarded-For": "203.0.113.9"},
                                     environ_base={"REMOTE_ADDR": peer})
    return response.get_data(as_text=True)


def test_a_forwarded_address_is_believed_only_from_the_named_proxy(tmp_path, book):
    app = proxied_app(tmp_path, book, TRUSTED_PROXY="10.0.0.0/24")
    assert seen_address(app, "10.0.0.7") == "203.0.113.9"
    # Another host on the network, past the proxy, cannot choose its address (and so its limits).
    assert seen_address(app, "10.0.1.7") == "10.0.1.7"
    assert seen_address(app, "127.0.0.1") == "127.0.0.1"
    app.extensions["interview_store"].close()


def test_without_a_named_proxy_only_this_machines_proxy_is_believed(tmp_path, book):
    app = proxied_app(tmp_path, book)
    assert seen_address(app, "127.0.0.1") == "203.0.113.9"
    assert seen_address(app, "192.0.2.50") == "192.0.2.50"
    app.extensions["interview_store"].close()


def test_trusted_proxies_on_a_public_address_without_the_proxy_is_refused(tmp_path):
    # In a process of its own: a server that started anyway would serve until the timeout ends it.
    done = subprocess.run([sys.executable, "-m", "wizard", "serve", "--host", "0.0.0.0", "--port", "0",
                           "--trusted-proxies", "1", "--db", str(tmp_path / "w.db")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "--trusted-proxy" in done.stderr and "Traceback" not in done.stderr


def test_a_bad_proxy_network_is_refused_at_start(tmp_path, book):
    with pytest.raises(ValueError, match="TRUSTED_PROXY"):
        proxied_app(tmp_path, book, TRUSTED_PROXY="not-an-address")


def test_a_huge_announced_body_is_refused_before_it_is_read(tmp_path, book):
    server = ServedWizard("--db", str(tmp_path / "w.db"))
    try:
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as conn:
            conn.sendall(b"POST /start HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                         b"Content-Length: 314572800\r\n\r\n")  # none of the body: it is refused unread
            began = time.monotonic()
            answer = b""
            while len(answer) < 12 and (chunk := conn.recv(200)):
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 413"), answer
        assert time.monotonic() - began < 5
    finally:
        server.stop()
    # Half-open connections are closed sooner, and more of them are held, than waitress's defaults (120 s, 100).
    app = create_app({"TESTING": True, "RULEBOOK": book, "DATABASE": str(tmp_path / "wizard.db"), "SECRET_KEY": "k"})
    adjusted = make_server(app, "127.0.0.1", 0, 2)
    assert adjusted.adj.channel_timeout <= 60 and adjusted.adj.connection_limit >= 200
    adjusted.close()
    app.extensions["interview_store"].close()


@pytest.mark.parametrize("kind", ["symlink to /dev/zero", "fifo"])
def test_wizard_check_reads_only_regular_files(tmp_path, kind):
    rule = tmp_path / "rules" / "hostile.yaml"
    rule.parent.mkdir()
    if kind == "fifo":
        os.mkfifo(rule)
    else:
        rule.symlink_to("/dev/zero")
    done = subprocess.run([sys.executable, "-m", "wizard", "check", str(rule.parent)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 1
    assert "not a regular file" in done.stdout + done.stderr
    assert "Traceback" not in done.stderr


def test_on_postgresql_the_rule_record_is_never_written_in_the_package(tmp_path, book):
    rules = tmp_path / "rules"
    rules.mkdir()
    first = sorted(builtin_rules_dir().glob("*.yaml"))[0]
    (rules / first.name).write_bytes(first.read_bytes())
    # Flask's instance folder of the package; an older checkout's run may have left a record there,
    # which must stay untouched.
    in_package = os.path.join(os.path.dirname(os.path.dirname(wizard.__file__)), "instance", "rule-checks.db")
    before = _stamp(in_package)
    with fresh_schema() as url:
        app = create_app({"TESTING": True, "DATABASE": url, "RULE_PATHS": [rules]})
        assert app.instance_path == os.path.dirname(in_package)
        assert (rules / "rule-checks.db").is_file()
        app.extensions["interview_store"].close()
        app = create_app({"TESTING": True, "DATABASE": url})  # the built-in rules: no record at all
        app.extensions["interview_store"].close()
        assert _stamp(in_package) == before


def _stamp(path: str) -> tuple | None:
    """A file's size and modification time, None when it does not exist."""
    return (os.stat(path).st_size, os.stat(path).st_mtime_ns) if os.path.exists(path) else None
