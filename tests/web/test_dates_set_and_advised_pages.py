"""Dates the text sets and dates we advise (docs/decisions/0020-dates-the-text-sets-and-dates-we-advise.md),
through the real interface: the result page, the costs page, the packet's cover, the status page and the
office say which dates the ordinance sets and which we advise. Wisconsin ch. 64 sets no filing deadline,
so nothing is ever "passed" or "late" for lack of one; Baroda is late only after License (a)'s 60th day
before the event, and its 105 days are advice."""
from __future__ import annotations

import re
from datetime import date, timedelta

from bs4 import BeautifulSoup

from wizard.engine.assess import assess_jurisdiction
from wizard.interview.timeline import build_timeline
from wizard.web.edge.state import office_records

from tests.support import html
from tests.support.office_days import office_day
from tests.support.office import BARODA, DEKALB, finished, received
from tests.support.packet import FESTIVAL, cover_text

WISCONSIN = {**FESTIVAL, "jurisdiction": "wi-village-ch64", "starts_at": "2027-07-09T12:00", "ends_at": "2027-07-09T23:00",
             "overnight_stay": False, "is_fair": False}
LATE_WORDS = re.compile(r"\bpassed\b|\blate\b", re.IGNORECASE)  # "later", "latest" are not "late"


def visible(page: str) -> str:
    return " ".join(BeautifulSoup(page, "html.parser").get_text(" ").split())


def on(app, today: str):
    app.config["TODAY"] = date.fromisoformat(today)


def test_wisconsin_result_after_the_advised_day_says_file_now_not_passed(app, client):
    on(app, "2027-06-29")  # 10 days before: 11 days after the advised June 18
    text = visible(client.get(f"/i/{finished(app, WISCONSIN)}/result").get_data(as_text=True))
    assert not LATE_WORDS.search(text), LATE_WORDS.search(text)
    assert "File as soon as you can." in text
    assert "Our advice: file by Friday, June 18, 2027" in text  # Ch. 64, processing
    assert "The ordinance sets no last day to file (Ch. 64, processing)." in text
    assert "Filed today, the decision may come on Monday, July 19, 2027 at the latest, after your event starts." in text


def test_wisconsin_costs_page_and_cover_call_nothing_passed(app, client, book):
    on(app, "2027-06-29")
    costs = visible(client.get(f"/i/{finished(app, WISCONSIN)}/costs").get_data(as_text=True))
    assert not LATE_WORDS.search(costs)
    cover = cover_text(book, "wi-village-ch64", date(2027, 6, 29))
    assert not re.search(r"Passed|\blate\b", cover), cover
    assert "Our advice was to file by Friday, June 18, 2027 (behind us: file now)" in cover


def test_baroda_80_days_away_is_not_late_and_the_village_must_decide_by_the_60th_day(app, client):
    on(app, "2027-04-20")  # 80 days before July 9: after our 105-day advice, before License (a)'s day
    text = visible(client.get(f"/i/{finished(app, BARODA)}/result").get_data(as_text=True))
    assert "has passed" not in text and "passed 25 days ago" not in text
    assert "Our advice: file by Friday, March 26, 2027, to leave the Village of Baroda its 45 days to decide" in text
    assert "The ordinance's last day to file: Monday, May 10, 2027 (Ord. 171, License (a))." in text
    assert ("The Village of Baroda must decide by Monday, May 10, 2027 for the license to be in hand as "
            "Ord. 171, License (a) requires.") in text


def test_baroda_after_the_60th_day_is_late(app, client):
    on(app, "2027-05-11")
    text = visible(client.get(f"/i/{finished(app, BARODA)}/result").get_data(as_text=True))
    assert "The last day to file has passed. It was Monday, May 10, 2027, 1 day ago." in text


def test_costs_page_says_when_each_fee_is_paid(app, client):
    on(app, "2027-01-04")
    baroda = visible(client.get(f"/i/{finished(app, BARODA)}/costs").get_data(as_text=True))
    assert "Not refundable. (Ord. 171, License (a)) Paid when you file." in baroda  # "shall accompany"
    dekalb = visible(client.get(f"/i/{finished(app, DEKALB)}/costs").get_data(as_text=True))
    assert "$200 per event, per day. (§ 34.06(a)) Paid when you file." in dekalb


def event_in(place: str, days: int, base: dict) -> dict:
    day = office_day(place) + timedelta(days=days)
    return {**base, "starts_at": f"{day.isoformat()}T12:00", "ends_at": f"{day.isoformat()}T23:00"}


def test_wisconsin_office_and_status_page_never_flag_late(app):
    answers = event_in("wi-village-ch64", 10, WISCONSIN)  # 11 days after the advised day
    client, reference = received(app, answers, "wi-village-ch64")
    page = client.get(f"/office/a/{reference}").get_data(as_text=True)
    assert not html.texts(page, ".filed-late")
    inbox = client.get("/office").get_data(as_text=True)
    assert not html.texts(inbox, ".filed-late")
    assert html.texts(page, ".due-after-event") == ["after the event starts"]  # 20 days from receipt
    assert html.texts(inbox, ".due-after-event") == ["After the event starts"]
    with app.app_context():
        ident = office_records().applications.application(reference)["interview_id"]
    status = visible(client.get(f"/i/{ident}/application").get_data(as_text=True))
    assert not LATE_WORDS.search(status)
    assert ": after your event starts" in status


def test_baroda_office_80_days_ahead_is_not_late_and_must_decide_by_the_60th_day(app):
    answers = event_in("baroda-mi", 80, BARODA)
    client, reference = received(app, answers, "baroda-mi")
    page = client.get(f"/office/a/{reference}").get_data(as_text=True)
    assert not html.texts(page, ".filed-late")
    needed = (office_day("baroda-mi") + timedelta(days=20)).strftime("%B %-d, %Y")
    assert [t for t in html.texts(page, ".decide-by") if needed in t and "Ord. 171, License (a) requires" in t]


def test_dekalb_escrow_is_a_line_of_the_money_owed(app):
    answers = event_in("dekalb-il", 40, DEKALB)  # a Commercial Event: the City agreement of § 34.06(d)
    client, reference = received(app, answers, "dekalb-il")
    page = client.get(f"/office/a/{reference}").get_data(as_text=True)
    soup = BeautifulSoup(page, "html.parser")
    escrow = soup.select_one('tr.money-line[data-sum="escrow"]')
    assert escrow is not None, "§ 34.06(d)(1): the cash escrow is owed"
    assert "§ 34.06(d)(1)" in escrow.get_text() and "Estimated by the City of DeKalb" in escrow.get_text()
    assert 'value="escrow"' in page  # the clerk records it as received


def test_a_deposit_paid_at_filing_is_not_also_to_have_ready_before_the_permit(book):
    j = book.jurisdictions["whitesboro-ny"]
    answers = {**FESTIVAL, "jurisdiction": "whitesboro-ny"}
    assessment = assess_jurisdiction(j, answers)
    assessment["fees"]["deposit"] = {**assessment["fees"]["deposit"], "due": "filing"}
    plan = build_timeline(assessment, answers, j.license_word, date(2027, 1, 4))
    ready = next(m for m in plan.milestones if m.key == "before-license")
    filing = next(m for m in plan.milestones if m.key == "file-by")
    assert "deposit" not in ready.detail and "the $500 deposit" in filing.detail
