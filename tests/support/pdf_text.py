"""A PDF's text page by page, read by PDFium (pypdfium2): the text a test compares, in a twentieth of
the CPU pypdf takes on a packet (a second a packet on the shared machine, where a browser test reads
several). Lines end in "\\n", as pypdf's do."""
from __future__ import annotations

import pypdfium2


def pdfium_page_texts(data: bytes) -> list[str]:
    document = pypdfium2.PdfDocument(data)
    try:
        texts = []
        for page in document:
            text = page.get_textpage()
            texts.append(text.get_text_range().replace("\r\n", "\n"))
            text.close()
            page.close()
        return texts
    finally:
        document.close()
