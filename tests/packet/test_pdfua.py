"""The packet is a tagged, fillable PDF (PDF/UA-1), made from the same templates as the print view
(docs/decisions/0011-one-html-source-for-the-packet.md).

Each built-in jurisdiction's festival interview is walked through the web pages and its packet
downloaded; then the `pdfua` checker (machine-checkable PDF/UA-1 rules), pikepdf (catalog, XMP,
structure tree, form fields, marked content) and pypdf (filling a field) read it.
"""
from __future__ import annotations

import re
from io import BytesIO

import pikepdf
import pytest
from pypdf import PdfReader, PdfWriter

from tests.support.pdfua import pdfua_problems
from tests.support.structure_text import structure_blocks, StructureReader
from tests.support.walks import FESTIVAL_PATHS


@pytest.fixture(scope="module")
def downloads(festival_downloads):
    """Each jurisdiction's festival packet, downloaded after the whole interview: {id: PDF file}
    (walked and downloaded once for the run: tests/conftest.py, festival_downloads)."""
    return {jurisdiction: pdf for jurisdiction, (pdf, _) in festival_downloads.items()}


def structure_tags(pdf: pikepdf.Pdf) -> tuple[list[str], list[pikepdf.Dictionary]]:
    """Every structure element's tag, in reading order, and the table header cells."""
    tags, headers = [], []

    def visit(element) -> None:
        if not isinstance(element, pikepdf.Dictionary):
            return
        tag = str(element.get("/S", ""))
        tags.append(tag)
        if tag == "/TH":
            headers.append(element)
        kids = element.get("/K")
        for kid in kids if isinstance(kids, pikepdf.Array) else [kids]:
            visit(kid)

    visit(pdf.Root.StructTreeRoot)
    return tags, headers


@pytest.mark.parametrize("jurisdiction", sorted(FESTIVAL_PATHS))
def test_pdfua_checker_finds_no_error(downloads, jurisdiction):
    """No error, no warning, and no rule the checker skipped (tests/support/pdfua.py)."""
    assert pdfua_problems(downloads[jurisdiction]) == []


@pytest.mark.parametrize("jurisdiction", sorted(FESTIVAL_PATHS))
def test_catalog_metadata_and_structure_tree(downloads, jurisdiction):
    with pikepdf.open(downloads[jurisdiction]) as pdf:
        assert pdf.Root.MarkInfo.Marked is True
        assert str(pdf.Root.Lang) == "en-US"
        assert pdf.Root.ViewerPreferences.DisplayDocTitle is True
        with pdf.open_metadata() as xmp:
            assert xmp["pdfuaid:part"] == "1"
            assert xmp["dc:title"].startswith("Application for a mass gathering")
        assert "/Outlines" in pdf.Root  # bookmarks from the headings
        tags, headers = structure_tags(pdf)
        assert tags.count("/H1") == 1 and tags.count("/H2") >= 8 and "/H3" in tags
        assert "/Table" in tags and "/L" in tags and "/LI" in tags
        assert headers and all(str(th.A.Scope) in ("/Column", "/Row") for th in headers)


@pytest.mark.parametrize("jurisdiction", sorted(FESTIVAL_PATHS))
def test_running_header_and_footer_are_artifacts(downloads, jurisdiction):
    """Every marked-content id on a page belongs to an element of the structure tree: the running
    header and footer are /Artifact, read once by nobody, not on every page."""
    with pikepdf.open(downloads[jurisdiction]) as pdf:
        in_tree = set()

        def visit(element) -> None:
            if isinstance(element, pikepdf.Dictionary) and element.objgen not in in_tree:
                in_tree.add(element.objgen)
                kids = element.get("/K")
                for kid in kids if isinstance(kids, pikepdf.Array) else [kids]:
                    visit(kid)

        visit(pdf.Root.StructTreeRoot)
        nums = pdf.Root.StructTreeRoot.ParentTree.Nums
        for index, page in enumerate(pdf.pages):
            owners = nums[2 * index + 1]
            used = [operands[1].MCID for operands, op in pikepdf.parse_content_stream(page)
                    if str(op) == "BDC" and isinstance(operands[1], pikepdf.Dictionary) and "/MCID" in operands[1]]
            assert all(owners[int(mcid)].objgen in in_tree for mcid in used), f"page {index + 1}"
            assert b"/Artifact" in page.Contents.read_bytes()


@pytest.mark.parametrize("jurisdiction", sorted(FESTIVAL_PATHS))
def test_what_is_left_to_write_is_a_named_form_field(downloads, jurisdiction):
    reader = PdfReader(downloads[jurisdiction])
    fields = reader.get_fields()
    names = {field.get("/TU") for field in fields.values()}
    if jurisdiction != "dekalb-il":  # DeKalb's ordinance sets no facility counts: no worksheet
        assert any(name and name.startswith("You will provide: ") for name in names)
    assert any(name and name.startswith("Date signed by ") for name in names)
    assert all(name for name in names), "every field has an accessible name"


