"""A letter whose address cannot fit the envelope's window is not printed: the clerk is told on the
application's page and shortens the address there, which is then printed (Baroda (h): the notice goes
"by certified mail", so a letter whose city and ZIP code do not show cannot be mailed)."""
from __future__ import annotations

from tests.support import html
from tests.support.office import BARODA, received
from tests.support.office_trail import approve, passes_pdfua, pdf_text, trail  # noqa: F401 (trail is a fixture)

CROWDED = {**BARODA, "organizer_type": "corporation", "applicant_name": "Ann Lee",
           "organization_name": "Berrien County Agricultural and Historical Society of the Friends of the "
                                "Fairgrounds and the Volunteer Firemen's Auxiliary of Southwest Michigan",
           "applicant_address": "Fairgrounds Office\nBuilding 7\nSuite 400\nRear Entrance\n1234 North Main Street\n"
                                "Baroda, MI 49101"}


def test_an_address_too_long_for_the_window_is_shortened_by_the_clerk_before_the_letter_prints(trail, tmp_path):
    app, _, _ = trail
    client, reference = received(app, CROWDED, "baroda-mi")
    approve(client, reference, before_issuance="Show the $100,000 surety bond")
    page = client.get(f"/office/a/{reference}")
    (warning,) = html.texts(page, ".letter-window")
    assert "does not fit the window of a #10 envelope" in warning and "the city and ZIP code would not show" in warning
    assert not html.links(page, ".mailed-notice a[download]")
    notice = html.attributes(page, ".letter-address-form", "action")[0]
    refused = client.get(notice.removesuffix("/address") + ".pdf", follow_redirects=True)
    assert refused.mimetype == "text/html" and "shorten it below" in " ".join(html.texts(refused, ".notice"))

    still_long = "\n".join(["Line of an address far too long for any window envelope, twice over"] * 7)
    kept = client.post(notice, data={"address_lines": still_long}, follow_redirects=True)
    assert "still does not fit" in " ".join(html.texts(kept, ".notice"))
    assert still_long.split("\n")[0] in kept.get_data(as_text=True)  # what was typed is kept to edit

    short = "Berrien County Agricultural Society\nAttn: Ann Lee\n1234 North Main Street\nBaroda, MI 49101"
    done = client.post(notice, data={"address_lines": short}, follow_redirects=True)
    assert not [w for w in html.texts(done, ".letter-window") if "does not fit" in w]
    assert any("Letter's address shortened" in row for row in html.texts(done, "tr"))
    (link,) = html.links(done, ".mailed-notice a[download]")
    letter = client.get(link).data
    text = pdf_text(letter)[0]
    for line in short.split("\n"):
        assert line in text, (line, text)
    assert passes_pdfua(letter, tmp_path)  # the letter as fitted to the window: no finding, no rule skipped
