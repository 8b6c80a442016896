"""What goes in the application packet, built from the answers and the assessment.

Plain data, no layout and no Flask: `build_packet(answers, jurisdiction, questions)` returns a
`Packet` that the templates in templates/packet/ show. Every figure and requirement carries the
section of the ordinance it comes from; nothing here is invented (no address, no phone).
"""
from __future__ import annotations

import dataclasses
from datetime import date, datetime, timedelta

from ..engine.assess import assess_jurisdiction
from ..engine.conditions import evaluate, holds
from ..engine.facts import Facts
from ..engine.formulas import above_last_tier
from ..engine.glossary import terms_in
from ..kinds import KINDS
from ..rules.office_cards import OfficeCard, ask_the_office
from ..rules.rulebook import FEE_CATEGORIES, FEE_DUE, Jurisdiction
from ..engine.filing_days import advised, last_day
from ..engine.wording import checklist_phases, headline, lean_line, office_short, permit_applies
from . import dated_notes
from .model import (
    Cited,
    ChecklistGroup,
    Fact,
    FacilityRow,
    FormItem,
    OtherPermitPage,
    Packet,
    Part,
    Row,
    SignatureBlock,
    SignerLine,
)
from .plan import plan_steps
from ..readable import clean_text, long_date, money, number, parse_moment
from .formatting import answer_text, counted, duration_text, field_label, move_to_addendum

GROUP_TYPES = ("corporation", "partnership", "association")
# A company's application: the person's details are those of the officer who signs for it.
OFFICER_LABELS = {"applicant_name": "Officer signing for it", "applicant_age": "Officer's age",
                  "applicant_address": "Officer's residence and mailing address"}
LONG_VALUE = 110  # characters: longer answers get the full width under their label
MULTI_SIGNER_LINES = 4
# Who signs a line of a signature block (a rule file's `lines: [{role, label}]`), and the answer that
# gives their printed name. The each_ roles are a line per person: each owner of a parcel (more lines
# when there are several parcels), each officer or partner the answers list (or blank lines).
SIGNER_ROLES = {"applicant": "applicant_name", "property_owner": "property_owner_name",
                "local_agent": "local_agent_name", "someone_else": None, "each_owner": None, "each_officer": None}


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _nth(label: str, n: int) -> str:
    """A numbered line's signer by what the page is for: "the second owner of a parcel"."""
    label = label[:1].lower() + label[1:]
    return f"the {ORDINALS[n - 1]} {label}" if n <= len(ORDINALS) else f"{label} {n}"


