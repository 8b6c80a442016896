"""The instruction sheets in the organizer's language before each part they complete
(docs/decisions/0002-spanish-beside-the-law.md).

The packet stays the office's English; an organizer who reads Spanish gets, besides the summary page
in front (summary.py), a sheet just before each part they fill in, sign or act on: the part's English
title as printed, what to do with it, and what these answers make of it (the FILL IN boxes and what
they ask, the signature blocks and which need a notary, the documents to gather, the rows to fill
in). The English words a sheet quotes are printed as the packet prints them and marked English
(`lang="en"`), each followed by the rule file's own words for it in the organizer's language ("Toilets
for men ... — Baños para hombres ..."): the same packet built in that language gives them, part for
part, row for row. Every other word comes from here, through the engine catalog. No Flask.

The parts with a sheet: the application (answers to check, boxes to fill in, documents to attach),
the signatures (lines to sign, some before a notary), the checklist (items to tick, documents to
gather) and the facilities worksheet (its last column, "You will provide", is a box per row to fill
in). The others have none: the plan, "After you apply" and the notes are to read, and the summary
page gives their dates and what each is in Spanish; the addendum is the application's own long
answers, which the application's sheet points to.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..language import gettext as _, ngettext
from .model import Packet

SHEET_PARTS = ("application", "signatures", "checklist", "facilities")


@dataclass
class SheetList:
    """A list on a sheet: its lead in the organizer's language, then each entry as the English pages
    print it (lang="en") with an optional note in the organizer's language; `said`, entry for entry,
    the rule file's words for it in the organizer's language (empty where they are the same)."""
    lead: str
    entries: list[tuple[str, str]]
    said: list[str] = field(default_factory=list)


Entry = tuple[str, str, str]  # the English, its translation, a note


def _entry(english: str, said: str, note: str = "") -> Entry:
    return english, ("" if said == english else said), note


def _listed(lead: str, entries: list[Entry]) -> SheetList:
    return SheetList(lead, [(english, note) for english, _said, note in entries],
                     [said for _english, said, _note in entries])


@dataclass
class InstructionSheet:
    anchor: str  # the part it comes before ("application")
    number: str  # "Instructions, sheet 2 of 4", in the organizer's language
    heading: str
    title_label: str
    title: str  # the part's English title as printed: "1. The application"
    what: list[str]
    lists: list[SheetList] = field(default_factory=list)
    after: str = ""


def instruction_sheets(packet: Packet, said: Packet | None = None) -> list[InstructionSheet]:
    """A sheet for each part the organizer completes that this packet has, in the packet's order, in
    the language in force; `said`: the same packet built in that language, for the translations."""
    said = said or packet
    makers = {"application": _application, "signatures": _signatures, "checklist": _checklist,
              "facilities": _facilities}
    parts = [part for part in packet.parts if part.anchor in SHEET_PARTS]
    sheets = []
    for n, part in enumerate(parts, 1):
        what, lists = makers[part.anchor](packet, said)
        sheets.append(InstructionSheet(
            anchor=part.anchor, number=_("Instructions, sheet %(sheet)d of %(sheets)d", sheet=n, sheets=len(parts)),
            heading=_("Part %(number)d: what to do", number=part.number),
            title_label=_("The part's title in English, as printed:"), title=f"{part.number}. {part.title}",
            what=what, lists=[found for found in lists if found.entries],
            after=_("The pages after this sheet are in English, as the office reads them.")))
    return sheets


def _attachments(packet: Packet, said: Packet) -> list[Entry]:
    return [_entry(f"{item.ref} {item.attach}", f"{item.ref} {other.attach}")
            for item, other in zip(packet.application, said.application) if item.attach]


def _blanks(packet: Packet, said: Packet) -> list[Entry]:
    """The application's FILL IN boxes, each as its item and what it asks."""
    found = []
    for item, other in zip(packet.application, said.application):
        found += [_asked(item.ref, (item.heading, other.heading), (row.label, row_said.label))
                  for row, row_said in zip(item.rows, other.rows) if row.value is None and not row.note]
        if item.asks:
            found.append(_asked(item.ref, (item.heading, other.heading), (item.asks, other.asks or item.asks)))
    return found


def _asked(ref: str, heading: tuple[str, str], label: tuple[str, str]) -> Entry:
    """A box as "(a) Applicant: Officer signing for it", translated as far as the rule file translates
    it: a label it leaves in English is not repeated in the translation."""
    said = f"{ref} {heading[1]}: {label[1]}" if label[1] != label[0] else f"{ref} {heading[1]}"
    return _entry(f"{ref} {heading[0]}: {label[0]}", said if heading[1] != heading[0] or label[1] != label[0] else "")


