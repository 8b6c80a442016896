"""Clerks' links are signed, short codes stand for them, and /clerks asks for a
sign-in once the office has clerk accounts."""
from __future__ import annotations

from urllib.parse import urlsplit

from tests.support.html import parse, texts
from tests.support.office import clerk, sign_in


def made_link(client, query: str) -> str:
    page = client.get(f"/clerks?{query}")
    return parse(page).select_one("#clerk-link-text")["value"]


def filled_in_heading(client, link: str) -> str:
    return texts(client.get(link), "#clerk-filled-title")[0]


def test_a_signed_link_says_your_clerk_and_a_tampered_one_does_not(client):
    link = made_link(client, "jurisdiction=baroda-mi&max_attendance=800&event_name=Harvest+Fair")
    assert filled_in_heading(client, link) == "Your clerk filled in: 2 answers"
    tampered = link.replace("max_attendance=800", "max_attendance=250")
    assert tampered != link
    heading = filled_in_heading(client, tampered)
    assert heading == "This link filled in: 2 answers" and "clerk" not in heading
    unsigned = link.split("&sig=")[0]
    assert filled_in_heading(client, unsigned) == "This link filled in: 2 answers"
    forged = link.rsplit("=", 1)[0] + "=AAAAAAAAAAAAAAAAAAAAAAAAAAA"
    assert filled_in_heading(client, forged) == "This link filled in: 2 answers"


def test_a_link_signed_for_one_place_does_not_vouch_for_another(client):
    link = made_link(client, "jurisdiction=baroda-mi&max_attendance=800")
    moved = link.replace("/for/baroda-mi", "/for/dekalb-il")
    assert filled_in_heading(client, moved).startswith("This link filled in")


def test_the_short_code_leads_to_the_signed_link_and_is_on_the_handout(client):
    query = "jurisdiction=baroda-mi&max_attendance=800&site=http://localhost:5000"
    page = client.get(f"/clerks?{query}", headers={"Host": "localhost:5000"})
    code = texts(page, ".short-code")[0]
    assert len(code) == 9 and code[4] == "-"
    handout = client.get(f"/clerks/handout?{query}", headers={"Host": "localhost:5000"})
    assert f"http://localhost:5000/c/{code}" in texts(handout, ".short-code")[0]
    followed = client.get(f"/c/{code.lower().replace('-', '')}")  # typed in small letters, without the dash
    assert followed.status_code == 303
    target = followed.headers["Location"]
    assert urlsplit(target).path == "/for/baroda-mi"
    assert filled_in_heading(client, target) == "Your clerk filled in: 1 answer"
    assert client.get("/c/ZZZZ-ZZZZ").status_code == 404


def test_clerks_page_asks_for_a_sign_in_once_an_account_exists(app, client):
    assert client.get("/clerks").status_code == 200  # no accounts yet: the page is open
    clerk(app)
    for path in ("/clerks", "/clerks?jurisdiction=baroda-mi", "/clerks/handout?jurisdiction=baroda-mi"):
        response = client.get(path)
        assert response.status_code == 302 and urlsplit(response.headers["Location"]).path == "/office/sign-in"
    sign_in(client)
    assert client.get("/clerks?jurisdiction=baroda-mi").status_code == 200


def test_new_short_codes_from_one_address_are_limited_and_known_ones_still_shown(app, client):
    """A short code is a row anyone could add while /clerks is open: one address adds at most its
    hour's allowance; a link already coded keeps its code; the long link always works."""
    app.config["NEW_INTERVIEWS_PER_HOUR"] = 2
    for people in (100, 200):
        assert texts(client.get(f"/clerks?jurisdiction=baroda-mi&max_attendance={people}"), ".short-code")
    over = client.get("/clerks?jurisdiction=baroda-mi&max_attendance=300")
    assert over.status_code == 200 and texts(over, ".short-code") == []
    assert "No short code this time" in " ".join(texts(over, ".link-text"))
    assert texts(client.get("/clerks?jurisdiction=baroda-mi&max_attendance=100"), ".short-code")  # known: shown
