"""Shared fixtures: the flaskr trio (app, client, runner) plus a rule book for engine tests."""
from __future__ import annotations

import pytest

from wizard.web.app import create_app
from wizard.loader import load_rulebook


@pytest.fixture(scope="session")
def book():
    return load_rulebook()


@pytest.fixture
def app(tmp_path, book):
    app = create_app({
        "TESTING": True,
        "RULEBOOK": book,
        "DATABASE": str(tmp_path / "wizard.db"),
        "SECRET_KEY": "test-secret",
        "WTF_CSRF_ENABLED": False,
    })
    yield app


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()
