"""Repairs to the structure WeasyPrint writes, so a screen reader reads the packet as it is printed
(docs/decisions/0011-one-html-source-for-the-packet.md). Both run in `document._finish`, on the PDF objects before
they are written.

- A term and its value read as one list item. WeasyPrint tags every `<dt>` and every `<dd>` as a list
  item of its own, so "Applicant" and "Riverbend Events Inc." were two items. The packet's `<dl>`s
  hold each pair in a `<div>` (valid HTML, the print view reads the same), which WeasyPrint tags /Div:
  each such /Div in a list becomes the /LI, its term the /Lbl and its value the /LBody.
- Words keep their space across a line break. CSS removes the space a line breaks at (WeasyPrint's
  `remove_last_whitespace`), and WeasyPrint marks each line of a paragraph as content of its own; a
  reader that follows the structure joins the lines as they are, and read "theoperator". The last text
  shown on such a line gets the space glyph back, at its end, where it draws nothing.
- A name in Chinese, Japanese or Korean says its language (`cjk_languages`): WeasyPrint writes no /Lang for
  any element.
"""
from __future__ import annotations

import re
import unicodedata

import pydyf

from .cjk_text import cjk_language

_HEX = re.compile(rb"<([0-9a-fA-F]*)>")
_NO_SPACE_AFTER = set("-\u00ad/\u2010\u2011\u2012\u2013\u2014")  # a break after these was not at a space


def definition_pairs(objects) -> None:
    """Each `<div>` of a `<dl>` (a term and its value) as one /LI: the term's /LBody becomes its
    /Lbl, the value's /LBody its /LBody; the blank text between them is left out of the tree."""
    for obj in list(objects.by_number.values()):
        if not (isinstance(obj, pydyf.Dictionary) and obj.get("S") == "/L" and isinstance(obj.get("K"), pydyf.Array)):
            continue
        for reference in obj["K"]:
            pair = objects.get(reference)
            if isinstance(pair, pydyf.Dictionary) and pair.get("S") == "/Div":
                _pair_as_item(objects, pair)


def _pair_as_item(objects, pair: pydyf.Dictionary) -> None:
    items = [objects.get(kid) for kid in pair.get("K") or ()]
    items = [item for item in items if isinstance(item, pydyf.Dictionary) and item.get("S") == "/LI"]
    bodies = [objects.get(kid) for item in items for kid in item.get("K") or ()]
    bodies = [body for body in bodies if isinstance(body, pydyf.Dictionary)]
    if not bodies:
        return
    if len(bodies) > 1:  # a pair split over two pages keeps its value only on the second
        bodies[0]["S"] = "/Lbl"
    for body in bodies:
        body["P"] = pair.reference
    pair["S"] = "/LI"
    pair["K"] = pydyf.Array(body.reference for body in bodies)


def line_end_spaces(document, pdf, objects) -> None:
    """Give back the space a line broke at, as a space glyph after the line's last text, wherever the
    next text of the page is on another line and the break was not after a hyphen, a slash or
    between two CJK characters (which break with no space)."""
    fonts = {font.hash: font for font in document.fonts.values()}
    spaces = {font.hash: next((glyph for glyph, text in font.to_unicode.items() if text == " "), None)
              for font in fonts.values() if not font.bitmap}
    for page_reference in pdf.page_references:
        stream = objects.get(objects.get(page_reference)["Contents"])
        if stream is not None:
            _page_spaces(stream.stream, fonts, spaces)


