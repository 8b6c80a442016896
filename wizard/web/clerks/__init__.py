"""Clerks' links: the builder on /clerks and its printable handout (`builder`), and the signed links
with the short codes that stand for them (`links`)."""
from . import builder, links


def init_app(app) -> None:
    app.register_blueprint(builder.bp)
    app.register_blueprint(links.bp)
