"""The app factory: `create_app(config)` loads the rule book, opens the store, registers the blueprints."""
from __future__ import annotations

import os
from pathlib import Path

from flask import Flask, current_app

from ..authoring.checkrecord import RECORD_FILE, record_folder
from ..store import is_postgres_url
from ..authoring.loader import load_rulebook
from ..office.accounts import PASSWORD_METHOD
from ..office.keeping import DEFAULT_KEEP_DAYS
from ..office.records import OfficeRecords
from ..packet import printing
from ..resources import resource_dir
from ..store.retention import DEFAULT_DAYS
from ..store.server_state import shared_secret_key
from ..store.interviews import InterviewStore
from .organizer import (
    api,
    costs,
    drawn_fields,
    drawn_search,
    interview,
    mail as organizer_mail,
    downloads as packet,
    printview,
    sending,
    summary,
)
from .edge import assets, deployment, errors, filters, limits, logs, pages, signing, sweeper
from .clerks import links as clerk_links, builder as clerks
from .office import counts, notes, inbox as office, calendar as office_calendar, review, signin, typed
from .edge import mailer, state
from .kiosk import handoff, screens as kiosk
from .edge.extensions import csrf, htmx
from .edge.instance import secret_key, warn_if_readable
from .edge.pages import WizardApp
from .edge.limits import DEFAULT_ANSWERS_PER_HOUR, DEFAULT_ORGANIZER_MAILS_PER_HOUR, DEFAULT_PER_HOUR
from .edge.security import add_vary, missing_security_headers

# Every setting's default, in one place (README "Settings"); `create_app(config)` overrides them.
# DATABASE and PUBLIC_URL also read the environment (see `defaults`).
DEFAULTS = dict(
    RULE_PATHS=None,
    KIOSK=False,
    KIOSK_IDLE_SECONDS=300,
    RETENTION_DAYS=DEFAULT_DAYS,
    NEW_INTERVIEWS_PER_HOUR=DEFAULT_PER_HOUR,
    ANSWERS_PER_HOUR=DEFAULT_ANSWERS_PER_HOUR,
    SWEEPER=True,  # False: a test runs `sweep_once` itself
    WTF_CSRF_TIME_LIMIT=24 * 3600,  # seconds; an expired form gets errors.py's "this page expired" page
    # Over HTTPS Flask-WTF also wants a Referer naming this host, but pages send none (Referrer-Policy
    # no-referrer keeps interview ids out of other sites' logs): the check would refuse every form
    # behind an HTTPS proxy. The token and the SameSite=Lax cookie are the protection.
    WTF_CSRF_SSL_STRICT=False,
    MAX_CONTENT_LENGTH=2 * 1024 * 1024,
    SESSION_COOKIE_SAMESITE="Lax",
    SESSION_COOKIE_HTTPONLY=True,
    SESSION_COOKIE_SECURE=None,  # None: Secure when PUBLIC_URL is https (see deployment.py)
    TRUSTED_PROXIES=0,
    SMTP_HOST=None,  # no mail server: the office works and says mail is off
    SMTP_PORT=25,
    SMTP_USER=None,
    MAIL_FROM=None,  # None: permits@localhost (web/edge/mailer.py)
    MAIL_SENDER=True,  # False: a test empties the outbox itself
    OFFICE_SESSION_HOURS=8,
    # werkzeug's method for a clerk's new password. The tests' apps set a cheap one (each scrypt is
    # 0.1-0.2 s of CPU) except where the hash itself is tested; an unknown email is always checked
    # against scrypt (office/accounts.py, UNKNOWN_EMAIL_HASH).
    PASSWORD_HASH_METHOD=PASSWORD_METHOD,
    KEEP_APPLICATIONS_DAYS=DEFAULT_KEEP_DAYS,
    ORGANIZER_MAILS_PER_HOUR=DEFAULT_ORGANIZER_MAILS_PER_HOUR,
    PACKET_PREFETCH=True,  # start making the packet when the last answer is saved (packet/cache.py)
    # Print worker processes (packet/printing.py): one per core, at most two; each about 90 MB once it printed.
    PRINT_WORKERS=printing.WORKERS,
)


