"""The organizer's plan (`wizard.interview.timeline`) as an iCalendar file: the last day to file, the latest
decision, what must be ready before the permit, dated checklist items, the event, the cleanup and the
deposit's return, each with reminders a week and a day before.

Dated steps are all-day events. The event itself is at the clock times the organizer gave, in the
place's time zone (the rule file's `time_zone:`, written out as a VTIMEZONE), so a calendar elsewhere
shows it at the right hour; an event that closes each night is one entry per day, not one block of
days and nights. Each entry cites its section; the ordinance is named once, on the event.
"""
from __future__ import annotations

import hashlib
import re
from datetime import MAXYEAR, date, datetime, timedelta, timezone

from icalendar import Alarm, Calendar, Event, vText

from ..rules.office_cards import OfficeCard, ask_the_office
from ..rules.rulebook import Jurisdiction
from ..interview.timeline import REMINDER_DAYS, Milestone, build_timeline
from ..readable import clean_text, parse_moment
from ..engine.wording import word_forms
from ..language import N_, gettext as _

PRODID = "-//Mass Gathering Permit Wizard//Application packet//EN"
# The outcome in the event's description, in the organizer's language (the file is theirs).
OUTCOMES = {"required": N_("required"), "not_required": N_("not required"), "exempt": N_("exempt"),
            "uncertain": N_("uncertain")}


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
    if card is None or not card.rows():
        return [ask_the_office(j.file_with)]
    return [f"{label}: {clean_text(value)}" for label, value in card.rows()]


def _description(m: Milestone, j: Jurisdiction) -> str:
    lines = [m.title + "." if not m.title.endswith(".") else m.title]
    if m.detail:
        lines.append(m.detail)
    lines += [f"- {item}" for item in m.items]
    if m.citation:
        lines.append(_("Source: %(section)s.", section=m.citation))
    return "\n".join(lines)


def _with_reminders(event: Event, m: Milestone, today: date) -> Event:
    """A reminder a week and a day before each step, but none whose day has already gone: a
    calendar would show it at once, as if the step were still a week away."""
    for days in REMINDER_DAYS:
        if m.day is not None and m.day - timedelta(days=days) < today:
            continue
        said = _("Tomorrow: %(what)s", what=m.summary) if days == 1 else _("In one week: %(what)s", what=m.summary)
        event.add_component(_reminder(days, said))
    return event


def calendar_events(answers: dict, assessment: dict, j: Jurisdiction, seed: str,
                    now: datetime | None = None, office: OfficeCard | None = None) -> list[Event]:
    """One event for each dated step of the plan (`wizard.interview.timeline`), each with its reminders.
    The event itself is in floating local time, as the organizer gave it."""
    stamp = (now or datetime.now(timezone.utc)).replace(microsecond=0)
    plan = build_timeline(assessment, answers, j.license_word, stamp.date())
    events = []
    for m in plan.dated:
        if m.key == "event-end":
            continue  # the event's own entry runs to its last day
        if m.key == "event":
            days = _the_event(answers, assessment, j, seed, stamp)
            events += [_with_reminders(days[0], m, plan.today), *days[1:]]  # reminded of the first day
            continue
        if m.advice and m.day is not None and m.day < plan.today:  # a day we advised, now behind: nothing is due on it, and it never "passed"
            continue
        description = _description(m, j)
        if m.key == "file-by":  # where to file: the office card, or the advice to ask the office
            description = "\n".join([description, *office_lines(office, j)])
        summary = (_("Passed: %(what)s", what=f"{m.summary[:1].lower()}{m.summary[1:]}") if plan.passed(m)
                   else _("Our advice: %(what)s", what=f"{m.summary[:1].lower()}{m.summary[1:]}") if m.advice
                   else m.summary)
        event = _all_day(_uid(seed, m.key), m.day, summary, description, stamp)
        if m.key == "file-by" and office is not None and office.address:
            event.add("location", clean_text(office.address))
        events.append(_with_reminders(event, m, plan.today))
    return events


