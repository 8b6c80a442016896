"""The parts of the packet, drawn on a `PacketPDF`: cover, application, signatures, checklist,
facilities worksheet and notes."""
from __future__ import annotations

from fpdf.enums import XPos, YPos

from .model import Fact, FormItem, Packet, SignatureBlock, SignerLine
from .formatting import long_date
from .pdf import FILL_IN, INK, MUTED, NAVY, OUTCOME_COLORS, RULE, SHADE, SMALL_LINE, PacketPDF
from .plan_pages import glossary, plan

WHITE = (255, 255, 255)
PALE = (200, 214, 232)
COVER_TITLE_LIMIT = 160
COVER_VALUE_LIMIT = 120  # characters of an answer in the cover's two columns
SIGNER_HEIGHT = 25
JURAT_HEIGHT = 50  # mm: the notary's box under a sworn signature


# The cover ------------------------------------------------------------------------------

def cover(pdf: PacketPDF, p: Packet) -> None:
    pdf.add_page()
    pdf.start_section("Summary")
    _cover_band(pdf, p)
    _outcome_box(pdf, p)
    pdf.gap(4)
    _two_columns(pdf, ("The event", p.event), ("The organizer", p.organizer))
    if p.money:
        pdf.caps("Money due")
        for fact in p.money:
            _fact(pdf, fact)
    if p.dates:
        pdf.caps("Dates")
        for fact in p.dates:
            _fact(pdf, fact)
    pdf.caps("Where to file")
    for fact in p.filing:
        _fact(pdf, fact)
    _contents(pdf, p)