def which_language() -> str:
    """Which boxes the organizer may write as they are and which the office needs in English."""
    return _("Names, addresses, phone numbers, dates and figures: write them as they are. Every other box: "
             "write it in English, because the office reads the application in English.")


def _application(packet: Packet, said: Packet) -> tuple[list[str], list[SheetList]]:
    blanks, attachments = _blanks(packet, said), _attachments(packet, said)
    what = [_("These pages are the application. Your answers are filled in, in the order of the ordinance. "
              "Read each one and check that it is right.")]
    if blanks:
        what += [ngettext("It has %(num)d shaded FILL IN box. Write in it in English.",
                          "It has %(num)d shaded FILL IN boxes. Write in them in English.", len(blanks)), which_language()]
    else:
        what.append(_("It has no FILL IN box: every answer is there."))
    if attachments:
        what.append(ngettext("%(num)d document is marked ATTACH. Put it with the application.",
                             "%(num)d documents are marked ATTACH. Put them with the application.", len(attachments)))
    addendum = packet.part("addendum")
    if addendum:
        what.append(_("Some answers are too long for their line. They are in full in part %(number)d, at the end.",
                      number=addendum.number))
    cover = [_entry(row.label, row_said.label)
             for row, row_said in zip(packet.event + packet.organizer, said.event + said.organizer)
             if row.value is None and not row.note]
    return what, [_listed(ngettext("What the box asks:", "What the boxes ask:", len(blanks)), blanks),
                  _listed(_("The documents to put with the application:"), attachments),
                  _listed(ngettext("The first page has a box to fill in too:",
                                     "The first page has boxes to fill in too:", len(cover)), cover)]


def _signatures(packet: Packet, said: Packet) -> tuple[list[str], list[SheetList]]:
    blocks = packet.signatures
    sworn = sum(1 for block in blocks if block.notary)
    what = [_("Sign each line by hand, with a pen, and write the date beside it. Where there is a box for "
              "the name, write the name in capital letters."),
            ngettext("This part has %(num)d signature block.", "This part has %(num)d signature blocks.", len(blocks))]
    if sworn:
        what.append(ngettext("%(num)d of them must be signed in front of a notary public. Do not sign it before. "
                             "The notary fills in the part under it.",
                             "%(num)d of them must be signed in front of a notary public. Do not sign them before. "
                             "The notary fills in the part under each one.", sworn))
    else:
        what.append(_("None of them needs a notary."))
    entries = [_entry(f"{block.title}: {block.signers}", f"{other.title}: {other.signers}",
                      ngettext("%(num)d line to sign", "%(num)d lines to sign", len(block.lines))
                      + (". " + _("In front of a notary.") if block.notary else "."))
               for block, other in zip(blocks, said.signatures)]
    return what, [_listed(_("Each block, and who signs it:"), entries)]


def _checklist(packet: Packet, said: Packet) -> tuple[list[str], list[SheetList]]:
    items = sum(len(group.items) for group in packet.checklist)
    what = [_("This list has everything the ordinance asks of you, grouped by when it is due. "
              "Tick each box when the item is done."),
            ngettext("It has %(num)d item.", "It has %(num)d items.", items)]
    groups = [_entry(group.title, other.title, ngettext("%(num)d item.", "%(num)d items.", len(group.items)))
              for group, other in zip(packet.checklist, said.checklist)]
    return what, [_listed(_("Each group, and how many items it has:"), groups),
                  _listed(_("The documents to gather and put with the application:"), _attachments(packet, said))]


def _facilities(packet: Packet, said: Packet) -> tuple[list[str], list[SheetList]]:
    rows = packet.facilities
    what = [_("This table gives the facilities the ordinance asks for your crowd, worked out from your answers. "
              "The numbers are rounded up."),
            ngettext("In the last column, write in English what you will provide. It has %(num)d box to fill in.",
                     "In the last column, write in English what you will provide. It has %(num)d boxes to fill in.",
                     len(rows)), which_language()]
    entries = [_entry(row.label, other.label, _("Required: %(quantity)s.", quantity=row.quantity))
               for row, other in zip(rows, said.facilities)]
    return what, [_listed(_("Each row, and the number the ordinance asks for:"), entries)]
