"""A department works from the whole file. Its private link offers the packet and
the organizer's documents (for that application only, while the link works); the clerks of the
place are emailed when it answers; after the decision its answer stays as recorded, and what it
sends then is a late note in the history, emailed to the clerks."""
from __future__ import annotations

from datetime import timedelta

from wizard.readable import long_date

from tests.support.office_days import office_day
from tests.support import html
from tests.support.office import BARODA, body, clerk, DEKALB, finished, PDF, PNG, received, send
from tests.support.office_mail import deliver
from tests.support.office_mail import referral_link, refused_post


def referred(app, inbox, port, answers=BARODA, place="baroda-mi", department="fire-official",
             address="fire@example.org"):
    """An application received and referred: the clerk's browser, the reference and the department's link."""
    client, reference = received(app, answers, place)
    client.post(f"/office/a/{reference}/referrals", data={"department": department, "recipient": address})
    return client, reference, referral_link(app, port, inbox, address)


def file_links(page) -> dict[str, str]:
    """The department's downloads, by the words of their links."""
    found = html.parse(page).select(".department-file a[href]")
    return {" ".join(a.get_text().split()): a["href"] for a in found}


def test_the_department_downloads_the_packet_and_the_documents_the_clerk_has(office):
    app, inbox, port = office
    client, reference, link = referred(app, inbox, port)
    department = app.test_client()
    links = file_links(department.get(link))
    assert set(links) == {"The application packet (PDF), version 1", "site-plan.pdf"}
    packet = department.get(links["The application packet (PDF), version 1"])
    assert packet.status_code == 200 and packet.mimetype == "application/pdf"
    assert packet.data == client.get(f"/office/a/{reference}/packet.pdf").data  # the clerk's packet, byte for byte
    document = department.get(links["site-plan.pdf"])
    assert document.status_code == 200 and document.data == PDF
    assert "no-store" in document.headers["Cache-Control"]
    history = html.texts(client.get(f"/office/a/{reference}"), ".history td")
    assert "Downloaded a document: site-plan.pdf" in history and "Local fire official" in history


def test_the_links_open_only_this_applications_file_and_only_while_the_link_works(office):
    app, inbox, port = office
    client, reference, link = referred(app, inbox, port)
    other = send(app.test_client(), finished(app, {**BARODA, "event_name": "Winter Fair"}), data=PNG, name="map.png")
    (others_upload,) = [u for u in html.links(client.get(f"/office/a/{other}"), ".downloads a") if "/uploads/" in u]
    department = app.test_client()
    assert department.get(f"{link}/uploads/{others_upload.rsplit('/', 1)[1]}").status_code == 404
    assert department.get(f"{link}/uploads/not-an-upload").status_code == 404
    assert department.get(link[:-3] + "xyz/packet.pdf").status_code == 404
    links = list(file_links(department.get(link)).values())
    app.config["TODAY"] = office_day("baroda-mi") + timedelta(days=20 + 61)  # past its due day and LINK_DAYS
    assert [department.get(url).status_code for url in links] == [404, 404]


def test_the_clerks_of_the_place_are_emailed_when_a_department_answers(office):
    app, inbox, port = office
    clerk(app, "deputy@example.org", ("dekalb-il",))
    clerk(app, "baroda@example.org", ("baroda-mi",))
    _, reference, link = referred(app, inbox, port, DEKALB, "dekalb-il", "police", "police@example.org")
    app.test_client().post(link, data={"answer": "conditions", "text": "Two officers at the gate"})
    deliver(app, port)
    for address in ("clerk@example.org", "deputy@example.org"):
        (mail,) = [m for m in inbox.to(address) if "answered" in m["Subject"]]
        assert mail["Subject"] == f"Police Department answered: {reference}"
        text = body(mail)
        assert "Conditions" in text and "Two officers at the gate" in text
        assert f"https://permits.example.org/office/a/{reference}#referrals" in text
    assert [m for m in inbox.to("baroda@example.org") if "answered" in m["Subject"]] == []


def test_before_the_decision_answering_again_changes_the_answer(office):
    app, inbox, port = office
    client, reference, link = referred(app, inbox, port, DEKALB, "dekalb-il", "police", "police@example.org")
    department = app.test_client()
    department.post(link, data={"answer": "conditions", "text": "Two officers at the gate"})
    page = department.post(link, data={"answer": "no_objection", "text": ""}, follow_redirects=True)
    assert html.field_values(page, "answer") == ["no_objection"]
    (answer,) = html.texts(client.get(f"/office/a/{reference}"), ".referral-answer")
    assert answer.startswith("No objection (") and "Two officers" not in answer
    deliver(app, port)
    assert len([m for m in inbox.to("clerk@example.org") if "answered" in m["Subject"]]) == 2


def test_after_the_decision_the_answer_stays_and_a_late_note_goes_to_the_clerk(office):
    app, inbox, port = office
    client, reference, link = referred(app, inbox, port, DEKALB, "dekalb-il", "police", "police@example.org")
    department = app.test_client()
    department.post(link, data={"answer": "conditions", "text": "Two officers at the gate"})
    client.post(f"/office/a/{reference}/decision", data={"decision": "denied", "reasons": "No insurance",
                                                         "decided_on": office_day("dekalb-il").isoformat()})
    page = department.get(link)
    (notice,) = html.texts(page, ".referral-decided")
    assert f"decision on this application was made on {long_date(office_day('dekalb-il'))}" in notice
    assert html.texts(page, ".referral-decided strong") == ["Conditions"] and "Two officers at the gate" in notice
    assert html.field(page, "answer") is None and html.field(page, "text") is not None
    refused_post(department, link, {"answer": "objection", "text": ""}, "your answer can no longer be changed")
    noted = department.post(link, data={"answer": "objection", "text": "The road will be closed that day"},
                            follow_redirects=True)
    assert html.texts(noted, ".referral-decided strong") == ["Conditions"]
    assert "Two officers at the gate" in html.texts(noted, ".referral-decided")[0]
    clerks_page = client.get(f"/office/a/{reference}")
    (answer,) = html.texts(clerks_page, ".referral-answer")
    assert answer.startswith("Conditions (") and "Two officers at the gate" in answer
    assert ("Late note from the Police Department after the decision: The road will be closed that day"
            in html.texts(clerks_page, ".history td"))
    deliver(app, port)
    (mail,) = [m for m in inbox.to("clerk@example.org") if m["Subject"].startswith("Late note")]
    assert mail["Subject"] == f"Late note from the Police Department: {reference}"
    assert "The road will be closed that day" in body(mail) and long_date(office_day("dekalb-il")) in body(mail)
