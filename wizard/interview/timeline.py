"""A plan to the day: the organizer's dates from today to after the event, in order.

Built only from the assessment's dates (the ordinance's lead times, decision period, dated checklist
items and notes) and the organizer's own event dates. Nothing here invents a date: where the text
gives none (what must be ready before the permit is issued, in DeKalb), the step has no day and is
placed before the event. The result page, the packet and the calendar file all read this, each
in the language in force (the packet: English, the office's). No Flask here.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta

from ..language import N_, gettext as _, ngettext
from ..readable import clean_text, long_date, money, parse_moment
from ..engine.filing_days import advice_line, advised, last_day, ordinance_line
from ..engine.wording import fees_due, filing_fees, office_short, say, word_forms
from ..rules.rulebook import FEE_DUE
from ..rules.texts import marked_like

# The kinds of step: the organizer must act by this day, the office acts, or the event itself.
DEADLINE, OFFICE, EVENT = "deadline", "office", "event"

# Notes of what happens after filing that carry a date: the office acts (Whitesboro's deposit).
OFFICE_NOTE_KEYS = ("after_you_apply",)
# Lists whose dated entries the organizer must act on.
ACTION_KEYS = ("checklist", "still_applies", "revocation", "penalties")

REMINDER_DAYS = (7, 1)  # the calendar reminds a week and a day before each dated step


@dataclass(frozen=True)
class Milestone:
    """One step of the plan. `key` is stable (the calendar's UID is built from it); `day` is None
    when the ordinance gives no date; `summary` is the calendar's short title."""

    key: str
    day: date | None
    title: str
    detail: str
    citation: str
    kind: str
    summary: str
    items: tuple[str, ...] = ()
    after_event: bool = False  # due once the event is over: placed after it on its last day
    advice: bool = False  # a day we advise, not one the ordinance sets: it never "passes"
    # A State's day for a permit that may not apply, or known only from a secondary copy: to confirm, never "passed".
    to_confirm: bool = False


@dataclass(frozen=True)
class Timeline:
    today: date
    milestones: list[Milestone] = field(default_factory=list)
    last_day: date | None = None  # the ordinance's own last day to file, where it sets one

    def passed(self, milestone: Milestone) -> bool:
        """Only the ordinance's own dates (and the event's) pass; a day we advised is `behind`."""
        return (milestone.day is not None and milestone.day < self.today and not milestone.advice
                and not milestone.to_confirm)

    def behind(self, milestone: Milestone) -> bool:
        """A day we advised that is now behind us, the ordinance's own last day not: file now."""
        return (milestone.day is not None and milestone.day < self.today and milestone.advice
                and (self.last_day is None or self.last_day >= self.today))

    @property
    def dated(self) -> list[Milestone]:
        return [m for m in self.milestones if m.day is not None]


def _filing(a: dict, word: str, name: str, today: date, starts: date | None) -> list[Milestone]:
    if not a.get("file_by"):
        return []
    file_by = date.fromisoformat(a["file_by"])
    office = office_short(a["file_with"])
    paid = filing_fees(a)
    several = sum(1 for due, _ in fees_due(a) if due == "filing") > 1
    fee = ((_(", with the %(sum)s fees", sum=money(paid)) if several else _(", with the %(sum)s fee", sum=money(paid)))
           if paid else "")
    summary = say(N_("File {word} application with {office}"), word, office=office)
    if a.get("deposit") and _deposit_at_filing(a):
        fee += _(", and the %(sum)s deposit", sum=money(a["deposit"]))
    if advised(a):
        # A day we advise is never the ordinance's last day: it says so, and why (filing_days.py).
        steps = [Milestone("file-by", file_by, _("Our advice: file your application by this day"),
                           _("File with %(office)s%(fee)s.", office=a["file_with"], fee=fee) + _closed(a) + " "
                           + advice_line(a, word) + " " + ordinance_line(a),
                           a["file_by_citation"], DEADLINE, summary, advice=True)]
        last = last_day(a)
        if last and last != a.get("license_by"):
            steps.append(Milestone("last-day", date.fromisoformat(last), _("The ordinance's last day to file"), "",
                                   a.get("last_day_citation") or "", DEADLINE, summary))
    else:
        steps = [Milestone("file-by", file_by, _("Last day to file your application"),
                           _("File with %(office)s%(fee)s.", office=a["file_with"], fee=fee) + _closed(a),
                           a["file_by_citation"], DEADLINE, summary)]
    decision = _decision(a, word, name, file_by, today, starts)
    return steps + decision


def _decision(a: dict, word: str, name: str, file_by: date, today: date, starts: date | None) -> list[Milestone]:
    """The latest decision day: if filed on the day to file, or, that day behind us, if filed today;
    said to fall after the event's first day when it does."""
    within = a.get("decision_within_days")
    if within is None:
        return []
    issuer = a["issuer"][:1].upper() + a["issuer"][1:]
    filed_today = file_by < today
    day = (today if filed_today else file_by) + timedelta(days=within)
    title = (_("Latest day for the decision, if you file today") if filed_today
             else _("Latest day for the decision, if you file on the day we advise") if advised(a)
             else _("Latest day for the decision, if you file on the last day"))
    detail = _("%(issuer)s must decide within %(days)s days of filing. File earlier and you will hear earlier.",
               issuer=issuer, days=within)
    if starts is not None and day >= starts:
        detail += " " + _("That is after your event starts.") if day > starts else " " + _("That is the day your event starts.")
    return [Milestone("decision", day, title, detail, a["decision_citation"], OFFICE,
                      say(N_("Latest {word} decision for {name}"), word, name=name))]


def _closed(a: dict) -> str:
    """The office is likely closed on a last day that is a weekend or holiday: the working day before."""
    if not a.get("file_by_office_closed"):
        return ""
    before = date.fromisoformat(a["file_by_working_day"])
    return _(" The office is likely closed that day (%(why)s): file by %(day)s, the working day before.",
             why=a["file_by_office_closed"], day=long_date(before))


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else _("%(some)s and %(last)s", some=", ".join(parts[:-1]), last=parts[-1])


def _money_to_have(a: dict) -> list[str]:
    """The money the ordinance wants in place before the permit: bond, insurance, deposit."""
    have = []
    if a.get("bond"):
        have.append(_("the %(sum)s bond", sum=money(a["bond"])))
    if a.get("insurance"):
        have.append(_("proof of your insurance"))
    if a.get("deposit") and not _deposit_at_filing(a):  # one paid with the application is not told twice
        have.append(_("the %(sum)s deposit", sum=money(a["deposit"])))
    return have


def _deposit_at_filing(a: dict) -> bool:
    return ((a.get("fees") or {}).get("deposit") or {}).get("due") == "filing"


def _before_license(a: dict, word: str, name: str, anchor: date | None) -> list[Milestone]:
    """What must be ready before the permit is issued: on the day it must be in hand, or the
    latest decision day; the ordinances give no day of their own for these."""
    items = tuple(c["text"] for c in a.get("checklist") or []
                  if c["when"] == "before_license" and not c.get("due_date"))
    if not items:
        return []
    have = _money_to_have(a)
    detail = ngettext("%(num)d item in your checklist", "%(num)d items in your checklist", len(items))
    detail += _(", including %(what)s.", what=_and(have)) if have else "."
    if anchor is None:
        detail += say(N_(" The ordinance sets no date: have them before the {word} is issued, and before the event."), word)
    return [Milestone("before-license", anchor, say(N_("Have everything ready for the {word} to be issued"), word), detail,
                      a["ordinance"], DEADLINE, say(N_("Have everything ready for the {word}: {name}"), word, name=name),
                      items)]


def _license_by(a: dict, word: str, name: str) -> list[Milestone]:
    if not a.get("license_by"):
        return []
    forms = word_forms(word)
    return [Milestone("license-by", date.fromisoformat(a["license_by"]), say(N_("The {word} must be in your hands"), word),
                      say(N_("The ordinance wants the {word} obtained by this day."), word), a["license_by_citation"],
                      DEADLINE, _("%(word)s must be in hand for %(name)s", word=forms["word"].capitalize(), name=name))]


def _dated_items(a: dict, name: str) -> list[Milestone]:
    steps = []
    for key in ACTION_KEYS + OFFICE_NOTE_KEYS:
        for n, item in enumerate(a.get(key) or []):
            if not item.get("due_date"):
                continue
            kind = OFFICE if key in OFFICE_NOTE_KEYS else DEADLINE
            steps.append(Milestone(f"due-{item.get('id') or key + str(n)}", date.fromisoformat(item["due_date"]),
                                   item["text"], "", item["citation"], kind,
                                   _("Due for %(name)s: %(what)s", name=name, what=item["text"][:60])))
    return steps


def _fees_later(a: dict, name: str, approval: date | None, last_day: date | None) -> list[Milestone]:
    """A fee paid at another moment than filing (docs/decisions/0005-fees-due-at-their-moment.md: Okaloosa's "same again upon
    approval"): on the latest decision day, before the event (no day), or after it (its last day)."""
    steps = []
    for n, (due, fee) in enumerate(fees_due(a)):
        if due == "filing":
            continue
        label = fee.get("name") or _("Application fee")
        sum_text = _(" of %(sum)s", sum=money(fee["amount"])) if fee["amount"] is not None else ""
        day = approval if due == "approval" else last_day if due == "after_event" else None
        title = _("Pay the %(fee)s%(sum)s %(when)s", fee=label.lower(), sum=sum_text, when=_(FEE_DUE[due]))
        detail = fee.get("text", "")
        if due == "approval" and day is not None:
            detail = _("At the latest on this day, if you file on the last day. %(text)s", text=detail).strip()
        steps.append(Milestone(f"fee-{n}", day, title, detail, fee["citation"], DEADLINE,
                               _("Pay the %(fee)s for %(name)s", fee=label.lower(), name=name),
                               after_event=due == "after_event"))
    return steps


def _other_permits(a: dict) -> list[Milestone]:
    """Each dated lead time of the permits beside the town's (the State's), labelled with its issuer:
    one timeline, never the town's own deadline."""
    steps = []
    for p in a.get("other_permits") or []:
        for n, lead in enumerate(p["lead_times"]):
            if not lead["deadline"]:
                continue
            title = (_("Apply for the %(permit)s (may be needed)", permit=p["name"]) if p["status"] == "may_be_needed"
                     else _("Apply for the %(permit)s", permit=p["name"]))
            parts = [_("From: %(issuer)s.", issuer=p["issuer"]), lead["text"]]
            if lead["source"] == "secondary":
                parts.append(_("We have this only from a secondary copy of the text, not the official one: confirm it with %(whom)s.",
                               whom=lead["confirm_with"]))
            detail = _joined(parts, (p["issuer"], lead["text"]))
            steps.append(Milestone(f"other-{p['layer']}-{p['id']}-{n}", date.fromisoformat(lead["deadline"]), title, detail,
                                   lead["citation"], DEADLINE, _("%(permit)s: %(layer)s", permit=p["name"], layer=p["layer_name"]),
                                   # A permit that may not apply, or a day known only from a secondary copy, never
                                   # "passes": it is a day to confirm with the issuer.
                                   to_confirm=p["status"] == "may_be_needed" or lead["source"] == "secondary"))
    return steps


def _joined(parts: list[str], texts: tuple[str, ...]) -> str:
    """Sentences in one detail, keeping the law's English words in a Spanish text marked as such
    (a `Quoting` loses its quotations when added to another string)."""
    return marked_like(" ".join(parts), *texts)


def _event(answers: dict, name: str) -> list[Milestone]:
    if not answers.get("starts_at") or not answers.get("ends_at"):
        return []
    start, end = parse_moment(answers["starts_at"]), parse_moment(answers["ends_at"])
    if start.date() == end.date():
        return [Milestone("event", start.date(), _("%(name)s: the event", name=name), "", "", EVENT, name)]
    return [Milestone("event", start.date(), _("%(name)s opens", name=name), "", "", EVENT, name),
            Milestone("event-end", end.date(), _("%(name)s ends", name=name), "", "", EVENT, name)]


def build_timeline(assessment: dict, answers: dict, word: str, today: date) -> Timeline:
    """The plan in date order; an undated step sits just before the event's first day."""
    name = clean_text(answers.get("event_name") or "") or _("your event")
    starts = parse_moment(answers["starts_at"]).date() if answers.get("starts_at") else None
    steps = _filing(assessment, word, name, today, starts)
    decided = next((m.day for m in steps if m.key == "decision"), None)
    anchor = (date.fromisoformat(assessment["license_by"]) if assessment.get("license_by")
              else decided if decided is None or starts is None or decided < starts else None)
    steps += _before_license(assessment, word, name, anchor)
    steps += _license_by(assessment, word, name) + _dated_items(assessment, name) + _other_permits(assessment)
    event = _event(answers, name)
    steps += _fees_later(assessment, name, next((m.day for m in steps if m.key == "decision"), None),
                         event[-1].day if event else None) + event
    far = date.max - timedelta(days=1)
    first_day = next((m.day for m in steps if m.key == "event"), far)
    # On one day: an undated step first, then what is due, then the event itself, then what is due after it.
    steps.sort(key=lambda m: (m.day or first_day,
                              0 if m.day is None else 3 if m.after_event else 2 if m.kind == EVENT else 1))
    last = last_day(assessment)
    return Timeline(today, steps, date.fromisoformat(last) if last else None)
