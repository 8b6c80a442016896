"""Who decides, in the text's words (docs/decisions/0019-the-office-reviews-from-the-rule-file.md). Ord.
171, Application (h) gives the decision to "the Village" ("the Village shall issue, set conditions ... or
deny a license"); the Village Council "or designated agent" appears only for revocation and (k)(24). The
packet and the letters say so."""
from __future__ import annotations

from datetime import date

from tests.support import html
from tests.support.office import BARODA, received
from tests.support.office_trail import approve, pdf_text, trail  # noqa: F401 (the fixture)
from tests.support.packet import cover_text


def test_the_packet_says_the_village_decides(book):
    cover = cover_text(book, "baroda-mi", date(2027, 1, 4))
    assert "Issued by The Village of Baroda Before you file" in cover  # Application (h)
    assert "Council" not in cover


def test_the_conditions_letter_says_the_village_approved(trail):  # noqa: F811 (the fixture)
    app, _, _ = trail
    client, reference = received(app, BARODA, "baroda-mi")
    page = approve(client, reference, before_issuance="Show the $100,000 surety bond")
    (link,) = html.links(page, ".mailed-notice a")
    text = " ".join(pdf_text(client.get(link).data))
    assert "the Village of Baroda approved the application on conditions" in text, text  # Application (h)
    assert "Village Council" not in text and "designated agent" not in text
