"""The packet's form fields as every viewer, printer and filler can show them
(docs/decisions/0011-one-html-source-for-the-packet.md).

WeasyPrint writes its fields for viewers that draw them anew (`NeedAppearances`): check boxes with
no `/DA`, so poppler drew a ticked box empty, and text fields whose `/DA` font is an Identity-H Type0
font, which pdftk and other fillers cannot encode, so they filled and flattened empty boxes. Here,
as the PDF is written:

- every text field's `/DA` names a simple TrueType font in WinAnsi encoding (the fields' Noto Sans,
  the same embedded font program), which any filler can encode Latin text in, at the automatic size
  (0), so what is typed is sized to fit and wrapped in a field of several lines; but a signature's date,
  one short line, at the packet's own 9 pt;
- every check box gets `/DA` in ZapfDingbats with a check as its caption (`/MK /CA`), which is what
  poppler, MuPDF and Acrobat draw a ticked box with when they draw it anew, and an empty "Off" look;
- every field has its own appearance (`/AP`), so no viewer has to make one: `NeedAppearances` goes.

A filler that sets a value and no look (pypdf by default) sets `NeedAppearances` itself.
"""
from __future__ import annotations

import re
from functools import lru_cache
from io import BytesIO

import pydyf
from fontTools.ttLib import TTFont

TEXT_FONT = "FieldText"  # the fields' simple font in the form's resources (/DR)
CHECK_FONT = "ZaDb"  # ZapfDingbats, by the name Acrobat and poppler look for
CHECK = "4"  # ZapfDingbats' check mark (a20, ✔)
WINANSI = range(32, 256)
DATE_SIZE = 9  # the packet's field text size (static/packet-pages.css), for a signature's date


@lru_cache(maxsize=2)
def winansi_widths(program: bytes) -> tuple[float, ...]:
    """The font program's advance widths of WinAnsi codes 32 to 255, per 1,000 units of its em (0
    where the code has no character or the font no glyph)."""
    with TTFont(BytesIO(program), lazy=True) as font:
        cmap, metrics, em = font.getBestCmap(), font["hmtx"], font["head"].unitsPerEm
        widths = []
        for code in WINANSI:
            try:
                glyph = cmap.get(ord(bytes([code]).decode("cp1252")))
            except UnicodeDecodeError:
                glyph = None
            widths.append(round(metrics[glyph][0] * 1000 / em, 3) if glyph else 0)
    return tuple(widths)


def _simple_font(pdf, objects, type0: pydyf.Dictionary) -> pydyf.Dictionary:
    """A WinAnsi TrueType font drawn from the same embedded program as the Type0 font `type0`, which
    WeasyPrint embeds whole for the fields (the organizer may type any character)."""
    cid_font = objects.get(type0["DescendantFonts"][0])
    descriptor = pydyf.Dictionary(objects.get(cid_font["FontDescriptor"]))
    name = "/" + _text(type0["BaseFont"]).split("+")[-1]  # whole, so without a subset's tag
    descriptor["FontName"] = name
    descriptor["Flags"] = 32  # non-symbolic: codes map to characters through the encoding
    pdf.add_object(descriptor)
    font = pydyf.Dictionary({
        "Type": "/Font", "Subtype": "/TrueType", "BaseFont": name,
        "Encoding": "/WinAnsiEncoding", "FirstChar": WINANSI[0], "LastChar": WINANSI[-1],
        "Widths": pydyf.Array(winansi_widths(b"".join(objects.get(descriptor["FontFile2"]).stream))),
        "FontDescriptor": descriptor.reference,
    })
    pdf.add_object(font)
    return font


def _appearance(pdf, width: float, height: float, content: list[bytes]) -> bytes:
    stream = pydyf.Stream(content, {"Type": "/XObject", "Subtype": "/Form",
                                    "BBox": pydyf.Array((0, 0, width, height))})
    pdf.add_object(stream)
    return stream.reference


def _text(value) -> str:
    return value.decode("latin-1") if isinstance(value, bytes) else str(value)


def _size(rect) -> tuple[float, float]:
    x1, y1, x2, y2 = (float(value) for value in rect)
    return abs(x2 - x1), abs(y2 - y1)


def _text_field(pdf, field: pydyf.Dictionary) -> None:
    da = _text(field["DA"].string) if isinstance(field.get("DA"), pydyf.String) else ""
    colour = re.search(r"([\d.]+ [\d.]+ [\d.]+ rg)", da)
    # Size 0 is "auto": a filler or viewer sizes the text to fit the box, and wraps it in a field of
    # several lines, so "15 flush, 3 ADA portable" is not cut to "15 flush, 3 ADA p". A signature's date
    # is short and one line: auto, pdftk set "December 31, 2027" in its one-line box at 4 pt.
    name = field.get("T")
    size = DATE_SIZE if isinstance(name, pydyf.String) and _text(name.string).endswith("-date") else 0
    field["DA"] = pydyf.String(f"/{TEXT_FONT} {size} Tf {colour.group(1) if colour else '0 g'}")
    field["AP"] = pydyf.Dictionary({"N": _appearance(pdf, *_size(field["Rect"]), [b"/Tx BMC", b"EMC"])})


def _check_box(pdf, field: pydyf.Dictionary) -> None:
    width, height = _size(field["Rect"])
    field["DA"] = pydyf.String(f"/{CHECK_FONT} {round(height, 2)} Tf 0 g")
    field["MK"]["CA"] = pydyf.String(CHECK)
    field["AP"]["N"]["Off"] = _appearance(pdf, width, height, [])


def _fields_font(objects, form, fonts: pydyf.Dictionary) -> pydyf.Dictionary | None:
    """The Type0 font WeasyPrint set the text fields in (the first one's /DA names it)."""
    for reference in form["Fields"]:
        field = objects.get(reference)
        tag = re.search(r"/(\S+) [\d.]+ Tf", _text(field["DA"].string)) if field.get("FT") == "/Tx" else None
        if tag and tag.group(1) in fonts:
            return objects.get(fonts[tag.group(1)])
    return None


def finish_fields(pdf, objects) -> None:
    """Make every field of the document showable as the module's docstring says. `objects` finds a
    PDF object by its reference."""
    form = pdf.catalog.get("AcroForm")
    if form is None:
        return
    resources = objects.get(form["DR"]) if isinstance(form["DR"], bytes) else form["DR"]
    fonts = resources["Font"]
    fonts = pydyf.Dictionary(objects.get(fonts) if isinstance(fonts, bytes) else fonts)
    type0 = _fields_font(objects, form, fonts)
    if type0 is not None:
        fonts[TEXT_FONT] = _simple_font(pdf, objects, type0).reference
    zapf = pydyf.Dictionary({"Type": "/Font", "Subtype": "/Type1", "BaseFont": "/ZapfDingbats"})
    pdf.add_object(zapf)
    fonts[CHECK_FONT] = zapf.reference
    # The form's own resources: the pages' resources stay as they were, with no unembedded font.
    form["DR"] = pydyf.Dictionary({"Font": fonts})
    for reference in form["Fields"]:
        field = objects.get(reference)
        if field.get("FT") == "/Tx" and type0 is not None:
            _text_field(pdf, field)
        elif field.get("FT") == "/Btn" and "Kids" not in field and "on" in field.get("AP", {}).get("N", {}):
            _check_box(pdf, field)
    if all("AP" in objects.get(reference) for reference in form["Fields"]):
        del form["NeedAppearances"]
