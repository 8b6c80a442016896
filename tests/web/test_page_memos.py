"""The memos of the pages (docs/decisions/0013-memos-only-where-they-pay.md) change no page. Their keys
are listed by hand (the drawn questions and search, the frame's pieces, the first step's box, the form
classes, the signed cookies and tokens, the per-prefix addresses; wizard/remembered.py), so a value one
organizer sees and the key leaves out (a "Signed in as..." put into the site header) would be drawn once
and shown to everyone. The same requests, organizers interleaved over every page type, are made with
every memo on and with every memo off (`forgetting()`): the pages must be byte for byte the same, but for
the CSRF tokens and the ids and secrets each run makes anew."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from jinja2 import Environment

from wizard.authoring.loader import load_rulebook
from wizard.cli import main
from wizard.remembered import Remembered, forgetting
from wizard.resources import resource_dir
from wizard.rules.rulebook import PerRuleFile, builtin_rules_dir
from wizard.web.app import create_app
from wizard.web.edge.state import office_records

from tests.support.stories import PATHS
from tests.support.generated import generate_jurisdictions
from tests.support.office import CHEAP_HASH, clerk, finished, PASSWORD
from tests.support.posting import STEP, step_data

# Organizers walked side by side: every built-in place, two of them twice with other answers (the
# drawn questions show each their own choices), one behind a proxy's prefix, one on a kiosk screen;
# every place again in Spanish (a step's language switch and its questions are drawn once per
# language), one of them behind the prefix.
ORGANIZERS = {"baroda-festival": {}, "baroda-beach": {"prefix": "/permits"}, "dekalb-rally": {},
              "whitesboro-small": {}, "whitesboro-one-day-fair": {}, "wisconsin-church-picnic": {},
              "dekalb-park-district": {"kiosk": True},
              "baroda-festival in Spanish": {"story": "baroda-festival", "language": "es"},
              "dekalb-rally in Spanish": {"story": "dekalb-rally", "language": "es", "prefix": "/permits"},
              "whitesboro-small in Spanish": {"story": "whitesboro-small", "language": "es"},
              "wisconsin-church-picnic in Spanish": {"story": "wisconsin-church-picnic", "language": "es"}}
PUBLIC = ["/", "/?state=NY", "/?q=baroda", "/clerks", "/clerks?state=WI", "/clerks?jurisdiction=dekalb-il",
          "/office/sign-in", "/for/baroda-mi", "/no-such-page"]
FINISHED = ["check", "tasks", "result", "costs", "summary", "print", "question", "send", "reminders"]
OFFICE = ["/office", "/office/a/{reference}", "/office/counts", "/office/notes", "/clerks",
          "/clerks?jurisdiction=dekalb-il", "/clerks/handout?jurisdiction=dekalb-il"]
BUILT_IN = ("baroda-mi", "dekalb-il", "whitesboro-ny", "wi-village-ch64")
COPIES = 13  # with the four built-in, more than a dozen places: the start page and "where" are a search
TOKEN = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"|"X-CSRFToken": ?"([^"]+)"')
QR_CODE = re.compile(r'"data:image/svg\+xml[^"]*"')
HTMX = {"HX-Request": "true"}
STAMP = re.compile(r"\b\d{4}-\d\d-\d\d \d\d:\d\d [A-Z]{2,5}\b")  # office_time.moment_text()


@pytest.fixture(scope="module")
def places(tmp_path_factory):
    folder = tmp_path_factory.mktemp("copies")
    generate_jurisdictions(builtin_rules_dir(), folder, COPIES)
    return load_rulebook([builtin_rules_dir(), folder])


class Run:
    """One run of the requests: the pages in order, with what each run makes anew written as labels."""

    def __init__(self, tmp_path, book):
        self.book = book
        self.app = create_app({
            "RULEBOOK": book, "DATABASE": str(tmp_path / "wizard.db"), "SECRET_KEY": "differential",
            "SWEEPER": False, "PACKET_PREFETCH": False, "PASSWORD_HASH_METHOD": CHEAP_HASH,
            "TRUSTED_PROXIES": 1, "KIOSK_IDLE_SECONDS": 120, "PUBLIC_URL": "https://permits.example.org"})
        self.pages: list[tuple[str, str]] = []
        self.made: list[str] = []  # interview ids, in the order made: the same order each run

    def normalized(self, text: str) -> str:
        text = TOKEN.sub('"csrf"', text)
        text = re.sub(r'content="[A-Za-z0-9._-]{40,}"', 'content="T"', text)
        text = QR_CODE.sub("QR code of the link", text)  # of the interview's address, hence its id
        # The office's history is stamped to the minute: the two runs may fall in different minutes.
        text = STAMP.sub("STAMP", text)
        for n, made in enumerate(self.made):
            text = text.replace(made, f"ID{n}")
        return text

    def get(self, client, url: str, name: str, htmx: bool = False, prefix: str = "") -> str:
        headers = {**(HTMX if htmx else {}), **({"X-Forwarded-Prefix": prefix} if prefix else {})}
        response = client.get(url, headers=headers)
        text = response.get_data(as_text=True)
        shown = f"{response.status_code} {response.headers.get('Location', '')}\n{text}"
        self.pages.append((name + (" (htmx)" if htmx else ""), self.normalized(shown)))
        return text

    def both(self, client, url: str, name: str, prefix: str = "") -> str:
        text = self.get(client, url, name, prefix=prefix)
        self.get(client, url, name, htmx=True, prefix=prefix)
        return text

    def post(self, client, url: str, data: dict, token_from: str, prefix: str = ""):
        """A form posted as the browser would, with the token of the page it came from."""
        token = next(t for t in TOKEN.search(token_from).groups() if t)
        headers = {"X-Forwarded-Prefix": prefix} if prefix else {}
        return client.post(url, data={**data, "csrf_token": token}, headers=headers)


def enrolled_screen(run: Run):
    """A browser that a clerk made a kiosk screen (`wizard kiosk-link`, then the link confirmed)."""
    result = CliRunner().invoke(main, ["kiosk-link", "--db", run.app.config["DATABASE"]])
    assert result.exit_code == 0, result.output
    path = re.search(r"/kiosk/enrol/\S+", result.output).group(0)
    screen = run.app.test_client()
    assert run.post(screen, path, {}, screen.get(path).get_data(as_text=True)).status_code == 303
    return screen


def started(run: Run, name: str, how: dict) -> dict:
    client = enrolled_screen(run) if how.get("kiosk") else run.app.test_client()
    prefix, story = how.get("prefix", ""), PATHS[how.get("story", name)]
    jurisdiction = story[0]
    start = run.get(client, "/", f"{name} start", prefix=prefix)
    if how.get("language"):  # the start page's switch, then the start page in that language
        assert run.post(client, f"/language/{how['language']}?next=/", {}, start, prefix).status_code == 303
        start = run.get(client, "/", f"{name} start in {how['language']}", prefix=prefix)
    response = run.post(client, "/start", {"jurisdiction": jurisdiction}, start, prefix)
    location = response.headers["Location"]
    run.made.append(STEP.search(location).group(1))
    return {"client": client, "prefix": prefix, "story": story[1], "jurisdiction": jurisdiction,
            "location": location.removeprefix(prefix), "id": run.made[-1]}


def one_step(run: Run, name: str, walk: dict, first_round: bool) -> bool:
    """The organizer's next page, plain and htmx (the first round also the search on "where" and
    the step posted empty, its errors); its answers posted. False when the steps are done."""
    client, prefix, location = walk["client"], walk["prefix"], walk["location"]
    step = STEP.search(location)
    if not step:
        return False
    page = run.both(client, location, f"{name} {step.group(2)}", prefix)
    if first_round:
        # As from the home page: "Before you start" open above the question (the switch keeps `before`).
        run.both(client, location + "?before=open", f"{name} {step.group(2)} before you start", prefix)
        where = f"/i/{walk['id']}/step/where"
        for query in ("", "?return=check", "?state=MI", "?q=town"):
            run.both(client, where + query, f"{name} where{query}", prefix)
        refused = run.post(client, location, {}, page, prefix)  # back to the step, its errors flashed
        assert refused.status_code == 303, (name, location, refused.status_code)
        run.both(client, refused.headers["Location"].removeprefix(prefix), f"{name} {step.group(2)} refused", prefix)
    data = step_data(run.book, walk["jurisdiction"], location, walk["story"])
    response = run.post(client, location, data, page, prefix)
    assert response.status_code == 303, (name, location, response.status_code)
    walk["location"] = response.headers["Location"].removeprefix(prefix)
    return True


def the_end(run: Run, name: str, walk: dict) -> None:
    for page in FINISHED:
        run.both(walk["client"], f"/i/{walk['id']}/{page}", f"{name} {page}", walk["prefix"])
    run.get(walk["client"], f"/i/{walk['id']}", f"{name} home", prefix=walk["prefix"])


def office_visit(run: Run) -> None:
    """An application sent by an organizer of Baroda, and a clerk signed in reading the office's pages."""
    clerk(run.app, places=BUILT_IN)
    run.made.append(finished(run.app))
    sender = run.app.test_client()
    send_page = run.get(sender, f"/i/{run.made[-1]}/send", "sender send")
    assert run.post(sender, f"/i/{run.made[-1]}/send", {"declaration": "yes"}, send_page).status_code == 303
    office = run.app.test_client()
    sign_in = run.get(office, "/office/sign-in", "clerk sign-in")
    signed = run.post(office, "/office/sign-in", {"email": "clerk@example.org", "password": PASSWORD}, sign_in)
    assert signed.status_code in (302, 303)
    with run.app.app_context():
        reference = office_records().applications.application_for(run.made[-1])["reference"]
    for url in OFFICE:
        run.both(office, url.format(reference=reference), f"clerk {url}")


