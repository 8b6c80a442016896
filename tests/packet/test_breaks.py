"""A heading stays with what it heads. With `break-after: avoid` on the heading
alone, the page broke after the citation under it, and the heading and its citation were left at the
foot of a page (Whitesboro B(9), Baroda (f)(5), Wisconsin M, DeKalb 34.06(b), depending on how long
the answers before them were). The structure tree shows it: WeasyPrint tags each page's piece of a
section apart, and a stranded heading's piece holds the heading and its citation only."""
from __future__ import annotations

import re
from io import BytesIO

import pikepdf
import pytest

from wizard.packet.printing import packet_pdf

from tests.support.structure_text import StructureReader
from tests.support.packet import festival

CITATION = re.compile(r"^(?:Ch\. \d|Ord\. \d|§ )")
LONG = "A long answer that runs on and on, as an organizer writing a full paragraph might. "


def stranded_headings(data: bytes) -> list[str]:
    """The headings whose piece of their section on a page ends with them and their citation."""
    found = []
    with pikepdf.open(BytesIO(data)) as pdf:
        reader = StructureReader(pdf)

        def visit(element) -> None:
            if not isinstance(element, pikepdf.Dictionary):
                return
            kids = element.get("/K")
            kids = list(kids) if isinstance(kids, pikepdf.Array) else [kids]
            tags = [str(kid.get("/S")) if isinstance(kid, pikepdf.Dictionary) else "" for kid in kids]
            if len(tags) == 2 and tags[0] in ("/H2", "/H3") and tags[1] == "/P" \
                    and CITATION.match(reader.text(kids[1]).strip()):
                found.append(reader.text(kids[0]).strip())
            for kid in kids:
                visit(kid)

        visit(pdf.Root.StructTreeRoot)
    return found


# Answers of these lengths (paragraphs of the event's purpose, words of the address) each left a
# heading at a page's foot before the fix.
CASES = [("whitesboro-ny", 0), ("whitesboro-ny", 8), ("baroda-mi", 0), ("baroda-mi", 6), ("wi-village-ch64", 2),
         ("wi-village-ch64", 10), ("dekalb-il", 12)]


@pytest.mark.parametrize("jurisdiction, length", CASES)
def test_no_heading_is_left_at_the_foot_of_a_page(book, jurisdiction, length):
    answers = festival(jurisdiction, book, event_purpose=(LONG * length) or "A festival.",
                       applicant_address="12 Elm Street, Springfield " + "Apt 4 " * length)
    assert stranded_headings(packet_pdf(answers, book)) == []
