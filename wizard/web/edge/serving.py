"""Serving under waitress: its own error pages carry the security headers, proxies are believed as
configured, and every request leaves one access-log line.

Waitress answers some requests without calling the app: a malformed request (400), headers or a
body over its limits (431, 413), and a 500 when the app fails outside the guard. Its pages are
plain text with no security headers; this channel adds them (security.SECURITY_HEADERS).

Waitress clears X-Forwarded-For/-Proto/-Host before the app sees them unless it trusts the peer.
Behind TRUSTED_PROXIES it passes them through, and werkzeug's ProxyFix (deployment.py) believes
exactly that many hops: one place decides what a proxy may say.
"""
from __future__ import annotations

import gc
import logging
import time

from waitress.channel import HTTPChannel
from waitress.server import BaseWSGIServer, create_server
from waitress.task import ErrorTask

from ...office.attachments import MAX_FILE
from .logs import redact_path
from .security import with_security_headers

access_log = logging.getLogger("wizard.access")


class HeadedErrorTask(ErrorTask):
    """waitress's ErrorTask.execute, with the headers added before the first write sends them."""

    def execute(self):
        status, headers, body = self.request.error.to_response(self.channel.server.adj.ident)
        self.status = status
        self.response_headers.extend(with_security_headers(headers, no_store=True))
        self.set_close_on_finish()
        self.content_length = len(body)
        self.write(body)


class HeadedChannel(HTTPChannel):
    error_task_class = HeadedErrorTask


def settle_after_start() -> None:
    """Everything alive once the app is built (the rule book's listing of every jurisdiction, the
    templates, the modules) lives as long as the server: moving it out of the garbage collector's
    sight spares each later full collection from walking it. With 20,000 jurisdictions those
    collections, set off by the allocations of reading a rule file, tripled its first read."""
    gc.collect()
    gc.freeze()


class AccessLog:
    """WSGI middleware: one line per request, with the method, the path with any interview id
    hashed, no query string (a clerk's link carries answers), the status and the time taken."""

    def __init__(self, app, unlogged: tuple = ("/healthz", "/readyz")):
        self.app = app
        self.unlogged = unlogged  # a load balancer's checks, every few seconds: not worth a line each

    def __call__(self, environ, start_response):
        if environ.get("PATH_INFO") in self.unlogged:
            return self.app(environ, start_response)
        began = time.monotonic()
        status = ["-"]

        def record(code, headers, exc_info=None):
            status[0] = str(code).partition(" ")[0]
            return start_response(code, headers, exc_info) if exc_info else start_response(code, headers)

        try:
            return self.app(environ, record)
        finally:
            access_log.info("%s %r %s %.0fms", str(environ.get("REQUEST_METHOD", "?"))[:10],
                            redact_path(str(environ.get("PATH_INFO", ""))), status[0],
                            (time.monotonic() - began) * 1000)


# Waitress's resource edges. A body is refused (413) from its announced length before it is read, at
# the largest the app takes (an office upload and its form); an idle or half-open connection is closed
# after CHANNEL_TIMEOUT seconds (waitress: 120) and checked for every CLEANUP_SECONDS; CONNECTIONS open at
# once (waitress: 100) take no thread each, so many slow clients do not lock the others out as soon.
# A proxy that buffers whole requests (docs/nginx.conf) is the real defence against slow clients.
MAX_BODY = MAX_FILE + 64 * 1024
CHANNEL_TIMEOUT = 30
CLEANUP_SECONDS = 10
CONNECTIONS = 500


def make_server(app, host: str, port: int, threads: int, trusted_proxies: int = 0, access_log: bool = False):
    """A waitress server (one or several listening sockets) whose connections use HeadedChannel;
    behind `trusted_proxies` proxies it passes their X-Forwarded-* headers on (the app believes them
    only from TRUSTED_PROXY, edge/deployment.py)."""
    server = create_server(AccessLog(app) if access_log else app, host=host, port=port, threads=threads,
                           clear_untrusted_proxy_headers=not trusted_proxies, max_request_body_size=MAX_BODY,
                           channel_timeout=CHANNEL_TIMEOUT, cleanup_interval=CLEANUP_SECONDS,
                           connection_limit=CONNECTIONS)
    for candidate in [server, *getattr(server, "map", {}).values()]:
        if isinstance(candidate, BaseWSGIServer):
            candidate.channel_class = HeadedChannel
    return server


def bound_addresses(server) -> list[tuple[str, int]]:
    """(host, port) of each listening socket, as bound: `--port 0` gets a free port from the system."""
    sockets = [c for c in [server, *getattr(server, "map", {}).values()] if isinstance(c, BaseWSGIServer)]
    return [(s.effective_host, s.effective_port) for s in sockets]
