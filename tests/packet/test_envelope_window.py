"""The office's letter shows its whole address through a #10 envelope's window: drawn (by pixels, as poppler
renders it), not just present in the text layer, with 0.125 inch clear of the window on every side."""
from __future__ import annotations

import re
from html import unescape
import subprocess
from datetime import date
from io import BytesIO

import pytest
from PIL import Image

from wizard.packet.envelope_window import AddressDoesNotFit, BOX_HEIGHT, fit_window
from wizard.packet.letter import Letter, envelope_fit
from wizard.packet.printing import letter_pdf

DPI = 100
# The window on the sheet (inches): 0.875 from the left edge, from 2 inches below the top; 4.5 by 1.125.
WINDOW = (0.875, 2.0, 0.875 + 4.5, 2.0 + 1.125)
CLEAR = 0.125
LONG_NAME = ["Berrien County Agricultural and Historical Society", "of the Friends of the Fairgrounds",
             "and the Volunteer Firemen's Auxiliary"]
LONG_ADDRESS = ["Building 7, Suite 400, Fairgrounds Office", "1234 North Main Street Extension",
                "Baroda, MI 49101-1234"]
PLACES = ("baroda-mi", "dekalb-il", "whitesboro-ny", "wi-village-ch64")


def revocation_letter(book, place: str, answers: dict) -> Letter:
    j = book.require(place)
    action = {"action": "revoked", "acted_on": "2027-06-01", "citation": j.notes("revocation")[0]["citation"],
              "reasons": "The facilities in the application were not provided."}
    notice = {"id": 1, "about": "revoked", "dated": "2027-06-01", "address_lines": None}
    return Letter("APP-2027-0001", j, answers, None, notice, {"decision": "approved"}, action=action,
                  office_name="the village clerk", printed_on=date(2027, 6, 1))


def line_boxes(pdf: bytes) -> list[tuple[str, float, float, float, float]]:
    """Each line of the first page's text layer with its box in inches (left, top, right, bottom)."""
    xhtml = subprocess.run(["pdftotext", "-bbox-layout", "-f", "1", "-l", "1", "-", "-"], input=pdf,
                           capture_output=True, check=True).stdout.decode()
    boxes = []
    for line in re.finditer(r'<line xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</line>',
                            xhtml, re.DOTALL):
        words = " ".join(re.findall(r">([^<]*)</word>", line[5]))
        boxes.append((unescape(words),
                      *(float(line[i]) / 72 for i in range(1, 5))))
    return boxes


def first_page(pdf: bytes) -> Image.Image:
    png = subprocess.run(["pdftoppm", "-r", str(DPI), "-f", "1", "-l", "1", "-gray", "-png", "-"], input=pdf,
                         capture_output=True, check=True).stdout
    return Image.open(BytesIO(png))


def inked(page: Image.Image, box: tuple[float, float, float, float]) -> int:
    left, top, right, bottom = (round(v * DPI) for v in box)
    return sum(1 for value in page.convert("L").crop((left, top, right, bottom)).tobytes() if value < 128)


@pytest.mark.parametrize("place", PLACES)
def test_a_long_name_and_a_three_line_address_are_drawn_whole_inside_the_window(book, place):
    answers = {"organizer_type": "nonprofit", "organization_name": " ".join(LONG_NAME),
               "applicant_name": "Ann Lee", "applicant_address": "\n".join(LONG_ADDRESS)}
    letter = revocation_letter(book, place, answers)
    fit = envelope_fit(letter)
    pdf = letter_pdf(letter)
    page, boxes = first_page(pdf), line_boxes(pdf)
    inner = (WINDOW[0] + CLEAR, WINDOW[1] + CLEAR, WINDOW[2] - CLEAR, WINDOW[3] - CLEAR)
    for line in fit.lines:
        (box,) = [b[1:] for b in boxes if b[0] == line]
        assert inner[0] <= box[0] and box[2] <= inner[2] and inner[1] <= box[1] and box[3] <= inner[3], (line, box)
        assert inked(page, box) > 20, f"{line!r} is in the text layer but not drawn"
    drawn = " ".join(fit.lines)
    for part in ("Berrien County", "Auxiliary", "Suite 400", "1234 North Main Street Extension", "Baroda, MI 49101-1234"):
        assert part in drawn
    assert fit.dropped == ("Attn: Ann Lee",)  # six lines do not fit: the Attn: line goes first


def test_an_attn_line_goes_first_and_an_address_that_cannot_fit_is_refused():
    many = ["Harvest Fair Inc.", "Attn: Ann Lee", "Suite 1", "Building 2", "1 Main St", "Baroda, MI 49101"]
    fit = fit_window(many)
    assert fit.dropped == ("Attn: Ann Lee",) and fit.lines[-1] == "Baroda, MI 49101"
    assert len(fit.lines) * fit.line_height <= BOX_HEIGHT
    with pytest.raises(AddressDoesNotFit):
        fit_window([f"Line {n} of an address far too long for any window envelope" for n in range(9)])


def test_a_short_address_keeps_the_eleven_point_size():
    fit = fit_window(["Ann Lee", "1 Main St", "Baroda, MI 49101"])
    assert fit.size == 11 and fit.lines == ("Ann Lee", "1 Main St", "Baroda, MI 49101") and fit.dropped == ()
