"""A packet's pages drawn by poppler and its form fields read by pypdf."""
from __future__ import annotations

import subprocess
from io import BytesIO

from pypdf import PdfReader, PdfWriter

DPI = 144


def rendered(data: bytes, page: int, rect) -> list[bytes]:
    """The rows of grey pixels poppler draws inside `rect` (a widget's /Rect) of page `page` (from 1),
    a pixel in from each edge, so the box's own border drawn on the page is left out."""
    x1, y1, x2, y2 = (float(value) for value in rect)
    height = float(PdfReader(BytesIO(data)).pages[page - 1].mediabox.height)
    scale = DPI / 72
    left, top = min(x1, x2) * scale + 2, (height - max(y1, y2)) * scale + 2
    width, tall = int(abs(x2 - x1) * scale - 4), int(abs(y2 - y1) * scale - 4)
    pgm = subprocess.run(["pdftoppm", "-f", str(page), "-l", str(page), "-r", str(DPI), "-gray",
                          "-x", str(int(left)), "-y", str(int(top)), "-W", str(width), "-H", str(tall), "-"],
                         input=data, capture_output=True, check=True).stdout
    pixels = pgm.split(b"\n", 3)[3]  # after "P5", the size and the maximum value
    return [pixels[row * width:(row + 1) * width] for row in range(tall)]


def first_check_box(data: bytes) -> tuple[int, str, list]:
    """(page from 1, field name, /Rect) of the packet's first check box."""
    for number, page in enumerate(PdfReader(BytesIO(data)).pages, 1):
        for annotation in page.get("/Annots", []):
            widget = annotation.get_object()
            if widget.get("/FT") == "/Btn":
                return number, str(widget["/T"]), list(widget["/Rect"])
    raise AssertionError("no check box in the packet")


def ticked(data: bytes, name: str, page: int, regenerate: bool) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(BytesIO(data)))
    writer.update_page_form_field_values(writer.pages[page - 1], {name: "/on"}, auto_regenerate=regenerate)
    out = BytesIO()
    writer.write(out)
    return out.getvalue()


def typed_into_worksheet(data: bytes, answer: str) -> tuple[int, list, bytes]:
    """The packet with `answer` typed by pypdf into its first "You will provide" field: (page from 1,
    the field's /Rect, the filled PDF)."""
    reader = PdfReader(BytesIO(data))
    page, name, rect = next((number, str(w["/T"]), list(w["/Rect"]))
                            for number, p in enumerate(reader.pages, 1) for w in (a.get_object() for a in p.get("/Annots", []))
                            if str(w.get("/TU", "")).startswith("You will provide: "))
    writer = PdfWriter(clone_from=reader)
    writer.update_page_form_field_values(writer.pages[page - 1], {name: answer})
    out = BytesIO()
    writer.write(out)
    return page, rect, out.getvalue()
