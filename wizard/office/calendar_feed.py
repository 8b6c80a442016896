"""The office's private calendar feed (docs/decisions/0019-the-office-reviews-from-the-rule-file.md): each
application's event, its decision deadline and its referrals' answer deadlines, each entry named by the reference.

It holds what is current (docs/decisions/0009-counts-from-totals-kept-by-triggers.md): the open applications and
those whose event is within the last `FEED_PAST_DAYS` days or ahead, never every application kept for years; and a
calendar program that polls it is answered 304 when nothing changed (`feed_version`), without the feed being made. A
suspension, revocation or reinstatement, or an inspection scheduled or its result, changes the version too
(docs/decisions/0014-the-office-paper-trail.md: the revoked event is CANCELLED, the suspended TENTATIVE, inspections
ahead are entries; those with a result are named in the event's entry: docs/decisions/0030-trail-sums-and-feed-kept.md).

The event is in floating local time as the organizer gave it; deadlines are all-day entries.
Nothing more personal than the reference and the event's name goes into an entry, since a
calendar program may sync the feed to other devices.
"""
from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from datetime import date, datetime, timedelta, timezone

from icalendar import Calendar, Event, vText

from ..packet.calendar import refuse_injected_lines
from ..readable import clean_text, parse_moment
from ..rules.rulebook import RuleBook
from .applications import CLOSED, STATUSES, decision_due

PRODID = "-//Mass Gathering Permit Wizard//Office calendar//EN"
FEED_PAST_DAYS = 60  # an event that ended this many days ago still shows; older ones of closed applications go


def feed_since(now: datetime) -> str:
    """The first day whose events the feed still holds (closed applications only: open ones always show)."""
    return (now.date() - timedelta(days=FEED_PAST_DAYS)).isoformat()


def feed_version(changes: dict, places: list[str], book: RuleBook, now: datetime) -> tuple[str, datetime]:
    """The feed's ETag and Last-Modified, from what the feed is made of: the stored rows' counts and
    latest changes, the places' names and decision periods, and the day (the window moves daily)."""
    rules = [(jid, j.name, j.decision_within_days, j.decision_citation, str(j.zone))
             for jid in places if (j := book.get(jid)) is not None]
    key = json.dumps([PRODID, feed_since(now), places, rules, changes], sort_keys=True, default=str)
    stamps = [datetime.fromisoformat(s) for s in (changes.get("changed"), changes.get("sent"), changes.get("answered"),
                                                  changes.get("acted")) if s]
    day_start = datetime.combine(now.date(), datetime.min.time(), tzinfo=timezone.utc)
    latest = max([day_start, *(s if s.tzinfo else s.replace(tzinfo=timezone.utc) for s in stamps)])
    return hashlib.sha256(key.encode()).hexdigest()[:32], latest.replace(microsecond=0)


def _uid(reference: str, what: str) -> str:
    """Stable for the same entry from poll to poll, so a calendar program updates it in place."""
    return f"{reference}.{what}@permit-office"


def _entry(uid: str, start, end, summary: str, description: str, stamp: datetime) -> Event:
    """One entry: only what a clerk reads (the reference and what is due in the summary, a line and
    the application's address in the description) and the fields a calendar program needs; the place
    and its ordinance are named once, in the calendar's description (at 10,000 applications
    of one place the feed holds about 2,000 entries, so every byte of one is 2 KB of the feed). An
    all-day deadline carries no TRANSP: calendar programs show it above the day's hours, not in them."""
    event = Event()
    event.add("uid", uid)
    event.add("dtstamp", stamp)
    event.add("dtstart", start)
    if end is not None:  # an all-day entry has none: it lasts its one day (RFC 5545, 3.6.1)
        event.add("dtend", end)
        event.add("transp", "TRANSPARENT")  # the clerk is not busy during an organizer's event
    event.add("summary", summary)
    if description:
        event.add("description", description)
    return event


def _day(day: date, uid: str, summary: str, description: str, stamp: datetime) -> Event:
    return _entry(uid, day, None, summary, description, stamp)


def _said(*parts: str) -> str:
    return "\n".join(p for p in parts if p)