class _Builder:
    def __init__(self, answers: dict, j: Jurisdiction, questions: dict, assessment: dict):
        self.answers = answers
        self.j = j
        self.questions = questions
        self.a = assessment
        self.facts = Facts(answers)
        self.word = j.license_word
        self.office = None  # the deployment's office card (wizard/rules/office_cards.py), if it has one
        self.today = place_today(j)  # the day the packet is prepared, in the office's zone

    def text(self, key: str) -> str | None:
        value = self.answers.get(key)
        return None if value is None else answer_text(key, value, self.questions)

    def not_applicable(self, key: str) -> bool:
        """The interview skips this question for these answers (e.g. no organization for an individual)."""
        steps = [s for s in self.j.steps if key in s["questions"]]
        return bool(steps) and all(evaluate(s.get("if"), self.facts)[0] is False for s in steps)

    def row(self, key: str) -> Row:
        label = field_label(key, self.questions)
        value = self.text(key)
        if value is None:  # a blank to fill in: a big one for a long answer
            long = key in self.questions and KINDS[self.questions[key]["kind"]].printed_long
            return Row(label, None, "Not applicable" if self.not_applicable(key) else "", long)
        return Row(label, value, long=len(value) > LONG_VALUE or "\n" in value)

    # The cover --------------------------------------------------------------------------

    def outcome_title(self) -> str:
        title = headline(self.a, self.word)
        lean = lean_line(self.a, self.j.file_with)
        return f"{title}. {lean}." if lean else title

    def event_rows(self) -> list[Row]:
        rows = [] if self.answers.get("event_name") else [self.row("event_name")]
        start, end = self.answers.get("starts_at"), self.answers.get("ends_at")
        if start and end:
            rows.append(Row("When", f"{self.text('starts_at')} to {self.text('ends_at')}"))
            rows.append(Row("Duration", duration_text(parse_moment(start), parse_moment(end))))
        else:
            rows += [self.row("starts_at"), self.row("ends_at")]
        site = self.row("site_address")
        crowd = self.text("max_attendance")
        rows += [Row("Site", site.value, site.note), Row("Crowd", crowd and f"{crowd} people at one time")]
        return rows

    @property
    def group(self) -> bool:
        """A company, partnership or club applies: it is the applicant, and a person signs for it."""
        return self.answers.get("organizer_type") in GROUP_TYPES

    def organizer_rows(self) -> list[Row]:
        if self.group:
            rows = [Row("Applicant", self.text("organization_name")), self.row("organizer_type"),
                    Row("Signing for it", self.text("applicant_name"))]
        else:
            rows = [Row("Applicant", self.text("applicant_name"))]
            # A rule file that never asks who applies leaves no "Applicant is FILL IN".
            if "organizer_type" in self.answers or "organizer_type" in self.j.asked_keys:
                rows.append(self.row("organizer_type"))
        if not self.group and self.answers.get("organization_name"):
            rows.append(self.row("organization_name"))
        contact = "; ".join(v for v in (self.text("applicant_phone"), self.text("applicant_email")) if v)
        if contact:
            rows.append(Row("Contact", contact))
        return rows

    def money_facts(self) -> list[Fact]:
        fees = self.a["fees"]
        out = []
        for name, label in FEE_CATEGORIES.items():
            entry = fees.get(name)
            if entry:
                paid = f" Paid {FEE_DUE[entry['due']]}." if entry.get("due") else ""
                out.append(Fact(entry.get("name") or label, self.amount(name, entry), entry["text"] + paid, entry["citation"]))
            if name == "application" and fees.get("waiver"):
                out.append(Fact("Fee waiver", "May be waived", fees["waiver"]["text"], fees["waiver"]["citation"]))
            if name == "application":
                out += self.further_fees()
        for item in self.a["insurance"]:
            out.append(Fact("Insurance", f"at least {money(item['minimum'])}", _cap(item["coverage"]), item["citation"]))
        return out

    def further_fees(self) -> list[Fact]:
        """Fees beyond the application fee (`other_fees`), with when each is paid, and their total."""
        others = self.a.get("other_fees") or []
        out = [Fact(e["name"], "None stated" if e["amount"] is None else money(e["amount"]),
                    f"{e['text']} Paid {FEE_DUE[e['due']]}.".strip(), e["citation"]) for e in others]
        if others and self.a.get("fees_total") is not None:
            out.append(Fact("Fees in all", money(self.a["fees_total"]), "Every fee together, whenever each is paid.",
                            self.a["fees"]["application"]["citation"] if self.a["fees"].get("application") else others[0]["citation"]))
        return out

    def amount(self, name: str, entry: dict) -> str:
        if entry["amount"] is not None:
            return money(entry["amount"])
        if self.j.fees[name].get("amount", 0) is None or above_last_tier(self.j.fees[name], self.facts):
            return "None stated"  # the ordinance sets no figure (for this many people)
        return "Not yet known"  # it depends on answers not given yet

    def date_facts(self) -> list[Fact]:
        a, out = self.a, []
        within = a["decision_within_days"]
        if a["file_by"]:
            file_by = date.fromisoformat(a["file_by"])
            out += self.filing_day_facts(file_by, within)
            if a.get("license_by"):
                out.append(self.dated(f"{self.word.capitalize()} by", f"{self.word.capitalize()} needed by",
                                      date.fromisoformat(a["license_by"]), f"The day the {self.word} must be in your hands.",
                                      f"The day the {self.word} had to be in your hands.", a["license_by_citation"]))
            if within is not None:
                filed = max(file_by, self.today)
                decided = filed + timedelta(days=within)
                starts = self.answers.get("starts_at")
                late = ", after your event starts" if starts and decided >= parse_moment(starts).date() else ""
                on_day = "on the day we advise" if advised(a) else "on the last day"
                out.append(Fact("Decision", f"within {within} days of filing",
                                f"If you file {on_day if filed == file_by else 'today'}, expect the decision "
                                f"by {long_date(decided)}{late}.", a["decision_citation"]))
        elif a["permit_required"] is not False and self.j.sets_no_deadline:
            out.append(no_deadline_fact(self.j))
        elif a["permit_required"] is not False:
            out.append(Fact("File by", "Not yet known", "Give the event's dates to work out the last day to file.",
                            a["file_by_citation"]))
        if within is None and a["permit_required"] is not False:
            out.append(Fact("Decision", "No time limit stated", "The ordinance sets no period for the decision.",
                            a["decision_citation"]))
        return out

    def filing_day_facts(self, file_by: date, within: int | None) -> list[Fact]:
        """The day to file: the ordinance's own, or our advice said as advice beside the text's day."""
        a = self.a
        # A day gone is said to have gone, as the plan says it, never given as something to do.
        late = (f" Ask {office_short(self.j.file_with)} whether a late application can be considered, "
                "or choose a later date for your event.")
        if advised(a):  # only the text's own day passes (filing_days.py)
            out = dated_notes.advised_facts(a, self.word, self.today, office_short(self.j.file_with))
            own_day = last_day(a)
            if own_day:
                own = dated_notes.last_day_detail(self.j, self.word)
                out.append(self.dated("Last day to file", "Last day to file", date.fromisoformat(own_day), own,
                                      own + late, a.get("last_day_citation") or a["file_by_citation"]))
            return out
        if a["file_by_basis"] == "ordinance":
            detail = (dated_notes.filing_detail(self.j, self.word, within)
                      or dated_notes.counted_from_detail(self.j, self.questions, self.answers)
                      or f"The ordinance requires filing at least {self.j.filing_lead_days} days before the event.")
        else:
            detail = (f"The ordinance sets no deadline. This is the last day that leaves the whole "
                      f"{within}-day decision period before your event. File earlier if you can.")
        return [self.dated("File by", "Last day to file", file_by, detail, detail + late, a["file_by_citation"])]

    def dated(self, label: str, label_passed: str, day: date, detail: str, detail_passed: str, citation: str) -> Fact:
        """A dated figure of the cover, or, once its day has gone, the day said to have passed."""
        if day < self.today:
            return Fact(label_passed, f"Passed: {long_date(day)}", detail_passed, citation)
        return Fact(label, long_date(day), detail, citation)

    def filing_facts(self) -> list[Fact]:
        return [
            Fact("File with", _cap(self.j.file_with), self.j.file_with_note or "", figure=False),
            Fact("Issued by", _cap(self.j.issuer), figure=False),
        ] + office_facts(self.office, self.j)

    # The application --------------------------------------------------------------------

    def asked_or_answered(self, fills: list[str]) -> list[str]:
        """The keys of an application item worth a line: not a question these answers skip (a public street
        after "Closes a street: Yes"), nor a blank for the details of something answered No ("Security
        guards or police: No", then their number and duties)."""
        kept, said_no = [], False
        for key in fills:
            value = self.answers.get(key)
            if value is None and (said_no or self.not_applicable(key)):
                continue
            said_no = said_no or (value is False and key in self.questions and KINDS[self.questions[key]["kind"]].is_flag)
            kept.append(key)
        return kept

    def form_item(self, item: dict) -> FormItem:
        fills = self.asked_or_answered(item.get("fills", []))
        rows = self.applicant_rows(fills) if self.group and "organization_name" in fills else [self.row(k) for k in fills]
        if "starts_at" in fills and "ends_at" in fills and self.answers.get("starts_at") and self.answers.get("ends_at"):
            at = fills.index("ends_at") + 1
            rows.insert(at, Row("Duration", duration_text(parse_moment(self.answers["starts_at"]),
                                                          parse_moment(self.answers["ends_at"]))))
        return FormItem(item["ref"], item["heading"], item["citation"], rows, item.get("asks"), item.get("attach"))

    def applicant_rows(self, fills: list[str]) -> list[Row]:
        """A company's application: the company first as the applicant, then the officer who signs."""
        rows = [dataclasses.replace(self.row("organization_name"), label="Applicant (name of the organization)")]
        for key in fills:
            if key == "organization_name":
                continue
            row = self.row(key)
            if key in OFFICER_LABELS:
                row = dataclasses.replace(row, label=OFFICER_LABELS[key])
            rows.append(row)
        return rows

    def application(self) -> list[FormItem]:
        return [self.form_item(i) for i in self.j.application_form if holds(i, self.facts)]

    def checklist(self) -> list[ChecklistGroup]:
        return [ChecklistGroup(phase.title, [Cited(dated_notes.with_due_date(c), c["citation"]) for c in phase.items])
                for phase in checklist_phases(self.a["checklist"], self.word)]

    def basis_text(self, basis: dict) -> str:
        if not basis:
            return "Fixed number"
        parts = []
        for key, value in basis.items():
            text = f"{number(value)} {counted(key, self.questions)}"
            if key in ("female_attendance", "male_attendance"):
                share = self.answers.get("female_share")
                share = 0.5 if share is None else share
                share = share if key == "female_attendance" else 1 - share
                text += f" ({share * 100:.0f}% of {number(self.answers['max_attendance'])})"
            parts.append(text)
        return "; ".join(parts)

    def facilities(self) -> list[FacilityRow]:
        return [FacilityRow(r["label"], number(r["quantity"]), r["rate"], self.basis_text(r["basis"]), r["citation"])
                for r in self.a["facilities"]]

    def signature(self, sig: dict) -> SignatureBlock:
        lines = [line for spec in sig.get("lines") or [{"role": "someone_else", "label": sig["signers"]}]
                 for line in self.signer_lines(spec)]
        return SignatureBlock(sig["title"], sig["text"], sig["signers"], sig["citation"], bool(sig.get("notary")), lines)

    def signer_lines(self, spec: dict) -> list[SignerLine]:
        """The lines for one entry of a signature's `lines:` (its `role` is one of SIGNER_ROLES)."""
        role, label = spec["role"], spec["label"]
        if role == "each_owner":
            owner = clean_text(self.answers.get("property_owner_name") or "")
            extra = MULTI_SIGNER_LINES - 1 if self.answers.get("multiple_parcels") or not owner else 0
            return [SignerLine(_nth(label, 1), owner, capacity=True, numbered=True)] + [
                SignerLine(_nth(label, n), capacity=True, numbered=True) for n in range(2, extra + 2)]
        if role == "each_officer":
            named = [clean_text(p["name"]) for p in self.answers.get("officers") or []]
            return [SignerLine(_nth(label, n), name, capacity=True, numbered=True)
                    for n, name in enumerate(named or [""] * MULTI_SIGNER_LINES, 1)]
        printed = clean_text(self.answers.get(SIGNER_ROLES[role]) or "") if SIGNER_ROLES[role] else ""
        if role == "applicant" and self.group:
            # A company applies; the person who signs for it is an officer and gives their title.
            company = clean_text(self.answers.get("organization_name") or "") or "the organization"
            title = clean_text(self.answers.get("signer_title") or "")
            return [SignerLine(f"{label}: an officer signing for {company}", printed, capacity=True, title=title)]
        return [SignerLine(label, printed)]

    def signatures(self) -> list[SignatureBlock]:
        return [self.signature(s) for s in signature_specs(self.j, self.facts, self.a["outcome"])]

    def notes(self) -> list[Cited]:
        notes = [Cited(w["text"], w["citation"]) for w in self.a["warnings"]]
        notes += [Cited(dated_notes.with_due_date(n), n["citation"]) for n in self.a["still_applies"]]
        if self.a["missing"]:
            wanted = ", ".join(field_label(k, self.questions) for k in self.a["missing"])
            notes.insert(0, Cited(f"Answers still needed to decide: {wanted}.", self.j.ordinance))
        return notes


