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
from .operations import watching as operations
from ..resources import resource_dir
from ..store.retention import DEFAULT_DAYS
from ..store.server_state import shared_secret_key
from ..store.interviews import InterviewStore
from .organizer import (
    api,
    choose,
    costs,
    drawn_fields,
    interview,
    mail as organizer_mail,
    downloads as packet,
    printview,
    sending,
    summary,
    switch as language_switch,
    tasks,
)
from .edge import assets, deployment, errors, filters, languages, limits, logs, pages, sweeper
from .clerks import links as clerk_links, builder as clerks
from .office import counts, notes, inbox as office, calendar as office_calendar, money, review, signin, stored, trail, typed
from .edge import mailer, state
from .kiosk import frame, handoff, screens as kiosk
from .edge.extensions import csrf, htmx
from .edge.instance import secret_key, warn_if_readable
from .edge.pages import WizardApp
from .edge.limits import DEFAULT_ANSWERS_PER_HOUR, DEFAULT_ORGANIZER_MAILS_PER_HOUR, DEFAULT_PER_HOUR
from .edge.security import add_vary, missing_security_headers

# Every setting's default, in one place (docs/reference.md, "Settings"); `create_app(config)`
# overrides them. The settings in ENVIRONMENT read the environment instead (see `defaults`).
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
    TRUSTED_PROXY=None,
    METRICS_FROM=None,  # None: /metrics is closed (web/operations/watching.py)  # None: the loopback addresses (a proxy on this machine); see deployment.py
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


# The settings whose default is an environment variable's value (DATABASE's falls back to the
# instance folder's wizard.db). One map, read by `defaults` and by docs/reference.md.
ENVIRONMENT = {"DATABASE": "WIZARD_DATABASE", "PUBLIC_URL": "WIZARD_PUBLIC_URL",
               "SMTP_PASSWORD": "WIZARD_SMTP_PASSWORD", "SECRET_KEY": "WIZARD_SECRET_KEY"}

# Defaults that a value in DEFAULTS cannot say: a setting outside DEFAULTS (read only when given,
# or from the environment), or a None that stands for something. In words, for docs/reference.md.
SETTING_DEFAULTS = {
    "DATABASE": "`instance/wizard.db`",
    "SECRET_KEY": "generated once, kept in `secret_key` beside an SQLite file, or in the `shared_settings` "
                  "table of a PostgreSQL database",
    "PUBLIC_URL": "none", "SMTP_PASSWORD": "none",
    "RULE_PATHS": "the built-in `interviews/jurisdictions/`",
    "RULEBOOK": "none",
    "RULE_CACHE_DIR": "the first rules folder when `wizard check` left its record there, else the database's folder; "
                      "with PostgreSQL the first rules folder, or no record at all (`RULE_CACHE_DIR` may name a folder)",
    "OFFICES_FILE": "`offices.yaml` beside the database",
    "TODAY": "the real date", "NOW": "the real time",
    "PRINT_WORKERS": "2, or 1 on a one-core machine",
    "WTF_CSRF_ENABLED": "`True`",
    "SESSION_COOKIE_SECURE": "`True` when `PUBLIC_URL` starts with `https://`, else `False`",
    "MAIL_FROM": "`permits@localhost`",
    "TRUSTED_PROXY": "`127.0.0.0/8, ::1` (a proxy on the same machine)",
    "METRICS_FROM": "none: `/metrics` answers 404 to everyone",
}

