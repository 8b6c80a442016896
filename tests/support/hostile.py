"""Hostile requests across every route (from app.url_map), for tests/web/test_hostile_*.py: the
target app with interviews in several states, requests drawn by Hypothesis, the sweep of every
route with every method and bad id, and the report of what went wrong.

Payloads: the seven causes of crashes found once (extreme dates, odd digits in a clerk's link, checkbox whitespace,
non-Latin-1 paths, bad Host labels, newlines in the event name) plus injection strings, odd unicode,
lone surrogates, NUL, huge bodies, deep JSON, forged CSRF tokens, bad ids and odd methods. CSRF is
on, as in production: most posts carry the session's real token so they reach the validation
behind it. Hypothesis runs derandomized, so CI sends the same requests every time.
"""
from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import re
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

import pytest
from flask import got_request_exception
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wizard.engine.answers import clean_answers
from wizard.packet import cache, documents, printing
from wizard.interview.flow import JURISDICTION_STEP, answered_steps
from wizard.web.edge.state import store
from wizard.web.app import create_app

from tests.support.html import csrf_token
from tests.support.hostile_documents import Office, open_office, upset_office
from tests.support.office import CHEAP_HASH
from tests.support.packet import FESTIVAL

REQUESTS_PER_EXAMPLE = 10
EXAMPLES = 470  # about 5,500 requests with the sweep of every route and the redirects followed

# Strings that must never come back as live markup or evaluated template code.
MARKERS = ['<script>alert("HX7")</script>', '"><img src=x onerror=alert(7)>', "<hx7-tag>", "'><svg onload=alert(7)>",
           "</textarea><hx7-tag>", "javascript:alert('HX7')"]
EVALUATED = ["{{7*7}}HX7", "{% print(7*7) %}HX7", "${7*7}HX7", "#{7*7}HX7"]
FORBIDDEN_IN_HTML = [m for m in MARKERS if m.startswith(("<", '"', "'", "</"))] + ["49HX7"]

INJECTION = MARKERS + EVALUATED + ["' OR 1=1 --", '"; DROP TABLE interviews; --', "../../etc/passwd",
                                   "%s%s%n", "\\u0000", "Robert'); DELETE FROM interviews;--"]
ISSUE_12 = [  # the payload classes of those seven causes
    "0001-01-01T00:00", "9999-12-31T23:59", "0999-05-05T10:00", "0001-01-01", "9999-12-31", "2027-02-30T12:00",
    "\u00b2", "\u00b2\u00b3", "1" * 5000, "9" * 4400, "1,500", "-1", "1e400", "nan", " ", "\t", "evil",
    "Harvest\nATTACH:https://evil.example", "A\r\nBEGIN:VEVENT", "x" * 301, "y" * 20_001,
]
UNICODE = ["李小龍", "Zoë Łukasiewicz", "\u202egnp.exe", "a\u200bb", "\ufeff", "e\u0301\u0301\u0301", "🎪🎡",
           "\u2028\u2029", "\U0001f600" * 50, "\x00", "a\x00b", "\x07\x1b[31m", "\ud800", "a\udfffb", "\uffff"]
VALID = ["yes", "no", "true", "false", "on", "private", "municipal", "outdoors", "none", "corporation",
         "combat", "motor_vehicles", "250", "5000", "0", "50", "2027-07-09T12:00", "2027-07-11 23:00", ""]
JURISDICTIONS = ["whitesboro-ny", "wi-village-ch64", "baroda-mi", "dekalb-il"]

TEXT = st.one_of(st.sampled_from(INJECTION + ISSUE_12 + UNICODE + VALID + JURISDICTIONS), st.text(max_size=30))
METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "TRACE", "PROPFIND", "get", "X" * 40]
BAD_IDS = ["%ff", "%E6%9D%8E", "%00", "%2e%2e", "x" * 43, "A" * 64, "a" * 5000, "<script>", "{{7*7}}",
           "%ED%A0%80", "' OR 1=1 --", "-", "%20", "null"]
