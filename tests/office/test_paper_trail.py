"""The office's paper trail (docs/decisions/0014-the-office-paper-trail.md) over HTTP, on SQLite and on
PostgreSQL: conditions before issuance (Baroda (h)), suspension and revocation (Baroda (j), DeKalb §
34.06(g)), and notices by mail (Baroda (h): "within five days ... by certified mail"), each citing the
section the rule file gives. Money, insurance, inspections and closing: tests/office/test_money.py, with
this module's `trail` fixture."""
from __future__ import annotations

from datetime import timedelta
from io import BytesIO

from icalendar import Calendar
from pypdf import PdfReader

from wizard.office.issuance import Standing, issued_on

from tests.support import html
from tests.support.office_days import office_day
from tests.support.office import BARODA, body, DEKALB, received, visible_text
from tests.support.office import feed_path
from tests.support.office_mail import deliver
from tests.support.office_trail import approve, long, mails, organizer, passes_pdfua, pdf_text, trail
from tests.support.prerequisites import everything_in_hand

CORPORATION = {**BARODA, "organizer_type": "corporation", "organization_name": "Harvest Fair Inc.",
               "applicant_name": "Ann Lee", "applicant_address": "1 Main St\nBaroda, MI 49101"}


# Item 3: conditions before issuance ------------------------------------------------------------

def test_the_license_issues_and_is_emailed_only_when_every_condition_before_issuance_is_met(trail, tmp_path):
    app, inbox, port = trail
    client, reference = received(app, CORPORATION, "baroda-mi")
    everything_in_hand(app, reference)  # in hand before the approval: the permit issues with it
    approve(client, reference, before_issuance="Show the $100,000 surety bond\nFire official's walk-through",
            conditions="Lights out at 11 PM")
    page = client.get(f"/office/a/{reference}")
    assert html.texts(page, ".application-status") == ["Approved"]
    assert html.texts(page, ".waiting-for li")[0].startswith(
        "Every condition the Village set as prerequisite to the issuance of the license, met (Ord. 171, Application (h)) "
        ": open: Show the $100,000 surety bond; Fire official's walk-through")
    assert client.get(f"/office/a/{reference}/permit.pdf").status_code == 409
    (mail,) = mails(app, port, inbox, f"{reference}: Approved")
    assert not list(mail.iter_attachments())
    assert "The license is not issued yet" in body(mail)
    assert "Waiting for: Every condition the Village set as prerequisite to the issuance of the license, met " \
        "(Ord. 171, Application (h))" in body(mail)
    assert "To meet: Show the $100,000 surety bond" in body(mail)
    own, status_path = organizer(app, reference)
    assert html.texts(own.get(status_path), ".conditions-open li") == [
        "Show the $100,000 surety bond", "Fire official's walk-through"]
    assert own.get(f"{status_path}/permit.pdf").status_code == 409

    ids = html.attributes(page, ".conditions-form input[name=met]", "value")
    client.post(f"/office/a/{reference}/conditions", data={"met": ids[0]})
    assert client.get(f"/office/a/{reference}/permit.pdf").status_code == 409
    assert html.texts(own.get(status_path), ".conditions-open li") == ["Fire official's walk-through"]
    page = client.post(f"/office/a/{reference}/conditions", data={"met": ids[1]}, follow_redirects=True)
    assert "the license is issued, dated today, and the organizer is told" in " ".join(html.texts(page, ".notice"))
    met = html.texts(page, ".conditions-met li")
    assert len(met) == 2 and all("recorded by clerk@example.org on" in m for m in met)
    assert "Condition met: Show the $100,000 surety bond (Ord. 171, Application (h))" in visible_text(page.get_data(as_text=True))
    (issued,) = mails(app, port, inbox, f"{reference}: license issued")
    (attachment,) = list(issued.iter_attachments())
    assert passes_pdfua(attachment.get_content(), tmp_path)
    text = " ".join(pdf_text(attachment.get_content()))
    assert "Harvest Fair Inc." in text and "Lights out at 11 PM" in text
    assert own.get(f"{status_path}/permit.pdf").status_code == 200
    assert not html.texts(own.get(status_path), ".conditions-open li")


def test_conditions_before_issuance_need_an_approval_and_a_text_that_allows_them(trail):
    app, _, _ = trail
    client, reference = received(app, DEKALB, "dekalb-il")
    page = approve(client, reference, "dekalb-il", before_issuance="Show the insurance certificate")
    assert "sets no conditions to meet before the permit issues" in " ".join(html.texts(page, ".notice"))
    assert html.texts(page, ".application-status") == ["Received"]
    assert not html.parse(page).select("#before_issuance")  # DeKalb's text gives no such conditions: no box
    client, reference = received(app, BARODA, "baroda-mi")
    page = client.post(f"/office/a/{reference}/decision", follow_redirects=True, data={
        "decision": "denied", "reasons": "No plan", "before_issuance": "Show the bond",
        "decided_on": office_day("baroda-mi").isoformat()})
    assert "go with an approval only" in " ".join(html.texts(page, ".notice"))
    assert html.texts(page, "#before_issuance") == ["Show the bond"]  # kept as typed


