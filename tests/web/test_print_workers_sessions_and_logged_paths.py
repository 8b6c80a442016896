"""Hardening: a packet download with a dead or hung print worker (docs/decisions/0007-print-workers.md),
sign-out that ends the session, sign-in back-off that cannot lock a clerk out, secrets kept out of the
logs."""
from __future__ import annotations

import logging
import os
import re
import signal
import time
from contextlib import contextmanager

from click.testing import CliRunner
from werkzeug.test import EnvironBuilder

from wizard.cli import main
from wizard.office.accounts import choose_password, new_password_link
from wizard.packet import cache, printing
from wizard.web.settings import DEFAULTS
from wizard.web.edge.logs import is_secret_variable, log_failure, security_event
from wizard.web.edge.serving import AccessLog
from wizard.web.edge.state import office_records, store

from tests.support.office import clerk, PASSWORD, sign_in
from tests.support.packet import festival
from tests.support.packet import being_prepared, download_until_made, resume, saved


def renamed(app, interview_id: str, name: str) -> None:
    """A changed answer: the next download needs a new packet, not the one kept."""
    with app.app_context():
        interview = store().get(interview_id)
        interview.answers["event_name"] = name
        store().save(interview)


def test_a_killed_print_worker_is_replaced_and_the_download_never_fails(app, client, book):
    interview_id = saved(app, festival("baroda-mi", book, event_name="Before The Kill"))
    path = f"/i/{interview_id}/packet.pdf"
    assert download_until_made(client, path)[-1] == 200
    workers = printing.worker_pids()
    assert workers
    for pid in workers:
        os.kill(pid, signal.SIGKILL)
    renamed(app, interview_id, "After The Kill")
    statuses = download_until_made(client, path)
    assert statuses[-1] == 200 and set(statuses) <= {200, 503}, statuses
    assert not set(workers) & set(printing.worker_pids())  # a new pool printed it


def test_a_stopped_print_worker_holds_no_request_for_minutes(app, client, book, monkeypatch):
    monkeypatch.setattr(cache, "WAIT_SECONDS", 5)  # the server's own wait (conftest makes the tests' longer)
    interview_id = saved(app, festival("dekalb-il", book, event_name="Before The Stop"))
    path = f"/i/{interview_id}/packet.pdf"
    assert download_until_made(client, path)[-1] == 200
    stopped = printing.worker_pids()
    for pid in stopped:
        os.kill(pid, signal.SIGSTOP)
    try:
        renamed(app, interview_id, "While Stopped")
        started = time.monotonic()
        response = client.get(path)
        assert being_prepared(response)
        assert time.monotonic() - started < 15  # seconds, not the 120 of before
        # Still nothing made much later: the hung pool is killed and a new one prints the packet.
        monkeypatch.setattr(cache, "STUCK_SECONDS", 0)
        assert download_until_made(client, path)[-1] == 200
        assert not set(stopped) & set(printing.worker_pids())
    finally:
        resume(stopped)


def test_two_print_workers_on_two_cores():
    # Eight organizers finishing together on two cores are printed two at a time, not one by one.
    assert DEFAULTS["PRINT_WORKERS"] == min(2, os.cpu_count() or 1)


def copied_session(app, client):
    """A second browser holding a copy of this one's session cookie (another tab, a stolen cookie)."""
    copy = app.test_client()
    copy.set_cookie("session", client.get_cookie("session").value)
    return copy


def signed_in(app, email: str):
    client = app.test_client()
    assert sign_in(client, email).status_code == 303 and client.get("/office").status_code == 200
    return client


def shows_sign_in(response) -> bool:
    return response.status_code == 302 and "/office/sign-in" in response.headers["Location"]


def test_a_cookie_copied_before_signing_out_opens_nothing_after(app):
    clerk(app, "ann@example.org")
    clerk(app, "bob@example.org")
    ann, bob = signed_in(app, "ann@example.org"), signed_in(app, "bob@example.org")
    copy = copied_session(app, ann)
    assert copy.get("/office").status_code == 200
    ann.post("/office/sign-out")
    assert shows_sign_in(copy.get("/office")) and shows_sign_in(ann.get("/office"))
    assert bob.get("/office").status_code == 200  # another account's session goes on
    assert signed_in(app, "ann@example.org")  # and Ann signs in again


def test_removing_the_account_or_a_new_password_ends_every_session(app):
    clerk(app, "ann@example.org")
    clerk(app, "bob@example.org")
    ann, bob = signed_in(app, "ann@example.org"), signed_in(app, "bob@example.org")
    copy = copied_session(app, ann)
    with app.app_context():
        token = new_password_link(office_records(), "ann@example.org")
        choose_password(office_records(), token, "another long password", "another long password",
                        app.config["PASSWORD_HASH_METHOD"])
    assert shows_sign_in(copy.get("/office")) and shows_sign_in(ann.get("/office"))
    assert bob.get("/office").status_code == 200
    bob_copy = copied_session(app, bob)
    done = CliRunner().invoke(main, ["clerk", "remove", "bob@example.org", "--db", app.config["DATABASE"]])
    assert done.exit_code == 0, done.output
    # Even an account added again under the same email is not opened by the removed one's cookie.
    clerk(app, "bob@example.org")
    assert shows_sign_in(bob.get("/office")) and shows_sign_in(bob_copy.get("/office"))
    assert signed_in(app, "bob@example.org")