HOSTS = ["localhost", "a" * 64 + ".example", "a..b", ".", "evil.example", "localhost:99999", "[::1]", ""]


def encode(value: str) -> str:
    """Percent-encode any string, lone surrogates included (as a raw client could send them)."""
    return quote(value.encode("utf-8", "surrogatepass"), safe="")


@dataclass
class Target:
    """What the hostile requests aim at: the app, its routes, and interviews in several states."""
    app: object
    client: object  # one browser session: the CSRF token belongs to it
    rules: list
    ids: dict
    originals: dict
    steps: dict
    token: str
    keys: list
    sent: int = 0
    statuses: Counter = field(default_factory=Counter)
    failures: list = field(default_factory=list)
    routes_hit: set = field(default_factory=set)
    pdfs: int = 0
    last_error: str = ""
    dirty: bool = True  # an interview may have been changed: restore before the next example
    examples: int = 0
    printer_upsets: list = field(default_factory=list)
    stopped: list = field(default_factory=list)  # print workers stopped (SIGSTOP) mid-run
    waits: tuple = field(default_factory=lambda: (cache.WAIT_SECONDS, cache.STUCK_SECONDS, documents.WAIT_SECONDS))
    preparing: int = 0  # "being prepared" answers to a packet download
    office: Office | None = None  # applications whose documents are asked while the printer is upset
    documents_preparing: int = 0  # "being prepared" answers to an office document or the print view


def build_target(tmp_path_factory, book) -> Target:
    app = create_app({"RULEBOOK": book, "DATABASE": str(tmp_path_factory.mktemp("hostile") / "w.db"),
                      "SECRET_KEY": "hostile", "TESTING": False, "PROPAGATE_EXCEPTIONS": False,
                      "PASSWORD_HASH_METHOD": CHEAP_HASH})
    app.logger.disabled = True  # a 500 is counted and described below; its log line is tested in test_hardening
    client = app.test_client()
    token = csrf_token(client.get("/"))
    hostile_text = {"event_name": MARKERS[0] + EVALUATED[0], "event_purpose": "\n".join(MARKERS + EVALUATED),
                    "applicant_name": MARKERS[1], "site_address": "1 Main\nATTACH:x " + MARKERS[2]}
    states = {
        "fresh": {"jurisdiction": "baroda-mi"},
        "complete": clean_answers(dict(FESTIVAL, jurisdiction="whitesboro-ny"), book.questions, book.jurisdictions),
        "hostile": clean_answers(dict(FESTIVAL, jurisdiction="dekalb-il", **hostile_text), book.questions,
                                 book.jurisdictions),
        "empty": {},
        # Values from before dates were bounded: such an interview must still open.
        "year-1": {"jurisdiction": "whitesboro-ny", "starts_at": "0001-01-01T00:00", "ends_at": "0001-01-01T10:00"},
        "year-9999": {"jurisdiction": "dekalb-il", "event_name": "Far future", "starts_at": "9999-12-31T10:00",
                      "ends_at": "9999-12-31T23:00"},
        "year-999": {"jurisdiction": "baroda-mi", "starts_at": "0999-05-05T10:00", "ends_at": "0999-05-05T12:00"},
    }
    ids, originals = saved_interviews(app, book, states)
    target_ref: list = []

    def record(sender, exception, **extra):
        """Where a 500 came from (type, message head, innermost frame of ours), for the summary."""
        frames = [f for f in traceback.extract_tb(exception.__traceback__) if "/wizard/" in f.filename]
        where = f"{Path(frames[-1].filename).name}:{frames[-1].name}" if frames else "?"
        target_ref[0].last_error = f"{type(exception).__name__}({str(exception)[:50]!r}) in {where}"

    got_request_exception.connect(record, app, weak=False)
    steps = step_keys(book)
    keys = sorted(set(book.questions) | {k for ks in steps.values() for k in ks})
    rules = sorted((rule for rule in app.url_map.iter_rules()), key=lambda rule: rule.rule)
    target = Target(app, client, rules, ids, originals, steps, token, keys, office=open_office(app))
    target_ref.append(target)
    return target


