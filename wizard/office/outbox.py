"""Mail goes through the outbox table: queued with the change that causes it, sent by `deliver_due`.

When the SMTP server is down or refuses a message for now, the message stays in the outbox and is
tried again later, waiting twice as long each time (1 minute, 2, 4... at most an hour): nothing is
lost, and the office page lists what is still waiting with the last error. A permanent refusal (a
5xx reply: no such mailbox, a message refused) is not tried again: it stays listed, saying so.

A message's Message-ID is made from its outbox row, not drawn at random each attempt: when the
database fails after the SMTP server took a message but before it is marked sent, the message is
sent again with the same Message-ID, and mail clients show the two as one. Each message is marked
"being sent" before the SMTP server hears of it: a server killed mid-send (or whose database failed
before the mark "sent") does not send it again at once, on restart; only once SENDING_BOUND has passed
is it tried again, with that same Message-ID (docs/decisions/0032-mail-marked-being-sent.md). A sender
just started tries at once the mail waiting for a retry (the SMTP server may be back since), and so does
a sender that could not reach the SMTP server once its probe (`server_answers`) finds it answering again:
a mail server restarted alone is noticed within a round of the sender, not after the whole wait. A message that cannot even be
built (a recipient that is not one address, from a row written before addresses were checked where
they enter) is marked failed the same way and never holds back the messages after it.
"""
from __future__ import annotations

import hashlib
import smtplib
import socket
import ssl
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from email.utils import format_datetime

from ..kinds import NotAnEmail, email_address

from .mailing import Mail
from .records import OfficeRecords

FIRST_WAIT = 60  # seconds before the first retry
LONGEST_WAIT = 3600
NEVER = "9999-12-31T00:00:00+00:00"  # the next try of a message refused for good
# Errors of a server that is not there (down, restarting, unreachable), not of one that answers and
# refuses (a TLS or sign-in failure would fail again however soon it is tried: those wait their turn).
NOT_REACHED = (ConnectionError, TimeoutError, socket.gaierror, smtplib.SMTPServerDisconnected)
PROBE_SECONDS = 5  # at most this long to ask whether an SMTP server that could not be reached answers again
# Longer than a live sender can spend on one message (a few SMTP replies of at most `timeout` each), so a
# message tried again after it is one whose sender died, or whose "sent" mark the database never took.
SENDING_BOUND = 600


@dataclass(frozen=True)
class SmtpSettings:
    host: str
    port: int
    sender: str
    user: str | None = None
    password: str | None = None
    timeout: float = 10


def parse_host_port(value: str) -> tuple[str, int]:
    """'mail.example.org:587' -> ('mail.example.org', 587); ValueError with a sentence otherwise."""
    host, _, port = (value or "").rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"--smtp wants HOST:PORT, like mail.example.org:587 (got {value!r})")
    return host.strip("[]"), int(port)


def queue(records: OfficeRecords, mail: Mail) -> None:
    records.mail.queue_mail(mail.reference, mail.recipient, mail.subject, mail.text, mail.html, mail.attachment,
                            forget_when_sent=mail.private)


def backoff(attempts: int) -> int:
    """Seconds to wait after the `attempts`-th failure (1, 2, 3...)."""
    return min(FIRST_WAIT * 2 ** (attempts - 1), LONGEST_WAIT)


class Unbuildable(ValueError):
    """A queued row that makes no message: sending it again would fail the same way."""


def message(row: dict, sender: str) -> EmailMessage:
    """The message of an outbox row, to its one recipient; Unbuildable when it cannot be one."""
    try:
        recipient = email_address(row["recipient"])
    except NotAnEmail:
        raise Unbuildable("the recipient is not one email address") from None
    try:
        return _built(row, sender, recipient)
    except (ValueError, TypeError) as error:  # the email package refuses a header (a line break...)
        raise Unbuildable(f"{type(error).__name__} from the email package") from error


def _built(row: dict, sender: str, recipient: str) -> EmailMessage:
    mail = EmailMessage()
    mail["From"] = sender
    mail["To"] = recipient
    mail["Subject"] = row["subject"]
    # Servers and filters mark mail without these as spam, and threads of replies need the id.
    mail["Date"] = format_datetime(datetime.now(timezone.utc))
    mail["Message-ID"] = message_id(row, sender)
    mail.set_content(row["text_body"])
    mail.add_alternative(row["html_body"], subtype="html")
    if row.get("attachment"):
        mail.add_attachment(bytes(row["attachment"]), maintype="application", subtype="pdf",
                            filename=row["attachment_name"])
    return mail