# Item 7: suspension and revocation -------------------------------------------------------------

def act_on(client, reference: str, place="baroda-mi", **fields):
    return client.post(f"/office/a/{reference}/permit-action", follow_redirects=True,
                       data={"acted_on": office_day(place).isoformat(), **fields})


def test_a_revoked_license_downloads_marked_revoked_on_every_page_and_the_event_is_cancelled(trail, tmp_path):
    app, inbox, port = trail
    client, reference = received(app, CORPORATION, "baroda-mi")
    everything_in_hand(app, reference)  # in hand before the approval: the permit issues with it
    approve(client, reference, conditions="\n".join(f"Condition number {n} of many, to fill a second page of the "
                                                     "license with its words" for n in range(40)))
    refused = act_on(client, reference, action="revoked", citation="Ord. 171, Revocation")
    assert "Write the reasons" in " ".join(html.texts(refused, ".notice"))
    refused = act_on(client, reference, action="revoked", citation="§ 34.06(g)", reasons="No security")
    assert "Choose the section it rests on: Ord. 171, Application (j); Ord. 171, Revocation" in \
        " ".join(html.texts(refused, ".notice"))
    assert html.texts(refused, "#action-reasons") == ["No security"]  # kept as typed
    page = act_on(client, reference, action="revoked", citation="Ord. 171, Revocation",
                  reasons="No security personnel on site")
    assert html.texts(page, ".permit-actions li")[0].startswith("Revoked on")
    assert "(Ord. 171, Revocation)" in html.texts(page, ".permit-actions li")[0]
    assert html.texts(page, ".permit-actions li")[0].endswith("No security personnel on site")
    assert not html.parse(page).select(".permit-action-form")  # revoked: nothing more to record
    assert html.texts(client.get("/office"), ".permit-mark-flag") == ["Revoked"]
    (mail,) = mails(app, port, inbox, f"{reference}: license revoked")
    assert "is revoked as of" in body(mail) and "(Ord. 171, Revocation)" in body(mail)
    assert "Reasons: No security personnel on site" in body(mail)
    permit = client.get(f"/office/a/{reference}/permit.pdf").data
    pages = pdf_text(permit)
    assert len(pages) >= 2 and all(p.count("REVOKED") >= 2 for p in pages)  # head and foot of every page
    assert all(f"Page {n} of {len(pages)}" in page for n, page in enumerate(pages, 1))
    assert "Issued by" in pages[-1] and "Name and title" in pages[-1]  # the issuing block whole, on one page
    assert "No security personnel on site" in pages[0]
    assert passes_pdfua(permit, tmp_path)
    own, status_path = organizer(app, reference)
    assert "Your license is revoked" in html.texts(own.get(status_path), ".permit-mark")[0]
    assert all("REVOKED" in p for p in pdf_text(own.get(f"{status_path}/permit.pdf").data))
    feed = Calendar.from_ical(client.get(feed_path(client)).data)
    (event,) = [e for e in feed.walk("VEVENT") if str(e["summary"]).endswith("Harvest Fair")]
    assert str(event["status"]) == "CANCELLED" and str(event["summary"]).startswith("Cancelled, permit revoked")


def test_a_suspension_is_lifted_and_dekalb_may_only_revoke(trail):
    app, inbox, port = trail
    client, reference = received(app, BARODA, "baroda-mi")
    assert not html.parse(client.get(f"/office/a/{reference}")).select(".permit-action-form")  # nothing issued
    everything_in_hand(app, reference)  # in hand before the approval: the permit issues with it
    approve(client, reference)
    act_on(client, reference, action="suspended", citation="Ord. 171, Application (j)", reasons="Fence not up")
    assert all("SUSPENDED" in p for p in pdf_text(client.get(f"/office/a/{reference}/permit.pdf").data))
    feed = Calendar.from_ical(client.get(feed_path(client)).data)
    assert "TENTATIVE" in [str(e.get("status")) for e in feed.walk("VEVENT")]
    page = act_on(client, reference, action="reinstated", citation="Ord. 171, Application (j)", reasons="Fence up")
    assert [t.split(" on ")[0] for t in html.texts(page, ".permit-actions li")] == ["Suspended", "Suspension lifted"]
    assert not any("SUSPENDED" in p for p in pdf_text(client.get(f"/office/a/{reference}/permit.pdf").data))
    deliver(app, port)
    assert {m["Subject"] for m in inbox.to("zoe@example.org")} >= {f"{reference}: license suspended",
                                                                   f"{reference}: license suspension lifted"}

    dekalb, permit = received(app, DEKALB, "dekalb-il")
    everything_in_hand(app, permit)  # in hand before the approval: the permit issues with it
    approve(dekalb, permit, "dekalb-il")
    page = dekalb.get(f"/office/a/{permit}")
    assert html.attributes(page, ".permit-action-form input[name=action]", "value") == ["revoked"]
    assert html.attributes(page, "#action-citation option", "value") == ["§ 34.06(g)"]
    refused = act_on(dekalb, permit, "dekalb-il", action="suspended", citation="§ 34.06(g)", reasons="Noise")
    assert "Choose what to do with the permit: “Revoked”." in " ".join(html.texts(refused, ".notice"))