def defaults(instance_path: str) -> dict:
    return {**DEFAULTS, "DATABASE": os.environ.get("WIZARD_DATABASE", str(Path(instance_path) / "wizard.db")),
            "PUBLIC_URL": os.environ.get("WIZARD_PUBLIC_URL") or None,
            "SMTP_PASSWORD": os.environ.get("WIZARD_SMTP_PASSWORD") or None,
            "SECRET_KEY": os.environ.get("WIZARD_SECRET_KEY") or None}


def _record_dir(app: Flask, instance: Path) -> Path:
    """The record `wizard check DIR` left beside the rules, so a new instance folder starts from it;
    else the instance folder."""
    beside = record_folder(app.config["RULE_PATHS"])
    return beside if beside is not None and (beside / RECORD_FILE).is_file() else instance


def create_app(config: dict | None = None) -> Flask:
    app = WizardApp(
        "wizard",
        template_folder=str(resource_dir("templates")),
        static_folder=str(resource_dir("static")),
        instance_relative_config=True,
    )
    app.config.update(defaults(app.instance_path))
    app.config.update(config or {})
    deployment.operator_values(app.config)  # before the database opens: a refused value leaves nothing open
    printing.use_workers(app.config["PRINT_WORKERS"])
    in_file = app.config["DATABASE"] != ":memory:" and not is_postgres_url(app.config["DATABASE"])
    instance = Path(app.config["DATABASE"]).resolve().parent if in_file else Path(app.instance_path)
    if not app.config.get("SECRET_KEY") and not is_postgres_url(app.config["DATABASE"]):
        app.config["SECRET_KEY"] = secret_key(instance)

    # Refuse to start on rule files that fail the check: a broken rule must never reach an organizer.
    # Files that passed before, byte for byte, are remembered in a record (see checkrecord.py).
    app.extensions["rulebook"] = app.config.get("RULEBOOK") or load_rulebook(
        app.config["RULE_PATHS"], cache_dir=app.config.get("RULE_CACHE_DIR") or _record_dir(app, instance))
    store = InterviewStore(app.config["DATABASE"])
    store.migrate()
    if not app.config.get("SECRET_KEY"):  # PostgreSQL: one key for every server of the database
        app.config["SECRET_KEY"] = shared_secret_key(store)
    if in_file:
        warn_if_readable([instance / "secret_key", app.config["DATABASE"]])
    app.extensions["interview_store"] = store
    app.extensions["office_records"] = records = OfficeRecords(store)
    state.init_offices(app, instance)

    csrf.init_app(app)
    signing.init_app(app)
    htmx.init_app(app)

    filters.init_app(app)
    pages.init_app(app)
    drawn_fields.init_app(app)
    drawn_search.init_app(app)
    assets.init_app(app)
    kiosk.init_app(app)
    limits.init_app(app)
    sweeper.init_app(app)
    app.extensions["sweeper"].keep_applications_days = app.config["KEEP_APPLICATIONS_DAYS"]
    mailer.init_app(app, records)
    signin.init_app(app)
    app.register_blueprint(api.bp)
    csrf.exempt(api.bp)
    app.register_blueprint(interview.bp)
    app.register_blueprint(packet.bp)
    app.register_blueprint(printview.bp)
    app.register_blueprint(handoff.bp)
    app.register_blueprint(clerks.bp)
    app.register_blueprint(clerk_links.bp)
    app.register_blueprint(summary.bp)
    app.register_blueprint(office.bp)
    app.register_blueprint(office_calendar.bp)
    app.register_blueprint(review.bp)
    app.register_blueprint(notes.bp)
    app.register_blueprint(counts.bp)
    sending.init_app(app)
    typed.init_app(app)
    organizer_mail.init_app(app)
    app.register_blueprint(costs.bp)
    errors.init_app(app)
    logs.init_app(app)
    deployment.init_app(app)
    app.after_request(security_headers)
    app.after_request(vary_on_htmx)
    return app


def vary_on_htmx(response):
    """The same URL is a whole page or, for htmx, one block of it: caches must keep both."""
    add_vary(response, "HX-Request")
    return response


def security_headers(response):
    """Nothing a user types can run as code (see security.SECURITY_HEADERS)."""
    # A kiosk's next user must not see answers: no page is kept in the browser's cache.
    response.headers.extend(missing_security_headers(response.headers, no_store=response.mimetype == "text/html"))
    if (current_app.config.get("PUBLIC_URL") or "").startswith("https://"):
        # The site is served over HTTPS: a browser that has seen it never tries plain HTTP again.
        response.headers.setdefault("Strict-Transport-Security", "max-age=31536000")
    return response
