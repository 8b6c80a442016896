"""Serving under waitress, with waitress's own error pages carrying the security headers.

Waitress answers some requests without calling the app: a malformed request (400), headers or a
body over its limits (431, 413), and a 500 when the app fails outside the guard. Its pages are
plain text with no security headers; this channel adds them (security.SECURITY_HEADERS).
"""
from __future__ import annotations

import gc

from waitress.channel import HTTPChannel
from waitress.server import BaseWSGIServer, create_server
from waitress.task import ErrorTask

from .security import with_security_headers


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


def make_server(app, host: str, port: int, threads: int):
    """A waitress server (one or several listening sockets) whose connections use HeadedChannel."""
    server = create_server(app, host=host, port=port, threads=threads)
    for candidate in [server, *getattr(server, "map", {}).values()]:
        if isinstance(candidate, BaseWSGIServer):
            candidate.channel_class = HeadedChannel
    return server