def saved_interviews(app, book, states: dict) -> tuple[dict, dict]:
    ids, originals = {}, {}
    with app.app_context():
        for name, answers in states.items():
            interview = store().create(answers)
            if answers.get("jurisdiction"):
                j = book.get(answers["jurisdiction"])
                interview.completed_steps = [JURISDICTION_STEP] + answered_steps(j, answers, book)
                store().save(interview)
            ids[name], originals[name] = interview.id, interview
    return ids, originals


def step_keys(book) -> dict:
    """Each step's form field names (a flag set's options are fields of their own)."""
    steps = {"where": ["jurisdiction"]}
    for j in book.jurisdictions.values():
        questions = book.questions_for(j.id)  # with the rule file's own questions
        for step in j.steps:
            keys = list(step["questions"])
            for key in step["questions"]:
                if questions[key]["kind"] == "flag_set":
                    keys += list(questions[key]["options"])
            steps[step["step"]] = keys
    return steps


@pytest.fixture(scope="module")
def target(tmp_path_factory, book):
    found = build_target(tmp_path_factory, book)
    yield found
    # Every app's logger is the one "wizard" logger: left disabled, a later test in this process
    # that checks what a 500 logs (test_hardening) would find nothing.
    found.app.logger.disabled = False


@st.composite
def hostile_request(draw, target: Target):
    rule = draw(st.sampled_from(target.rules))
    args = {}
    for name in sorted(rule.arguments):
        if name == "interview_id":
            real = draw(st.sampled_from(sorted(target.ids)))
            chance = 0.05 if rule.endpoint == "packet.packet" else 0.7  # a PDF takes 0.2 s to build
            args[name] = target.ids[real] if draw(st.floats(0, 1)) < chance else encode(draw(st.sampled_from(BAD_IDS)))
        elif name == "step_id":
            args[name] = encode(draw(st.one_of(st.sampled_from(sorted(target.steps)), TEXT)))
        elif name == "jurisdiction_id":
            args[name] = encode(draw(st.one_of(st.sampled_from(JURISDICTIONS), TEXT)))
        elif name == "filename":
            args[name] = draw(st.sampled_from(["style.css", "wizard.js", "../secret_key", "%2e%2e/w.db", "x%00.js"]))
        else:
            args[name] = encode(draw(TEXT))
    path = re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", lambda m: args[m.group(1)], rule.rule)
    allowed = sorted(rule.methods - {"HEAD", "OPTIONS"})
    method = draw(st.sampled_from(allowed)) if draw(st.floats(0, 1)) < 0.85 else draw(st.sampled_from(METHODS))
    step_keys = target.steps.get(args.get("step_id", ""), [])
    keys = st.sampled_from(step_keys) if step_keys and draw(st.booleans()) else st.sampled_from(target.keys)
    fields = draw(st.lists(st.tuples(st.one_of(keys, TEXT), TEXT), max_size=8))
    query = "&".join(f"{encode(k)}={encode(v)}" for k, v in draw(st.lists(st.tuples(st.one_of(
        st.sampled_from(target.keys), TEXT), TEXT), max_size=4)))
    csrf = draw(st.sampled_from(["real"] * 6 + ["missing", "forged", "other-key", "empty"]))
    body_kind = draw(st.sampled_from(["form"] * 6 + ["json", "deep-json", "huge", "bytes", "file", "file"]))
    headers = {}
    if draw(st.booleans()):
        headers["HX-Request"] = "true"
    if draw(st.floats(0, 1)) < 0.1:
        headers["Host"] = draw(st.sampled_from(HOSTS))
    return method, path, query, fields, csrf, body_kind, headers, draw(TEXT), draw(st.integers(0, 3))


