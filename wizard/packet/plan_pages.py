"""The packet's plan to the day and its glossary (issue 11), drawn on a `PacketPDF`."""
from __future__ import annotations

from ..glossary import terms_in
from .model import Packet
from .pdf import INK, MUTED, NAVY, RULE, SMALL_LINE, PacketPDF


# The plan to the day -----------------------------------------------------------------------

def plan(pdf: PacketPDF, p: Packet) -> None:
    """Every dated step from the filing to after the event (issue 11), as on the result page."""
    if not p.plan:
        return
    pdf.section("Your plan, day by day", "Every date here comes from the ordinance or from your event dates. "
                                         "The calendar file on the result page has them all, with reminders.")
    date_width = 48
    for step in p.plan:
        x, width = pdf.l_margin + date_width, pdf.epw - date_width
        height = pdf.needs(step.title, width, 10, bold=True, line=5)
        if step.detail:
            height += pdf.needs(step.detail, width, 9, line=4.6)
        pdf.ensure(height + SMALL_LINE + 3)
        top = pdf.get_y()
        pdf.font(9.5, bold=True, color=NAVY if step.event else INK)
        pdf.set_x(pdf.l_margin)
        pdf.multi_cell(date_width - 3, 5, step.when, align="L")
        below_date = pdf.get_y()
        pdf.set_y(top)
        pdf.para(step.title, 10, bold=True, line=5, x=x, width=width)
        if step.detail:
            pdf.para(step.detail, 9, line=4.6, x=x, width=width)
        if step.citation:
            pdf.para(step.citation, 7.5, color=MUTED, line=SMALL_LINE, x=x, width=width)
        pdf.set_y(max(pdf.get_y(), below_date))
        pdf.hrule(pdf.get_y() + 1.5, RULE)
        pdf.gap(3)


def glossary(pdf: PacketPDF, p: Packet) -> None:
    """The legal words this packet uses, in plain words (issue 11): general meanings only."""
    terms = terms_in(p.strings())
    if not terms:
        return
    pdf.gap(3)
    pdf.caps("What these words mean")
    for term in terms:
        text = f"{term.term}: {term.meaning}"
        pdf.ensure(pdf.needs(text, pdf.epw, 9, line=4.6) + 1.5)
        pdf.para(text, 9, line=4.6)
        pdf.gap(1.5)
