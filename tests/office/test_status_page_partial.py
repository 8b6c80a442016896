"""The organizer's status page swapped in by htmx (its content block alone) draws what the whole page draws:
the office's messages under the line saying they are the office's words."""
from __future__ import annotations

from tests.support import html
from tests.support.office import BARODA, received
from tests.support.office_trail import organizer


def test_the_status_page_as_an_htmx_swap_shows_the_offices_messages(app):
    clerk, reference = received(app, BARODA, "baroda-mi")
    clerk.post(f"/office/a/{reference}/message", data={"message": "Please send the site plan.", "ask": "yes"})
    own, status = organizer(app, reference)
    for headers in ({}, {"HX-Request": "true"}, {"HX-Request": "true", "Accept-Language": "es"}):
        page = own.get(status, headers=headers)
        assert page.status_code == 200, headers
        assert "Please send the site plan." in " ".join(html.texts(page, ".messages li"))