def event_days(answers: dict, zone) -> list[tuple[datetime, datetime]]:
    """(start, end) of the event in the place's zone: one span, or, for an event that closes each night,
    one a day at the times given (an end at or before the start's clock time is the next morning)."""
    start = parse_moment(answers["starts_at"]).replace(tzinfo=zone)
    end = parse_moment(answers["ends_at"]).replace(tzinfo=zone)
    if answers.get("closes_overnight") is not True:
        return [(start, end)]
    past_midnight = end.time() <= start.time()
    days = (end.date() - start.date()).days + (0 if past_midnight else 1)
    return [(datetime.combine(start.date() + timedelta(days=n), start.time(), zone),
             datetime.combine(start.date() + timedelta(days=n + past_midnight), end.time(), zone))
            for n in range(max(days, 1))]


def _the_event(answers: dict, assessment: dict, j: Jurisdiction, seed: str, stamp: datetime) -> list[Event]:
    name = clean_text(answers.get("event_name") or "") or _("Your event")
    spans = event_days(answers, j.zone)
    events = []
    for n, (start, end) in enumerate(spans, 1):
        event = Event()
        event.add("uid", _uid(seed, "event" if n == 1 else f"event-day-{n}"))
        event.add("dtstamp", stamp)
        event.add("dtstart", start)
        event.add("dtend", end)
        event.add("summary", name if len(spans) == 1 else _("%(name)s (day %(day)s of %(days)s)", name=name, day=n,
                                                             days=len(spans)))
        if answers.get("site_address"):
            event.add("location", clean_text(answers["site_address"]))
        event.add("description", _("%(place)s. Mass gathering %(word)s: %(outcome)s. Rules: %(ordinance)s.",
                                   place=j.name, word=word_forms(j.license_word)["word"],
                                   outcome=_(OUTCOMES[assessment["outcome"]]), ordinance=j.ordinance))
        events.append(event)
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
    cal.add("x-wr-calname", vText(_("Permit dates: %(name)s", name=clean_text(answers.get("event_name") or "") or j.name)))
    for event in events:
        cal.add_component(event)
    years = [parse_moment(answers[key]).year for key in ("starts_at", "ends_at") if answers.get(key)]
    if years:  # the zone's rules for the event's years only, not from 1970 (an end kept from an older
        # interview may be missing, or in year 9999, after which no date exists)
        cal.add_missing_timezones(date(min(years), 1, 1), date(min(max(years) + 1, MAXYEAR), 1, 1))
    body = cal.to_ical()
    refuse_injected_lines(body)
    return body


# Every property this module writes. A line starting with anything else would be text that
# escaped its property (icalendar only `assert`s against it, and `python -O` drops asserts).
_OWN_NAMES = {b"BEGIN", b"END", b"PRODID", b"VERSION", b"CALSCALE", b"METHOD", b"X-WR-CALNAME", b"UID",
              b"X-WR-CALDESC",  # the office feed names its places once, not in each entry
              b"DTSTAMP", b"DTSTART", b"DTEND", b"SUMMARY", b"DESCRIPTION", b"TRANSP", b"LOCATION",
              b"ACTION", b"TRIGGER",
              b"STATUS",  # the office feed's cancelled event (docs/decisions/0014-the-office-paper-trail.md)
              # the place's time zone (VTIMEZONE), written by icalendar from the IANA zone
              b"TZID", b"TZNAME", b"TZOFFSETFROM", b"TZOFFSETTO", b"RDATE", b"RRULE", b"COMMENT"}


class CalendarInjection(RuntimeError):
    """A content line the calendar never writes: refuse to send the file."""


def refuse_injected_lines(body: bytes) -> None:
    for line in body.split(b"\r\n"):
        if not line or line[:1] == b" ":  # the end, or a folded continuation
            continue
        name = re.split(rb"[;:]", line, maxsplit=1)[0].upper()
        if name not in _OWN_NAMES or b"\n" in line or b"\r" in line:
            raise CalendarInjection(f"unexpected calendar line starting {name[:20]!r}")
