"""The kiosk: one screen at village hall used by strangers in turn (`screens`, whose rules every page
that opens an interview follows), the frame a screen's pages are drawn in (`frame`), and handing an
interview to the organizer's own phone (`handoff`)."""
from . import frame, handoff, screens


def init_app(app) -> None:
    screens.init_app(app)
    frame.init_app(app)
    app.register_blueprint(handoff.bp)