# What each setting means, one line each, for docs/reference.md (wizard/cli/reference.py refuses a
# setting without one, so a new setting cannot go undocumented).
SETTING_MEANINGS = {
    "DATABASE": "where everything is stored: a file path is an SQLite file (created at start-up); a "
                "`postgresql://` URL (for example `postgresql://wizard@db.example.org/permits`) is a PostgreSQL "
                "database, reached through a pool of at most 10 connections per server (`wizard/store/postgres.py`). "
                "Either is migrated at start-up (see `wizard db upgrade`); `--db` of every command takes the same "
                "two forms",
    "RULE_PATHS": "rule files or folders to load instead of the built-in ones (`wizard serve --rules`)",
    "RULEBOOK": "an already loaded rule book (tests use it to skip loading again)",
    "RULE_CACHE_DIR": "where `rule-checks.db` remembers, by the sha256 of each file's bytes, the rule files that "
                      "passed the checks, with each one's parsed form: a start lists them without reading them (a file's "
                      "size and time stand for its bytes until it is used), and each is read from its parsed form "
                      "when first used (checked in full if its bytes changed)",
    "KIOSK": "every browser is a kiosk screen (`wizard serve --kiosk`); without it only enrolled screens are",
    "KIOSK_IDLE_SECONDS": "seconds without use before a kiosk screen is cleared (1 to 86,400; `--idle-seconds`)",
    "RETENTION_DAYS": "interviews not changed for this many days are deleted (`wizard serve --retention-days`)",
    "NEW_INTERVIEWS_PER_HOUR": "new interviews per client (a kiosk screen, an address, an IPv6 /64) per hour, "
                               "counted together with the new short codes of clerks' links (past it, the builder gives "
                               "the long link only); `0` for no limit (`--new-per-hour`)",
    "ANSWERS_PER_HOUR": "answered pages (step POSTs) per client per hour; `0` for no limit. Counted in memory with "
                        "an SQLite file, in the `limit_windows` table with PostgreSQL, so a client alternating "
                        "between servers is counted once (`wizard/store/server_state.py`)",
    "SWEEPER": "run the background sweeper (kiosk idle deletion, retention, reminders); tests turn it off to "
               "sweep by hand. With PostgreSQL every server's sweeper (and mail sender) tries each round and one "
               "at a time runs, the holder of an advisory lock (`pg_try_advisory_lock`) that passes to another "
               "server when its holder dies",
    "WTF_CSRF_TIME_LIMIT": "seconds a form stays valid (24 hours); an older one gets \"This page expired\", with a link to "
                           "open the page again (answers already saved are kept)",
    "WTF_CSRF_SSL_STRICT": "Flask-WTF's HTTPS referrer check, off: pages send no `Referer`, so it would refuse every "
                           "form behind an HTTPS proxy; the CSRF token and the `SameSite=Lax` cookie protect the forms",
    "MAX_CONTENT_LENGTH": "the largest request body accepted, in bytes (2 MB); uploads to the office have their own "
                          "limits",
    "SESSION_COOKIE_SAMESITE": "the session cookie's `SameSite` attribute",
    "SESSION_COOKIE_HTTPONLY": "the session cookie is hidden from scripts (`HttpOnly`)",
    "SESSION_COOKIE_SECURE": "mark the session cookie (which holds the CSRF secret) `Secure`; it is also marked "
                             "`Secure` on any request that arrived over HTTPS, directly or through a trusted proxy",
    "TRUSTED_PROXIES": "how many reverse proxies stand in front (`--trusted-proxies`); with 1 or more, that many "
                       "`X-Forwarded-For`, `X-Forwarded-Proto` and `X-Forwarded-Prefix` headers are believed "
                       "(werkzeug's `ProxyFix`; never `X-Forwarded-Host`), and `wizard serve` tells waitress to pass "
                       "them on instead of clearing them. A prefix that is not a plain path (`//evil.example`) is "
                       "ignored",
    "TRUSTED_PROXY": "the proxy's address or network, several separated by commas (`--trusted-proxy`): only a "
                     "request from there has its `X-Forwarded-*` headers believed (with `TRUSTED_PROXIES`); any other "
                     "peer's are dropped, so a host that reaches the app port past the proxy cannot choose its "
                     "address. `wizard serve --trusted-proxies` refuses to start without it unless it listens on "
                     "loopback only",
    "METRICS_FROM": "the addresses or networks that may read `GET /metrics` (Prometheus's text format; counts "
                    "only, nothing personal), several separated by commas (`--metrics-from`); from anywhere else it "
                    "is a 404. `/healthz` and `/readyz` are open to all",
    "SMTP_HOST": "the office's SMTP server (`wizard serve --smtp HOST:PORT`); without it, mail is off and the "
                 "office pages say so",
    "SMTP_PORT": "the SMTP server's port (`--smtp HOST:PORT`)",
    "SMTP_USER": "sign in to the SMTP server as this user (`--smtp-user`); STARTTLS is used whenever the server "
                 "offers it",
    "SMTP_PASSWORD": "the SMTP user's password (`--smtp-user` names the user)",
    "MAIL_FROM": "the From address of the office's mail (`--mail-from`)",
    "MAIL_SENDER": "with `SMTP_HOST`, a background thread empties the outbox; tests turn it off and call "
                   "`deliver_due` themselves",
    "OFFICE_SESSION_HOURS": "a clerk's sign-in lasts this long (and ends when the browser closes)",
    "PASSWORD_HASH_METHOD": "werkzeug's method for a clerk's new password (scrypt); only the tests change it, to a "
                            "cheap one where the hash is not what they test",
    "KEEP_APPLICATIONS_DAYS": "a sent application is kept while open, then this many days after the clerk closes "
                              "it (`--keep-applications-days`)",
    "ORGANIZER_MAILS_PER_HOUR": "\"Email me the link\" and reminder requests per client and per interview per "
                                "hour; `0` for no limit",
    "PACKET_PREFETCH": "start making the packet in a print worker as soon as the last answer is saved, so the "
                       "download finds it made (never on a kiosk)",
    "PRINT_WORKERS": "print worker processes that make packet and permit PDFs, at a lower priority than pages; "
                     "about 90 MB each once they have printed",
    "PUBLIC_URL": "the scheme and host organizers reach the site at, like `https://permits.example.org` "
                  "(`--public-url`): full links and QR codes on the clerks' page, a kiosk's hand-off to a phone, "
                  "links in mail. Without it links are relative; no page builds a link from the `Host` header",
    "SECRET_KEY": "signs sessions, CSRF tokens, kiosk screens' cookies and clerks' links: every server behind one "
                  "load balancer needs the same key (a PostgreSQL database's generated one is made by the first server "
                  "to start, `INSERT ... ON CONFLICT DO NOTHING`, then read by all)",
    "OFFICES_FILE": "the office cards: how to reach each jurisdiction's office (see docs/office.md)",
    "TODAY": "the date the result page counts the filing deadline from (tests set it)",
    "NOW": "the time the office's calendar feed is made at (tests set it)",
    "WTF_CSRF_ENABLED": "CSRF protection on every form (Flask-WTF); tests turn it off",
}