def office_facts(card: OfficeCard | None, j: Jurisdiction) -> list[Fact]:
    """The office card in three cover lines (the cover has one page); with no card, only the advice
    to contact the office the ordinance names."""
    notes = [Fact("The office's own note (not the ordinance)", note, figure=False) for note in (card.notes if card else ())]
    if card is None or not card.rows():
        return [Fact("Before you file", ask_the_office(j.file_with), figure=False)] + notes
    lines = [("Office", "; ".join(v for v in (card.office, card.address, card.hours and f"open {card.hours}") if v)),
             ("Contact", " · ".join(v for v in (card.phone, card.email, card.web) if v)),
             ("Paying and forms", " ".join(v for v in (card.payment and f"How to pay: {card.payment}.",
                                                     card.form and f"Which form: {card.form}.") if v))]
    return [Fact(label, value, figure=False) for label, value in lines if value] + notes


SIGNED_WHERE_A_PERMIT_APPLIES = ("required", "uncertain")


def signature_specs(j: Jurisdiction, facts: Facts, outcome: str) -> list[dict]:
    """The signature blocks for this outcome: where a permit applies, unless a block lists the
    `outcomes` it is for (an exempt event's signed statement, for instance)."""
    return [s for s in j.signatures
            if outcome in s.get("outcomes", SIGNED_WHERE_A_PERMIT_APPLIES) and holds(s, facts)]


