"""Shared fixtures: the flaskr trio (app, client, runner) plus a rule book for engine tests."""
from __future__ import annotations

import fcntl
import json
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from jinja2 import FileSystemBytecodeCache

from wizard.authoring.loader import load_rulebook
from wizard.packet import cache, documents
from wizard.resources import resource_dir
from wizard.web.app import create_app
from wizard.web.edge.pages import WizardApp
from wizard.web.organizer.choose import SEARCH_ABOVE

from tests.support.app_setup import apps_made_cheaply
from tests.support.stories import PATHS
from tests.support.generated import generate_jurisdictions
from tests.support.office import CHEAP_HASH, Inbox
from tests.support.postgres import fresh_schema
from tests.support.served import free_port
from tests.support.shared_run import made_once, run_folder
from tests.support.tiers import mark_tiers
from tests.support.walks import FESTIVAL_PATHS, walk


# The run's longest single tests (a minute or more each on two busy cores), collected first.
# scripts/test.sh gives each xdist worker whole files (`--dist loadfile`, so a module's fixtures are
# made once) in collection order (`--no-loadscope-reorder`; xdist would otherwise hand out files
# with the most tests first, and these one-test files last, where they were the run's tail).
# The hostile-input walk is two files (tests/web/test_hostile_walk*.py), one for each worker at the start.
LONGEST_FIRST = ("test_bench.py", "test_hostile_walk.py", "test_hostile_walk_more.py", "test_spanish_story.py",
                 "test_hostile_routes.py")


def pytest_collection_modifyitems(items):
    """The files of LONGEST_FIRST first, in that order; every other test keeps its place. Each test
    is marked with its tiers (tests/support/tiers.py), for `-m`."""
    mark_tiers(items)
    items.sort(key=lambda item: LONGEST_FIRST.index(item.path.name) if item.path.name in LONGEST_FIRST
               else len(LONGEST_FIRST))


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


@pytest.fixture(scope="session", autouse=True)
def cheap_apps():
    """Each test's app costs 15 ms of CPU, not 90: the same routes compiled once and the same migrations
    on an empty SQLite file run once per test process (tests/support/app_setup.py)."""
    with apps_made_cheaply():
        yield


@pytest.fixture(scope="session", autouse=True)
def patient_packet_downloads():
    """A download waits seconds for its packet, then answers "being prepared" (packet/cache.py). On the
    tests' two busy cores a packet can take longer, and hundreds of tests expect the PDF itself: they
    wait two minutes, as every download did before the print workers (docs/decisions/0007-print-workers.md).
    tests/web/test_print_workers_sessions_and_logged_paths.py tests the
    short wait and the page."""
    short = cache.WAIT_SECONDS, cache.FIRST_WAIT_SECONDS, documents.WAIT_SECONDS
    cache.WAIT_SECONDS = cache.FIRST_WAIT_SECONDS = documents.WAIT_SECONDS = 120  # office documents too
    yield
    cache.WAIT_SECONDS, cache.FIRST_WAIT_SECONDS, documents.WAIT_SECONDS = short


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
        # (seconds of CPU) no one downloads; tests/packet/test_cache.py turns it on to test it.
        "PACKET_PREFETCH": False,
        # A clerk's password: scrypt is 0.1-0.2 s of CPU for each one set or checked, in hundreds of
        # office tests; tests/office/test_sending_and_signing_in.py tests the scrypt check with the default (office_support.py).
        "PASSWORD_HASH_METHOD": CHEAP_HASH,
    })
    yield app
    app.extensions["interview_store"].close()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


MANY = 200  # generated jurisdictions for the tests about scale: the search's 25 results of 50 in a state
SEARCH_ON = SEARCH_ABOVE + 1  # the fewest generated jurisdictions that make the start page a search