def _cover_band(pdf: PacketPDF, p: Packet) -> None:
    pdf.set_fill_color(*NAVY)
    pdf.rect(0, 0, pdf.w, 36, style="F")
    pdf.set_xy(pdf.l_margin, 9)
    pdf.font(8, bold=True, color=PALE)
    pdf.cell(0, 4, "APPLICATION PACKET", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.font(19, bold=True, color=WHITE)
    pdf.cell(0, 10, p.title, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.font(10, color=WHITE)
    pdf.cell(0, 5, pdf.fit(p.jurisdiction_name, pdf.epw), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.font(8, color=PALE)
    pdf.cell(0, 4.5, pdf.fit(p.ordinance, pdf.epw), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_y(42)
    name = _clip(p.event_name, COVER_TITLE_LIMIT, note="")
    pdf.para(name, 16, bold=True, line=7.5)
    pdf.para(f"Prepared {long_date(p.prepared_on)} from the organizer's answers", 8.5, color=MUTED, line=4.5)
    pdf.gap(4)


def _outcome_box(pdf: PacketPDF, p: Packet) -> None:
    color = OUTCOME_COLORS.get(p.outcome, NAVY)
    inner = pdf.epw - 9
    height = 4 + pdf.height_of(p.outcome_title, inner, 12.5, True, 6.5)
    for reason in p.reasons:
        height += pdf.height_of(f"{reason.text}  {reason.citation}", inner, 9.5, line=4.6) + 1.5
    height += 2
    pdf.ensure(height)
    top = pdf.get_y()
    pdf.set_fill_color(*SHADE)
    pdf.rect(pdf.l_margin, top, pdf.epw, height, style="F")
    pdf.set_fill_color(*color)
    pdf.rect(pdf.l_margin, top, 1.8, height, style="F")
    x = pdf.l_margin + 6
    pdf.set_xy(x, top + 3)
    pdf.para(p.outcome_title, 12.5, bold=True, color=color, line=6.5, x=x, width=inner)
    for reason in p.reasons:
        pdf.cited(reason.text, reason.citation, x, inner, size=9.5, line=4.6)
        pdf.gap(1.5)
    pdf.set_y(top + height)


def _two_columns(pdf: PacketPDF, *columns) -> None:
    """Short label/value groups side by side (the event beside the organizer)."""
    gutter = 8
    width = (pdf.epw - gutter) / len(columns)
    pdf.ensure(60)
    top, bottom, page = pdf.get_y(), pdf.get_y(), pdf.page
    for index, (title, rows) in enumerate(columns):
        x = pdf.l_margin + index * (width + gutter)
        pdf.page = page
        pdf.set_xy(x, top)
        pdf.font(8, bold=True, color=MUTED)
        pdf.cell(width, 5, title.upper(), new_x=XPos.LEFT, new_y=YPos.NEXT)
        pdf.set_draw_color(*RULE)
        pdf.line(x, pdf.get_y(), x + width, pdf.get_y())
        pdf.set_y(pdf.get_y() + 1.5)
        for row in rows:
            pdf.row(row.label, _clip(row.value), row.note, False, 27, 9.5, x=x, width=width)
        bottom = max(bottom, pdf.get_y()) if pdf.page == page else pdf.get_y()
    pdf.set_y(bottom + 3)


def _clip(value: str | None, limit: int = COVER_VALUE_LIMIT, note: str = " (in full in the application)") -> str | None:
    """A summary line on the cover; the application gives the answer in full."""
    if value is None or len(value) <= limit:
        return value
    return value[:limit].rstrip() + "…" + note


def _fact(pdf: PacketPDF, fact: Fact) -> None:
    """A cover line: label, figure in bold, what it is, and the section it comes from."""
    label_w, value_w = 28, 52
    wide = not fact.figure or len(fact.value) > 30  # a sentence, not a figure: it takes the figure's and the detail's room
    detail_x = pdf.l_margin + label_w + (0 if wide else value_w)
    detail_w = pdf.l_margin + pdf.epw - detail_x
    detail = fact.value if wide else fact.detail
    height = pdf.needs(f"{detail}  {fact.citation}", detail_w, 9, line=4.4)
    if not wide:
        height = max(height, pdf.needs(fact.value, value_w - 3, 10, True))
    pdf.ensure(height + 2)
    top = pdf.get_y()
    pdf.set_xy(pdf.l_margin, top + 0.5)
    pdf.para(fact.label, 8.5, bold=True, color=MUTED, line=SMALL_LINE, width=label_w - 3)
    bottom = pdf.get_y()
    if not wide:
        pdf.set_xy(pdf.l_margin + label_w, top)
        pdf.para(fact.value, 10, bold=True, line=4.6, x=pdf.l_margin + label_w, width=value_w - 3)
        bottom = max(bottom, pdf.get_y())
    pdf.set_y(top + 0.2)
    pdf.cited(detail, fact.citation, detail_x, detail_w)
    pdf.set_y(max(bottom, pdf.get_y()) + 1.8)


def _contents(pdf: PacketPDF, p: Packet) -> None:
    parts = ["The application", "Signatures and oaths", "Checklist"] if p.applies else []
    if p.applies and p.facilities:
        parts.append("Facilities worksheet")
    if p.plan:
        parts.append("Your plan, day by day")
    parts.append("Notes")
    if pdf.room() < 16:
        return
    pdf.caps("In this packet")
    text = "   ".join(f"{n}. {name}" for n, name in enumerate(parts, 1))
    pdf.para(text, 9, line=4.6)


# The application ------------------------------------------------------------------------

def application(pdf: PacketPDF, p: Packet) -> None:
    pdf.section("The application", (
        f"Everything the application must contain under {p.ordinance}, in the ordinance's order. Your "
        "answers are filled in. Complete each shaded FILL IN box, and put each document marked ATTACH with "
        "the application."))
    for item in p.application:
        _form_item(pdf, item)


def _form_item(pdf: PacketPDF, item: FormItem) -> None:
    pdf.continued = None
    pdf.ensure(14 + _first_block_height(pdf, item))  # no heading alone at the foot of a page
    top = pdf.get_y()
    pdf.font(11, bold=True, color=NAVY)
    ref_w = max(pdf.get_string_width(item.ref) + 4, 12)
    pdf.cell(ref_w, 6, item.ref)
    pdf.font(11, bold=True)
    pdf.multi_cell(pdf.epw - ref_w, 6, item.heading, align="L", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.para(item.citation, 7.5, color=MUTED, line=SMALL_LINE, x=pdf.l_margin + ref_w, width=pdf.epw - ref_w)
    pdf.gap(1.5)
    pdf.continued = f"{item.ref}  {item.heading}"
    for row in item.rows:
        pdf.row(row.label, row.value, row.note, row.long)
    if item.asks:
        prompt_h = pdf.needs(item.asks, pdf.epw, 9.5, line=4.8)
        pdf.ensure(prompt_h + 32)
        pdf.para(item.asks, 9.5, line=4.8)
        pdf.gap(1)
        pdf.set_y(pdf.fill_in_box(pdf.l_margin, pdf.get_y(), pdf.epw, 4) + 2)
    if item.attach:
        pdf.attach(item.attach)
    if pdf.get_y() > top:
        pdf.hrule(pdf.get_y() + 1, RULE)
    pdf.gap(4)


def _first_block_height(pdf: PacketPDF, item: FormItem) -> float:
    if item.rows:
        return 9
    if item.asks:
        return pdf.needs(item.asks, pdf.epw, 9.5, line=4.8) + 32
    return 8


# Signatures and oaths ---------------------------------------------------------------------

def signatures(pdf: PacketPDF, p: Packet) -> None:
    sworn = any(b.notary for b in p.signatures)
    intro = "Sign where shown. Everyone named must sign."
    if sworn:
        intro += " Where a notary block follows, sign in front of a notary public, who completes the block."
    pdf.section("Signatures and oaths", intro)
    for block in p.signatures:
        _signature_block(pdf, block)


def _signature_block(pdf: PacketPDF, block: SignatureBlock) -> None:
    statement_h = pdf.height_of(block.text, pdf.epw - 8, 10, line=5.2)
    # The whole block on one page: a jurat must not be cut off from the signatures it attests.
    pdf.ensure(statement_h + 30 + SIGNER_HEIGHT * len(block.lines) + (JURAT_HEIGHT if block.notary else 0))
    pdf.subheading(block.title)
    pdf.para(block.citation, 7.5, color=MUTED, line=SMALL_LINE)
    pdf.gap(2)
    top = pdf.get_y()
    pdf.set_fill_color(*SHADE)
    pdf.rect(pdf.l_margin, top, pdf.epw, statement_h + 5, style="F")
    pdf.set_xy(pdf.l_margin + 4, top + 2.5)
    pdf.para(block.text, 10, line=5.2, x=pdf.l_margin + 4, width=pdf.epw - 8)
    pdf.set_y(top + statement_h + 7)
    pdf.para(f"To be signed by: {block.signers}", 9, color=MUTED, line=4.6)
    pdf.gap(2)
    for line in block.lines:
        _signer_line(pdf, line)
    if block.notary:
        _jurat(pdf)
    pdf.gap(6)


def _underline(pdf: PacketPDF, x: float, y: float, width: float, caption: str, value: str = "") -> None:
    if value:
        pdf.set_xy(x + 1, y - 5.5)
        pdf.font(10)
        pdf.cell(width - 1, 5, pdf.fit(value, width - 2))
    pdf.set_draw_color(*INK)
    pdf.set_line_width(0.25)
    pdf.line(x, y, x + width, y)
    pdf.set_xy(x, y + 0.5)
    pdf.font(7.5, color=MUTED)
    pdf.cell(width, 3.5, caption)


def _signer_line(pdf: PacketPDF, line: SignerLine) -> None:
    pdf.ensure(SIGNER_HEIGHT)
    x, top = pdf.l_margin, pdf.get_y()
    wide = pdf.epw * 0.62
    right_x = x + wide + 8
    right_w = pdf.epw - wide - 8
    _underline(pdf, x, top + 9, wide, f"Signature of {line.role[:1].lower()}{line.role[1:]}")
    _underline(pdf, right_x, top + 9, right_w, "Date")
    _underline(pdf, x, top + 19, wide, "Printed name", line.printed_name)
    if line.capacity:
        _underline(pdf, right_x, top + 19, right_w, "Title or office")
    pdf.set_y(top + SIGNER_HEIGHT)


def _jurat(pdf: PacketPDF) -> None:
    pdf.ensure(JURAT_HEIGHT)
    top = pdf.get_y() + 1
    pdf.set_draw_color(*RULE)
    pdf.set_line_width(0.3)
    pdf.set_dash_pattern(dash=1.2, gap=1)
    pdf.rect(pdf.l_margin, top, pdf.epw, JURAT_HEIGHT - 4)
    pdf.set_dash_pattern()
    x = pdf.l_margin + 4
    pdf.set_xy(x, top + 2)
    pdf.font(8, bold=True, color=MUTED)
    pdf.cell(0, 4, "NOTARY JURAT (for the notary public to complete)", new_x=XPos.LEFT, new_y=YPos.NEXT)
    pdf.gap(1)
    for text in ("State of ______________________________ )",
                 "County of _____________________________ )  ss.",
                 "Subscribed and sworn to before me this ______ day of ____________________, 20____."):
        pdf.para(text, 9.5, line=6, x=x)
    _underline(pdf, x, top + 36, 90, "Notary Public (signature and seal)")
    _underline(pdf, x + 100, top + 36, pdf.epw - 108, "My commission expires")
    pdf.set_y(top + JURAT_HEIGHT)


# Checklist -----------------------------------------------------------------------------------

def checklist(pdf: PacketPDF, p: Packet) -> None:
    pdf.section("Checklist", "Everything the ordinance requires of you, grouped by when it is due. "
                             "Tick each box as you finish the item.")
    cite_w = 40
    text_w = pdf.epw - 7 - cite_w - 3
    for group in p.checklist:
        pdf.continued = None
        pdf.subheading(f"{group.title}  ({len(group.items)})")
        pdf.continued = group.title
        for item in group.items:
            height = max(pdf.needs(item.text, text_w, 9.5, line=4.8),
                         pdf.needs(item.citation, cite_w, 7.5, line=SMALL_LINE))
            pdf.ensure(height + 3)
            top = pdf.get_y()
            pdf.checkbox(pdf.l_margin, top + 0.8)
            pdf.set_xy(pdf.l_margin + 7, top)
            pdf.para(item.text, 9.5, line=4.8, x=pdf.l_margin + 7, width=text_w)
            bottom = pdf.get_y()
            cite_x = pdf.l_margin + pdf.epw - cite_w
            pdf.set_xy(cite_x, top + 0.6)
            pdf.para(item.citation, 7.5, color=MUTED, line=SMALL_LINE, x=cite_x, width=cite_w)
            pdf.set_y(max(bottom, pdf.get_y()) + 1)
            pdf.hrule(pdf.get_y(), (228, 231, 235))
            pdf.set_y(pdf.get_y() + 1.5)
        pdf.gap(3)


# Facilities worksheet ----------------------------------------------------------------------

FACILITY_COLUMNS = (("Facility", 42, "L"), ("Required", 19, "R"), ("Rate set by the ordinance", 40, "L"),
                    ("Worked out from", 34, "L"), ("Section", 21, "L"), ("You will provide", 19.9, "L"))


def facilities(pdf: PacketPDF, p: Packet) -> None:
    if not p.facilities:
        return
    pdf.section("Facilities worksheet", "What the ordinance requires for your crowd, the rate it sets, and the "
                                        "figure each count is worked out from (rounded up: part of a toilet is a "
                                        "toilet). Write what you will provide in the last column.")
    _facility_heading(pdf)
    pdf.continued = "Facilities worksheet"
    for f in p.facilities:
        cells = (f.label, f.quantity, f.rate, f.basis, f.citation, "")
        height = max(pdf.needs(text, width - 3, 8.5, line=4.2) for text, (_, width, _) in zip(cells, FACILITY_COLUMNS))
        if height + 4 > pdf.room():
            pdf.add_page()
            _facility_heading(pdf)
        top, bottom, x = pdf.get_y(), pdf.get_y(), pdf.l_margin
        for column, (text, (_, width, align)) in enumerate(zip(cells, FACILITY_COLUMNS)):
            pdf.set_xy(x + 1.5, top + 1.6)
            pdf.para(text, 9 if column == 1 else 8.5, bold=column == 1, line=4.2, x=x + 1.5, width=width - 3, align=align)
            bottom = max(bottom, pdf.get_y())
            x += width
        bottom += 1.6
        last_width = FACILITY_COLUMNS[-1][1]
        pdf.set_fill_color(*FILL_IN)
        pdf.rect(pdf.l_margin + pdf.epw - last_width + 1, top + 1, last_width - 1, bottom - top - 2, style="F")
        pdf.hrule(bottom, RULE)
        pdf.set_y(bottom)


def _facility_heading(pdf: PacketPDF) -> None:
    top, x = pdf.get_y(), pdf.l_margin
    pdf.set_fill_color(*NAVY)
    pdf.rect(x, top, pdf.epw, 10, style="F")
    for title, width, align in FACILITY_COLUMNS:
        pdf.set_xy(x + 1.5, top + 1.2)
        pdf.para(title, 8, bold=True, color=WHITE, line=3.8, x=x + 1.5, width=width - 3, align=align)
        x += width
    pdf.set_y(top + 10)


# After you apply, revocation, penalties ------------------------------------------------------

def afterwards(pdf: PacketPDF, p: Packet) -> None:
    """What happens after filing, how the permit can be lost, and the penalties (issue 9)."""
    if not p.afterwards:
        return
    pdf.section("After you apply", "What the ordinance says happens once your application is filed, how the "
                                   f"{p.license_word} can be revoked, and the penalties for breaking it.")
    for title, items in p.afterwards:
        pdf.subheading(title)
        for item in items:
            pdf.ensure(pdf.needs(item.text, pdf.epw, 9.5, line=4.8) + SMALL_LINE + 2)
            pdf.para(item.text, 9.5, line=4.8)
            pdf.para(item.citation, 7.5, color=MUTED, line=SMALL_LINE)
            pdf.gap(2)
        pdf.gap(2)


# Notes ---------------------------------------------------------------------------------------

def notes(pdf: PacketPDF, p: Packet) -> None:
    pdf.section("Notes", f"Where the ordinance is silent or unclear, and what else to know. Ask {p.office} "
                         "about anything here.")
    for n, note in enumerate(p.notes, 1):
        height = pdf.needs(note.text, pdf.epw - 8, 9.5, line=4.8) + SMALL_LINE
        pdf.ensure(height + 3)
        pdf.font(9.5, bold=True, color=NAVY)
        pdf.cell(8, 4.8, f"{n}.")
        pdf.para(note.text, 9.5, line=4.8, x=pdf.l_margin + 8, width=pdf.epw - 8)
        pdf.para(note.citation, 7.5, color=MUTED, line=SMALL_LINE, x=pdf.l_margin + 8, width=pdf.epw - 8)
        pdf.gap(2.5)
    glossary(pdf, p)
    pdf.gap(4)
    pdf.caps("About this packet")
    pdf.para(f"Prepared {long_date(p.prepared_on)} by the Mass Gathering Permit Wizard from the organizer's "
             f"answers. It gathers what {p.ordinance} asks for, with the section each requirement comes from. "
             "It is not legal advice: the office that issues the " + p.license_word + " decides. Where this "
             "packet and the ordinance differ, the ordinance governs.", 9, color=MUTED, line=4.6)


def render_packet(packet: Packet) -> bytes:
    """The whole packet as PDF bytes."""
    pdf = PacketPDF(packet)
    cover(pdf, packet)
    if packet.applies:
        application(pdf, packet)
        signatures(pdf, packet)
        checklist(pdf, packet)
        facilities(pdf, packet)
        plan(pdf, packet)
        afterwards(pdf, packet)
    elif packet.signatures:  # a statement the rule file asks to have signed even with no permit needed
        signatures(pdf, packet)
    notes(pdf, packet)
    return bytes(pdf.output())
