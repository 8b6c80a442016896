"""The app factory: `create_app(config)` reads the settings, opens the rule book and the store, and
lets each web area register its own pages and hooks.

The areas register in this order because it is the order their hooks run in: the edge's first
(the chosen language, CSRF), the kiosk's before the office's, and the edge's `wrap` last, around
everything (the last `after_request` hook registered is the first to see a response).
"""
from __future__ import annotations

from flask import Flask

from ..resources import resource_dir
from . import clerks, edge, jobs, kiosk, office, operations, organizer, settings
from .edge.instance import open_instance
from .edge.pages import WizardApp


def create_app(config: dict | None = None) -> Flask:
    app = WizardApp("wizard", template_folder=str(resource_dir("templates")),
                    static_folder=str(resource_dir("static")), instance_relative_config=True)
    settings.configure(app, config)
    open_instance(app)  # the rule book, the store, the office's records and cards
    edge.init_app(app)
    organizer.init_app(app)
    kiosk.init_app(app)
    jobs.init_app(app)
    office.init_app(app)
    clerks.init_app(app)
    operations.init_app(app)
    edge.wrap(app)
    return app