DATES = ["0001-01-01T00:00", "9999-12-31T23:59", "0999-05-05T10:00", "1000-01-01T00:00", "0001-01-01",
         "9999-12-31", "2027-07-09T12:00", "2027-07-09 12:00"]
NUMBERS = ["\u00b2", "1" * 5000, "9" * 4301, "12\u0663", "250", "1,500"]


@st.composite
def issue_12_request(draw, target: Target):
    """The reproducers of the seven causes, with their values varied."""
    jurisdiction = draw(st.sampled_from(JURISDICTIONS))
    start, end, number = draw(st.sampled_from(DATES)), draw(st.sampled_from(DATES)), draw(st.sampled_from(NUMBERS))
    interview = target.ids[draw(st.sampled_from(sorted(target.ids)))]
    dates = [("jurisdiction", jurisdiction), ("starts_at", start), ("ends_at", end)]
    shapes = [
        ("POST", "/api/assess", "", dates, "json", {}),
        ("POST", "/import", "", dates, "file", {}),
        ("GET", f"/for/{jurisdiction}", f"max_attendance={encode(number)}&starts_at={encode(start)}", [], "form", {}),
        ("POST", "/start", "", [("jurisdiction", jurisdiction), ("max_attendance", number), ("starts_at", start)],
         "form", {}),
        ("POST", f"/i/{interview}/step/dates", "", dates[1:], "form", {}),
        ("POST", f"/i/{interview}/step/crowd", "", [("max_attendance", number)], "form", {}),
        ("POST", f"/i/{target.ids['hostile']}/step/hazards", "", [("hazardous", draw(st.sampled_from(
            [" ", "\t", "", "combat "]))), ("hazardous", draw(st.sampled_from(["evil", "combat", " "])))], "form", {}),
        ("GET", draw(st.sampled_from(["/%E6%9D%8E", "/i/%ff", f"/i/{interview}/%E6%9D%8E", "/for/%ff"])), "", [],
         "form", {"HX-Request": "true"}),
        ("GET", draw(st.sampled_from(["/clerks", "/", f"/i/{interview}/check"])), "", [], "form",
         {"Host": draw(st.sampled_from(HOSTS))}),
        ("GET", f"/i/{interview}/{draw(st.sampled_from(['event.ics', 'result', 'check', 'answers.json']))}", "", [],
         "form", {}),
    ]
    method, path, query, fields, body_kind, headers = draw(st.sampled_from(shapes))
    return method, path, query, fields, "real", body_kind, headers, "", 0


def token_for(target: Target, csrf: str) -> str | None:
    return {"real": target.token, "missing": None, "empty": "",
            "forged": "IjAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAi.ZZZZZZ.forgedforgedforged",
            "other-key": "ImE5NjQzNzQ2MjQ0MzQ5ODA2NjM0ZDY1Y2Y1MzQ1ZmRhMTI0ZTU3MWEi.aUtN0A.4Qm7m8d6mHcRz1dX0yXJ2tPz3bA",
            }[csrf]


def answers_file(fields, extra: str, depth: int) -> bytes:
    answers = {k: v for k, v in fields}
    if depth == 1:
        # A field may be the jurisdiction itself: it overrides the default, never a TypeError.
        answers = {**FESTIVAL, "jurisdiction": "baroda-mi", **{k: v for k, v in fields[:2]}}
    elif depth == 2:
        answers = {"jurisdiction": "dekalb-il", "starts_at": extra, "ends_at": extra, "event_name": extra}
    return json.dumps(answers, ensure_ascii=False).encode("utf-8", "surrogatepass")


