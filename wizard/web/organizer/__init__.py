"""The organizer's pages: choosing a place, the interview one step at a time, check your answers, the
result with what it costs, the packet and calendar downloads, sending the application and the
status page, email links and reminders, and the JSON API."""
from . import api, choose, costs, downloads, drawn_fields, interview, mail, printview, sending, summary, switch, tasks
from ..edge.extensions import csrf


def init_app(app) -> None:
    switch.init_app(app)
    drawn_fields.init_app(app)
    choose.init_app(app)
    app.register_blueprint(api.bp)
    csrf.exempt(api.bp)  # a JSON API for programs, which send no form token
    for pages in (interview, downloads, printview, summary):
        app.register_blueprint(pages.bp)
    sending.init_app(app)
    mail.init_app(app)
    app.register_blueprint(costs.bp)
    app.register_blueprint(tasks.bp)