def packet_title(j: Jurisdiction, applies: bool) -> str:
    """The rule file's `packet_title` (default "Application for a mass gathering permit"); a summary
    when no application is needed."""
    if applies:
        return j.packet_title
    if j.has_packet_title:
        return f"{j.packet_title}: summary"
    return f"Mass gathering {j.license_word}: summary"


def no_deadline_fact(j: Jurisdiction) -> Fact:
    """The ordinance sets neither a lead time nor a decision period: no date can be worked out."""
    return Fact("File by", "No deadline stated",
                "The ordinance sets no filing deadline and no decision period. File as early as you can.",
                j.filing_citation)


def packet_parts(p: Packet) -> list[Part]:
    """The numbered parts after the cover, in the order the packet gives them."""
    wanted = [("application", "The application", p.applies),
              # "and oaths" only where a block is sworn before a notary (an oath or a verification)
              ("signatures", "Signatures and oaths" if any(s.notary for s in p.signatures) else "Signatures",
               bool(p.signatures)),
              ("checklist", "Checklist", p.applies),
              ("facilities", "Facilities worksheet", p.applies and bool(p.facilities)),
              ("plan", "Your plan, day by day", bool(p.plan)),
              ("afterwards", "After you apply", p.applies and bool(p.afterwards)),
              # the other offices' permits, whatever the town decides: a State permit is due where it exempts
              ("other_permits", "Other permits your event needs", bool(p.other_permits)),
              ("notes", "Notes", True),
              ("addendum", "Addendum", bool(p.addendum))]
    shown = [(anchor, title) for anchor, title, present in wanted if present]
    return [Part(n, title, anchor) for n, (anchor, title) in enumerate(shown, 1)]