def _page_spaces(content: list, fonts: dict, spaces: dict) -> None:
    runs = _text_runs(content, fonts)
    for (at, font, y, _, last, _), (_, _, next_y, first, _, spaced) in zip(runs, runs[1:]):
        new_line = y is not None and next_y is not None and abs(y - next_y) >= 0.01
        if not (new_line or spaced) or not last or not first:
            continue
        if last.isspace() or first.isspace() or last in _NO_SPACE_AFTER or (_wide(last) and _wide(first)) \
                or (last in ")]" and first in "(["):  # "(k)" / "(9)": a citation broken between its parts
            continue
        space = spaces.get(font.hash)  # the font's space glyph: only one it has drawn is in its subset
        if space is None:
            continue
        item = content[at]
        content[at] = item[: item.rindex(b"]")] + f"<{space:04x}>".encode() + item[item.rindex(b"]"):]


def _text_runs(content: list, fonts: dict) -> list[tuple[int, object, float | None, str, str, bool]]:
    """Each marked-content sequence of text, in drawing order: the index of its last TJ, that TJ's
    font, the baseline of its first text matrix, its first and last characters, and whether marked
    content that draws nothing came before it (the blank between two inline elements, which
    WeasyPrint marks but draws no glyph for)."""
    runs: list = []
    spaced = False
    font, y, marked, first_y = None, None, False, None
    first = last = ""
    last_at, last_font = None, None
    for at, item in enumerate(content):
        if item == b"BDC" and isinstance(content[at - 1], pydyf.Dictionary) and "MCID" in content[at - 1]:
            marked, first_y, first, last, last_at = True, None, "", "", None
        elif item in (b"EMC",) and marked:
            if last_at is not None:
                runs.append((last_at, last_font, first_y, first, last, spaced))
            spaced = last_at is None
            marked = False
        elif isinstance(item, bytes) and item.endswith(b" Tf"):
            font = fonts.get(item[1:].split(b" ")[0].decode())
        elif isinstance(item, bytes) and item.endswith(b" Tm"):
            y = float(item.split()[5])
            first_y = y if marked and first_y is None else first_y
        elif marked and isinstance(item, bytes) and item.endswith(b" TJ") and font is not None:
            text = _decode(item, font)
            if text:
                first, last, last_at, last_font = first or text[0], text[-1], at, font
    return runs


def _decode(item: bytes, font) -> str:
    codes = b"".join(_HEX.findall(item))
    step = 2 if font.bitmap else 4
    return "".join(font.to_unicode.get(int(codes[i:i + step], 16), "") for i in range(0, len(codes), step))


def _wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def cjk_languages(document, pdf, objects) -> None:
    """Give the structure element of each text that is a CJK name its language (/Lang, PDF/UA-1 7.2): a
    screen reader reads 李小龍 in Chinese, not letter by letter as "unknown" English."""
    fonts = {font.hash: font for font in document.fonts.values()}
    nums = objects.get(objects.get(pdf.catalog["StructTreeRoot"])["ParentTree"])["Nums"]
    for index, page_reference in enumerate(pdf.page_references):
        stream = objects.get(objects.get(page_reference)["Contents"])
        owners = nums[2 * index + 1]
        for mcid, text in _marked_texts(stream.stream if stream is not None else [], fonts):
            owner = objects.get(owners[mcid]) if mcid < len(owners) else None
            language = cjk_language(text)
            if language and isinstance(owner, pydyf.Dictionary):
                owner["Lang"] = pydyf.String(language)


def _marked_texts(content: list, fonts: dict):
    """(MCID, text) of each marked-content sequence of a page's content, as its fonts' ToUnicode maps read it."""
    font, mcid = None, None
    text: list[str] = []
    for at, item in enumerate(content):
        if item == b"BDC" and isinstance(content[at - 1], pydyf.Dictionary) and "MCID" in content[at - 1]:
            mcid, text = content[at - 1]["MCID"], []
        elif item == b"EMC" and mcid is not None:
            yield mcid, "".join(text)
            mcid = None
        elif isinstance(item, bytes) and item.endswith(b" Tf"):
            font = fonts.get(item[1:].split(b" ")[0].decode())
        elif mcid is not None and isinstance(item, bytes) and item.endswith(b" TJ") and font is not None:
            text.append(_decode(item, font))
