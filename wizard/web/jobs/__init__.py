"""The app's background threads, one daemon thread each, started by the first request: the sweeper
(`sweeper`: idle kiosk screens, retention, reminders) and the office's mail sender (`mailer`)."""
from . import mailer, sweeper


def init_app(app) -> None:
    sweeper.init_app(app)
    mailer.init_app(app, app.extensions["office_records"])
