"""A fresh, empty PostgreSQL schema per test, in the throwaway cluster scripts/test.sh starts
(WIZARD_TEST_POSTGRES). Without it the PostgreSQL tests fail, saying how to run them: never skipped."""
from __future__ import annotations

import contextlib
import os
import secrets
import shlex
import shutil
import subprocess
import tempfile
from pathlib import Path
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


def pg_program(name: str) -> str:
    """A PostgreSQL program (pg_ctl, initdb, pg_dump...) of the cluster scripts/test.sh installed."""
    folder = os.environ.get("WIZARD_TEST_PG_BIN")
    if not folder:
        pytest.fail("WIZARD_TEST_PG_BIN is not set: run the tests with ./scripts/test.sh", pytrace=False)
    return str(Path(folder) / name)


def as_cluster_owner(*command: str) -> list[str]:
    """PostgreSQL refuses to run as root: scripts/test.sh names the unprivileged user then."""
    user = os.environ.get("WIZARD_TEST_PG_USER")
    return ["su", "-s", "/bin/sh", user, "-c", shlex.join(command)] if user else list(command)


class Cluster:
    """A PostgreSQL cluster of one test's own, in a temporary folder, on a unix socket there: a test
    may stop and start it without disturbing the cluster the other tests share."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.data = folder / "data"
        self.url = f"postgresql://wizard@/wizard?host={folder}"

    def pg_ctl(self, *args: str) -> None:
        subprocess.run(as_cluster_owner(pg_program("pg_ctl"), "-D", str(self.data), *args), check=True,
                       stdout=subprocess.DEVNULL, timeout=120)

    def start(self) -> None:
        self.pg_ctl("-l", str(self.folder / "log"), "-w", "start", "-o",
                    f"-c listen_addresses='' -c unix_socket_directories={self.folder} -c fsync=off")

    def stop(self) -> None:
        self.pg_ctl("-m", "fast", "-w", "stop")


@contextlib.contextmanager
def own_cluster() -> Iterator[Cluster]:
    """A new cluster with an empty database `wizard`, stopped and removed afterwards whatever happens."""
    folder = Path(tempfile.mkdtemp(prefix="wizardpg-own."))
    user = os.environ.get("WIZARD_TEST_PG_USER")
    if user:
        shutil.chown(folder, user)
    cluster = Cluster(folder)
    try:
        subprocess.run(as_cluster_owner(pg_program("initdb"), "-D", str(cluster.data), "-U", "wizard",
                                        "--auth=trust", "--no-sync", "-E", "UTF8"),
                       check=True, stdout=subprocess.DEVNULL, timeout=300)
        cluster.start()
        with psycopg.connect(f"postgresql://wizard@/postgres?host={folder}", autocommit=True) as admin:
            admin.execute("CREATE DATABASE wizard")
        yield cluster
    finally:
        subprocess.run(as_cluster_owner(pg_program("pg_ctl"), "-D", str(cluster.data), "-m", "immediate", "stop"),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
        shutil.rmtree(folder, ignore_errors=True)
