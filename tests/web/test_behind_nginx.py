"""A real proxy in the tests (docs/decisions/0017-tests-use-the-real-tools.md): the app behind nginx with
docs/nginx.conf (TLS aside). Limits count per client, a spoofed X-Forwarded-For is believed neither
through nginx nor from a direct client, redirects and links stay on PUBLIC_URL, a slow client is
absorbed."""
from __future__ import annotations

import functools
import re
import http.client
import socket
import time
import urllib.request

import pytest

from tests.support.nginx import nginx_in_front
from tests.support.served import NoRedirects, ServedBrowser, ServedWizard

PUBLIC = "http://permits.example.org"  # TLS aside: a Secure cookie would not come back over http


class FromAddress(urllib.request.HTTPHandler):
    """Connections from one loopback address (127.0.0.2, 127.0.0.3...): a client of its own."""

    def __init__(self, source: str):
        super().__init__()
        self.source = source

    def http_open(self, req):
        return self.do_open(functools.partial(http.client.HTTPConnection, source_address=(self.source, 0)), req)


def client_at(base: str, source: str) -> ServedBrowser:
    client = ServedBrowser(base)
    client.opener = urllib.request.build_opener(FromAddress(source), urllib.request.HTTPCookieProcessor(client.cookies),
                                                NoRedirects)
    return client


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("behind-nginx")
    app = ServedWizard("--db", str(folder / "w.db"), "--new-per-hour", "2", "--trusted-proxies", "1",
                       "--trusted-proxy", "127.0.0.1", "--public-url", PUBLIC, "--threads", "2")
    try:
        with nginx_in_front(app.port, folder / "nginx") as port:
            yield {"proxy": f"http://127.0.0.1:{port}", "app": app.url, "app_port": app.port}
    finally:
        app.stop()


def starts(client: ServedBrowser, count: int, headers: dict | None = None) -> list[int]:
    client.get("/")
    return [client.post("/start", {"jurisdiction": "baroda-mi"}, headers=headers)[0] for _ in range(count)]


def test_limits_count_per_client_behind_nginx(site):
    first = client_at(site["proxy"], "127.0.0.2")
    assert starts(first, 3) == [303, 303, 429]
    # Another client behind the same proxy has its own count.
    assert starts(client_at(site["proxy"], "127.0.0.3"), 1) == [303]
    # A header of its own does not make the first a new client: nginx replaces it.
    assert starts(first, 1, headers={"X-Forwarded-For": "198.51.100.7"}) == [429]


def test_a_direct_client_cannot_spoof_its_address(site):
    direct = client_at(site["app"], "127.0.0.4")
    statuses = starts(direct, 3, headers={"X-Forwarded-For": "198.51.100.8"})
    statuses += starts(direct, 1, headers={"X-Forwarded-For": "198.51.100.9"})
    assert statuses == [303, 303, 429, 429]


def test_redirects_and_links_stay_on_the_public_address(site):
    client = client_at(site["proxy"], "127.0.0.5")
    client.get("/")
    status, head, _ = client.post("/start", {"jurisdiction": "baroda-mi"})
    assert status == 303 and head["Location"].startswith("/i/")
    status, _, page = client.get(head["Location"])
    assert status == 200 and str(site["app_port"]) not in page
    absolute = re.findall(r'(?:href|action|src)="(https?://[^"]*)"', page)
    assert all(link.startswith(PUBLIC + "/") for link in absolute), absolute
    status, head, page = client.get("//start/")
    assert str(site["app_port"]) not in head.get("Location", "") + page
    status, head, page = client.get("/", headers={"Host": "evil.example"})
    assert status == 200 and "evil.example" not in page and str(site["app_port"]) not in page


def test_a_slow_client_is_absorbed_by_nginx(site):
    host, port = site["proxy"].removeprefix("http://").split(":")
    slow = []
    for _ in range(20):  # more slow clients than the app has threads, each dribbling its request
        conn = socket.create_connection((host, int(port)), timeout=30)
        conn.sendall(b"POST /start HTTP/1.1\r\nHost: permits.example.org\r\nContent-Length: 100\r\n"
                     b"Content-Type: application/x-www-form-urlencoded\r\n\r\njuris")
        slow.append(conn)
    try:
        began = time.monotonic()
        status, _, _ = client_at(site["proxy"], "127.0.0.6").get("/")
        assert status == 200 and time.monotonic() - began < 3
    finally:
        for conn in slow:
            conn.close()


def test_a_signed_out_office_link_with_a_long_query_redirects_through_nginx(site):
    """A signed-out clerk's link with a 4,000-character search: the sign-in redirect keeps the path and
    drops the long query, so its Location header fits nginx's buffer (a 502 before)."""
    client = client_at(site["proxy"], "127.0.0.6")
    status, head, _ = client.get("/office?q=" + "x" * 4000)
    assert status in (302, 303), status
    assert len(head["Location"]) < 2048 and "next=" in head["Location"]
    # A short query is kept for after signing in.
    status, head, _ = client.get("/office?q=river")
    assert status in (302, 303) and "river" in head["Location"]