def place_today(j: Jurisdiction) -> date:
    """Today where the place's office is (its rule file's time zone), not on the server's clock: in
    UTC's early hours it is still yesterday in Chicago, and the packet's dates count from the office's day."""
    return datetime.now(j.zone).date()


def build_packet(answers: dict, j: Jurisdiction, questions: dict, assessment: dict | None = None,
                 today: date | None = None, office: OfficeCard | None = None,
                 other_permits: list[OtherPermitPage] | None = None) -> Packet:
    """The packet for cleaned answers in jurisdiction `j` (assessed here unless given); `other_permits`:
    the pages of the other offices' permits (other_permits.py), after the town's own."""
    a = assessment or assess_jurisdiction(j, answers)
    b = _Builder(answers, j, questions, a)
    b.office, b.today = office, today or place_today(j)
    applies = permit_applies(a["outcome"])
    packet = Packet(
        title=packet_title(j, applies),
        jurisdiction_id=j.id,
        jurisdiction_name=j.name,
        short_name=j.short_name,
        ordinance=j.ordinance,
        license_word=b.word,
        office=office_short(j.file_with),
        event_name=clean_text(answers.get("event_name") or "") or "Unnamed event",
        prepared_on=b.today,
        outcome=a["outcome"],
        outcome_title=b.outcome_title(),
        reasons=[Cited(r["text"], r["citation"]) for r in a["reasons"]],
        event=b.event_rows(),
        organizer=b.organizer_rows(),
        money=b.money_facts(),
        dates=b.date_facts(),
        filing=b.filing_facts(),
        application=b.application() if applies else [],
        checklist=b.checklist(),
        facilities=b.facilities(),
        signatures=b.signatures(),
        notes=b.notes(),
        applies=applies,
        afterwards=[(title, [Cited(*n) for n in items]) for title, items in dated_notes.note_lists(a)],
        plan=plan_steps(answers, a, b.word, b.today) if applies else [],
        other_permits=other_permits or [],
    )
    packet.addendum = move_to_addendum(packet.application)
    packet.glossary = terms_in(packet.strings())
    packet.parts = packet_parts(packet)
    return packet
