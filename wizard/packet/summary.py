"""The summary page in the organizer's language at the front of the packet
(docs/decisions/0002-spanish-beside-the-law.md).

The packet is the office's document, so it stays in English (`packet_for` builds it under
`speaking(OFFICE_LANGUAGE)`), the same pages as for an organizer who reads English. An organizer who
reads Spanish gets one more page in front, in Spanish: what this packet is, what to do next, the
dates and the sums, and what to do with each numbered part of the English pages after it (a part
the organizer completes has an instruction sheet of its own just before it: sheets.py). Every
word of it comes from here, through the catalogs, so its template has no words of its own. No Flask.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from ..engine.assess import assess_jurisdiction
from ..engine.facts import Facts
from ..engine.wording import fees_due, office_short, say, summarize
from ..interview.timeline import build_timeline
from ..language import LANGUAGES, N_, OFFICE_LANGUAGE, gettext as _, speaking
from ..readable import clean_text, long_date, money
from ..rules.office_cards import OfficeCard
from ..engine.other_permits import other_permits
from ..rules.rulebook import FEE_DUE, Jurisdiction, RuleBook
from .content import build_packet, place_today
from .model import OtherPermitPage, Packet
from .other_permits import other_permit_pages
from .sheets import InstructionSheet, instruction_sheets

# What to do with each numbered part of the English packet that has no instruction sheet of its own
# (sheets.py), said beside its English title.
PART_HELP = {
    "plan": N_("Your dates, day by day. They are on this page too."),
    "afterwards": N_("What happens after you apply, and what the ordinance says about revoking the {word} "
                     "and about penalties."),
    "notes": N_("What the ordinance leaves open, and plain meanings of its legal words."),
    "other_permits": N_("The permits other offices (the State, the county) issue that your event needs besides the "
                        "{word}, a page each. The same pages in your language come just before them."),
}


@dataclass
class SummaryPage:
    """The front page's words, all in the organizer's language (`lang`, for the page's `lang=`)."""
    lang: str
    heading: str
    lead: str  # why the rest is in English
    what_heading: str
    what: list[str]
    next_heading: str
    next_steps: list[str]
    dates_heading: str
    dates: list[tuple[str, str]]  # (when, what)
    sums_heading: str
    sums: list[tuple[str, str, str]]  # (what, how much, when it is paid or what it covers)
    parts_heading: str
    parts: list[tuple[str, str]] = field(default_factory=list)  # (the English part as printed, what to do)
    sheets: list[InstructionSheet] = field(default_factory=list)  # one before each part to complete (sheets.py)
    # The other permits' pages in the organizer's language, just before the English ones (other_permits.py)
    other_permits: list[OtherPermitPage] = field(default_factory=list)
    other_permits_heading: str = ""
    other_permits_number: str = ""  # their pages' foot: not a sheet's number
    # The sheets' running header and footer: what the pages are and the place, in the reader's language.
    running_title: str = ""
    running_place: str = ""
    running_short: str = ""
    number: str = ""  # its page number, at its foot as the sheets have theirs: the English pages count on their own

    def sheet(self, anchor: str) -> InstructionSheet | None:
        """The instruction sheet that goes before the part `anchor`, if it has one."""
        return next((sheet for sheet in self.sheets if sheet.anchor == anchor), None)


def packet_for(answers: dict, book: RuleBook, today: date | None = None, office: OfficeCard | None = None,
               language: str = OFFICE_LANGUAGE) -> Packet:
    """The packet for cleaned answers: in English whatever the language in force, with the summary page
    in `language` in front when the organizer reads another (the print workers are told it)."""
    j = book.jurisdictions[answers["jurisdiction"]]
    with speaking(OFFICE_LANGUAGE):
        packet = build_packet(answers, j, book.questions_for(j.id), today=today, office=office,
                              other_permits=permit_pages(answers, book, j))
    if language in LANGUAGES and language != OFFICE_LANGUAGE:
        with speaking(language):  # the same packet in the reader's words: the sheets translate it part for part
            said = build_packet(answers, j, book.questions_for(j.id), today=today, office=office,
                                other_permits=permit_pages(answers, book, j))
            packet.summary = summary_page(answers, book, packet, language, said)
            packet.summary.other_permits = said.other_permits
            packet.summary.other_permits_heading = _("Other permits your event needs")
            packet.summary.other_permits_number = _("Other permits, in your language")
    return packet


def permit_pages(answers: dict, book: RuleBook, j: Jurisdiction) -> list[OtherPermitPage]:
    """The other offices' permits for these answers, a page each, in the language in force."""
    layers = book.layers_for(j)
    found = other_permits(layers, j.name, answers)
    return other_permit_pages(found, layers, answers, book.questions_for_answers({"jurisdiction": j.id}))


def summary_page(answers: dict, book: RuleBook, packet: Packet, language: str, said: Packet | None = None) -> SummaryPage:
    j = book.jurisdictions[answers["jurisdiction"]]
    today = packet.prepared_on or place_today(j)
    a = assess_jurisdiction(j, answers)
    result = summarize(a, j.license_word, today, Facts(answers).first_day())
    office = office_short(j.file_with)
    event = clean_text(answers.get("event_name") or "") or _("your event")
    sheets = instruction_sheets(packet, said)
    what = [say(N_("This packet is the {word} application for {event}, in {place}. It is in English because it "
                   "goes to {office}, and the office works in English. This page says in your language what it is "
                   "and what to do."), j.license_word, event=event, place=j.name, office=office),
            result.headline + "." + (f" {result.lean}." if result.lean else "")]
    dates = []
    if result.applies:
        plan = build_timeline(a, answers, j.license_word, today)
        dates = [(long_date(m.day) if m.day else _("No set date"), m.title) for m in plan.milestones]
    return SummaryPage(
        lang=language, heading=_("Summary in your language"),
        lead=_("The pages after this one are the application in English, as the office reads it."),
        what_heading=_("What this is"), what=what,
        next_heading=_("What to do next"), next_steps=next_steps(packet, a, office, result),
        dates_heading=_("The dates"), dates=dates,
        sums_heading=_("The sums"), sums=sums(a) if result.applies else [],
        parts_heading=_("Each part of the packet"), parts=parts_list(packet, sheets, j.license_word), sheets=sheets,
        running_title=say(N_("Instructions for the {word} application"), j.license_word), running_place=j.name,
        running_short=j.short_name,
        number=_("Summary, page %(page)d of %(pages)d", page=1, pages=1))


def parts_list(packet: Packet, sheets: list[InstructionSheet], word: str) -> list[tuple[str, str]]:
    """Each numbered part as printed, with what to do with it; a part with its own instruction sheet
    points to the sheet instead."""
    numbers = {sheet.anchor: n for n, sheet in enumerate(sheets, 1)}
    return [(f"{part.number}. {part.title}",
             _("Instruction sheet %(sheet)d, just before this part, says what to do.", sheet=numbers[part.anchor])
             if part.anchor in numbers else say(PART_HELP[part.anchor], word))
            for part in packet.parts if part.anchor in PART_HELP or part.anchor in numbers]


def next_steps(packet: Packet, a: dict, office: str, result) -> list[str]:
    if not result.applies:
        return [_("Keep this packet with your papers. It says why, with the sections of the ordinance.")]
    steps = [_("Read the application pages and check your answers.")]
    if packet.fill_ins:
        steps.append(_("Fill in each shaded FILL IN box, in English."))
    if any(block.notary for block in packet.signatures):
        steps.append(_("Sign where the packet says. Some blocks must be signed in front of a notary: "
                       "do not sign those before."))
    elif packet.signatures:
        steps.append(_("Sign and date where the packet says."))
    steps.append(_("Put with the application each document marked ATTACH, and the papers on the checklist."))
    deadline = result.deadline
    if deadline and deadline.state == "advice_gone":  # a day we advised, behind us: nothing has passed
        steps.append(_("File the application with %(office)s as soon as you can.", office=office) + " "
                     + result.advice_line + " " + result.ordinance_line
                     + (" " + result.decide_in_time if result.decide_in_time else ""))
    elif deadline and deadline.advice:
        steps.append(result.advice_line + " " + result.ordinance_line)
    elif a.get("file_by"):
        steps.append(_("File the application with %(office)s by %(day)s.", office=office,
                       day=long_date(date.fromisoformat(a["file_by"]))))
    else:
        steps.append(_("File the application with %(office)s as early as you can.", office=office))
    steps.append(_("Keep a copy of everything you send."))
    return steps


def sums(a: dict) -> list[tuple[str, str, str]]:
    """Every fee with when it is paid, then the deposit, the bond and the insurance the ordinance asks."""
    found = [(fee.get("name") or _("Application fee"),
              money(fee["amount"]) if fee["amount"] is not None else _("None stated"), _(FEE_DUE[due]))
             for due, fee in fees_due(a)]
    fees = a.get("fees") or {}
    for key, label in (("deposit", N_("Deposit")), ("bond", N_("Bond"))):
        entry = fees.get(key)
        if entry:
            found.append((entry.get("name") or _(label),
                          money(entry["amount"]) if entry["amount"] is not None else _("None stated"), ""))
    found += [(_("Insurance"), _("at least %(sum)s", sum=money(item["minimum"])), item.get("coverage") or "")
              for item in a.get("insurance") or []]
    return found