def body_for(kind: str, fields, token, extra: str, depth: int):
    """(data, content_type) for the test client."""
    if kind == "json":
        answers = {k: v for k, v in fields} | ({"jurisdiction": "baroda-mi"} if depth == 1 else {})
        return json.dumps(answers).encode(), "application/json"
    if kind == "deep-json":
        return ("[" * 100_000 + "]" * 100_000).encode() if depth % 2 else ('{"a":' * 50_000 + "1" + "}" * 50_000).encode(), \
            "application/json"
    if kind == "huge":
        return b"event_name=" + b"x" * (3 * 1024 * 1024), "application/x-www-form-urlencoded"
    if kind == "bytes":
        return b"\xff\xfe\x00%ED%A0%80=\xc3\x28&" + extra.encode("utf-8", "surrogatepass"), \
            draw_content_type(depth)
    pairs = list(fields) + ([("csrf_token", token)] if token is not None else [])
    if kind == "file":
        # The test client writes multipart as UTF-8: lone surrogates go as U+FFFD (raw bytes go in "bytes").
        data = {printable(k): printable(v) for k, v in pairs}
        data["answers_file"] = (io.BytesIO(answers_file(fields, extra, depth)), "answers.json")
        return data, "multipart/form-data"
    return "&".join(f"{encode(k)}={encode(v)}" for k, v in pairs).encode(), "application/x-www-form-urlencoded"


def printable(text: str) -> str:
    return text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")


def draw_content_type(depth: int) -> str:
    return ["application/x-www-form-urlencoded", "multipart/form-data; boundary=", "text/plain; charset=utf-7",
            "application/json"][depth]


def restore(target: Target) -> None:
    """Put the interviews back as they were: a hostile post may have changed or deleted one."""
    if not target.dirty:
        return
    target.dirty = False
    with target.app.app_context():
        for name, original in target.originals.items():
            store().save(original)


def send(target: Target, client, request, follow: int = 2) -> None:
    method, path, query, fields, csrf, body_kind, headers, extra, depth = request
    url = path + ("?" + query if query else "")
    kwargs = {"headers": headers}
    if method.upper() not in ("GET", "HEAD", "OPTIONS", "TRACE"):
        kwargs["data"], kwargs["content_type"] = body_for(body_kind, fields, token_for(target, csrf), extra, depth)
    target.last_error = ""
    response = client.open(url, method=method, **kwargs)
    target.sent += 1
    target.statuses[response.status_code] += 1
    if method.upper() == "POST" and response.status_code == 303 and path.startswith("/i/"):
        target.dirty = True
    if response.status_code == 200 and path.endswith("packet.pdf"):
        target.pdfs += 1
    problem = None
    preparing = response.status_code == 503 and "being prepared" in \
        response.get_data(as_text=True)  # a print worker killed or stopped: a page that refreshes
    if path.endswith("packet.pdf"):
        target.preparing += preparing
    else:
        target.documents_preparing += preparing
    if response.status_code >= 500 and not preparing:
        problem = f"{response.status_code}: {target.last_error or 'outside Flask'}"
    else:
        try:
            for name, value in response.headers.items():
                value.encode("latin-1")
                if "\n" in value or "\r" in value:
                    raise ValueError(name)
        except (UnicodeEncodeError, ValueError):
            problem = "unsendable header"
        if response.mimetype == "text/html":
            body = response.get_data(as_text=True)
            reflected = [m for m in FORBIDDEN_IN_HTML if m in body]
            if reflected:
                problem = f"reflected {reflected[0]!r}"
    if problem:
        target.failures.append((problem, method, url[:160], body_kind, csrf))
    location = response.headers.get("Location", "")
    if method.upper() == "POST" and response.status_code == 303 and location.startswith("/") and follow:
        # Where a browser goes next: an interview created from hostile answers must open.
        send(target, client, ("GET", location, "", [], csrf, body_kind, headers, extra, depth), follow - 1)