def test_the_feeds_etag_changes_when_a_permit_is_suspended_revoked_or_inspected(trail):
    """The 304 for a feed that did not change, and the permit's marks (suspended, revoked, inspected): a
    calendar program polling with its ETag gets the feed again, with the event TENTATIVE or CANCELLED,
    once the permit changes."""
    app, _, _ = trail
    client, reference = received(app, BARODA, "baroda-mi")
    everything_in_hand(app, reference)  # in hand before the approval: the permit issues with it
    approve(client, reference)
    path = feed_path(client)
    etag = client.get(path).headers["ETag"]
    assert client.get(path, headers={"If-None-Match": etag}).status_code == 304
    act_on(client, reference, action="suspended", citation="Ord. 171, Application (j)", reasons="Fence not up")
    suspended = client.get(path, headers={"If-None-Match": etag})
    assert suspended.status_code == 200 and suspended.headers["ETag"] != etag
    assert "TENTATIVE" in [str(e.get("status")) for e in Calendar.from_ical(suspended.data).walk("VEVENT")]
    etag = suspended.headers["ETag"]
    act_on(client, reference, action="revoked", citation="Ord. 171, Revocation", reasons="No security on site")
    revoked = client.get(path, headers={"If-None-Match": etag})
    assert revoked.status_code == 200 and revoked.headers["ETag"] != etag
    assert "CANCELLED" in [str(e.get("status")) for e in Calendar.from_ical(revoked.data).walk("VEVENT")]
    etag = revoked.headers["ETag"]
    assert client.get(path, headers={"If-None-Match": etag}).status_code == 304
    client.post(f"/office/a/{reference}/inspections", data={"scheduled_on": office_day("baroda-mi").isoformat(),
                                                            "inspector": "Fire official"})
    inspected = client.get(path, headers={"If-None-Match": etag})
    assert inspected.status_code == 200 and inspected.headers["ETag"] != etag
    assert any(str(e["summary"]) == f"{reference}: inspection" for e in Calendar.from_ical(inspected.data).walk("VEVENT"))

# Item 5: notices by mail -----------------------------------------------------------------------

INCH = 72  # PDF points


def where(data: bytes, words: str) -> tuple[float, float]:
    """Where on the first page (points from its left and from its top) a line starting with `words` is drawn."""
    page = PdfReader(BytesIO(data)).pages[0]
    found = []

    def visit(text, cm, tm, font, size):
        if text.strip().startswith(words):
            x, y = tm[4] * cm[0] + tm[5] * cm[2] + cm[4], tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            found.append((x, float(page.mediabox.height) - y))
    page.extract_text(visitor_text=visit)
    assert found, words
    return found[0]


def letters(page) -> list[str]:
    return html.texts(page, ".mailed-notice h3")


