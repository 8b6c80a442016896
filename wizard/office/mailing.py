"""The office's emails, in plain text and HTML, with no more personal detail than the reader needs.

The clerk's notice names the reference, the event, its dates and the decision deadline; the
organizer's receipt the reference and the status link; a clerk's message its text. Links are
absolute when the site's public address is known, else the path with a note to open it on the site.

The clerk's mails are in English, the office's language; the organizer's own mails in the organizer's language
(docs/decisions/0002-spanish-beside-the-law.md): kept with the application or the reminders and passed as
`language=`, else the one in force. A clerk's message is sent as the clerk wrote it.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from functools import wraps
from html import escape
from typing import Callable

from ..language import LANGUAGES, N_, OFFICE_LANGUAGE, current, gettext as _, speaking
from ..readable import long_date, when

# The organizer's language as the office names it ("Organizer reads: Spanish").
LANGUAGE_NAMES = {"en": "English", "es": "Spanish"}


def reads(language: str | None) -> str:
    """The language an organizer reads, named for the office: English for older applications."""
    return LANGUAGE_NAMES[language if language in LANGUAGES else OFFICE_LANGUAGE]


def for_the_office(build: Callable[..., "Mail"]) -> Callable[..., "Mail"]:
    """A clerk's mail is in English even when an organizer's request in Spanish sends it."""
    @wraps(build)
    def written(*args, **kwargs):
        with speaking(OFFICE_LANGUAGE):
            return build(*args, **kwargs)
    return written


def for_the_organizer(build: Callable[..., "Mail"]) -> Callable[..., "Mail"]:
    """An organizer's mail in their language: `language=` (kept with the application or reminder),
    else the one in force (their own request)."""
    @wraps(build)
    def written(*args, language: str | None = None, **kwargs):
        with speaking(language or current()):
            return build(*args, **kwargs)
    return written


@dataclass(frozen=True)
class Mail:
    reference: str  # the application it is about: the office lists unsent mail by place
    recipient: str
    subject: str
    text: str
    html: str
    private: bool = False  # it carries an interview's private link: the outbox deletes it once sent
    attachment: tuple[str, bytes] | None = None  # (file name, PDF bytes): the permit with a decision


def link(base_url: str | None, path: str) -> str:
    return f"{base_url.rstrip('/')}{path}" if base_url else path


def paragraph_mail(reference: str, recipient: str, subject: str, paragraphs: list[str], url: str,
                   attachment: tuple[str, bytes] | None = None) -> Mail:
    """The office's mail about an application: its paragraphs, then the one link to act on."""
    text = "\n\n".join(paragraphs + [url]) + "\n"
    html = (f"<!doctype html><html lang=\"{current()}\"><body>"
            + "".join(f"<p>{escape(p)}</p>" for p in paragraphs)
            + f"<p><a href=\"{escape(url)}\">{escape(url)}</a></p></body></html>")
    return Mail(reference, recipient, subject, text, html, attachment=attachment)


def dates_text(starts_at: str | None, ends_at: str | None) -> str:
    if not starts_at:
        return "dates not given"
    return f"{when(starts_at)} to {when(ends_at)}" if ends_at else when(starts_at)


@for_the_office
def clerk_notice(recipient: str, application: dict, due: date | None, decision_citation: str,
                 office_path: str, base_url: str | None, jurisdiction_name: str,
                 deemed_granted: str | None = None) -> Mail:
    """`deemed_granted`: the section that deems the application granted if the period runs out undecided."""
    reference = application["reference"]
    new = application["version"] == 1
    lines = [
        (f"A new application arrived for {jurisdiction_name}: {reference}." if new else
         f"Application {reference} was sent again (version {application['version']})."),
        f"Event: {application['event_name'] or 'not named'}, {dates_text(application['starts_at'], application['ends_at'])}.",
        (f"Decision due by {long_date(due)} ({decision_citation})." if due else
         f"The ordinance sets no decision period ({decision_citation})."),
        *([f"Without a decision by then, the application is deemed granted ({deemed_granted})."]
          if due and deemed_granted else []),
        f"Organizer reads: {reads(application.get('language'))}.",
        "Open it in the office inbox (sign in first):",
    ]
    return paragraph_mail(reference, recipient, f"{'New application' if new else 'New version'} {reference}", lines,
                 link(base_url, office_path))


