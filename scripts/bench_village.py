"""What a village keeps, row by row, for scripts/bench_stored.py's fill: an interview (started, and
finished or not), an application with its referral, decision and paper trail, and mail never delivered;
each written through the project's storage API (`InterviewStore.save`, `OfficeRecords`)."""
from __future__ import annotations

from datetime import datetime, timedelta

from bench_stored import ANSWERS, CLERK, PLACE

# Interviews not sent are deleted after 90 days unchanged (wizard/store/retention.py): those kept were started
# within them; the outcomes of those finished, most of them needing a permit.
KEPT_DAYS = 90
OUTCOMES = ("required", "required", "not_required", "uncertain", "required", "exempt", "not_required")


def interview(store, records, n: int, started: datetime, place: str) -> None:
    """The n-th interview, started at `started`; one in three answered to its last page that day, its
    outcome recorded as the interview records it (the Board's "finished, by month and outcome")."""
    from wizard.interview.flow import Interview
    from wizard.store.interviews import new_interview_id

    at = started.isoformat(timespec="seconds")
    kept = Interview(new_interview_id(), dict(ANSWERS, jurisdiction=place, event_name=f"Fair {n}"), [], at, at)
    store.save(kept)
    if n % 3 == 0:
        records.counts.record_finish(kept.id, OUTCOMES[n % len(OUTCOMES)], at[:10])


def application(records, columns: set, n: int, received: datetime, now: datetime, trail: set) -> None:
    """One application received at `received`; older than 60 days it is decided (or withdrawn); its paper
    trail (`trail`: the payments' columns this checkout has)."""
    reference, day = f"BAR-{received.year}-{n:05d}", received.date()
    event = day + timedelta(days=40)
    closed = (now - received).days > 60
    status = "received" if not closed else ("denied", "withdrawn", "approved", "approved", "approved")[n % 5]
    at = received.isoformat(timespec="seconds")
    row = dict(reference=reference, interview_id=f"bench-{n:06d}", jurisdiction=PLACE, status=status, version=1,
               received_at=at, updated_at=at, closed_at=at if closed else None, event_name=f"Fair {n}",
               starts_at=f"{event}T12:00", ends_at=f"{event}T20:00", applicant_email="zoe@example.org",
               file_by=str(day + timedelta(days=5)), received_day=str(day), decide_by=str(day + timedelta(days=45)),
               organizer=f"Organizer {n}")
    records.applications.insert_application({k: v for k, v in row.items() if k in columns})
    records.applications.add_version(reference, 1, dict(ANSWERS, event_name=f"Fair {n}"), at)
    records.applications.add_history(reference, "organizer", "Received", "Version 1")
    for subject in (f"Application received: {reference}", f"New application {reference}"):
        records.mail.queue_mail(reference, "zoe@example.org", subject, "text", "<p>text</p>")
    records.review.add_referral(dict(reference=reference, department="Police", recipient="police@example.org",
                                     token_hash=f"bench-{n}", sent_at=at, due_on=str(day + timedelta(days=14)),
                                     expires_at=str(day + timedelta(days=60)), answer="no_objection" if closed else None,
                                     answer_text="", answered_at=at if closed else None))
    if status in ("approved", "denied"):
        took = 5 + n % 36  # from 5 to 40 days: the median's histogram has as many rows a year
        records.review.set_decision(dict(reference=reference, decision=status, decided_on=str(day + timedelta(days=took)),
                                         decided_by=CLERK, version=1, days_to_decide=took, reasons="bench"))
    if trail:
        paper_trail(records, trail, n, reference, status, day, now)


def undelivered(records, store) -> None:
    """Mail never delivered (a server that refuses it): each application's two mails, tried once."""
    with store.backend.transaction():
        for mail in records.mail.unsent_mail([PLACE]):
            records.mail.mail_failed(mail["id"], "SMTPRecipientsRefused", "2999-01-01T00:00:00+00:00")


def paper_trail(records, kept: set, n: int, reference: str, status: str, day, now: datetime) -> None:
    """The paper trail a village keeps for one application: the fee on every application decided or open, a
    deposit and a certificate of insurance for each approved, before its event one or two inspections, the deposit returned
    and the closing after its event; a denial letter, a mistyped payment voided and entered again (one in 20),
    an overpayment refunded (one in 25). `kept`: the trail tables this checkout has (--compare)."""
    event, past = day + timedelta(days=40), (now.date() - (day + timedelta(days=40))).days > 0
    at = f"{day}T10:00:00+00:00"
    if status == "withdrawn":
        return
    fee = pay(records, reference, "fee", 15000 + (2500 if n % 25 == 0 else 0), day, at)
    if n % 25 == 0 and "refunded_cents" in kept:
        records.money.refunded(reference, fee, str(day + timedelta(days=3)), 2500, CLERK)
    if n % 20 == 0 and "voided_at" in kept:
        records.money.void(reference, pay(records, reference, "fee", 1500, day, at), at, CLERK, "typed 15.00")
    if status == "denied":
        records.trail.add_mailed_notice(dict(reference=reference, about="denial", dated=str(day + timedelta(days=12))))
    if status != "approved":  # an open application has paid its fee; the rest comes with the permit
        return
    deposit = pay(records, reference, "deposit", 50000, day, at)
    records.money.add_certificate(dict(reference=reference, coverage="general liability", insurer="Mutual",
                                       limit_cents=100_000_000, starts_on=str(event), ends_on=str(event),
                                       names_insured=1, recorded_by=CLERK, recorded_at=at))
    for k in range(1 + (n % 3 == 0)):  # one in three failed first and was inspected again
        records.trail.add_inspection(dict(reference=reference, scheduled_on=str(event - timedelta(days=2 - k)),
                                          inspector="Fire official", recorded_by=CLERK,
                                          **({"result": ("failed", "passed")[k] if n % 3 == 0 else "passed",
                                              "result_on": str(event - timedelta(days=2 - k))} if past else {})))
    if past and status == "approved":
        records.money.deposit_returned(reference, deposit, str(event + timedelta(days=10)), 50000, "", CLERK)
        records.trail.add_closing(dict(reference=reference, closed_on=str(event + timedelta(days=10)), notes="",
                                       closed_by=CLERK, recorded_at=at))


def pay(records, reference: str, sum_key: str, cents: int, day, at: str) -> int:
    return records.money.add_payment(dict(reference=reference, sum_key=sum_key, amount_cents=cents, method="check",
                                          received_on=str(day), taken_by=CLERK, recorded_at=at))