def test_pypdf_fills_a_field_and_reads_it_back(downloads):
    reader = PdfReader(downloads["wi-village-ch64"])
    provide = next(name for name, field in reader.get_fields().items()
                   if str(field.get("/TU", "")).startswith("You will provide: "))
    writer = PdfWriter(clone_from=reader)
    writer.update_page_form_field_values(None, {provide: "6 portable toilets, 2 with wheelchair access"},
                                         auto_regenerate=False)
    out = BytesIO()
    writer.write(out)
    filled = PdfReader(BytesIO(out.getvalue())).get_fields()[provide]
    assert filled.get("/V") == "6 portable toilets, 2 with wheelchair access"


@pytest.mark.parametrize("jurisdiction", sorted(FESTIVAL_PATHS))
def test_a_list_holds_list_items_only(downloads, jurisdiction):
    """No /Span made of the blank text between a list's items (79 to 113 a packet)."""
    with pikepdf.open(downloads[jurisdiction]) as pdf:
        under_lists = []

        def visit(element, parent_tag: str) -> None:
            if isinstance(element, pikepdf.Dictionary):
                tag = str(element.get("/S", ""))
                if parent_tag == "/L":
                    under_lists.append(tag)
                kids = element.get("/K")
                for kid in kids if isinstance(kids, pikepdf.Array) else [kids]:
                    visit(kid, tag)

        visit(pdf.Root.StructTreeRoot, "")
        assert under_lists and set(under_lists) == {"/LI"}


@pytest.mark.parametrize("jurisdiction", sorted(FESTIVAL_PATHS))
def test_a_link_is_announced_by_its_text(downloads, jurisdiction):
    """A link annotation's /Contents is what the link says ("7. Notes"), not the id
    of the anchor it leads to ("part-notes")."""
    with pikepdf.open(downloads[jurisdiction]) as pdf:
        links = [annotation for page in pdf.pages for annotation in page.get("/Annots", [])
                 if annotation.get("/Subtype") == "/Link"]
        said = [str(link.Contents) for link in links]
        assert links and all(str(link.get("/Dest", "")) != text for link, text in zip(links, said))
        assert "1. The application" in said and any(text.endswith(". Notes") for text in said)


def words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.lower()))


@pytest.mark.parametrize("jurisdiction", sorted(FESTIVAL_PATHS))
def test_structure_order_keeps_the_space_a_line_broke_at(downloads, jurisdiction):
    """Read in structure order, as a screen reader does, the lines of a paragraph
    were joined with no space ("theoperator", "toSunday", "Notrefundable"): CSS drops the space a line
    breaks at and WeasyPrint marks each line apart. Every word read so is a word the page shows."""
    with pikepdf.open(downloads[jurisdiction]) as pdf:
        read = " ".join(text for _, text in structure_blocks(pdf))
    shown = words(" ".join(page.extract_text() for page in PdfReader(downloads[jurisdiction]).pages))
    assert sorted(words(read) - shown) == []
    if jurisdiction == "baroda-mi":
        assert "That is a mass gathering, and the operator and the landowner must get a license" in read


@pytest.mark.parametrize("jurisdiction", sorted(FESTIVAL_PATHS))
def test_a_term_and_its_value_are_one_list_item(downloads, jurisdiction):
    """Each `<dl>` pair is one /LI, its term the /Lbl and its value the /LBody
    ("When" and "Friday, July 9, ..." were two items)."""
    with pikepdf.open(downloads[jurisdiction]) as pdf:
        items = [dict(blocks) for blocks in _items_with_label(pdf)]
        blocks = structure_blocks(pdf)
    when = next(item for item in items if item["/Lbl"].strip() == "When")
    assert re.match(r"\w+day, \w+ \d+, 20\d\d", when["/LBody"])
    assert ("/LI", "When") not in [(tag, text.strip()) for tag, text in blocks]  # not an item of its own
    assert any(text.startswith("When ") for tag, text in blocks if tag == "/LI")


def _items_with_label(pdf) -> list[list[tuple[str, str]]]:
    """The kids (tag, text) of every /LI that has a /Lbl, the bullets' included."""
    found, reader = [], StructureReader(pdf)

    def visit(element) -> None:
        if not isinstance(element, pikepdf.Dictionary):
            return
        kids = element.get("/K")
        kids = list(kids) if isinstance(kids, pikepdf.Array) else [kids]
        if element.get("/S") == "/LI":
            parts = [(str(kid.get("/S")), reader.text(kid)) for kid in kids if isinstance(kid, pikepdf.Dictionary)]
            if any(tag == "/Lbl" for tag, _ in parts):
                found.append(parts)
        for kid in kids:
            visit(kid)

    visit(pdf.Root.StructTreeRoot)
    return found