def office_wrote(*texts: str) -> list[str]:
    """The line a reader of another language gets before words a clerk typed, which go as written, in the
    office's English (none when there are no such words, or the reader reads English)."""
    if current() == OFFICE_LANGUAGE or not any(texts):
        return []
    return [_("Written by the office, in English: these are the office's own words, not the ordinance's.")]


@for_the_organizer
def organizer_receipt(recipient: str, reference: str, version: int, office_name: str, status_path: str,
                      base_url: str | None) -> Mail:
    office = f"{office_name[:1].upper()}{office_name[1:]}"
    lines = [
        (_("%(office)s received your application. Its reference is %(reference)s (version %(version)s).",
           office=office, reference=reference, version=version) if version > 1 else
         _("%(office)s received your application. Its reference is %(reference)s.", office=office, reference=reference)),
        _("Keep this reference. The status of your application, and any message from the office, are on this page "
          "(it is your private link: do not share it):"),
    ]
    return paragraph_mail(reference, recipient, _("Application received: %(reference)s", reference=reference), lines,
                          link(base_url, status_path))


@for_the_organizer
def organizer_message(recipient: str, reference: str, message: str, office_name: str, status_path: str,
                      base_url: str | None) -> Mail:
    """The clerk's message as written, between the organizer's own words around it."""
    lines = [_("A message from %(office)s about your application %(reference)s:", office=office_name,
               reference=reference), *office_wrote(message), message,
             _("Answer or send a document on your application's page:")]
    return paragraph_mail(reference, recipient, _("About your application %(reference)s", reference=reference), lines,
                          link(base_url, status_path))


@for_the_organizer
def status_notice(recipient: str, reference: str, status_label: str, status_path: str,
                  base_url: str | None) -> Mail:
    """`status_label`: the office's English word (applications.STATUSES), said in the organizer's language."""
    status = _(status_label)
    lines = [_("The status of your application %(reference)s is now: %(status)s.", reference=reference, status=status),
             _("See your application's page:")]
    return paragraph_mail(reference, recipient, f"{reference}: {status}", lines, link(base_url, status_path))


@for_the_office
def clerk_upload_notice(recipient: str, reference: str, office_path: str, base_url: str | None,
                        language: str | None = None) -> Mail:
    lines = [f"The organizer of application {reference} sent a new document.", f"Organizer reads: {reads(language)}.",
             "Open the application (sign in first):"]
    return paragraph_mail(reference, recipient, f"New document for {reference}", lines, link(base_url, office_path))


def clerk_answer_notice(recipient: str, reference: str, department: str, answered: str, text: str,
                        office_path: str, base_url: str | None) -> Mail:
    """A department answered a referral (or answered again: the new answer replaces the one before)."""
    lines = [f"The {department} answered the referral of application {reference}: {answered}."]
    lines += [text] if text else []
    lines.append("Open the application (sign in first):")
    return paragraph_mail(reference, recipient, f"{department} answered: {reference}", lines, link(base_url, office_path))


def clerk_late_note_notice(recipient: str, reference: str, department: str, decided_on: str, text: str,
                           office_path: str, base_url: str | None) -> Mail:
    """A department wrote after the decision: its answer stays as recorded, its note is in the history."""
    lines = [f"The {department} sent a note about application {reference} after the decision of "
             f"{long_date(decided_on)}. Its recorded answer is unchanged; the note is in the application's history:",
             text, "Open the application (sign in first):"]
    return paragraph_mail(reference, recipient, f"Late note from the {department}: {reference}", lines,
                 link(base_url, office_path))


