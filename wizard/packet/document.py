"""The packet as one HTML document (templates/packet/), printed by WeasyPrint as a tagged PDF (PDF/UA-1).

The print view shows the same templates in the browser; here they are rendered with the engine's
own Jinja environment (no Flask) and the print stylesheet `static/packet.css` (paged media:
US Letter, running header and footer, page numbers, blocks kept whole). Everything the organizer
still has to write is an `<input>` or `<textarea>`, which WeasyPrint makes a PDF form field named by
its `title`.
"""
from __future__ import annotations

import logging
import re
import threading
from functools import lru_cache, partial

import pydyf
from fontTools.ttLib import TTFont
from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration

from ..language import LOCALES
from ..readable import long_date, money, number
from ..resources import resource_dir
from .fields import finish_fields
from .model import CJK_PIECES, FONTS, Packet
from .cjk_text import with_cjk_languages
from .tagging import cjk_languages, definition_pairs, line_end_spaces

LATIN_REGULAR = FONTS / "NotoSans-Regular.ttf"
LATIN_BOLD = FONTS / "NotoSans-Bold.ttf"
# The form fields' face: Noto Sans with every character but no hinting or OpenType layout tables.
# A field's font is embedded whole (the organizer may type any character): with the full file a
# packet was 368 KB instead of 234 KB and took about 25 ms longer to write and compress.
FIELDS = FONTS / "NotoSans-Fields.ttf"
# Noto Emoji, monochrome (one colour prints on any printer): an emoji in a name, a pictograph Noto Sans lacks.
EMOJI = FONTS / "NotoEmoji-Regular.ttf"
STYLESHEETS = ("packet.css", "packet-pages.css")  # shared with the print view; paged media

# WeasyPrint reports a missing alt text or language on its logger: a packet must have neither fault,
# and its other messages (fonts it looked up) are not the organizer's concern.
logging.getLogger("weasyprint").setLevel(logging.ERROR)


@lru_cache(maxsize=1)
def latin_coverage() -> frozenset[int]:
    """Code points Noto Sans draws; anything else goes to the CJK fallback."""
    with TTFont(LATIN_REGULAR, lazy=True) as font:
        return frozenset(font.getBestCmap())


@lru_cache(maxsize=1)
def emoji_coverage() -> frozenset[int]:
    with TTFont(EMOJI, lazy=True) as font:
        return frozenset(font.getBestCmap())


def cjk_pieces(texts) -> list[str]:
    """The CJK font pieces that draw the characters Noto Sans lacks in `texts`, and "emoji" when Noto Emoji
    draws any of them."""
    covered = latin_coverage()
    wanted = {ord(ch) for text in texts for ch in text} - covered
    return [name for name, ranges in CJK_PIECES.items()
            if any(low <= code <= high for code in wanted for low, high in ranges)] + \
        (["emoji"] if wanted & emoji_coverage() else [])


def font_faces(pieces: tuple[str, ...]) -> str:
    """@font-face rules for the vendored fonts: Noto Sans, its fields' face, then only the given CJK pieces and
    Noto Emoji ("emoji")."""
    rules = [f'@font-face {{ font-family: "NotoSans"; font-weight: {weight}; src: url("{path.as_uri()}"); }}'
             for weight, path in (("normal", LATIN_REGULAR), ("bold", LATIN_BOLD))]
    rules.append(f'@font-face {{ font-family: "NotoSansFields"; src: url("{FIELDS.as_uri()}"); }}')
    if "emoji" in pieces:  # after the CJK pieces in the list of families: it draws only what they do not
        rules += [f'@font-face {{ font-family: "NotoEmoji"; font-weight: {weight}; src: url("{EMOJI.as_uri()}"); }}'
                  for weight in ("normal", "bold")]
    for piece in (piece for piece in pieces if piece != "emoji"):
        path = FONTS / "cjk" / f"NotoSansCJKsc-Regular-{piece}.ttf"
        ranges = ", ".join(f"U+{low:04X}-{high:04X}" for low, high in CJK_PIECES[piece])
        # A family per piece: WeasyPrint keys an embedded font by its description, so pieces sharing
        # one family were merged into one font and drew the wrong glyphs.
        rules += [f'@font-face {{ font-family: "NotoSansCJK-{piece}"; font-weight: {weight}; src: url("{path.as_uri()}"); '
                  f'unicode-range: {ranges}; }}' for weight in ("normal", "bold")]
    if pieces:  # :root outranks the stylesheets' `html` rule, which names no piece
        families = ", ".join('"NotoEmoji"' if piece == "emoji" else f'"NotoSansCJK-{piece}"' for piece in pieces)
        rules.append(f':root {{ font-family: "NotoSans", {families}; }}')
    return "\n".join(rules)


