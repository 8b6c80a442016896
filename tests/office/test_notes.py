"""A clerk's local note (docs/decisions/0019-the-office-reviews-from-the-rule-file.md), stored in the
database, is shown on the result page and in the packet as the office's words, never the ordinance's."""
from __future__ import annotations

from urllib.parse import urlsplit

from tests.support import html
from tests.support.office import clerk, finished, sign_in
from tests.support.packet import normalise, page_texts

NOTE = "At festival time the office is open Saturdays 9 to 12."


def test_a_local_note_reaches_the_result_page_and_the_packet(app, client):
    clerk(app)
    sign_in(client)
    page = client.post("/office/notes", data={"place": "baroda-mi", "text": NOTE}, follow_redirects=True)
    assert html.texts(page, ".local-note") == [NOTE]
    organizer = app.test_client()
    ident = finished(app)
    result = organizer.get(f"/i/{ident}/result")
    assert html.texts(result, ".office-card .local-note") == [NOTE]
    assert "not the ordinance's" in " ".join(html.texts(result, ".local-notes"))
    packet = organizer.get(f"/i/{ident}/packet.pdf")
    assert packet.status_code == 200
    text = normalise(" ".join(page_texts(packet.data)))
    assert NOTE in " ".join(text.split()) and "not the ordinance" in text


def test_a_note_is_kept_to_the_clerks_own_places(app, client):
    clerk(app)
    clerk(app, "dekalb@example.org", ("dekalb-il",))
    sign_in(client)
    client.post("/office/notes", data={"place": "baroda-mi", "text": NOTE})
    other = app.test_client()
    sign_in(other, "dekalb@example.org")
    refused = other.post("/office/notes", data={"place": "baroda-mi", "text": "Not mine"}, follow_redirects=True)
    assert "Choose one of your places." in html.texts(refused, ".notice")
    removed = other.post("/office/notes/1/remove", follow_redirects=True)
    assert "That note is not one of your places' notes." in html.texts(removed, ".notice")
    assert html.texts(client.get("/office/notes"), ".local-note") == [NOTE]
    assert html.texts(other.get("/office/notes"), ".local-note") == []
    client.post("/office/notes/1/remove")
    assert html.texts(client.get("/office/notes"), ".local-note") == []


def test_an_empty_or_long_note_is_explained_and_signed_out_is_refused(app, client):
    clerk(app)
    assert urlsplit(client.get("/office/notes").headers["Location"]).path == "/office/sign-in"
    sign_in(client)
    empty = client.post("/office/notes", data={"place": "baroda-mi", "text": "  "}, follow_redirects=True)
    assert "Write the note first." in html.texts(empty, ".notice")
    long = client.post("/office/notes", data={"place": "baroda-mi", "text": "x" * 1001}, follow_redirects=True)
    assert "A note may be at most 1,000 characters." in html.texts(long, ".notice")


def test_a_note_refused_for_its_length_is_still_in_its_box(app, client):
    clerk(app)
    sign_in(client)
    words = "Open until 7 PM in festival week. " * 40
    long = client.post("/office/notes", data={"place": "baroda-mi", "text": words}, follow_redirects=True)
    assert "A note may be at most 1,000 characters." in html.texts(long, ".notice")
    assert html.texts(long, "textarea#text-baroda-mi") == [words.strip()]
