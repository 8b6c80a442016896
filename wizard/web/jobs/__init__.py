"""The app's background threads, one daemon thread each, started by `wizard serve` (and by the first
request of an app served otherwise): the sweeper (`sweeper`: idle kiosk screens, retention, reminders)
and the office's mail sender (`mailer`)."""
from . import mailer, sweeper


def init_app(app) -> None:
    sweeper.init_app(app)
    mailer.init_app(app, app.extensions["office_records"])


def start(app) -> None:
    """Both jobs now, not at the first request: queued mail goes after a restart with nobody visiting."""
    wanted = {"sweeper": app.config["SWEEPER"], "mail_sender": app.config.get("MAIL_SENDER", True)}
    for name, on in wanted.items():
        job = app.extensions.get(name)
        if job is not None and on:
            job.start()