def sign_in_from(client, address: str, password: str = PASSWORD, email: str = "ann@example.org"):
    return client.post("/office/sign-in", data={"email": email, "password": password},
                       environ_base={"REMOTE_ADDR": address})


def test_failures_from_elsewhere_do_not_keep_the_clerk_out(app):
    clerk(app, "ann@example.org")
    guesser = app.test_client()
    for _ in range(8):
        assert sign_in_from(guesser, "203.0.113.9", "not her password").status_code in (401, 429)
    assert sign_in_from(guesser, "203.0.113.9").status_code == 429  # the guesser's address waits
    ann = app.test_client()
    response = sign_in_from(ann, "198.51.100.20")
    assert response.status_code == 303
    inbox = ann.get("/office").get_data(as_text=True)
    assert "5 failed sign-in attempts on your account since your last sign-in" in inbox
    ann.post("/office/sign-out")
    again = app.test_client()
    sign_in_from(again, "198.51.100.20")
    assert "failed sign-in attempt" not in again.get("/office").get_data(as_text=True)  # told once


def test_an_ipv6_guesser_is_counted_by_its_64(app):
    clerk(app, "ann@example.org")
    guesser = app.test_client()
    for n in range(6):  # a new address of the same /64 for every guess
        sign_in_from(guesser, f"2001:db8:1:2::{n + 1:x}", "not her password")
    assert sign_in_from(guesser, "2001:db8:1:2::99").status_code == 429
    assert sign_in_from(app.test_client(), "2001:db8:1:3::1").status_code == 303  # another /64


# Every URL variable that is not a key: a new route's variable must be here or be hidden in the logs.
PUBLIC_VARIABLES = {"filename", "jurisdiction_id", "step_id", "reference", "upload_id", "note_id",
                    "notice_id", "payment_id", "inspection_id", "certificate_id", "document_id",  # rows found only
                    # within their application, behind the clerk's sign-in
                    "to"}  # the language switched to ("es"), public
SECRET = "Zq9SECRETxSECRETx"


class Lines(logging.Handler):
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record):
        self.lines.append(record.getMessage())


@contextmanager
def logged(*names: str):
    """Every line these logs get meanwhile (a handler on each: other tests may change logging's settings)."""
    lines = Lines()
    loggers = [logging.getLogger(name) for name in names]
    saved = [(log.level, log.disabled) for log in loggers]
    for log in loggers:
        log.addHandler(lines)
        log.setLevel(logging.DEBUG)
        log.disabled = False
    try:
        yield lines.lines
    finally:
        for log, (level, disabled) in zip(loggers, saved):
            log.removeHandler(lines)
            log.setLevel(level)
            log.disabled = disabled


def secret_paths(app) -> list[tuple[str, str]]:
    """Each route with a key in its path, as (method, path) with SECRET as every key."""
    paths = []
    for rule in app.url_map.iter_rules():
        if any(is_secret_variable(name) for name in rule.arguments):
            path = re.sub(r"<(?:[^:<>]+:)?([^:<>]+)>",
                          lambda m: SECRET if is_secret_variable(m.group(1)) else "1", rule.rule)
            paths.append((sorted(rule.methods - {"HEAD", "OPTIONS"})[0], path))
    return paths


def test_every_variable_of_the_route_table_is_a_secret_or_known_public(app):
    for rule in app.url_map.iter_rules():
        unknown = {name for name in rule.arguments if not is_secret_variable(name)} - PUBLIC_VARIABLES
        assert not unknown, f"{rule.rule}: is {unknown} a key? name it *_token or *_code, or add it to PUBLIC_VARIABLES"


def test_no_key_in_a_path_reaches_a_log(app):
    paths = secret_paths(app)
    assert {path.split(SECRET)[0] for _, path in paths} >= {
        "/r/", "/office/calendar/", "/kiosk/enrol/", "/office/password/", "/handoff/", "/c/", "/i/"}
    served = AccessLog(app)
    with logged("wizard.access", "wizard.security", app.logger.name) as lines:
        for method, path in paths:
            for sent in (path, path.replace("/", "//"), path + "/more"):  # as routed, merged slashes, unknown
                environ = EnvironBuilder(method=method).get_environ()
                environ["PATH_INFO"] = sent  # as the server passes it (a test client would read "//x" as a host)
                b"".join(served(environ, lambda *args: None))
                with app.request_context(environ):
                    security_event("csrf failure", reason="a test")
                log_failure(app.logger, {"REQUEST_METHOD": method, "PATH_INFO": sent}, None, "a test")
    assert len(lines) >= 9 * len(paths)
    assert not [line for line in lines if SECRET in line]


def test_a_note_number_too_large_for_the_database_is_not_found(app, client):
    clerk(app)
    sign_in(client)
    assert client.post("/office/notes/99999999999999999999/remove").status_code == 404
    assert client.post("/office/notes/1/remove").status_code == 303  # an ordinary number: "not yours"


def test_a_merged_slash_redirect_links_to_this_site_only(app):
    environ = EnvironBuilder(headers={"Host": "evil.example"}, query_string="a=1").get_environ()
    environ["PATH_INFO"] = "/office//notes"
    answered = []
    body = b"".join(app(environ, lambda status, headers, exc_info=None: answered.append((status, dict(headers)))))
    (status, headers), = answered
    assert status.startswith("308") and headers["Location"] == "/office/notes?a=1"
    assert b"evil.example" not in body and b'href="/office/notes?a=1"' in body
