"""The packet's text as a screen reader reads it: the structure tree walked in order with pikepdf,
each marked-content sequence decoded through its font's ToUnicode map, a block's pieces joined
as they are (no space added between the lines of a paragraph, as a reader following the structure
joins them), and each block (a paragraph, a heading, a list item, a table cell) read on its own."""
from __future__ import annotations

import re

import pikepdf

BLOCKS = {"/P", "/H1", "/H2", "/H3", "/H4", "/H5", "/H6", "/LI", "/TD", "/TH", "/Caption", "/Lbl", "/LBody"}
BFCHAR = re.compile(rb"<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>")


def _to_unicode(font) -> dict[bytes, str]:
    data = font.get("/ToUnicode").read_bytes() if "/ToUnicode" in font else b""
    return {bytes.fromhex(code.decode()): bytes.fromhex(text.decode()).decode("utf-16-be")
            for code, text in BFCHAR.findall(data)}


def _page_texts(page) -> dict[int, str]:
    """MCID -> the text its marked content shows, for one page."""
    fonts = page.Resources.get("/Font", {})
    maps: dict[str, dict] = {}
    texts: dict[int, list[str]] = {}
    stack: list[int | None] = []
    font_map: dict = {}
    for operands, operator in pikepdf.parse_content_stream(page):
        op = str(operator)
        if op in ("BDC", "BMC"):
            props = operands[1] if op == "BDC" and len(operands) > 1 else None
            mcid = int(props.MCID) if isinstance(props, pikepdf.Dictionary) and "/MCID" in props else None
            stack.append(mcid if mcid is not None else (stack[-1] if stack else None))
        elif op == "EMC" and stack:
            stack.pop()
        elif op == "Tf":
            name = str(operands[0])
            if name not in maps:
                maps[name] = _to_unicode(fonts[name]) if name in fonts else {}
            font_map = maps[name]
        elif op in ("TJ", "Tj") and stack and stack[-1] is not None:
            pieces = operands[0] if op == "TJ" else [operands[0]]
            for piece in pieces:
                if isinstance(piece, pikepdf.String):
                    raw = bytes(piece)
                    texts.setdefault(stack[-1], []).extend(font_map.get(raw[i:i + 2], "") for i in range(0, len(raw), 2))
    return {mcid: "".join(parts) for mcid, parts in texts.items()}


class StructureReader:
    """One PDF's structure elements read as text, each page's marked content decoded once."""

    def __init__(self, pdf: pikepdf.Pdf):
        self.pdf = pdf
        self.pages = {page.obj.objgen: n for n, page in enumerate(pdf.pages)}
        self.per_page: dict[int, dict[int, str]] = {}

    def marked(self, page: int | None, mcid: int) -> str:
        if page is None:
            return ""
        if page not in self.per_page:
            self.per_page[page] = _page_texts(self.pdf.pages[page])
        return self.per_page[page].get(mcid, "")

    def text(self, element, page: int | None = None) -> str:
        """The text of a structure element and all it holds, in structure order."""
        if isinstance(element, int):
            return self.marked(page, element)
        if not isinstance(element, pikepdf.Dictionary):
            return ""
        if "/Pg" in element:
            page = self.pages.get(element.Pg.objgen, page)
        if element.get("/Type") == "/MCR":
            return self.marked(page, int(element.MCID))
        kids = element.get("/K")
        return "".join(self.text(kid, page) for kid in (kids if isinstance(kids, pikepdf.Array) else [kids]))


def structure_blocks(pdf: pikepdf.Pdf) -> list[tuple[str, str]]:
    """(tag, text) for every block element of the structure tree, in reading order; a block inside a
    block (an LBody in an LI) is read as part of the outer one."""
    reader = StructureReader(pdf)
    blocks: list[tuple[str, str]] = []

    def visit(element) -> None:
        if not isinstance(element, pikepdf.Dictionary):
            return
        tag = str(element.get("/S", ""))
        if tag in BLOCKS:
            blocks.append((tag, reader.text(element)))
            return
        kids = element.get("/K")
        for kid in kids if isinstance(kids, pikepdf.Array) else [kids]:
            visit(kid)

    visit(pdf.Root.StructTreeRoot)
    return blocks
