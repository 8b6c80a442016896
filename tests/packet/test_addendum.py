"""Nothing cut off (docs/decisions/0011-one-html-source-for-the-packet.md). An answer may hold 20,000
characters, and a label and its value are inline blocks, which cannot go on to the next page: past the
first page, the rest of a long answer was cut off (550 of 3,333 words printed). As AssemblyLine does, an
answer too long for its line (formatting.ADDENDUM_ABOVE) is printed whole in an addendum at the end, and
its line says so."""
from __future__ import annotations

import re
import subprocess
from io import BytesIO

import pytest
from pypdf import PdfReader

from wizard.kinds import LONG_TEXT_LIMIT
from wizard.packet import build_packet
from wizard.packet.formatting import ADDENDUM_ABOVE
from wizard.packet.printing import packet_pdf

from tests.support.pdfua import pdfua_problems
from tests.support.packet import festival, packet_document, packet_text

NUMBERED = " ".join(f"w{n:04d}" for n in range(LONG_TEXT_LIMIT // 6))[:LONG_TEXT_LIMIT].rsplit(" ", 1)[0]


@pytest.mark.parametrize("jurisdiction", ["baroda-mi", "whitesboro-ny", "wi-village-ch64"])
def test_a_long_answer_is_printed_whole_in_the_addendum(book, jurisdiction, tmp_path):
    answers = festival(jurisdiction, book, event_purpose=NUMBERED)
    data = packet_pdf(answers, book)
    printed = subprocess.run(["pdftotext", "-", "-"], input=data, capture_output=True, check=True).stdout.decode()
    assert set(re.findall(r"w\d{4}", printed)) == set(NUMBERED.split())  # every word, none cut off
    text = packet_text(packet_document(answers, book))
    assert "See the addendum, item 1: the whole answer (3,332 words) is on the last pages." in text
    pages = [page.extract_text() for page in PdfReader(BytesIO(data)).pages]
    first = next(n for n, page in enumerate(pages) if "Item 1: " in page)
    assert all("w0001" not in page for page in pages[:first])  # only in the addendum, at the end
    assert "Addendum" in pages[0]  # the cover's "In this packet" lists it
    (tmp_path / "packet.pdf").write_bytes(data)
    assert pdfua_problems(tmp_path / "packet.pdf") == []


def test_an_answer_that_fits_stays_on_its_line(book):
    fits = "A three-day outdoor music festival. " * (ADDENDUM_ABOVE // 40)
    packet = build_packet(festival("baroda-mi", book, event_purpose=fits), book.jurisdictions["baroda-mi"],
                          book.questions_for("baroda-mi"))
    assert packet.addendum == [] and packet.part("addendum") is None
    assert any(row.value == fits.strip() for item in packet.application for row in item.rows)