def defaults(instance_path: str) -> dict:
    from_environment = {name: os.environ.get(variable) or None for name, variable in ENVIRONMENT.items()}
    return {**DEFAULTS, **from_environment,
            "DATABASE": from_environment["DATABASE"] or str(Path(instance_path) / "wizard.db")}


def _record_dir(app: Flask, instance: Path | None) -> Path | None:
    """The record `wizard check DIR` left beside the rules, so a new instance folder starts from it;
    else the instance folder. With no folder of its own (PostgreSQL: `instance` is None), the first
    rules folder or none at all: never Flask's instance folder, which is inside the installed package."""
    beside = record_folder(app.config["RULE_PATHS"])
    if beside is not None and ((beside / RECORD_FILE).is_file() or instance is None):
        return beside
    return instance


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
    own_folder = None if is_postgres_url(app.config["DATABASE"]) else instance
    app.extensions["rulebook"] = app.config.get("RULEBOOK") or load_rulebook(
        app.config["RULE_PATHS"], cache_dir=app.config.get("RULE_CACHE_DIR") or _record_dir(app, own_folder))
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
    htmx.init_app(app)
    languages.init_app(app)  # first: every page after it speaks the chosen language
    language_switch.init_app(app)

    filters.init_app(app)
    pages.init_app(app)
    drawn_fields.init_app(app)
    choose.init_app(app)
    assets.init_app(app)
    kiosk.init_app(app)
    frame.init_app(app)
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
    app.register_blueprint(trail.bp)
    app.register_blueprint(money.bp)
    app.register_blueprint(office_calendar.bp)
    app.register_blueprint(review.bp)
    app.register_blueprint(notes.bp)
    app.register_blueprint(counts.bp)
    sending.init_app(app)
    typed.init_app(app)
    stored.init_app(app)
    organizer_mail.init_app(app)
    app.register_blueprint(costs.bp)
    app.register_blueprint(tasks.bp)
    operations.init_app(app)
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
