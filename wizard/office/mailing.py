"""The office's emails, in plain text and HTML, with no more personal detail than the reader needs.

The clerk's notice names the reference, the event, its dates and the decision deadline; the
organizer's receipt the reference and the status link; a clerk's message its text. Links are
absolute when the site's public address is known, else the path with a note to open it on the site.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from html import escape

from ..readable import long_date, when


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
    html = ("<!doctype html><html lang=\"en\"><body>"
            + "".join(f"<p>{escape(p)}</p>" for p in paragraphs)
            + f"<p><a href=\"{escape(url)}\">{escape(url)}</a></p></body></html>")
    return Mail(reference, recipient, subject, text, html, attachment=attachment)


def dates_text(starts_at: str | None, ends_at: str | None) -> str:
    if not starts_at:
        return "dates not given"
    return f"{when(starts_at)} to {when(ends_at)}" if ends_at else when(starts_at)


def clerk_notice(recipient: str, application: dict, due: date | None, decision_citation: str,
                 office_path: str, base_url: str | None, jurisdiction_name: str) -> Mail:
    reference = application["reference"]
    new = application["version"] == 1
    lines = [
        (f"A new application arrived for {jurisdiction_name}: {reference}." if new else
         f"Application {reference} was sent again (version {application['version']})."),
        f"Event: {application['event_name'] or 'not named'}, {dates_text(application['starts_at'], application['ends_at'])}.",
        (f"Decision due by {long_date(due)} ({decision_citation})." if due else
         f"The ordinance sets no decision period ({decision_citation})."),
        "Open it in the office inbox (sign in first):",
    ]
    return paragraph_mail(reference, recipient, f"{'New application' if new else 'New version'} {reference}", lines,
                 link(base_url, office_path))


def organizer_receipt(recipient: str, reference: str, version: int, office_name: str, status_path: str,
                      base_url: str | None) -> Mail:
    lines = [
        f"{office_name[:1].upper()}{office_name[1:]} received your application. Its reference is {reference}"
        + (f" (version {version})." if version > 1 else "."),
        "Keep this reference. The status of your application, and any message from the office, are on this page "
        "(it is your private link: do not share it):",
    ]
    return paragraph_mail(reference, recipient, f"Application received: {reference}", lines, link(base_url, status_path))


def organizer_message(recipient: str, reference: str, message: str, office_name: str, status_path: str,
                      base_url: str | None) -> Mail:
    lines = [f"A message from {office_name} about your application {reference}:", message,
             "Answer or send a document on your application's page:"]
    return paragraph_mail(reference, recipient, f"About your application {reference}", lines, link(base_url, status_path))


def status_notice(recipient: str, reference: str, status_label: str, status_path: str,
                  base_url: str | None) -> Mail:
    lines = [f"The status of your application {reference} is now: {status_label}.", "See your application's page:"]
    return paragraph_mail(reference, recipient, f"{reference}: {status_label}", lines, link(base_url, status_path))


def clerk_upload_notice(recipient: str, reference: str, office_path: str, base_url: str | None) -> Mail:
    lines = [f"The organizer of application {reference} sent a new document.", "Open the application (sign in first):"]
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


# The organizer's own mail (issue 23, item 10): the interview's private link, and the plan's reminders.
# Each carries the private link, so it is marked private (deleted from the outbox once sent), and
# each says why it came, for an address someone else typed.

NOT_YOU = ("You get this email because this address was typed on the permit wizard. If that was not you, "
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
                "<!doctype html><html lang=\"en\"><body>" + "".join(html) + "</body></html>", private=True)


def own_link_mail(recipient: str, link_url: str, event: str, place: str, keep_days: float) -> Mail:
    return _linked_mail(recipient, f"Your link to the answers for {event}", [
        f"Here is the link to your permit answers for {event} in {place}, as you asked.",
        ("Open it on any device to come back to your answers:", link_url),
        "Keep it private: anyone with it can see and change your answers. "
        f"We keep your answers for {keep_days:g} days after you last change them.",
        NOT_YOU + " We did not keep your address."])


def reminders_confirmation(recipient: str, reminders: list[dict], link_url: str, stop_url: str) -> Mail:
    days = "; ".join(f"{long_date(date.fromisoformat(r['remind_on']))} ({r['title'].lower()})" for r in reminders)
    return _linked_mail(recipient, "Your permit reminders are set", [
        f"You asked for email reminders of your plan's deadlines. We will write on: {days}.",
        ("Your plan and answers:", link_url),
        ("To stop the reminders, open this page and press \"Stop the reminders\":", stop_url),
        NOT_YOU])


def reminder_mail(rows: list[dict], today: date) -> Mail:
    """One mail for the reminders of one interview due the same day: each deadline a line, soonest
    first (issue 35, item 7: two reminders on one day were two mails)."""
    rows = sorted(rows, key=lambda r: r["day"])
    lines = []
    for row in rows:
        day = date.fromisoformat(row["day"])
        left = (day - today).days
        when_text = "today" if left <= 0 else "tomorrow" if left == 1 else f"in {left} days"
        lines.append(f"{row['title']}: {long_date(day)}, {when_text} ({row['citation']}).")
    first = rows[0]
    subject = (f"Reminder: {first['title']}, {long_date(date.fromisoformat(first['day']))}" if len(rows) == 1
               else f"Reminder: {len(rows)} deadlines, the first {long_date(date.fromisoformat(first['day']))}")
    return _linked_mail(first["recipient"], subject, [
        *lines,
        ("Your plan and answers:", first["link"]),
        ("To stop these reminders, open this page and press \"Stop the reminders\":", first["stop_link"]),
        NOT_YOU])