def message_id(row: dict, sender: str) -> str:
    """The same for every attempt at one outbox row: its id, and a hash of what it says and to whom (so
    that two databases' rows of the same id, after `wizard db copy`, are not taken for one message).
    The sender's domain, as make_msgid would use without asking DNS for this host's name."""
    said = hashlib.sha256("\n".join((row["recipient"], row["subject"], row["text_body"])).encode()).hexdigest()
    return f"<outbox.{row['id']}.{said[:20]}@{sender.rpartition('@')[2] or 'localhost'}>"


def refused_for_good(error: Exception) -> bool:
    """A 5xx reply to the message or its recipient: sending it again would be refused again."""
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        return all(500 <= code < 600 for code, _ in error.recipients.values())
    code = getattr(error, "smtp_code", None)
    return isinstance(error, (smtplib.SMTPDataError, smtplib.SMTPSenderRefused)) and isinstance(code, int) \
        and 500 <= code < 600


def _open(settings: SmtpSettings) -> smtplib.SMTP:
    smtp = smtplib.SMTP(settings.host, settings.port, timeout=settings.timeout)
    smtp.ehlo()
    if smtp.has_extn("starttls"):
        smtp.starttls(context=ssl.create_default_context())
        smtp.ehlo()
    if settings.user:
        smtp.login(settings.user, settings.password or "")
    return smtp


@dataclass(frozen=True)
class Round:
    """What one round of sending did: how many messages went, and whether the SMTP server could not be
    reached (refused the connection, went away mid-round, did not answer in time)."""
    sent: int
    unreachable: bool = False


def deliver_due(records: OfficeRecords, settings: SmtpSettings, now: datetime | None = None,
                starting: bool = False) -> int:
    """Send what is due (`starting`: and what waits for a retry); how many went. A failure is recorded
    with its error type and tried later."""
    return deliver_round(records, settings, now, starting).sent


def deliver_round(records: OfficeRecords, settings: SmtpSettings, now: datetime | None = None,
                  starting: bool = False) -> Round:
    """`deliver_due`, saying also whether the SMTP server could not be reached (the sender then probes it)."""
    now = now or datetime.now(timezone.utc)
    waiting_until = (now + timedelta(seconds=LONGEST_WAIT + 1)).isoformat(timespec="seconds") if starting else None
    due = records.mail.mail_due(now.isoformat(timespec="seconds"), waiting_until=waiting_until)
    if not due:
        return Round(0)
    sent = 0
    try:
        smtp = _open(settings)
    except (OSError, smtplib.SMTPException, ssl.SSLError) as error:
        for row in due:
            _failed(records, row, error, now)
        return Round(0, unreachable=isinstance(error, NOT_REACHED))
    retry_at = (now + timedelta(seconds=SENDING_BOUND)).isoformat(timespec="seconds")
    with smtp:
        for row in due:
            try:
                mail = message(row, settings.sender)
                records.mail.mail_being_sent(row["id"], retry_at)
                # The envelope names the one checked recipient, never what a header may list.
                smtp.send_message(mail, from_addr=settings.sender, to_addrs=[str(mail["To"])])
            except Exception as error:  # noqa: BLE001 - whatever one message does, the next is still sent
                _failed(records, row, error, now)
                if isinstance(error, (smtplib.SMTPServerDisconnected, socket.timeout)):
                    return Round(sent, unreachable=True)
            else:
                records.mail.mail_sent(row["id"])
                sent += 1
    return Round(sent)


def server_answers(settings: SmtpSettings) -> bool:
    """The SMTP server takes a connection and greets: asked of a server that could not be reached, so
    that the mail waiting for it goes as soon as it is back (a few seconds at most, nothing sent)."""
    try:
        with smtplib.SMTP(settings.host, settings.port, timeout=min(settings.timeout, PROBE_SECONDS)) as smtp:
            return smtp.noop()[0] == 250
    except (OSError, smtplib.SMTPException):
        return False


def _failed(records: OfficeRecords, row: dict, error: Exception, now: datetime) -> None:
    # The error's type and code only: an SMTP reply may quote the address. Our own reason for a
    # message that could not be built names no address.
    code = getattr(error, "smtp_code", None)
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        code = next(iter(error.recipients.values()), (None,))[0]
    words = f"{type(error).__name__}{f' {code}' if code else ''}"
    if isinstance(error, Unbuildable):
        words = f"Unbuildable: {error}"[:200]
    if refused_for_good(error):  # the clerk sees it listed, with why, and it is not tried again
        records.mail.mail_failed(row["id"], f"{words}: refused by the mail server for good, not tried again", NEVER)
        return
    retry = now + timedelta(seconds=backoff(row["attempts"] + 1))
    records.mail.mail_failed(row["id"], words, retry.isoformat(timespec="seconds"))
