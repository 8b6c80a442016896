"""The dates that matter as an iCalendar file: the last day to file, the latest decision, the event.

Filing and decision days are all-day events; the event itself is in floating local time (no
time zone), as the organizer gave it, so it shows at the same clock time on any calendar.
"""
from __future__ import annotations

import hashlib
import re
from datetime import date, datetime, timedelta, timezone

from icalendar import Alarm, Calendar, Event, vText

from ..offices import OfficeCard
from ..rulebook import Jurisdiction
from .formatting import clean_text, money, parse_moment, short_place

PRODID = "-//Mass Gathering Permit Wizard//Application packet//EN"


def _uid(seed: str, what: str) -> str:
    """Stable per interview and entry, without revealing the interview's id."""
    digest = hashlib.sha256(f"{seed}:{what}".encode()).hexdigest()[:32]
    return f"{digest}-{what}@mass-gathering-permit-wizard"


def _all_day(uid: str, day: date, summary: str, description: str, stamp: datetime) -> Event:
    event = Event()
    event.add("uid", uid)
    event.add("dtstamp", stamp)
    event.add("dtstart", day)
    event.add("dtend", day + timedelta(days=1))
    event.add("summary", summary)
    event.add("description", description)
    event.add("transp", "TRANSPARENT")
    return event


def _reminder(days_before: int, text: str) -> Alarm:
    alarm = Alarm()
    alarm.add("action", "DISPLAY")
    alarm.add("description", text)
    alarm.add("trigger", timedelta(days=-days_before))
    return alarm


def office_lines(card: OfficeCard | None, j: Jurisdiction) -> list[str]:
    """The office card in the filing day's description; with no card, the advice to contact the office."""
    if card is None:
        return [f"Contact {j.file_with} to ask for its address, opening hours, how to pay and which form to use."]
    return [f"{label}: {clean_text(value)}" for label, value in card.rows()]


def calendar_events(answers: dict, assessment: dict, j: Jurisdiction, seed: str,
                    now: datetime | None = None, office: OfficeCard | None = None) -> list[Event]:
    stamp = (now or datetime.now(timezone.utc)).replace(microsecond=0)
    word = j.license_word
    name = clean_text(answers.get("event_name") or "") or "your event"
    office, card = short_place(j.file_with), office
    events = []
    if assessment.get("file_by"):
        file_by = date.fromisoformat(assessment["file_by"])
        lines = [f"Last day to file the {word} application for {name} with {j.file_with}."]
        fee = (assessment.get("fees") or {}).get("application") or {}
        if fee.get("amount") is not None:
            lines.append(f"Application fee: {money(fee['amount'])} ({fee['citation']}).")
        lines.append(f"Source: {assessment['file_by_citation']} ({j.ordinance}).")
        lines += office_lines(card, j)
        event = _all_day(_uid(seed, "file-by"), file_by, f"File {word} application with {office}",
                         "\n".join(lines), stamp)
        if card is not None and card.address:
            event.add("location", clean_text(card.address))
        event.add_component(_reminder(7, f"One week left to file the {word} application for {name}"))
        events.append(event)
        within = assessment.get("decision_within_days")
        if within is not None:
            decided = file_by + timedelta(days=within)
            text = (f"{j.issuer[:1].upper()}{j.issuer[1:]} must decide within {within} days of "
                    f"filing: by this day if you file on the last day, earlier if you file earlier.\n"
                    f"Source: {assessment['decision_citation']} ({j.ordinance}).")
            events.append(_all_day(_uid(seed, "decision"), decided, f"Latest {word} decision for {name}", text, stamp))
    events += dated_events(assessment, j, seed, stamp, name)
    if answers.get("starts_at") and answers.get("ends_at"):
        event = Event()
        event.add("uid", _uid(seed, "event"))
        event.add("dtstamp", stamp)
        event.add("dtstart", parse_moment(answers["starts_at"]))  # naive: floating local time
        event.add("dtend", parse_moment(answers["ends_at"]))
        event.add("summary", name if answers.get("event_name") else "Your event")
        if answers.get("site_address"):
            event.add("location", clean_text(answers["site_address"]))
        event.add("description", f"{j.name}. Mass gathering {word}: {assessment['outcome'].replace('_', ' ')}.")
        events.append(event)
    return events


def dated_events(assessment: dict, j: Jurisdiction, seed: str, stamp: datetime, name: str) -> list[Event]:
    """The day the permit must be in hand, and items the ordinance ties to the event's first day."""
    word = j.license_word
    events = []
    if assessment.get("license_by"):
        text = (f"The {word} for {name} must be in your hands by this day.\n"
                f"Source: {assessment['license_by_citation']} ({j.ordinance}).")
        event = _all_day(_uid(seed, "license-by"), date.fromisoformat(assessment["license_by"]),
                         f"{word.capitalize()} must be in hand for {name}", text, stamp)
        event.add_component(_reminder(14, f"Two weeks until the {word} for {name} must be in hand"))
        events.append(event)
    for item in assessment.get("checklist", []) + assessment.get("still_applies", []):
        if item.get("due_date"):
            text = f"{item['text']}\nSource: {item['citation']} ({j.ordinance})."
            uid = _uid(seed, "due-" + item.get("id", item["citation"]))
            events.append(_all_day(uid, date.fromisoformat(item["due_date"]), f"Due for {name}: {item['text'][:60]}",
                                   text, stamp))
    return events


def build_calendar(answers: dict, assessment: dict, j: Jurisdiction, seed: str,
                   now: datetime | None = None, office: OfficeCard | None = None) -> bytes | None:
    """The .ics file, or None when there is no date to put in it yet."""
    events = calendar_events(answers, assessment, j, seed, now, office)
    if not events:
        return None
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    # An X- property is not known to be text, so icalendar would write it as given: say it is.
    cal.add("x-wr-calname", vText(f"Permit dates: {clean_text(answers.get('event_name') or '') or j.name}"))
    for event in events:
        cal.add_component(event)
    body = cal.to_ical()
    refuse_injected_lines(body)
    return body


# Every property this module writes. A line starting with anything else would be text that
# escaped its property (icalendar only `assert`s against it, and `python -O` drops asserts).
_OWN_NAMES = {b"BEGIN", b"END", b"PRODID", b"VERSION", b"CALSCALE", b"METHOD", b"X-WR-CALNAME", b"UID",
              b"DTSTAMP", b"DTSTART", b"DTEND", b"SUMMARY", b"DESCRIPTION", b"TRANSP", b"LOCATION",
              b"ACTION", b"TRIGGER"}


class CalendarInjection(RuntimeError):
    """A content line the calendar never writes: refuse to send the file."""


def refuse_injected_lines(body: bytes) -> None:
    for line in body.split(b"\r\n"):
        if not line or line[:1] == b" ":  # the end, or a folded continuation
            continue
        name = re.split(rb"[;:]", line, maxsplit=1)[0].upper()
        if name not in _OWN_NAMES or b"\n" in line or b"\r" in line:
            raise CalendarInjection(f"unexpected calendar line starting {name[:20]!r}")
