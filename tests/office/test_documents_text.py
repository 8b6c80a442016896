"""The office's documents say what the text says
(docs/decisions/0019-the-office-reviews-from-the-rule-file.md): the section a permit is issued under, the
sections a denial's grounds come from, and the word for the one who holds the permit."""
from __future__ import annotations

import re
from datetime import datetime
from io import BytesIO
from zoneinfo import ZoneInfo

import pytest
from pdfua import validate
from pypdf import PdfReader

from wizard.office.review import decision_notice
from wizard.packet.permit import Permit, permit_html
from wizard.packet.printing import permit_pdf

from tests.support import html
from tests.support.office import BARODA, DEKALB, received
from tests.support.prerequisites import everything_in_hand

ANSWERS = {"applicant_name": "River Days Inc.", "event_name": "River Days", "max_attendance": 800}


def permit_page(book, place: str) -> str:
    return permit_html(Permit("R-1", book.get(place), ANSWERS, [], "2027-06-01", "The Clerk"))


def test_whitesboro_permit_is_issued_under_permit_a(book):
    # Ch. 40, Permit A: "unless upon written permit authorizing such use and assembly issued by the
    # Board of Trustees through its Clerk". Permit B is the petition and the 20 days to act on it.
    page = permit_page(book, "whitesboro-ny")
    assert "Issued under Ch. 40, Permit A of" in page
    assert "Permit B" not in page


def test_whitesboro_denial_cites_the_sections_its_grounds_come_from(book):
    # Permit C, D and E each begin "No permit shall be issued unless".
    mail = decision_notice("o@example.org", "R-1", {"decision": "denied", "reasons": "No sewage plan."},
                           book.get("whitesboro-ny"), "/status", None, None)
    assert "is denied (Ch. 40, Permit C, D and E)" in mail.text


def test_dekalb_permit_says_permit_and_applicant_not_license_and_licensee(book):
    # § 34.06: "all permits shall be subject to review"; the ordinance speaks of the applicant.
    page = permit_page(book, "dekalb-il")
    assert "Applicant</h2>" in page
    assert "icense" not in page


def test_baroda_license_keeps_its_licensee(book):
    # Baroda Application (j): "the name and address of the licensee".
    assert "Licensee</h2>" in permit_page(book, "baroda-mi")


@pytest.mark.parametrize("answers,place", [(BARODA, "baroda-mi"), (DEKALB, "dekalb-il")])
def test_the_clerks_decision_panel_does_not_speak_to_the_organizer(office, answers, place):
    # What the ordinance says after filing is shown to the clerk beside the decision: Baroda (i) "the
    # applicant ... knowingly made", DeKalb § 34.06(c) inspections at the applicant's cost, in the
    # third person, not "you" as the organizer's pages once put it.
    app, _, _ = office
    client, reference = received(app, answers, place)
    notes = html.texts(client.get(f"/office/a/{reference}"), ".ordinance-after-filing li")
    assert notes
    assert not [n for n in notes if re.search(r"\byou(r)?\b", n, re.IGNORECASE)]


CORPORATION = {"organizer_type": "corporation", "organization_name": "Harvest Fair Inc.", "applicant_name": "Ann Lee",
               "signer_title": "President", "applicant_address": "1 Main St, Baroda, MI 49101",
               "applicant_is_owner": False, "has_use_contract": False, "property_owner_name": "Bo Farm LLC",
               "event_name": "Harvest Fair",
               "event_purpose": "A harvest fair with music", "setting": "outdoors", "max_attendance": 400,
               "site_address": "9 Farm Rd"}


def test_a_license_fit_to_post_names_the_corporation_the_kind_of_gathering_and_who_issues_it(book, tmp_path):
    # Baroda Application (j): "A license shall specify the name and address of the licensee, the kind
    # of location of the gathering, the maximum number of attendants permissible, the duration"; the
    # Revocation section is quoted; the joint applicant owner ("the operator ... and the owner") named.
    permit = Permit("R-2", book.get("baroda-mi"), CORPORATION, ["Lights out at 11 PM"], "2027-06-01", "Jo Clerk")
    page = permit_html(permit)
    for part in ("<p>Harvest Fair Inc.</p>", "Represented by Ann Lee, President",
                 "Owner of the premises, applying jointly: Bo Farm LLC",
                 "Kind of gathering: A harvest fair with music (outdoors)", "9 Farm Rd, Village of Baroda",
                 "(Ord. 171, Revocation)", "Signature of the issuing official", "Issued by</h2>\n<p>Jo Clerk</p>"):
        assert part in page
    pdf = tmp_path / "license.pdf"
    pdf.write_bytes(permit_pdf(permit))
    assert list(validate(str(pdf)).findings) == []
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(str(pdf)).pages).split())
    assert "Harvest Fair Inc." in text and "Kind of gathering" in text
    # It fits one page, signature block and all (it once left the block alone on an unnumbered page 2).
    assert len(PdfReader(str(pdf)).pages) == 1 and "Page 1 of 1" in text


def test_an_individual_is_named_as_before(book):
    page = permit_page(book, "dekalb-il")
    assert "<p>River Days Inc.</p>" in page and "Represented by" not in page


def office_today() -> str:
    # Baroda's office keeps America/Detroit days: a decision cannot be dated after its today.
    return datetime.now(ZoneInfo("America/Detroit")).date().isoformat()


def test_the_clerk_permits_at_most_what_was_asked_and_the_license_prints_it(office):
    # Baroda (j): the license specifies "the maximum number of attendants permissible": the clerk's
    # figure, which may be less than the application asks but never more.
    app, _, _ = office
    client, reference = received(app, BARODA, "baroda-mi")
    everything_in_hand(app, reference)  # in hand before the approval: the permit issues with it
    asked = BARODA["max_attendance"]
    decide = {"decision": "approved", "approve_anyway": "yes", "decided_on": office_today()}
    page = client.post(f"/office/a/{reference}/decision", data={**decide, "permitted_maximum": str(asked + 1)},
                       follow_redirects=True)
    assert f"cannot be more than the application asks for ({asked:,} people)" in page.get_data(as_text=True)
    assert html.texts(client.get(f"/office/a/{reference}"), ".application-status") == ["Received"]
    client.post(f"/office/a/{reference}/decision", data={**decide, "permitted_maximum": str(asked - 100)})
    assert html.texts(client.get(f"/office/a/{reference}"), ".permitted-maximum") == [
        f"Maximum attendance permitted: {asked - 100} people at one time."]
    pdf = client.get(f"/office/a/{reference}/permit.pdf").data
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(BytesIO(pdf)).pages).split())
    assert f"Maximum attendance permitted: {asked - 100} people at one time (the application asked for {asked})" \
        in text
