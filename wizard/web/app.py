"""The app factory: `create_app(config)` loads the rule book, opens the store, registers the blueprints."""
from __future__ import annotations

import os
import secrets
from pathlib import Path

from flask import Flask

from ..checkrecord import RECORD_FILE, record_folder
from ..loader import load_rulebook
from ..resources import resource_dir
from ..storage import InterviewStore
from . import (api, assets, clerks, deployment, errors, formatting, handoff, interview, kiosk, limits, logs,
               offices, packet, printview, summary, sweeper)
from .extensions import csrf, htmx
from .security import SECURITY_HEADERS


def _secret_key(instance_path: Path) -> str:
    """A key kept beside the database so sessions and CSRF tokens survive a restart."""
    key_file = instance_path / "secret_key"
    if key_file.exists():
        return key_file.read_text().strip()
    instance_path.mkdir(parents=True, exist_ok=True)
    key = secrets.token_hex(32)
    key_file.write_text(key)
    key_file.chmod(0o600)
    return key


def _record_dir(app: Flask, instance: Path) -> Path:
    """The record `wizard check DIR` left beside the rules, so a new instance folder starts from it;
    else the instance folder."""
    beside = record_folder(app.config["RULE_PATHS"])
    return beside if beside is not None and (beside / RECORD_FILE).is_file() else instance


def create_app(config: dict | None = None) -> Flask:
    app = Flask(
        "wizard",
        template_folder=str(resource_dir("templates")),
        static_folder=str(resource_dir("static")),
        instance_relative_config=True,
    )
    app.config.update(
        DATABASE=os.environ.get("WIZARD_DATABASE", str(Path(app.instance_path) / "wizard.db")),
        RULE_PATHS=None,
        WTF_CSRF_TIME_LIMIT=24 * 3600,  # seconds; an expired form gets errors.py's "this page expired" page
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SECURE=None,  # None: Secure when PUBLIC_URL is https (see deployment.py)
        PUBLIC_URL=os.environ.get("WIZARD_PUBLIC_URL") or None,
        TRUSTED_PROXIES=0,
        PACKET_PREFETCH=True,  # start making the packet when the last answer is saved (packet/cache.py)
    )
    app.config.update(config or {})
    instance = (Path(app.config["DATABASE"]).resolve().parent if app.config["DATABASE"] != ":memory:"
                else Path(app.instance_path))
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(instance)

    # Refuse to start on rule files that fail the check: a broken rule must never reach an organizer.
    # Files that passed before, byte for byte, are remembered in a record (see checkrecord.py).
    app.extensions["rulebook"] = app.config.get("RULEBOOK") or load_rulebook(
        app.config["RULE_PATHS"], cache_dir=app.config.get("RULE_CACHE_DIR") or _record_dir(app, instance))
    store = InterviewStore(app.config["DATABASE"])
    store.migrate()
    app.extensions["interview_store"] = store
    offices.init_app(app, instance)

    csrf.init_app(app)
    htmx.init_app(app)

    formatting.init_app(app)
    assets.init_app(app)
    kiosk.init_app(app)
    limits.init_app(app)
    sweeper.init_app(app)
    app.register_blueprint(api.bp)
    csrf.exempt(api.bp)
    app.register_blueprint(interview.bp)
    app.register_blueprint(packet.bp)
    app.register_blueprint(printview.bp)
    app.register_blueprint(handoff.bp)
    app.register_blueprint(clerks.bp)
    app.register_blueprint(summary.bp)
    errors.init_app(app)
    logs.init_app(app)
    deployment.init_app(app)
    app.after_request(security_headers)
    return app


def security_headers(response):
    """Nothing a user types can run as code (see security.SECURITY_HEADERS)."""
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    if response.mimetype == "text/html":
        response.headers.setdefault("Cache-Control", "no-store")  # a kiosk's next user must not see answers
    return response
