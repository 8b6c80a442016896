"""Email me a link, and reminders by email (docs/decisions/0015-no-dead-ends-for-the-organizer.md), on the result
page's "Come back to these answers later" box, through the office's outbox and SMTP server
(wizard/web/jobs/mailer.py).

Offered only where an email can hold a working link: mail is set up (`--smtp`) and the site knows
its public address (`--public-url`); otherwise the box says the site sends no email. Never on a
kiosk screen (a stranger's address must not stay on a shared screen; kiosk.NOT_ON_SCREEN). At most
ORGANIZER_MAILS_PER_HOUR requests per client and per interview (limits.py).

What is kept: the link's email sits in the outbox until it is sent, then is deleted; a reminder
keeps the address until it is sent, the organizer stops them, or the interview is deleted.
"""
from __future__ import annotations

from datetime import date

from flask import Blueprint, current_app, flash, redirect, request, url_for

from ...office.mailing import link, own_link_mail, reminders_confirmation
from ...office.reminders import planned_reminders
from ...kinds import NotAnEmail, email_address
from ...kinds.email import EXAMPLE
from ...language import current
from ...readable import clean_text, long_date
from ...language import N_, gettext as _
from ...interview.timeline import Timeline, build_timeline
from ..edge import limits
from ..edge.opening import load_interview
from .interview import current_flow
from ..edge.state import today
from ..jobs.mailer import mail_on, send_mail
from ..edge.pages import render_page
from ..edge.state import office_records, rulebook

bp = Blueprint("organizer_mail", __name__)
# The privacy promise under the box: kept for the catalog, said in the reader's language when shown.
KEPT = N_("We use your address only for this. We delete the link's email once it is sent. We delete each "
        "reminder when it is sent, when you stop them, or with your answers.")


def by_email_on() -> bool:
    return mail_on() and bool(current_app.config.get("PUBLIC_URL"))


def mail_offer(interview_id: str, timeline: Timeline | None) -> dict:
    """For the save-link box: whether email is offered, the reminders it could set and those set."""
    return {"on": by_email_on(), "can_remind": bool(timeline and planned_reminders(timeline)),
            "set": office_records().mail.reminders_of(interview_id), "kept": _(KEPT)}


def posted_address() -> tuple[str | None, str | None]:
    """The typed address, or a message saying what is wrong with it."""
    address = (request.form.get("email") or "").strip()
    if not address:
        return None, _("Enter your email address, like %(example)s.", example=EXAMPLE)
    try:
        return email_address(address), None
    except NotAnEmail as error:
        return None, str(error)


def back_to_box(interview_id: str):
    """The page the box was on: the result, or the task list
    (docs/decisions/0015-no-dead-ends-for-the-organizer.md)."""
    page = "tasks.task_list" if request.form.get("back") == "tasks" else "interview.result"
    return redirect(url_for(page, interview_id=interview_id) + "#save-link-title", code=303)


@bp.post("/i/<interview_id>/by-email")
def by_email(interview_id: str):
    interview = load_interview(interview_id)
    address, problem = posted_address()
    if not by_email_on():
        flash(_("This site does not send email. Copy the link instead."), "danger")
    elif problem:
        flash(problem, "danger")
    elif not limits.allow_organizer_mail(interview.id):
        flash(_("We have sent as many emails for these answers as we allow in an hour. Copy the link for now, "
                "or try again in an hour."), "danger")
    elif request.form.get("send") == "reminders":
        ask_reminders(interview, address)
    else:
        send_own_link(interview, address)
    return back_to_box(interview.id)


def full(path: str) -> str:
    return link(current_app.config.get("PUBLIC_URL"), path)


def send_own_link(interview, address: str) -> None:
    j = rulebook().get(interview.jurisdiction or "")
    event = clean_text(interview.answers.get("event_name") or "") or "your event"
    send_mail(own_link_mail(address, full(url_for("interview.resume", interview_id=interview.id)), event,
                            j.name if j else "your town", current_app.config["RETENTION_DAYS"]))
    flash(_("We sent the link to %(address)s. It should arrive in a few minutes; if not, look in your spam folder.",
            address=address), "success")


def ask_reminders(interview, address: str) -> None:
    j, state = current_flow(interview)
    timeline = None if j is None or state.next_step is not None else build_plan(j, state)
    planned = planned_reminders(timeline) if timeline else []
    if not planned:
        flash(_("Your plan has no deadline still to come, so there is nothing to remind you of."), "danger")
        return
    result = full(url_for("interview.result", interview_id=interview.id))
    stop = full(url_for(".reminders", interview_id=interview.id))
    office_records().mail.set_reminders(interview.id, [{**r, "recipient": address, "link": result, "stop_link": stop,
                                                        "language": current()} for r in planned])
    send_mail(reminders_confirmation(address, planned, result, stop))
    days = ", ".join(long_date(date.fromisoformat(r["remind_on"])) for r in planned)
    flash(_("Reminders set. We will email %(address)s on %(days)s. Each email says how to stop them.", address=address,
            days=days), "success")


def build_plan(j, state) -> Timeline:
    """The result page's own plan, for the same day."""
    return build_timeline(state.assessment, state.answers, j.license_word, today(j))


@bp.get("/i/<interview_id>/reminders")
def reminders(interview_id: str):
    """Where a reminder's "stop" link leads: the reminders set, and a button to stop them."""
    interview = load_interview(interview_id)
    return render_page("reminders.html", interview=interview,
                       reminders=office_records().mail.reminders_of(interview.id))


@bp.post("/i/<interview_id>/reminders/stop")
def stop_reminders(interview_id: str):
    interview = load_interview(interview_id)
    stopped = office_records().mail.stop_reminders(interview.id)
    flash(_("Reminders stopped. We deleted your email address.") if stopped else _("No reminders were set."), "success")
    return redirect(url_for(".reminders", interview_id=interview.id), code=303)


def init_app(app) -> None:
    app.register_blueprint(bp)
    app.add_template_global(mail_offer)
