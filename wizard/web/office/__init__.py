"""The office's pages at /office: signing in, the inbox and each application, review, referrals and
the decision, counts, local notes, the calendar feed and the office cards as the pages reach
them. The records themselves are wizard/office/ (no Flask)."""
from . import calendar, counts, inbox, issued, money, notes, review, signin, stored, trail, typed


def init_app(app) -> None:
    signin.init_app(app)
    for area in (inbox, trail, money, issued, calendar, review, notes, counts):
        app.register_blueprint(area.bp)
    typed.init_app(app)
    stored.init_app(app)