def test_conditions_before_issuance_make_a_certified_letter_for_a_window_envelope(trail, tmp_path):
    app, _, _ = trail
    client, reference = received(app, CORPORATION, "baroda-mi")
    decided = office_day("baroda-mi")
    approve(client, reference, before_issuance="Show the $100,000 surety bond", conditions="Lights out at 11 PM")
    page = client.get(f"/office/a/{reference}")
    assert letters(page) == [f"Conditions before issuance, dated {long(decided)}"]
    due = decided + timedelta(days=5)  # Baroda (h): "within five days of such action"
    assert html.texts(page, ".letter-flag") == [f"Post it by {due.isoformat()}: 5 day(s) left"] or \
        html.texts(page, ".letter-due") == [f"Post it by {due.isoformat()}"]
    assert html.texts(page, ".letter-record") == ["Not printed yet. Not posted yet."]
    (link,) = html.links(page, ".mailed-notice a")
    letter = client.get(link)
    assert letter.status_code == 200 and letter.mimetype == "application/pdf"
    assert passes_pdfua(letter.data, tmp_path)
    text = pdf_text(letter.data)[0]
    for part in ("Village of Baroda, Village Clerk's office", "100 Test Street, Baroda, MI 49101",  # letterhead
                 "Harvest Fair Inc.", "Attn: Ann Lee", "1 Main St", "Baroda, MI 49101",
                 "Show the $100,000 surety bond (Ord. 171, Application (h))", "Lights out at 11 PM",
                 "by certified mail as Ord. 171, Application (h) requires, within 5 days"):
        assert part in text, (part, text)
    # The addressee shows through a #10 window: 7/8 inch from the left, 2 to 3 1/8 inches from the top.
    for line in ("Harvest Fair Inc.", "Attn: Ann Lee", "Baroda, MI 49101"):
        x, y = where(letter.data, line)
        assert 0.8 * INCH <= x <= 1.2 * INCH and 2 * INCH <= y <= 3.125 * INCH, (line, x / INCH, y / INCH)
    assert html.texts(client.get(f"/office/a/{reference}"), ".letter-record")[0].startswith("Printed ")

    posted = f"/office/a/{reference}/letters/{link.rsplit('/', 1)[-1].removesuffix('.pdf')}"
    refused = client.post(posted, data={"posted_on": (decided + timedelta(days=1)).isoformat()}, follow_redirects=True)
    assert "between" in " ".join(html.texts(refused, ".notice"))  # not after today
    refused = client.post(posted, data={"posted_on": decided.isoformat(), "certified_number": "tracking?"},
                          follow_redirects=True)
    assert "certified-mail number" in " ".join(html.texts(refused, ".notice"))
    page = client.post(posted, data={"posted_on": decided.isoformat(), "certified_number": "9407 1000 0000 0000 0000 01"},
                       follow_redirects=True)
    assert html.texts(page, ".letter-record")[0].endswith(
        f"Posted {long(decided)}, certified mail 9407 1000 0000 0000 0000 01.")
    assert not html.texts(page, ".letter-flag")


def test_a_denial_letter_not_posted_within_five_days_is_flagged_and_dekalb_mails_none(trail, tmp_path):
    app, _, _ = trail
    client, reference = received(app, BARODA, "baroda-mi")
    decided = office_day("baroda-mi")
    client.post(f"/office/a/{reference}/decision", data={"decision": "denied", "reasons": "No sanitation plan",
                                                         "decided_on": decided.isoformat()})
    app.config["TODAY"] = decided + timedelta(days=4)
    assert html.texts(client.get(f"/office/a/{reference}"), ".letter-flag") == [
        f"Post it by {(decided + timedelta(days=5)).isoformat()}: 1 day(s) left"]
    app.config["TODAY"] = decided + timedelta(days=6)
    page = client.get(f"/office/a/{reference}")
    assert html.texts(page, ".letter-flag") == [
        f"Not posted, and the days to mail it ended on {(decided + timedelta(days=5)).isoformat()}"]
    text = pdf_text(client.get(html.links(page, ".mailed-notice a")[0]).data)[0]
    assert "denied the application (Ord. 171, Application (i))" in text and "No sanitation plan" in text
    app.config.pop("TODAY")

    dekalb, permit = received(app, DEKALB, "dekalb-il")
    dekalb.post(f"/office/a/{permit}/decision", data={"decision": "denied", "reasons": "No plan",
                                                      "decided_on": office_day("dekalb-il").isoformat()})
    assert not letters(dekalb.get(f"/office/a/{permit}"))  # § 34.06 says nothing of a notice by mail


def test_a_revocation_makes_a_letter_with_its_reasons_and_section(trail, tmp_path):
    app, _, _ = trail
    client, reference = received(app, DEKALB, "dekalb-il")
    everything_in_hand(app, reference)  # in hand before the approval: the permit issues with it
    approve(client, reference, "dekalb-il")
    page = act_on(client, reference, "dekalb-il", action="revoked", citation="§ 34.06(g)", reasons="Fire lanes blocked")
    assert letters(page) == [f"Revocation, dated {long(office_day('dekalb-il'))}"]
    assert not html.texts(page, ".letter-flag")  # the text gives no period for it
    letter = client.get(html.links(page, ".mailed-notice a")[0]).data
    assert passes_pdfua(letter, tmp_path)
    text = pdf_text(letter)[0]
    assert "the permit was revoked (§ 34.06(g))" in text and "Fire lanes blocked" in text
    assert "may be revoked at any time without notice" in text  # the section's note, quoted


def test_the_permit_is_dated_the_day_it_issued():
    # Approved June 1: issued with the decision when nothing was outstanding, else the day the last was recorded.
    decision = {"decided_on": "2027-06-01"}
    assert issued_on(decision, Standing(True, issuance={"issued_on": "2027-06-01"})) == "2027-06-01"
    assert issued_on(decision, Standing(True, issuance={"issued_on": "2027-06-12"})) == "2027-06-12"