def application_entries(row: dict, book: RuleBook, referrals: list[dict], stamp: datetime,
                        action: dict | None = None, address: str = "", place: bool = False,
                        inspected: list[dict] | None = None) -> list[Event]:
    """`action`: the permit's latest suspension, reinstatement or revocation: a revoked
    permit's event is CANCELLED, with no deadline left beside it, a suspended one's TENTATIVE, each saying so in
    its summary. `address`:
    where the application's page is (each entry's description ends with it); `place`: name the place in
    the event's description (a feed of several places); `inspected`: inspections with their result,
    named in the event's description rather than each an entry of its own."""
    reference = row["reference"]
    name = clean_text(row.get("event_name") or "") or "Event not named"
    j = book.get(row["jurisdiction"])
    status = STATUSES.get(row["status"], row["status"])
    link = f"{address}{reference}" if address else ""
    entries = []
    if row.get("starts_at") and row.get("ends_at"):
        mark = (action or {}).get("action") if row["status"] == "approved" else None
        said = {"revoked": "Cancelled, permit revoked: ", "suspended": "Permit suspended: "}.get(mark, "")
        where = f"{j.name if j else row['jurisdiction']}. " if place else ""
        event = _entry(_uid(reference, "event"), parse_moment(row["starts_at"]), parse_moment(row["ends_at"]),
                       f"{said}{reference}: {name}",
                       _said(f"{where}{status}." + (f" {said.rstrip(': ')} on {action['acted_on']}." if said else ""),
                             _inspected(inspected or []), link), stamp)
        if mark in ("revoked", "suspended"):
            event.add("status", "CANCELLED" if mark == "revoked" else "TENTATIVE")
        entries.append(event)
        if mark == "revoked":  # a cancelled event has nothing left to decide or answer by a day
            return entries
    # The deadline kept with the application and its section (the period it was filed under), never the rule
    # file's today.
    kept = row.get("decide_by")
    due = (date.fromisoformat(kept) if kept else None) if kept is not None else \
        decision_due(row["received_at"], j) if j else None
    if due is not None and j is not None and row["status"] not in CLOSED:
        entries.append(_day(due, _uid(reference, "decision"), f"{reference}: decision due",
                            _said(f"{row.get('decision_citation') or j.decision_citation}.", link), stamp))
    for referral in referrals:
        if referral.get("due_on") and not referral.get("answered_at"):
            entries.append(_day(date.fromisoformat(referral["due_on"]), _uid(reference, f"referral-{referral['id']}"),
                                f"{reference}: {referral['department']} answer due", "", stamp))
    return entries


def _inspected(inspections: list[dict]) -> str:
    """The inspections done, on one line of the event's description: a result recorded is history, not a
    day still ahead for the clerk (at 10,000 applications, an entry each made the feed 579 KB)."""
    done = [f"{i['scheduled_on']} {i['result']}" for i in inspections]
    return f"Inspection{'s' if len(done) > 1 else ''}: {', '.join(done)}." if done else ""


def inspection_entries(row: dict, book: RuleBook, inspections: list[dict], stamp: datetime,
                       address: str = "") -> list[Event]:
    """Each inspection scheduled, all day, with its result once recorded; not the
    inspector's name (the feed carries nothing more personal than the reference and the event's name)."""
    j = book.get(row["jurisdiction"])
    citation = ((j.inspection or {}).get("citation") if j else None) or ""
    link = f"{address}{row['reference']}" if address else ""
    return [_day(date.fromisoformat(i["scheduled_on"]), _uid(row["reference"], f"inspection-{i['id']}"),
                 f"{row['reference']}: inspection" + (f" {i['result']}" if i["result"] else ""),
                 _said("Inspection of the site" + (f" ({citation})." if citation else "."), link), stamp)
            for i in inspections]


def _about(places: list[str], book: RuleBook, address: str) -> str:
    """The calendar's description: the places and their ordinances, named once for every entry."""
    named = [f"{j.name}: {j.ordinance}" for jid in places if (j := book.get(jid)) is not None]
    return _said("Permit applications received by " + "; ".join(named) + "." if named else "",
                 f"Each entry's application: {address}REFERENCE" if address else "")


def office_calendar(applications: list[dict], referrals: list[dict], book: RuleBook,
                    now: datetime | None = None, actions: dict[str, dict] | None = None,
                    inspections: list[dict] = (), places: list[str] = (), address: str = "") -> bytes:
    """The whole feed as .ics bytes (an empty calendar when nothing is in the inbox yet). `places`: the
    feed's places, named once in its description; `address`: the start of an application page's address
    (`https://host/office/a/`), ending each entry's description."""
    stamp = (now or datetime.now(timezone.utc)).replace(microsecond=0)
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    cal.add("x-wr-calname", vText("Permit applications"))
    if about := _about(list(places), book, address):
        cal.add("x-wr-caldesc", vText(about))
    by_application = defaultdict(list)  # each application's referrals, found by its reference
    for referral in referrals:
        by_application[referral["reference"]].append(referral)
    checks = defaultdict(list)  # each application's inspections
    for inspection in inspections:
        checks[inspection["reference"]].append(inspection)
    for row in applications:
        # An application's inspections with a result go into its event's entry; those still ahead keep their own.
        folded = [i for i in checks[row["reference"]] if i["result"]] if row.get("starts_at") and row.get("ends_at") else []
        ahead = [i for i in checks[row["reference"]] if i not in folded]
        for event in application_entries(row, book, by_application[row["reference"]], stamp,
                                         (actions or {}).get(row["reference"]), address, len(places) != 1, folded):
            cal.add_component(event)
        for event in inspection_entries(row, book, ahead, stamp, address):
            cal.add_component(event)
    body = cal.to_ical()
    refuse_injected_lines(body)
    return body
