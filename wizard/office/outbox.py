"""Mail goes through the outbox table: queued with the change that causes it, sent by `deliver_due`.

When the SMTP server is down or refuses a message, the message stays in the outbox and is tried
again later, waiting twice as long each time (1 minute, 2, 4... at most an hour): nothing is lost,
and the office page lists what is still waiting with the last error. A message that cannot even be
built (a recipient that is not one address, from a row written before addresses were checked where
they enter) is marked failed the same way and never holds back the messages after it.
"""
from __future__ import annotations

import smtplib
import socket
import ssl
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid

from ..kinds import NotAnEmail, email_address

from .mailing import Mail
from .records import OfficeRecords

FIRST_WAIT = 60  # seconds before the first retry
LONGEST_WAIT = 3600


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
    # The sender's domain: without one make_msgid asks DNS for this host's name, which may hang.
    mail["Message-ID"] = make_msgid(domain=sender.rpartition("@")[2] or "localhost")
    mail.set_content(row["text_body"])
    mail.add_alternative(row["html_body"], subtype="html")
    if row.get("attachment"):
        mail.add_attachment(bytes(row["attachment"]), maintype="application", subtype="pdf",
                            filename=row["attachment_name"])
    return mail


def _open(settings: SmtpSettings) -> smtplib.SMTP:
    smtp = smtplib.SMTP(settings.host, settings.port, timeout=settings.timeout)
    smtp.ehlo()
    if smtp.has_extn("starttls"):
        smtp.starttls(context=ssl.create_default_context())
        smtp.ehlo()
    if settings.user:
        smtp.login(settings.user, settings.password or "")
    return smtp


def deliver_due(records: OfficeRecords, settings: SmtpSettings, now: datetime | None = None) -> int:
    """Send what is due; how many went. A failure is recorded with its error type and tried later."""
    now = now or datetime.now(timezone.utc)
    due = records.mail.mail_due(now.isoformat(timespec="seconds"))
    if not due:
        return 0
    sent = 0
    try:
        smtp = _open(settings)
    except (OSError, smtplib.SMTPException, ssl.SSLError) as error:
        for row in due:
            _failed(records, row, error, now)
        return 0
    with smtp:
        for row in due:
            try:
                mail = message(row, settings.sender)
                # The envelope names the one checked recipient, never what a header may list.
                smtp.send_message(mail, from_addr=settings.sender, to_addrs=[str(mail["To"])])
            except Exception as error:  # noqa: BLE001 - whatever one message does, the next is still sent
                _failed(records, row, error, now)
                if isinstance(error, (smtplib.SMTPServerDisconnected, socket.timeout)):
                    break
            else:
                records.mail.mail_sent(row["id"])
                sent += 1
    return sent


def _failed(records: OfficeRecords, row: dict, error: Exception, now: datetime) -> None:
    # The error's type and code only: an SMTP reply may quote the address. Our own reason for a
    # message that could not be built names no address.
    code = getattr(error, "smtp_code", None)
    words = f"{type(error).__name__}{f' {code}' if code else ''}"
    if isinstance(error, Unbuildable):
        words = f"Unbuildable: {error}"[:200]
    retry = now + timedelta(seconds=backoff(row["attempts"] + 1))
    records.mail.mail_failed(row["id"], words, retry.isoformat(timespec="seconds"))
