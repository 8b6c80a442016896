"""Behind a proxy that mounts the wizard under a prefix, every link keeps it:
the templates build links with url_for, never as literal paths."""
from __future__ import annotations

import pytest

from wizard.web.app import create_app

from tests.support.html import links, parse
from tests.support.interview import finished_interview
from tests.support.packet import festival

PREFIX = {"X-Forwarded-Prefix": "/permits"}


@pytest.fixture
def proxied(tmp_path, book):
    app = create_app({"TESTING": True, "RULEBOOK": book, "DATABASE": str(tmp_path / "wizard.db"),
                      "SECRET_KEY": "test-secret", "WTF_CSRF_ENABLED": False, "TRUSTED_PROXIES": 1})
    yield app
    app.extensions["interview_store"].close()


def test_the_result_pages_downloads_keep_the_prefix(proxied, book):
    ident = finished_interview(proxied, festival("whitesboro-ny", book))
    page = proxied.test_client().get(f"/i/{ident}/result", headers=PREFIX)
    downloads = [href for href in links(page, "a[download], a[href$='packet.pdf']")]
    assert {href.rsplit("/", 1)[-1] for href in downloads} >= {"packet.pdf", "event.ics", "answers.json"}
    assert all(href.startswith(f"/permits/i/{ident}/") for href in downloads), downloads


def test_every_link_and_form_on_the_start_page_keeps_the_prefix(proxied):
    page = parse(proxied.test_client().get("/", headers=PREFIX))
    targets = [a["href"] for a in page.select("a[href^='/']")] + [f["action"] for f in page.select("form[action]")]
    assert "/permits/import" in targets
    assert targets and all(t.startswith("/permits/") for t in targets), targets
