"""A fresh, empty PostgreSQL schema per test, in the throwaway cluster scripts/test.sh starts
(WIZARD_TEST_POSTGRES). Without it the PostgreSQL tests fail, saying how to run them: never skipped."""
from __future__ import annotations

import contextlib
import os
import secrets
from typing import Iterator
from urllib.parse import quote

import psycopg
import pytest

ENVIRONMENT = "WIZARD_TEST_POSTGRES"


def server_url() -> str:
    url = os.environ.get(ENVIRONMENT)
    if not url:
        pytest.fail(f"{ENVIRONMENT} is not set: run the tests with ./scripts/test.sh, which starts a throwaway "
                    "PostgreSQL cluster (or set it to a postgresql:// URL of a database the tests may use)",
                    pytrace=False)
    return url


@contextlib.contextmanager
def fresh_schema() -> Iterator[str]:
    """A URL whose connections see only a new empty schema; the schema is dropped afterwards."""
    url = server_url()
    schema = f"t_{secrets.token_hex(6)}"
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"CREATE SCHEMA {schema}")
    joiner = "&" if "?" in url else "?"
    try:
        yield f"{url}{joiner}options={quote(f'-csearch_path={schema}')}"
    finally:
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f"DROP SCHEMA {schema} CASCADE")
