"""What a load balancer and a monitoring system read.

- `GET /healthz`: the process answers. `GET /readyz`: the database answers and the print pool can
  take a job (503 otherwise). Both are cheap, set no cookie and are left out of the access log.
- `GET /metrics`: Prometheus's text format through prometheus-client. Counts only: routes by their
  pattern (`/i/<interview_id>/step/<step_id>`, never a real id), statuses, times, and what the database
  holds in numbers. Nothing personal. Closed (404) unless METRICS_FROM names the addresses that may
  read it. With PROMETHEUS_MULTIPROC_DIR set (several server processes, as prometheus-client's
  multiprocess mode wants), the values of every process are read from that folder.
"""
from __future__ import annotations

import os
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import datetime, timezone

from flask import Blueprint, Response, abort, current_app, g, request
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest, multiprocess
from prometheus_client.core import GaugeMetricFamily

from ...packet import printing
from ..edge.deployment import networks, peer_in

bp = Blueprint("operations", __name__)
UNLOGGED = ("/healthz", "/readyz")  # web/edge/serving.py's access log leaves these out

REGISTRY = CollectorRegistry()
REQUESTS = Counter("wizard_requests", "Requests answered, by route pattern, method and status",
                   ["route", "method", "status"], registry=REGISTRY)
LATENCY = Histogram("wizard_request_seconds", "Time to answer a request, by route pattern", ["route"],
                    registry=REGISTRY, buckets=(.01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30))
STARTED = Counter("wizard_interviews_started", "Interviews started", registry=REGISTRY)
FINISHED = Counter("wizard_interviews_finished", "Interviews whose last step was answered", registry=REGISTRY)
SENT = Counter("wizard_applications_sent", "Applications sent to an office", registry=REGISTRY)
PRINTED = Counter("wizard_packets_printed", "PDFs made by the print workers, by kind and result",
                  ["kind", "result"], registry=REGISTRY)
PRINT_TIME = Histogram("wizard_packet_print_seconds", "Time from asking a print worker to its PDF", ["kind"],
                       registry=REGISTRY, buckets=(.5, 1, 2, 3, 5, 10, 20, 30, 60, 120))
DATABASE_ERRORS = Counter("wizard_database_errors", "Requests answered 503 because the database failed",
                          registry=REGISTRY)
_KINDS = {"packet_pdf": "packet", "permit_pdf": "permit"}


def _printed(name: str, seconds: float, ok: bool) -> None:
    kind = _KINDS.get(name, "other")
    PRINTED.labels(kind, "made" if ok else "failed").inc()
    if ok:
        PRINT_TIME.labels(kind).observe(seconds)


def _age(moment: str | None) -> float:
    if not moment:
        return 0.0
    then = datetime.fromisoformat(moment)
    then = then if then.tzinfo else then.replace(tzinfo=timezone.utc)
    return max(0.0, (datetime.now(timezone.utc) - then).total_seconds())


class StoreCollector:
    """Values read when /metrics is asked: the outbox, the sweeper (of the app being read)."""

    def __init__(self, app):
        self.app = app

    def collect(self):
        backend = self.app.extensions["interview_store"].backend
        unsent = backend.one("SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM outbox WHERE sent_at IS NULL")
        yield GaugeMetricFamily("wizard_outbox_depth", "Mails waiting in the outbox", value=unsent["n"])
        yield GaugeMetricFamily("wizard_outbox_oldest_unsent_seconds", "Age of the oldest mail not sent yet",
                                value=_age(unsent["oldest"]))
        sweeper = self.app.extensions.get("sweeper")
        last = getattr(sweeper, "last_round", None)
        yield GaugeMetricFamily("wizard_sweeper_lag_seconds", "Seconds since this server's sweeper last ran a "
                                "round (-1: not yet)", value=time.time() - last if last else -1.0)


@bp.get("/healthz")
def healthz():
    return _plain("ok\n")


# /readyz says 503 after this long without the database's answer: a load balancer's check must not
# wait out a connection's 5 s (or a dead network's minutes) behind a request's thread.
READY_SECONDS = 1.5
_probes = ThreadPoolExecutor(1, thread_name_prefix="readyz")  # one probe at a time, however many ask
_probe: tuple[object, Future] | None = None  # (the backend asked, its answer to come)
_probe_lock = threading.Lock()


def database_answers(backend) -> bool:
    """The database answered a `SELECT 1` within READY_SECONDS. A probe still waiting (the database
    hangs) is waited for again rather than joined by another, so a hung database holds one thread."""
    global _probe
    with _probe_lock:
        if _probe is None or _probe[0] is not backend or _probe[1].done():
            _probe = backend, _probes.submit(backend.one, "SELECT 1 AS up")
        probe = _probe[1]
    try:
        probe.result(timeout=READY_SECONDS)
        return True
    except Exception:  # StoreUnavailable, no answer in time, or any other failure of the database
        return False


@bp.get("/readyz")
def readyz():
    problems = []
    if not database_answers(current_app.extensions["interview_store"].backend):
        problems.append("database not answering")
    if not printing.alive():
        problems.append("print pool broken")
    return _plain("ready\n" if not problems else "; ".join(problems) + "\n", 503 if problems else 200)


@bp.get("/metrics")
def metrics():
    if not peer_in(current_app.extensions["metrics_from"], request.remote_addr):
        abort(404)  # closed: as if there were no such page
    registry = REGISTRY
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
    body = generate_latest(registry) + generate_latest(current_app.extensions["metrics_store"])
    return _plain(body, content_type=CONTENT_TYPE_LATEST)


def _plain(body, status: int = 200, content_type: str = "text/plain; charset=utf-8") -> Response:
    response = Response(body, status, content_type=content_type)
    response.headers["Cache-Control"] = "no-store"
    return response


def _count(response):
    if request.blueprint == "operations":
        return response
    rule = request.url_rule.rule if request.url_rule is not None else "(no route)"
    REQUESTS.labels(rule, request.method[:10], str(response.status_code)).inc()
    began = g.get("metrics_began")
    if began is not None:
        LATENCY.labels(rule).observe(time.monotonic() - began)
    redirect = response.status_code in (302, 303)
    location = response.headers.get("Location", "")
    if request.method == "POST" and redirect:
        if request.endpoint == "interview.begin":
            STARTED.inc()
        elif request.endpoint == "interview.step" and location.endswith("/check"):
            FINISHED.inc()
        elif request.endpoint == "sending.send_application" and not location.endswith("/send"):
            SENT.inc()
    if g.get("database_error"):
        DATABASE_ERRORS.inc()
    return response


def init_app(app) -> None:
    app.extensions["metrics_from"] = networks(app.config.get("METRICS_FROM"), "METRICS_FROM")
    store_registry = CollectorRegistry()
    store_registry.register(StoreCollector(app))
    app.extensions["metrics_store"] = store_registry
    if _printed not in printing.on_printed:
        printing.on_printed.append(_printed)
    app.register_blueprint(bp)
    app.before_request(lambda: setattr(g, "metrics_began", time.monotonic()))
    app.after_request(_count)