def public_pages(run: Run, when: str) -> None:
    for url in PUBLIC:
        run.both(run.app.test_client(), url, f"{when} public {url}")


def pages_of_a_run(tmp_path, book) -> list[tuple[str, str]]:
    run = Run(tmp_path, book)
    public_pages(run, "first")
    walks = {name: started(run, name, how) for name, how in ORGANIZERS.items()}
    active, first_round = list(walks), True
    while active:
        for name in list(active):
            if not one_step(run, name, walks[name], first_round):
                the_end(run, name, walks[name])
                active.remove(name)
        if first_round:
            office_visit(run)  # between the organizers' pages: a clerk's header is never theirs
        first_round = False
    public_pages(run, "last")
    run.app.extensions["interview_store"].close()
    return run.pages


MARK = "{# cached: the same for everyone"


@pytest.fixture(scope="module")
def worked_out(tmp_path_factory, places):
    """The run with every memo off (`forgetting()`): its pages, and the templates loaded while a memo
    worked a value out. One run for both tests below (a run is hundreds of pages); the watching only
    wraps the memos' making and the template loader, so it changes no page."""
    making: list[str] = []
    drawn_once: set[str] = set()

    def while_making(name: str, make):
        def made():
            making.append(name)
            try:
                return make()
            finally:
                making.pop()
        return made

    get_or_make, per_file, get_template = Remembered.get_or_make, PerRuleFile.get, Environment.get_template

    def loading(self, name, *args, **kwargs):
        if making:
            drawn_once.add(name)
        return get_template(self, name, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Remembered, "get_or_make",
                      lambda self, key, make: get_or_make(self, key, while_making(self.name, make)))
        patch.setattr(PerRuleFile, "get", lambda self, j, work_out: per_file(self, j, while_making("file", work_out)))
        patch.setattr(Environment, "get_template", loading)
        with forgetting():  # every value worked out, so every template a memo draws is loaded
            pages = pages_of_a_run(tmp_path_factory.mktemp("off"), places)
    return pages, drawn_once


def test_every_page_is_the_same_with_the_memos_on_and_off(tmp_path, places, worked_out):
    remembered = pages_of_a_run(tmp_path / "on", places)
    worked_out, _ = worked_out
    assert [name for name, _ in remembered] == [name for name, _ in worked_out]
    differing = [name for (name, on), (_, off) in zip(remembered, worked_out) if on != off]
    assert not differing, f"{len(differing)} of {len(remembered)} pages differ, the first: {differing[:5]}"
    assert len(remembered) > 300


def test_every_template_a_memo_draws_is_marked_the_same_for_everyone_and_no_other(worked_out):
    """A template whose drawing a memo keeps says so at its top, with what it may read: whoever
    edits it is told that anything else (the organizer, the session, the request) it shows would
    be shown to everyone. The templates loaded while a memo works a value out are the marked ones."""
    _, drawn_once = worked_out
    folder = Path(resource_dir("templates"))
    marked = {str(path.relative_to(folder)) for path in folder.rglob("*.html")
              if path.read_text(encoding="utf-8").startswith(MARK)}
    assert sorted(drawn_once) == sorted(marked)
