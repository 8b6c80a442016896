"""The app factory: `create_app(config)` loads the rule book, opens the store, registers the blueprints."""
from __future__ import annotations

import os
import secrets
from pathlib import Path

from flask import Flask

from ..loader import load_rulebook
from ..resources import resource_dir
from ..storage import InterviewStore
from . import api, clerks, errors, formatting, handoff, interview, kiosk, limits, offices, packet, printview, sweeper
from .extensions import csrf, htmx


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
        WTF_CSRF_TIME_LIMIT=None,
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        PUBLIC_URL=os.environ.get("WIZARD_PUBLIC_URL") or None,
    )
    app.config.update(config or {})
    instance = (Path(app.config["DATABASE"]).resolve().parent if app.config["DATABASE"] != ":memory:"
                else Path(app.instance_path))
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(instance)

    # Refuse to start on rule files that fail the check: a broken rule must never reach an organizer.
    # Files that passed before, byte for byte, are remembered in the instance folder (see loader).
    app.extensions["rulebook"] = app.config.get("RULEBOOK") or load_rulebook(
        app.config["RULE_PATHS"], cache_dir=app.config.get("RULE_CACHE_DIR") or instance)
    store = InterviewStore(app.config["DATABASE"])
    store.migrate()
    app.extensions["interview_store"] = store
    offices.init_app(app, instance)

    csrf.init_app(app)
    htmx.init_app(app)

    formatting.init_app(app)
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
    errors.init_app(app)
    app.after_request(security_headers)
    return app


def security_headers(response):
    """Nothing a user types can run as code: scripts only from our own static files."""
    response.headers.setdefault("Content-Security-Policy", (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'"))
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "no-referrer")  # interview ids live in URLs
    if response.mimetype == "text/html":
        response.headers.setdefault("Cache-Control", "no-store")  # a kiosk's next user must not see answers
    return response
