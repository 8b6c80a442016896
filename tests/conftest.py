"""Shared fixtures: the flaskr trio (app, client, runner) plus a rule book for engine tests."""
from __future__ import annotations

import fcntl
import os

import pytest
from aiosmtpd.controller import Controller
from jinja2 import FileSystemBytecodeCache

from wizard.loader import load_rulebook
from wizard.resources import resource_dir
from wizard.web.app import create_app
from wizard.web.pages import WizardApp

from .generated import generate_jurisdictions
from .office_support import Inbox
from .served import free_port


@pytest.fixture(scope="session", autouse=True)
def compiled_templates(tmp_path_factory):
    """Every app a test makes compiles its templates anew, and compiling them was most of a test's
    first page (80 ms for the start page's four). For the session, every app's Jinja environment
    keeps the compiled code in Jinja's own bytecode cache (keyed by each template's source, so an
    edited template is compiled again); what a template renders is unchanged."""
    options = WizardApp.jinja_options
    cache = FileSystemBytecodeCache(str(tmp_path_factory.mktemp("jinja-bytecode")))
    WizardApp.jinja_options = {**options, "bytecode_cache": cache}
    yield
    WizardApp.jinja_options = options


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
        # Hundreds of tests walk an interview to its last answer, and each would start a packet
        # (seconds of CPU) no one downloads; test_packet_cache.py turns it on to test it.
        "PACKET_PREFETCH": False,
    })
    yield app
    app.extensions["interview_store"].close()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


MANY = 200  # generated jurisdictions: enough that the start page must be a search


@pytest.fixture(scope="session")
def many_book(tmp_path_factory):
    """A rule book of 200 jurisdictions: copies of the four rule files as `town-0000`… (tests/generated.py).

    Checking 200 files is 10-25 s of several processes' CPU. The first test process to load them
    checks them and leaves the check record (wizard/checkrecord.py) in the run's shared temporary
    folder; another xdist worker waits for it and reads the same files' record instead of checking
    them again. Each worker still loads its own book from its own copy of the files."""
    folder = tmp_path_factory.mktemp("many-rules")
    generate_jurisdictions(resource_dir("interviews") / "jurisdictions", folder, MANY)
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # the folder every worker's own temporary folder is in
    record = shared / "many-rules-record"
    record.mkdir(exist_ok=True)
    with open(shared / "many-rules-record.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return load_rulebook([folder], cache_dir=record)


@pytest.fixture
def smtp():
    """A real SMTP server (aiosmtpd) on a free port, and the inbox it fills."""
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield controller, inbox
    controller.stop()
