"""What the cover says. A day that has gone is said to have gone on the cover, as the
plan page says it ("Passed"), never given as an instruction ("File by Friday, March 26, 2027" to an
organizer preparing the packet in May)."""
from __future__ import annotations

import re
from datetime import date, datetime, timedelta

import pytest
from bs4 import BeautifulSoup


from tests.support.packet import FESTIVAL, festival, JURISDICTIONS, cover_text, normalise, packet_document, packet_text

LONG_DATE = re.compile(r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), [A-Z][a-z]+ \d{1,2}, \d{4}")


@pytest.mark.parametrize("jurisdiction", JURISDICTIONS)
def test_a_packet_for_an_event_40_days_away_gives_no_past_date_as_an_instruction(book, jurisdiction):
    today = date.fromisoformat(FESTIVAL["starts_at"][:10]) - timedelta(days=40)
    text = cover_text(book, jurisdiction, today)
    for found in LONG_DATE.finditer(text):
        day = datetime.strptime(found.group(), "%A, %B %d, %Y").date()
        if day < today:
            assert text[:found.start()].endswith("Passed: "), f"{found.group()} is given as if still ahead"
    if jurisdiction == "baroda-mi":  # 40 days ahead: the text's own last day (60 days before) has gone
        # The 105-day day is our advice (docs/decisions/0020-dates-the-text-sets-and-dates-we-advise.md), never "passed";
        # License (a)'s 60th day is the text's.
        assert "Last day to file Passed: Monday, May 10, 2027" in text
        assert "March 26, 2027" not in text
        assert "License needed by Passed: Monday, May 10, 2027" in text
        assert "Ask the Village Clerk whether a late application can be considered" in text
        assert "If you file today, expect the decision by Wednesday, July 14, 2027, after your event starts" in text


def test_a_date_still_ahead_is_given_as_the_day_to_file(book):
    text = cover_text(book, "baroda-mi", date(2027, 1, 4))
    # 105 days before is our advice, said as advice, beside License (a)'s own last day.
    assert "Our advice: file by Friday, March 26, 2027" in text and "Passed" not in text
    assert "Last day to file Monday, May 10, 2027 The ordinance's own last day to file" in text
    assert "If you file on the day we advise, expect the decision by Monday, May 10, 2027." in text


def test_wisconsins_office_and_its_note_are_apart(book):
    """The cover says "the Village" in sentences, and the note that its name is not in the text we
    have said once, where to file; not pasted into six sentences ("The Village (its name is not in
    the text we have; ...) must decide within 20 days")."""
    text = packet_text(packet_document(festival("wi-village-ch64", book), book))
    assert "(its name is not in the text" not in text
    assert text.count("The Village's name is not in the text we have.") == 1
    assert "The Village must decide within 20 days" in text or "the Village must decide within 20 days" in text


def test_the_packet_says_what_each_page_is(book):
    """The cover has no "Contact: Contact the Village Clerk...", no "Complete each shaded FILL IN
    box" where there is none, no "Signatures and oaths" where nobody swears, and a signature line
    named for the person the answers give, not "signer 1" or "owner 1"."""
    dekalb = packet_text(packet_document(festival("dekalb-il", book), book))
    assert "Contact Contact" not in dekalb and "Before you file Contact the City of DeKalb" in dekalb
    assert "Signatures and oaths" not in dekalb  # DeKalb asks no oath
    assert "FILL IN" not in dekalb and "Complete each shaded FILL IN box" not in dekalb
    wisconsin = packet_text(packet_document(festival("wi-village-ch64", book), book))
    assert "Signatures and oaths" in wisconsin  # its officers swear before a notary
    assert "Signature of Jane Q. Organizer" in wisconsin  # the officer the answers name
    assert "Signature of signer 1" not in wisconsin and "of owner 1" not in wisconsin


# The organizer forms and answers that give each signature role its lines: a named company officer,
# partners the answers do not name, an owner not named on several parcels.
SIGNING_CASES = {"named": {}, "partners not named": {"organizer_type": "partnership", "officers": []},
                 "owner not named": {"property_owner_name": None, "multiple_parcels": True},
                 "individual": {"organizer_type": "individual"}}


def signer_words(book, jurisdiction: str, changes: dict) -> list[tuple[str, list[str], str]]:
    """Each signature line's caption, its boxes' accessible names and the name printed on it."""
    soup = BeautifulSoup(packet_document(festival(jurisdiction, book, **changes), book), "html.parser")
    return [(" ".join(line.select_one(".signer__caption").get_text(" ").split()),
             [box["title"] for box in line.select("input")],
             (line.select_one(".signer__printed") or BeautifulSoup("", "html.parser")).get_text(strip=True))
            for line in soup.select("section .signer") if "Notary" not in line.get_text()]


@pytest.mark.parametrize("jurisdiction", JURISDICTIONS)
@pytest.mark.parametrize("case", SIGNING_CASES)
def test_every_signature_line_says_whom_it_is_for(book, jurisdiction, case):
    """No "Signature of signer 1" or "Title or office of owner 1". A line and its
    boxes say what the page is for ("the second partner", "the property owner") and, where the
    answers name the person, name them ("Title or office of Pat Farmer")."""
    lines = signer_words(book, jurisdiction, SIGNING_CASES[case])
    assert lines
    for caption, titles, printed in lines:
        for words in [caption, *titles]:
            assert not re.search(r"\b(?:signer|owner|officer|partner) \d", words, re.I), words
            assert not re.search(r"\bsigner\b", words, re.I), words  # "signer" says nothing of who
        if printed:
            assert all(title.endswith(f" {printed}") for title in titles), (titles, printed)
    if case == "partners not named" and jurisdiction == "wi-village-ch64":
        assert [caption for caption, _, _ in lines][:2] == ["Signature of the first partner", "Signature of the second partner"]
        assert "Title or office of the first partner" in lines[0][1]
    if case == "owner not named" and jurisdiction == "dekalb-il":
        assert lines[1][0] == "Signature of the first owner of a parcel"
        assert "Printed name of the second owner of a parcel" in lines[2][1]
    if case == "named" and jurisdiction == "whitesboro-ny":
        owner = next(line for line in lines if line[0] == "Signature of the owner")
        assert owner[1:] == (["Date signed by Pat Farmer"], "Pat Farmer")
