"""The HTTP plumbing every page passes through, whoever it serves: one template per page with its
htmx block (`pages`), how requests are read (`requests`), opening a saved interview under the
screen's rules (`opening`), security headers and limits, signed cookies, error pages, static
assets, deployment behind a proxy, serving under waitress, logs and the instance folder."""
from . import assets, deployment, errors, filters, languages, limits, logs, pages, security
from .extensions import csrf, htmx


def init_app(app) -> None:
    """First, before any area's hooks: CSRF, htmx, the chosen language, filters, assets, limits."""
    csrf.init_app(app)
    htmx.init_app(app)
    languages.init_app(app)  # its hook runs first: every page after it speaks the chosen language
    filters.init_app(app)
    pages.init_app(app)
    assets.init_app(app)
    limits.init_app(app)


def wrap(app) -> None:
    """Last, around what the areas registered: error pages, the redacted log, the proxy and the WSGI
    guard, and the headers every response gets (the last hook registered runs first on a response)."""
    errors.init_app(app)
    logs.init_app(app)
    deployment.init_app(app)
    security.init_app(app)