# Mid-run, the print workers are killed (SIGKILL), later stopped (SIGSTOP) for a stretch of the walk,
# then let go on (docs/decisions/0007-print-workers.md): a packet download is then a 200 or a "being prepared" 503,
# never a 500.
UPSETS = {60: "kill", 120: "stop", 160: "continue"}


def upset_printer(target: Target, client, how: str | None) -> None:
    """Kill, stop or continue the current print workers, then ask a packet no worker has made yet."""
    if how == "continue" or how is None:
        for pid in target.stopped:
            with contextlib.suppress(ProcessLookupError):  # killed as hung, as it should be
                os.kill(pid, signal.SIGCONT)
        target.stopped = []
        cache.WAIT_SECONDS, cache.STUCK_SECONDS, documents.WAIT_SECONDS = target.waits
        if how is None:
            return
    else:
        printing.submit(printing.warm).result(timeout=120)  # a pool with workers to upset
        pids = printing.worker_pids()
        assert pids
        if how == "stop":
            target.waits = (cache.WAIT_SECONDS, cache.STUCK_SECONDS, documents.WAIT_SECONDS)
            # the server's 5 s waits, shorter for the walk
            cache.WAIT_SECONDS, cache.STUCK_SECONDS, documents.WAIT_SECONDS = 2, 20, 2
            target.stopped = pids
        for pid in pids:
            os.kill(pid, signal.SIGKILL if how == "kill" else signal.SIGSTOP)
    target.printer_upsets.append(how)
    with target.app.app_context():  # answers no packet was made from: a worker must print it
        interview = store().get(target.ids["complete"])
        interview.answers["event_name"] = f"After the printer was upset ({how})"
        store().save(interview)
    target.dirty = True
    send(target, client, ("GET", f"/i/{target.ids['complete']}/packet.pdf", "", [], "real", "form", {}, "", 0))
    upset_office(target, send)


def sweep(target: Target, client) -> None:
    """Every route with every method and every bad id, once: the plain corners before the random walk."""
    for rule in target.rules:
        for method in METHODS:
            for bad in ["%ff", "x" * 43, "%E6%9D%8E"]:
                path = re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", bad, rule.rule)
                send(target, client, (method, path, "", [("event_name", MARKERS[0])], "real", "form", {"HX-Request": "true"},
                                      "", 0))
            target.routes_hit.add(rule.rule)



def walk_hostile(target: Target, examples: int, upsets: dict | None = None) -> None:
    """`examples` lists of REQUESTS_PER_EXAMPLE drawn requests, the interviews restored before each; the
    print workers upset at the examples of `upsets` (UPSETS) this walk reaches, and let go on at its end."""
    client = target.client

    @settings(max_examples=examples, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(st.lists(st.one_of(hostile_request(target), hostile_request(target), hostile_request(target),
                              issue_12_request(target)), min_size=REQUESTS_PER_EXAMPLE, max_size=REQUESTS_PER_EXAMPLE))
    def walk(requests):
        restore(target)
        target.examples += 1
        if target.examples in (upsets or {}):
            upset_printer(target, client, upsets[target.examples])
        for request in requests:
            send(target, client, request)

    walk()
    upset_printer(target, client, None)  # a stopped worker goes on (the pool that replaced it is used)


def report(target: Target) -> str:
    by_problem = Counter(problem for problem, *_ in target.failures)
    by_route = Counter(f"{method} " + re.sub(r"/i/[^/]+", "/i/<id>", url.split("?")[0])
                       for _, method, url, *_ in target.failures)
    summary = "\n".join([
        f"sent {target.sent} requests ({target.pdfs} PDFs built); statuses {dict(sorted(target.statuses.items()))}",
        "problems:", *(f"  {n:5} {problem}" for problem, n in by_problem.most_common()),
        "by route:", *(f"  {n:5} {route}" for route, n in by_route.most_common()),
        f"first: {target.failures[:3]}"])
    print(summary)
    return summary
