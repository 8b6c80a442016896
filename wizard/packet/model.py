"""What a packet is made of: plain data that `content.py` fills and the templates in templates/packet/ show."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any, Iterator

from .plan import PlanStep

# The packet's vendored fonts (README.md there): WeasyPrint prints with them (document.py), and the
# print view hands Noto Sans to the browser, so a packet printed from either takes as many pages.
FONTS = Path(__file__).resolve().parent / "fonts"
# Noto Sans CJK SC in pieces by code point, so a packet loads only the few it uses (the whole
# 40,000-glyph font would take longer to read than the rest of the packet to make).
CJK_PIECES = {
    "kana": ((0x1100, 0x11FF), (0x3000, 0x30FF), (0x3100, 0x318F), (0x31F0, 0x31FF), (0xF900, 0xFAFF),
             (0xFF00, 0xFFEF)),
    "3400": ((0x3400, 0x4DBF),),
    "4e00": ((0x4E00, 0x5FFF),),
    "6000": ((0x6000, 0x6FFF),),
    "7000": ((0x7000, 0x7FFF),),
    "8000": ((0x8000, 0x8FFF),),
    "9000": ((0x9000, 0x9FFF),),
    "ac00": ((0xAC00, 0xC1FF),),
    "c200": ((0xC200, 0xD7AF),),
}


@dataclass
class Row:
    """One line of a form: a label and its value; value None leaves a blank to fill in."""
    label: str
    value: str | None
    note: str = ""
    long: bool = False


@dataclass
class Cited:
    text: str
    citation: str


@dataclass
class Fact:
    """A figure on the cover: "Application fee", "$500", what it is, where it comes from."""
    label: str
    value: str
    detail: str = ""
    citation: str = ""
    figure: bool = True  # a short figure set in bold; False: a sentence set as text


@dataclass
class FormItem:
    ref: str
    heading: str
    citation: str
    rows: list[Row] = field(default_factory=list)
    asks: str | None = None
    attach: str | None = None


@dataclass
class AddendumItem:
    """An answer too long for its line of the application, printed whole at the end (as AssemblyLine
    does): the line says "See the addendum, item N"."""
    number: int
    label: str
    where: str  # the application item it answers: "(b) Kind of gathering"
    text: str


@dataclass
class ChecklistGroup:
    title: str
    items: list[Cited]


@dataclass
class FacilityRow:
    label: str
    quantity: str
    rate: str
    basis: str
    citation: str


@dataclass
class SignerLine:
    role: str  # who signs, as the caption under the line says it ("The operator", "the second partner")
    printed_name: str = ""
    capacity: bool = False  # the line has the signer's title or office
    title: str = ""  # that title, when the interview asked it (else a box to fill in)
    numbered: bool = False  # one of several lines for people of one kind (each owner, each officer)

    @property
    def caption(self) -> str:
        """Whose signature the line is for: a numbered line by the name the answers give, else as
        the role says it ("the property owner", "the second owner of a parcel")."""
        return self.printed_name if self.printed_name and self.numbered else _lower_first(self.role)

    @property
    def who(self) -> str:
        """Whom the line's boxes are for, in their accessible names ("Title or office of Pat
        Farmer"): the name where the answers give one, else what the line is for."""
        return self.printed_name or _lower_first(self.role)


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


@dataclass
class SignatureBlock:
    title: str
    text: str
    signers: str
    citation: str
    notary: bool
    lines: list[SignerLine]


@dataclass
class Line:
    """A line of an other permit's page: the text (a rule file's, which may quote the law's English
    words: kept whole, not joined to other words), its section, and a few words set in bold before it."""
    text: str
    citation: str = ""
    lead: str = ""
    strong: bool = False


@dataclass
class PermitRow:
    label: str
    lines: list[Line]


@dataclass
class OtherPermitPage:
    """One permit of another office (the State's, the county's) on a page of its own
    (wizard/packet/other_permits.py): every word in the language it was built in."""
    name: str
    state: str  # the layer's name: "New York State"
    status: str  # "Needed" or "May be needed", in words
    may_be_needed: bool
    rows: list[PermitRow]


@dataclass
class Part:
    """A numbered part after the cover: the cover's "In this packet" and the body use the same numbers."""
    number: int
    title: str
    anchor: str


@dataclass
class Packet:
    title: str
    jurisdiction_id: str
    jurisdiction_name: str
    short_name: str
    ordinance: str
    license_word: str
    office: str  # where to file, in short: "the Village Clerk"
    event_name: str
    prepared_on: date
    outcome: str
    outcome_title: str
    reasons: list[Cited]
    event: list[Row]
    organizer: list[Row]
    money: list[Fact]
    dates: list[Fact]
    filing: list[Fact]
    application: list[FormItem]
    checklist: list[ChecklistGroup]
    facilities: list[FacilityRow]
    signatures: list[SignatureBlock]
    notes: list[Cited]
    applies: bool  # a permit is required or may be: the application parts are included
    afterwards: list[tuple[str, list[Cited]]] = field(default_factory=list)  # After you apply, revocation, penalties
    plan: list[PlanStep] = field(default_factory=list)  # the plan to the day (wizard/interview/timeline.py)
    parts: list[Part] = field(default_factory=list)
    addendum: list[AddendumItem] = field(default_factory=list)  # answers too long for their line
    glossary: list[Any] = field(default_factory=list)  # the legal words used, in plain words (wizard/engine/glossary.py)
    # The other offices' permits, a page each, after the town's pages (wizard/packet/other_permits.py)
    other_permits: list[OtherPermitPage] = field(default_factory=list)
    summary: Any = None  # the summary page in the organizer's language, in front (wizard/packet/summary.py)

    def part(self, anchor: str) -> Part | None:
        return next((p for p in self.parts if p.anchor == anchor), None)

    @property
    def fill_ins(self) -> bool:
        """The application has a shaded FILL IN box: an item that asks, or an answer not given yet."""
        return any(item.asks or any(row.value is None and not row.note for row in item.rows) for item in self.application)

    def strings(self) -> Iterator[str]:
        """Every piece of text in the packet (to choose the fonts it needs)."""
        yield from _strings(self)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            yield from _strings(getattr(value, f.name))
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)