@lru_cache(maxsize=1)
def environment() -> Environment:
    """The templates folder the web app uses, with the filters the packet's templates need."""
    env = Environment(loader=FileSystemLoader(resource_dir("templates")), autoescape=select_autoescape(["html"]),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.filters.update(long_date=long_date, money=money, number=number)
    return env


def packet_html(packet: Packet) -> str:
    """The packet as a standalone HTML document: what WeasyPrint prints."""
    return with_cjk_languages(environment().get_template("packet/document.html").render(p=packet))


def organizers_pages(packet: Packet, template: str) -> tuple[str, str] | None:
    """Pages in the organizer's language (the summary page, the instruction sheets:
    docs/decisions/0002-spanish-beside-the-law.md) as a document of their own, with its language tag ("es-US"), or
    None for an organizer who reads English."""
    if packet.summary is None:
        return None
    tag = LOCALES[packet.summary.lang].replace("_", "-")
    return with_cjk_languages(environment().get_template(f"packet/{template}").render(p=packet, s=packet.summary)), tag


def _stylesheet_text(names: tuple[str, ...]) -> str:
    return "\n".join((resource_dir("static") / name).read_text(encoding="utf-8") for name in names)


# Parsed stylesheets and the font configuration they registered their fonts with, kept per thread
# (Pango's font maps are not shared across threads) and per set of CJK pieces: parsing them again for
# every document cost about 50 ms. A CJK @font-face is only there when a document has CJK text.
_prepared = threading.local()


def _styles(pieces: tuple[str, ...], names: tuple[str, ...]) -> tuple[FontConfiguration, list[CSS]]:
    cache = _prepared.__dict__.setdefault("styles", {})
    if (pieces, names) not in cache:
        fonts = FontConfiguration()
        cache[pieces, names] = fonts, [CSS(string=font_faces(pieces), font_config=fonts),
                                       CSS(string=_stylesheet_text(names), font_config=fonts)]
    return cache[pieces, names]


class _Objects:
    """The PDF objects WeasyPrint is about to write, found by number (references are b"12 0 R")."""

    def __init__(self, pdf):
        self.by_number = {obj.number: obj for obj in pdf.objects if hasattr(obj, "number")}

    def get(self, reference):
        match = re.fullmatch(rb"(\d+) 0 R", reference) if isinstance(reference, bytes) else None
        return self.by_number.get(int(match.group(1))) if match else None


def _header_scopes(objects: _Objects) -> None:
    """Give every table header cell a /Scope (PDF/UA-1, 7.5): /Column for the headers of a `<thead>`
    row, /Row for a row's own header (scope="row"). WeasyPrint links data cells to their headers but
    leaves the scope out."""
    for obj in objects.by_number.values():
        if not isinstance(obj, pydyf.Dictionary) or obj.get("S") != "/TH" or "A" not in obj:
            continue
        row = objects.get(obj.get("P"))
        group = objects.get(row.get("P")) if isinstance(row, pydyf.Dictionary) else None
        in_head = isinstance(group, pydyf.Dictionary) and group.get("S") == "/THead"
        obj["A"]["Scope"] = "/Column" if in_head else "/Row"


def _reachable(objects: _Objects, reference, seen: set[int]) -> None:
    element = objects.get(reference)
    if not isinstance(element, pydyf.Dictionary) or element.number in seen:
        return
    seen.add(element.number)
    kids = element.get("K")
    for kid in kids if isinstance(kids, (list, pydyf.Array)) else [kids]:
        _reachable(objects, kid, seen)


def _running_artifacts(objects: _Objects, pdf) -> None:
    """Mark the running header and footer as artifacts, so a screen reader does not read them on every
    page. WeasyPrint gives the page margin boxes' text marked-content ids but leaves their structure
    elements out of the tree; such content must be an /Artifact instead (PDF/UA-1, 7.8)."""
    root = objects.get(pdf.catalog["StructTreeRoot"])
    seen: set[int] = set()
    _reachable(objects, pdf.catalog["StructTreeRoot"], seen)
    nums = objects.get(root["ParentTree"])["Nums"]
    for page_index, page_reference in enumerate(pdf.page_references):
        owners = nums[2 * page_index + 1]
        loose = {mcid for mcid, owner in enumerate(owners)
                 if isinstance(objects.get(owner), pydyf.Dictionary) and objects.get(owner).number not in seen}
        if not loose:
            continue
        content = objects.get(objects.get(page_reference)["Contents"]).stream
        for at, item in enumerate(content):
            if isinstance(item, pydyf.Dictionary) and item.get("MCID") in loose and content[at + 1] == b"BDC":
                content[at - 1], content[at], content[at + 1] = "/Artifact", b"", b"BMC"


def _loose_spans(objects: _Objects) -> None:
    """Take out of each list (/L) the /Span elements WeasyPrint makes of the blank text between its
    items: a list holds list items only (a strict checker counted 79 to 113 such Spans a packet). Their
    marked content, no longer in the tree, becomes an artifact (`_running_artifacts`)."""
    for obj in list(objects.by_number.values()):
        if isinstance(obj, pydyf.Dictionary) and obj.get("S") == "/L" and isinstance(obj.get("K"), pydyf.Array):
            obj["K"] = pydyf.Array(kid for kid in obj["K"]
                                   if not (isinstance(objects.get(kid), pydyf.Dictionary)
                                           and objects.get(kid).get("S") == "/Span"))


def _link_texts(document) -> None:
    """A link annotation's /Contents is its text ("7. Notes"), not the anchor it leads to ("part-notes"):
    a screen reader announces a link by it (PDF/UA-1, 7.18.5)."""
    for page in document.pages:
        for _, _, _, box in page.links:
            annotation = getattr(box, "link_annotation", None)
            element = getattr(box, "element", None)
            if annotation is not None and element is not None:
                text = " ".join("".join(element.itertext()).split())
                if text:
                    annotation["Contents"] = pydyf.String(text)


def _other_languages(objects: _Objects, pdf, pages: dict[int, str], english: str) -> None:
    """Pages in another language than the document (the organizer's summary page and instruction
    sheets): each structure element on them says so with /Lang (PDF/UA-1, 7.2), but for the English
    words they quote as the packet prints them (a `<div lang="en">`, the only divs of their tagged
    content), which say `english`."""
    languages = {pdf.page_references[index]: lang for index, lang in pages.items()}
    elements = [obj for obj in objects.by_number.values()
                if isinstance(obj, pydyf.Dictionary) and obj.get("Type") == "/StructElem" and obj.get("Pg") in languages]
    quoted: set[int] = set()
    for element in elements:
        element["Lang"] = pydyf.String(languages[element["Pg"]])
        if element.get("S") == "/Div":
            _reachable(objects, element.reference, quoted)
    for element in elements:
        if element.number in quoted:
            element["Lang"] = pydyf.String(english)


def _finish(document, pdf, languages: tuple[dict[int, str], str] | None = None) -> None:
    objects = _Objects(pdf)
    if languages is not None:
        _other_languages(objects, pdf, *languages)
    cjk_languages(document, pdf, objects)
    _header_scopes(objects)
    definition_pairs(objects)
    line_end_spaces(document, pdf, objects)
    _loose_spans(objects)
    _running_artifacts(objects, pdf)
    _link_texts(document)
    finish_fields(pdf, objects)


def tagged_pdf(html: str, title: str, lang: str, stylesheets: tuple[str, ...] = ("packet-pages.css",),
               front: tuple[str, str] | None = None, sheets: tuple[str, str] | None = None) -> bytes:
    """Any HTML document of ours as tagged PDF/UA-1 bytes, set in the project's fonts (Noto Sans, and the
    CJK pieces its text needs), with `title` shown by viewers and `lang` as the document's language.
    `stylesheets` are file names in static/; the document's `<input>`s and `<textarea>`s become form
    fields, its `<th>`s get a scope and its running header and footer are artifacts. `front`: a document
    and its language, laid out on its own and put before it; `sheets`: one laid out on its own whose
    `id="sheet-X"` sections each go before the page where the document's `id="part-X"` starts. Either
    way the document's own pages are numbered as without them."""
    extras = [extra for extra in (front, sheets) if extra is not None]
    fonts, sheets_css = _styles(tuple(cjk_pieces([html, *(extra[0] for extra in extras)])), stylesheets)

    def laid_out(source: str):
        return HTML(string=source, base_url=str(resource_dir("static"))).render(
            stylesheets=sheets_css, font_config=fonts, pdf_variant="pdf/ua-1", pdf_forms=True)
    document, finish = laid_out(html), _finish
    if extras:
        pages = [(page, None) for page in document.pages]
        if sheets is not None:
            pages = _between(pages, laid_out(sheets[0]).pages, sheets[1])
        if front is not None:
            pages = [(page, front[1]) for page in laid_out(front[0]).pages] + pages
        document = document.copy([page for page, _ in pages])
        finish = partial(_finish, languages=({n: tag for n, (_, tag) in enumerate(pages) if tag}, lang))
    document.metadata.title, document.metadata.lang = title, lang
    return document.write_pdf(pdf_variant="pdf/ua-1", pdf_forms=True, finisher=finish, uncompressed_pdf=False)


def _starts(pages, prefix: str) -> dict[str, int]:
    """The page each `id="<prefix>X"` is on, by X."""
    found: dict[str, int] = {}
    for index, page in enumerate(pages):
        for name in page.anchors:
            if name.startswith(prefix):
                found.setdefault(name[len(prefix):], index)
    return found


def _between(pages: list, sheet_pages: list, tag: str) -> list:
    """The document's pages (each with None: its own language) with each sheet's pages (with `tag`) put
    before the page its part starts on; a sheet runs to the next sheet's first page."""
    parts, sheets = _starts([page for page, _ in pages], "part-"), _starts(sheet_pages, "sheet-")
    firsts = sorted((index, name) for name, index in sheets.items() if name in parts)
    ends = [index for index, _ in firsts[1:]] + [len(sheet_pages)]
    before: dict[int, list] = {}
    for (first, name), end in zip(firsts, ends):
        before.setdefault(parts[name], []).extend((page, tag) for page in sheet_pages[first:end])
    return [entry for index, own in enumerate(pages) for entry in (*before.get(index, []), own)]


def render_packet(packet: Packet) -> bytes:
    """The whole packet as tagged, fillable PDF bytes (PDF/UA-1): the one way a packet becomes a PDF."""
    # the sheets, and the other permits' pages in the organizer's language, laid out together
    said = packet.summary and (packet.summary.sheets or packet.summary.other_permits)
    sheets = organizers_pages(packet, "sheets_document.html") if said else None
    return tagged_pdf(packet_html(packet), packet_title_line(packet), "en-US", STYLESHEETS,
                      front=organizers_pages(packet, "summary_document.html"), sheets=sheets)


def packet_title_line(packet: Packet) -> str:
    """The title viewers show (DisplayDocTitle), the same as the HTML document's <title>."""
    return f"{packet.title}: {packet.event_name}"