# The organizer's own mail (docs/decisions/0015-no-dead-ends-for-the-organizer.md):
# the interview's private link, and the plan's reminders.
# Each carries the private link, so it is marked private (deleted from the outbox once sent), and
# each says why it came, for an address someone else typed.

NOT_YOU = N_("You get this email because this address was typed on the permit wizard. If that was not you, "
             "ignore this email.")


def _linked_mail(recipient: str, subject: str, parts: list[str | tuple[str, str]]) -> Mail:
    """A mail of paragraphs and links, each link given as (words before it, address)."""
    text, html = [], []
    for part in parts:
        if isinstance(part, tuple):
            words, url = part
            text.append(f"{words}\n{url}")
            html.append(f"<p>{escape(words)}<br><a href=\"{escape(url)}\">{escape(url)}</a></p>")
        else:
            text.append(part)
            html.append(f"<p>{escape(part)}</p>")
    return Mail("", recipient, subject, "\n\n".join(text) + "\n",
                f"<!doctype html><html lang=\"{current()}\"><body>" + "".join(html) + "</body></html>", private=True)


@for_the_organizer
def own_link_mail(recipient: str, link_url: str, event: str, place: str, keep_days: float) -> Mail:
    return _linked_mail(recipient, _("Your link to the answers for %(event)s", event=event), [
        _("Here is the link to your permit answers for %(event)s in %(place)s, as you asked.", event=event, place=place),
        (_("Open it on any device to come back to your answers:"), link_url),
        _("Keep it private: anyone with it can see and change your answers. "
          "We keep your answers for %(days)s days after you last change them.", days=f"{keep_days:g}"),
        _(NOT_YOU) + _(" We did not keep your address.")])


@for_the_organizer
def reminders_confirmation(recipient: str, reminders: list[dict], link_url: str, stop_url: str) -> Mail:
    days = "; ".join(f"{long_date(date.fromisoformat(r['remind_on']))} ({r['title'].lower()})" for r in reminders)
    return _linked_mail(recipient, _("Your permit reminders are set"), [
        _("You asked for email reminders of your plan's deadlines. We will write on: %(days)s.", days=days),
        (_("Your plan and answers:"), link_url),
        (_("To stop the reminders, open this page and press \"Stop the reminders\":"), stop_url),
        _(NOT_YOU)])


def reminder_mail(rows: list[dict], today: date) -> Mail:
    """The reminders of one interview due together, in the language they were asked for in."""
    with speaking(rows[0].get("language") or OFFICE_LANGUAGE):
        return _reminder_mail(rows, today)


def _reminder_mail(rows: list[dict], today: date) -> Mail:
    """One mail for the reminders of one interview due the same day: each deadline a line, soonest
    first (two reminders on one day were two mails, one too many in an organizer's inbox)."""
    rows = sorted(rows, key=lambda r: r["day"])
    lines = []
    for row in rows:
        day = date.fromisoformat(row["day"])
        left = (day - today).days
        when_text = _("today") if left <= 0 else _("tomorrow") if left == 1 else _("in %(days)s days", days=left)
        lines.append(f"{row['title']}: {long_date(day)}, {when_text} ({row['citation']}).")
    first = rows[0]
    first_day = long_date(date.fromisoformat(first["day"]))
    subject = (_("Reminder: %(what)s, %(day)s", what=first["title"], day=first_day) if len(rows) == 1
               else _("Reminder: %(count)s deadlines, the first %(day)s", count=len(rows), day=first_day))
    return _linked_mail(first["recipient"], subject, [
        *lines,
        (_("Your plan and answers:"), first["link"]),
        (_("To stop these reminders, open this page and press \"Stop the reminders\":"), first["stop_link"]),
        _(NOT_YOU)])
