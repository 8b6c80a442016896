"""A site an operator can watch: /healthz, /readyz, /metrics read by
prometheus-client's own parser, and `--log-format json` with the same redactions."""
from __future__ import annotations

import json
import time
import urllib.request

import pytest
from prometheus_client.parser import text_string_to_metric_families

from wizard.errors import StoreUnavailable
from wizard.packet import printing
from wizard.web.app import create_app

from tests.support.served import ServedWizard


@pytest.fixture
def watched(tmp_path, book):
    app = create_app({"TESTING": True, "RULEBOOK": book, "DATABASE": str(tmp_path / "wizard.db"),
                      "SECRET_KEY": "test-secret", "WTF_CSRF_ENABLED": False, "SWEEPER": False,
                      "METRICS_FROM": "127.0.0.1, 10.1.0.0/16"})
    yield app
    app.extensions["interview_store"].close()


def samples(text: str) -> dict:
    """{(name, frozenset(labels)): value} as prometheus-client's parser reads the page."""
    return {(s.name, frozenset(s.labels.items())): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def test_health_and_readiness_answer_without_a_session(watched, monkeypatch):
    client = watched.test_client()
    for path in ("/healthz", "/readyz"):
        response = client.get(path)
        assert response.status_code == 200 and "Set-Cookie" not in response.headers
    monkeypatch.setattr(printing, "alive", lambda: False)
    assert client.get("/readyz").status_code == 503
    monkeypatch.undo()

    def gone(*args):
        raise StoreUnavailable("the database is not answering")
    monkeypatch.setattr(watched.extensions["interview_store"].backend, "one", gone)
    response = client.get("/readyz")
    assert response.status_code == 503 and b"database" in response.data
    assert client.get("/healthz").status_code == 200


def test_metrics_are_closed_unless_named(tmp_path, book, watched):
    closed = create_app({"TESTING": True, "RULEBOOK": book, "DATABASE": str(tmp_path / "closed.db"),
                         "SECRET_KEY": "k", "SWEEPER": False})
    assert closed.test_client().get("/metrics").status_code == 404
    closed.extensions["interview_store"].close()
    outsider = watched.test_client().get("/metrics", environ_base={"REMOTE_ADDR": "192.0.2.4"})
    assert outsider.status_code == 404
    inside = watched.test_client().get("/metrics", environ_base={"REMOTE_ADDR": "10.1.2.3"})
    assert inside.status_code == 200


def test_metrics_count_an_organizer_in_prometheus_format_and_name_nobody(watched):
    client = watched.test_client()
    before = samples(client.get("/metrics").get_data(as_text=True))
    started = client.post("/start", data={"jurisdiction": "baroda-mi"})
    ident = started.headers["Location"].split("/i/")[1].split("/")[0]
    client.get(f"/i/{ident}/result")
    client.get("/i/not-an-interview/result")
    page = client.get("/metrics")
    assert page.headers["Content-Type"].startswith("text/plain")
    text = page.get_data(as_text=True)
    after = samples(text)
    key = ("wizard_interviews_started_total", frozenset())
    assert after[key] == before.get(key, 0) + 1
    result_route = frozenset({"route": "/i/<interview_id>/result", "method": "GET", "status": "404"}.items())
    assert after[("wizard_requests_total", result_route)] >= 1
    assert ("wizard_outbox_depth", frozenset()) in after
    assert any(name == "wizard_request_seconds_bucket" for name, _ in after)
    assert ident not in text and "not-an-interview" not in text and "baroda" not in text


def test_json_log_lines_are_redacted(tmp_path):
    server = ServedWizard("--db", str(tmp_path / "w.db"), "--access-log", "--log-format", "json")
    try:
        token = "Zx" * 16
        for path in (f"/r/{token}", "/healthz"):
            try:
                urllib.request.urlopen(server.url + path, timeout=30)
            except urllib.error.HTTPError:
                pass
        time.sleep(0.5)
    finally:
        server.stop()
    lines = [line for line in server.lines if line.startswith("{")]
    records = [json.loads(line) for line in lines]
    assert any(r["logger"] == "wizard.access" and "/r/#" in r["message"] for r in records), server.output
    assert token not in server.output
    assert not any("/healthz" in r["message"] for r in records)  # a load balancer's checks are not logged


def test_metrics_in_prometheus_multiprocess_mode(tmp_path):
    # Several server processes on one machine: prometheus-client's multiprocess mode, values in a folder.
    folder = tmp_path / "prometheus"
    folder.mkdir()
    server = ServedWizard("--db", str(tmp_path / "w.db"), "--metrics-from", "127.0.0.1",
                          env={"PROMETHEUS_MULTIPROC_DIR": str(folder)})
    try:
        urllib.request.urlopen(server.url + "/", timeout=30).read()
        with urllib.request.urlopen(server.url + "/metrics", timeout=30) as response:
            text = response.read().decode()
    finally:
        server.stop()
    found = samples(text)
    home = frozenset({"route": "/", "method": "GET", "status": "200"}.items())
    assert found[("wizard_requests_total", home)] == 1
    assert any(folder.iterdir())  # the values were kept in the folder, as the mode wants


def test_metrics_count_the_print_workers_jobs_and_their_time(watched):
    client = watched.test_client()
    made = ("wizard_packets_printed_total", frozenset({"kind": "other", "result": "made"}.items()))
    before = samples(client.get("/metrics").get_data(as_text=True)).get(made, 0)
    printing.submit(printing.warm).result(timeout=120)  # a job in a print worker process
    deadline = time.monotonic() + 10  # the future's callbacks run just after its waiters wake
    while (after := samples(client.get("/metrics").get_data(as_text=True))).get(made, 0) == before \
            and time.monotonic() < deadline:
        time.sleep(0.05)
    assert after[made] == before + 1
    assert after[("wizard_packet_print_seconds_count", frozenset({"kind": "other"}.items()))] >= 1


def test_metrics_count_the_pages_the_database_failed(watched, monkeypatch):
    client = watched.test_client()
    errors = ("wizard_database_errors_total", frozenset())
    before = samples(client.get("/metrics").get_data(as_text=True))[errors]
    ident = client.post("/start", data={"jurisdiction": "baroda-mi"}).headers["Location"].split("/i/")[1].split("/")[0]

    def gone(*args):
        raise StoreUnavailable("the database is not answering")
    backend = watched.extensions["interview_store"].backend
    monkeypatch.setattr(backend, "query", gone)
    monkeypatch.setattr(backend, "one", gone)
    assert client.get(f"/i/{ident}/result").status_code == 503
    monkeypatch.undo()
    assert samples(client.get("/metrics").get_data(as_text=True))[errors] == before + 1