def generated_book(tmp_path_factory, name: str, count: int):
    """A rule book of `count` copies of the four rule files as `town-0000`… (tests/support/generated.py).

    The first test process to load them checks them and leaves the check record
    (wizard/authoring/checkrecord.py) in the run's shared temporary folder; another xdist worker
    waits for it and reads the same files' record instead of checking them again. Each worker still
    loads its own book from its own copy of the files."""
    folder = tmp_path_factory.mktemp(name)
    generate_jurisdictions(resource_dir("interviews") / "jurisdictions", folder, count)
    shared = run_folder(tmp_path_factory)
    record = shared / f"{name}-record"
    record.mkdir(exist_ok=True)
    with open(shared / f"{name}-record.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return load_rulebook([folder], cache_dir=record)


@pytest.fixture(scope="session")
def many_book(tmp_path_factory):
    """A rule book of 200 jurisdictions, for the tests about many (checking them is 10-25 s of
    several processes' CPU, once in a run: `generated_book`)."""
    return generated_book(tmp_path_factory, "many-rules", MANY)


@pytest.fixture(scope="session")
def search_book(tmp_path_factory):
    """A rule book of just enough jurisdictions (13) that choosing one is a search, for the tests
    that need the search and not a great many places."""
    return generated_book(tmp_path_factory, "search-rules", SEARCH_ON)


@pytest.fixture(scope="session")
def festival_downloads(tmp_path_factory, book):
    """Each built-in jurisdiction's festival story (tests/support/stories.py) walked through the web
    pages, one posted form per step, and its packet downloaded: {jurisdiction: (PDF file, steps shown)}.

    tests/packet/test_complete.py reads the text and tests/packet/test_pdfua.py the structure of the same four
    PDFs; each walk and first download is seconds of CPU (the packet printed in a worker), so the
    run does them once (`made_once`) instead of once per module and xdist worker."""
    def make(folder):
        app = create_app({"TESTING": True, "RULEBOOK": book, "DATABASE": str(folder / "wizard.db"),
                          "SECRET_KEY": "test-secret", "WTF_CSRF_ENABLED": False, "SWEEPER": False})
        client = app.test_client()
        shown = {}
        try:
            for jurisdiction, path_id in sorted(FESTIVAL_PATHS.items()):
                _, story, _, _ = PATHS[path_id]
                interview_id, shown[jurisdiction] = walk(client, book, jurisdiction, story)
                response = client.get(f"/i/{interview_id}/packet.pdf")
                assert response.status_code == 200 and response.mimetype == "application/pdf"
                (folder / f"{jurisdiction}.pdf").write_bytes(response.data)
        finally:
            app.extensions["interview_store"].close()
        (folder / "shown.json").write_text(json.dumps(shown))

    folder = made_once(tmp_path_factory, "festival-downloads", make)
    shown = json.loads((folder / "shown.json").read_text())
    return {jurisdiction: (folder / f"{jurisdiction}.pdf", steps) for jurisdiction, steps in shown.items()}


@pytest.fixture
def smtp():
    """A real SMTP server (aiosmtpd) on a free port, and the inbox it fills."""
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield controller, inbox
    controller.stop()


@pytest.fixture
def office(tmp_path, book, smtp):
    """An app that mails through the test SMTP server (the review and department tests): the app,
    the server's inbox and its port."""
    controller, inbox = smtp
    app = create_app({"TESTING": True, "RULEBOOK": book, "DATABASE": str(tmp_path / "r.db"), "SECRET_KEY": "k",
                      "WTF_CSRF_ENABLED": False, "SMTP_HOST": "127.0.0.1", "SMTP_PORT": controller.port,
                      "MAIL_FROM": "permits@example.org", "PUBLIC_URL": "https://permits.example.org",
                      "MAIL_SENDER": False, "PASSWORD_HASH_METHOD": CHEAP_HASH})
    yield app, inbox, controller.port
    app.extensions["interview_store"].close()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_target(request, tmp_path):
    """A database on each backend in turn: an SQLite file, then a fresh PostgreSQL schema."""
    if request.param == "sqlite":
        yield str(tmp_path / "wizard.db")
    else:
        with fresh_schema() as url:
            yield url


def pytest_terminal_summary(terminalreporter):
    """A folder of more than 20 modules is a warning, not a failure: tests/test_structure.py asks each
    package to name its one purpose, and a crowded folder is where to look for a second one."""
    wizard = Path(__file__).resolve().parents[1] / "wizard"
    crowded = [f"{folder.relative_to(wizard.parent)} ({count} modules)" for folder in sorted(wizard.rglob("*"))
               if folder.is_dir() and (count := len(list(folder.glob("*.py")))) > 20]
    if crowded:
        terminalreporter.write_line("warning: folders of more than 20 modules: " + ", ".join(crowded), yellow=True)
