"""The interview over HTTP without a browser: fragments vs pages, storage, ids, bad input."""
from __future__ import annotations

from datetime import date

import pytest

from wizard.engine.answers import clean_answers
from wizard.web.app import create_app
from wizard.web.edge.state import rulebook, store
from wizard.store.interviews import InterviewStore

from tests.support.html import field_names, field_values, parse, texts, unsigned
from tests.support.packet import festival
from tests.support.interview import BARODA, FESTIVAL_STEP_POSTS, finished_interview, interview_id, start


def test_htmx_request_gets_the_content_block_and_a_url_to_push(client):
    url = start(client)
    page = client.get(url)
    fragment = client.get(url, headers={"HX-Request": "true"})
    assert parse(page).html is not None
    body = fragment.get_data(as_text=True)
    # htmx's title keeps the site's name, as the whole page's has it
    assert parse(body).html is None and texts(body, "title") == ["When is your event? – Mass Gathering Permit Wizard"]
    assert texts(page.get_data(as_text=True), "title") == texts(body, "title")
    assert fragment.headers["HX-Push-Url"] == url
    assert "HX-Request" in fragment.headers["Vary"] and "HX-Request" in page.headers["Vary"]


def test_history_restore_request_gets_the_full_page(client):
    url = start(client)
    restore = client.get(url, headers={"HX-Request": "true", "HX-History-Restore-Request": "true"})
    assert parse(restore).html is not None


def test_answers_survive_a_server_restart(tmp_path):
    config = {"DATABASE": str(tmp_path / "w.db"), "SECRET_KEY": "k", "WTF_CSRF_ENABLED": False}
    first = create_app(config).test_client()
    url = start(first)
    assert first.post(url, data=FESTIVAL_STEP_POSTS["dates"]).status_code == 303
    second = create_app(config).test_client()  # a new process on the same database file
    page = second.get(url).get_data(as_text=True)
    assert field_values(page, "starts_at") == ["7/9/2027"] and field_values(page, "starts_at_time") == ["12:00 PM"]
    assert second.get(f"/i/{interview_id(url)}").headers["Location"].endswith("/step/crowd")


def test_interview_ids_are_unguessable_and_unknown_ids_are_404(client, app):
    url = start(client)
    ident = interview_id(url)
    assert len(ident) >= 43  # 32 random bytes, base64url: 256 bits
    assert client.get(url.replace(ident, ident[:-1] + ("A" if ident[-1] != "A" else "B"))).status_code == 404
    for bad in ("x", "../../etc/passwd", "' OR 1=1 --", "A" * 500):
        assert client.get(f"/i/{bad}/check").status_code == 404


def test_schema_is_created_by_migrations(tmp_path):
    store = InterviewStore(tmp_path / "m.db")
    store.migrate()
    store.migrate()  # idempotent
    db = store.connect()
    assert "interviews" in db.table_names()
    assert [r["name"] for r in db["_sqlite_migrations"].rows] == ["m001_create_interviews", "m002_kiosk_and_handoffs",
                                                                  "m003_kiosk_enrolments", "m004_failed_post", "m_language"]


HOSTILE = ["", " ", "-5", "1e9", "12.5", "99999999999", "<script>alert(1)</script>", "' OR 1=1 --",
           "2027-13-45T25:99", "yes", "maybe", "\x00", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🎪", "x" * 25_000]


@pytest.mark.parametrize("value", HOSTILE)
def test_hostile_input_gets_a_message_never_a_500_and_keeps_earlier_answers(client, value):
    url = start(client)
    assert client.post(url, data=FESTIVAL_STEP_POSTS["dates"]).status_code == 303
    crowd = url.replace("/step/dates", "/step/crowd")
    response = client.post(crowd, data={"max_attendance": value})
    assert response.status_code in (200, 303)
    if response.status_code == 200:
        assert "There is a problem" in response.get_data(as_text=True)
    dates_page = client.get(url).get_data(as_text=True)
    assert field_values(dates_page, "starts_at") == ["7/9/2027"]
    assert field_values(dates_page, "starts_at_time") == ["12:00 PM"]


@pytest.mark.parametrize("field, value", [
    ("starts_at", "<b>bold</b>"), ("ends_at", "2027-07-08T12:00"), ("starts_at", "tomorrow"),
])
def test_bad_dates_get_clear_messages(client, field, value):
    url = start(client)
    data = {**FESTIVAL_STEP_POSTS["dates"], field: value}
    page = client.post(url, data=data, follow_redirects=True).get_data(as_text=True)
    assert "There is a problem" in page
    assert ("must close after it opens" in page) or ("Enter a real date and time" in page)


@pytest.mark.parametrize("step, data, field, message", [
    ("dates", {"starts_at": "2027-07-09T12:00", "ends_at": "2027-07-09T12:00"}, "ends_at",
     "The event must close after it opens"),
    ("crowd", {"max_attendance": "5000", "total_attendance": "100"}, "total_attendance",
     "cannot be fewer than the most people at the same time"),
])
def test_inconsistent_numbers_are_refused_on_the_step_that_asks_them(client, step, data, field, message):
    # Answers that contradict each other: a clear message on the step, and the answers already given are kept.
    url = start(client)
    assert client.post(url, data=FESTIVAL_STEP_POSTS["dates"]).status_code == 303
    step_url = url.replace("/step/dates", f"/step/{step}")
    response = client.post(step_url, data=data, follow_redirects=True)
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and "There is a problem" in page and message in page
    with client.application.app_context():
        kept = store().get(interview_id(url)).answers
    assert kept["starts_at"] == "2027-07-09T12:00" and kept["ends_at"] == "2027-07-11T23:00"
    assert kept.get(field) in (None, FESTIVAL_STEP_POSTS["dates"].get(field))  # the refused value is not saved
    typed = data[field].split("T")  # a date and time posted as one value comes back in the two fields
    shown = field_values(page, field) + field_values(page, f"{field}_time")
    assert shown == typed  # the refused answer stays in the field to correct


def test_typed_text_is_shown_as_text_not_run(client, book):
    """An event named like a script is shown, character for character, as text on the pages that show the
    name (the answers to check, the result, the step that asks it), and never becomes a script."""
    typed = "<script>alert('x')</script>"
    ident = finished_interview(client.application, festival("dekalb-il", book, event_name=typed))
    asking = next(s["step"] for s in book.jurisdictions["dekalb-il"].steps if "event_name" in s.get("questions", []))
    for url in (f"/i/{ident}/check", f"/i/{ident}/result", f"/i/{ident}/step/{asking}"):
        response = client.get(url)
        assert response.status_code == 200, url
        page = parse(response)
        shown = page.get_text() + " ".join(box.get("value", "") for box in page.select("input"))
        assert typed in shown, url
        assert not any("alert" in script.get_text() for script in page.select("script")), url
        assert typed not in response.get_data(as_text=True), url  # escaped in the HTML, never raw markup


def test_choice_outside_the_options_is_refused(client):
    url = start(client, "dekalb-il")
    response = client.post(url, data={"property_owner": "the moon"}, follow_redirects=True)
    assert response.status_code == 200 and "There is a problem" in response.get_data(as_text=True)


def test_prefilled_link_carries_answers_and_reports_bad_ones(client):
    page = client.get("/for/baroda-mi?property_owner=private&max_attendance=abc&nonsense=1").get_data(as_text=True)
    assert "This link filled in: 1 answer" in page
    assert field_values(page, "property_owner") == ["private"]  # ticked, and editable
    # Both explained in plain words, by the question's label, never by a key name.
    assert "could not use for “What is the most people you expect at the same time?”" in page
    assert "The link had an answer we do not use" in page
    assert "nonsense" not in page and "max_attendance" not in page
    response = client.post("/start", data={"jurisdiction": "baroda-mi", "property_owner": "private"})
    assert response.headers["Location"].endswith("/step/setting")  # the answered step is skipped


def test_unknown_jurisdiction_link_is_404_and_bad_start_is_a_message(client):
    assert client.get("/for/atlantis").status_code == 404
    page = client.post("/start", data={"jurisdiction": "atlantis"}).get_data(as_text=True)
    assert "Select where your event will take place" in page


def test_delete_removes_the_interview(client):
    url = start(client)
    ident = interview_id(url)
    assert client.post(f"/i/{ident}/delete").status_code == 303
    assert client.get(url).status_code == 404


def test_csrf_is_enforced_when_enabled(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "c.db"), "SECRET_KEY": "k"})
    response = app.test_client().post("/start", data={"jurisdiction": "baroda-mi"})
    assert response.status_code == 400
    assert "Please try again" in response.get_data(as_text=True)


@pytest.mark.parametrize("today, expected", [
    # 2027-03-26 (105 days before) is our advice (docs/decisions/0020-dates-the-text-sets-and-dates-we-advise.md); License
    # (a)'s own last day is 2027-05-10.
    ("2027-05-11", "The last day to file has passed"),
    ("2027-03-27", "File as soon as you can."),
    ("2027-03-17", "File soon: 9 days left."),
    ("2027-01-01", None),
])
def test_result_warns_when_the_filing_deadline_is_past_or_close(app, client, today, expected):
    app.config["TODAY"] = date.fromisoformat(today)
    ident = finished_interview(app, BARODA)
    page = client.get(f"/i/{ident}/result").get_data(as_text=True)
    assert "Friday, March 26, 2027" in page  # file by: the license must be in hand 60 days before,
    assert "Monday, May 10, 2027" in page    # and the Village has 45 days to decide
    if expected:
        assert expected in page
    else:
        assert "has passed" not in page and "days left" not in page
    if today == "2027-03-27":  # between our advice and the text's last day: nothing has passed
        assert "has passed" not in page


def test_result_page_shows_fee_facilities_and_checklist_with_citations(app, client):
    ident = finished_interview(app, BARODA)
    page = client.get(f"/i/{ident}/result").get_data(as_text=True)
    assert "You need a license" in page
    assert "$200" in page and "Ord. 171, License (a)" in page  # 400 people: two blocks of 300
    assert "1 toilet for every 50 women" in page and "Ord. 171, Application (k)(9)" in page
    assert "Before the license is issued" in page
    assert "Within 45 days of filing" in page


def test_changing_the_municipality_keeps_answers_and_redoes_only_uncovered_steps(client):
    url = start(client, "whitesboro-ny")
    client.post(url, data=FESTIVAL_STEP_POSTS["dates"])
    ident = interview_id(url)
    response = client.post(f"/i/{ident}/step/where", data={"jurisdiction": "baroda-mi"})
    assert response.headers["Location"].endswith("/step/land")  # Baroda's first step
    page = client.get(f"/i/{ident}/step/dates").get_data(as_text=True)
    assert field_values(page, "starts_at") == ["7/9/2027"]  # the dates carried over


def test_clerks_page_lists_a_link_for_each_jurisdiction(client):
    page = client.get("/clerks").get_data(as_text=True)
    offered = {option.get("value") for option in parse(page).select('select[name="jurisdiction"] option')}
    assert {"whitesboro-ny", "wi-village-ch64", "baroda-mi", "dekalb-il"} <= offered
    built = client.get("/clerks?jurisdiction=dekalb-il&property_owner=private&max_attendance=2,500")
    assert "/for/dekalb-il?max_attendance=2500&property_owner=private" in unsigned(
        box.get("value") for box in parse(built).select("input[readonly]"))


def test_odd_text_never_breaks_the_packet_or_the_calendar(app, client):
    answers = {**BARODA, "event_name": "Fest \x00\x07 🎪 \u200b عربى עברית हिन्दी ไทย",
               "applicant_name": "Zoë\tŁukasiewicz\r\n李小龍"}
    with app.app_context():
        answers = clean_answers(answers, rulebook().questions, rulebook().jurisdictions)
    assert "\x00" not in answers["event_name"] and "\x07" not in answers["event_name"]
    ident = finished_interview(app, answers)
    for path in ("packet.pdf", "event.ics", "answers.json", "result", "check"):
        assert client.get(f"/i/{ident}/{path}").status_code == 200, path


def test_a_lone_surrogate_is_refused_with_a_message(client):
    response = client.post("/api/assess", data='{"jurisdiction": "baroda-mi", "event_name": "\\ud83d"}',
                           content_type="application/json")
    assert response.status_code == 400 and response.get_json()["key"] == "event_name"


def test_downloads_leave_out_answers_a_later_change_made_irrelevant(app, client):
    # Asked about an agent while living elsewhere, then changed to living in the village.
    answers = {"jurisdiction": "whitesboro-ny", "max_attendance": 500, "local_exempt_organizer": "none",
               "resides_locally": False, "local_agent_name": "Ann Oneida", "starts_at": "2027-07-09T12:00",
               "ends_at": "2027-07-09T20:00"}
    ident = finished_interview(app, answers)
    assert "Ann Oneida" in client.get(f"/i/{ident}/answers.json").get_data(as_text=True)
    with app.app_context():
        interview = store().get(ident)
        interview.answers["resides_locally"] = True
        store().save(interview)
    exported = client.get(f"/i/{ident}/answers.json").get_json()
    assert "local_agent_name" not in exported and exported["resides_locally"] is True
    assert "Oneida County agent" not in client.get(f"/i/{ident}/result").get_data(as_text=True)


@pytest.mark.parametrize("step, post, notice", [
    ("crowd", {"max_attendance": "150", "total_attendance": "150"},
     "With this change, you no longer need a license under this ordinance."),
    ("land", {"property_owner": "municipal"}, "With this change, you no longer need a license under this ordinance."),
    ("crowd", {"max_attendance": "450", "total_attendance": "450"}, None),  # still a license: nothing to announce
])
def test_a_change_that_flips_the_outcome_is_announced(app, client, step, post, notice):
    ident = finished_interview(app, BARODA)
    response = client.post(f"/i/{ident}/step/{step}?return=check", data=post)
    assert response.status_code == 303
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    if notice:
        assert notice in page
    else:
        assert "With this change" not in page


def test_wisconsin_result_says_what_is_unsettled_and_what_to_ask_the_village(app, client, book):
    # Wisconsin, an unsettled reading (docs/decisions/0012-readings-never-invented.md): no lean, and no clerk the text
    # does not name.
    ident = finished_interview(app, festival("wi-village-ch64", book, max_attendance=150, is_fair=False))
    page = client.get(f"/i/{ident}/result").get_data(as_text=True)
    assert "Probably not covered" not in page and "Village Clerk" not in page
    assert "Does Chapter 64 require a license for our event" in page


def test_result_page_has_after_you_apply_revocation_and_penalties(app, client):
    # What the ordinance says beyond the verdict: new sections and the before-the-event phase with its date.
    ident = finished_interview(app, BARODA)
    page = client.get(f"/i/{ident}/result").get_data(as_text=True)
    headings = texts(page, "h2, h3")
    for heading in ("After you apply", "Revocation", "Penalties", "Before the event"):
        assert heading in headings
    assert any(item.startswith("By Friday, July 2, 2027: Mow all grass") for item in texts(page, "li"))
    assert "By Friday, July 2, 2027:" in texts(page, "li strong")  # the date stands out


def test_a_kept_answer_that_no_longer_fits_is_dropped_not_a_crash(app, client):
    # Answers that contradict each other: visits answered in Whitesboro, then a bigger crowd on Wisconsin's crowd step,
    # which does not ask about visits.
    with app.app_context():
        interview = store().create({"jurisdiction": "wi-village-ch64", "max_attendance": 300, "total_attendance": 400})
        interview.completed_steps = ["where"]
        store().save(interview)
        ident = interview.id
    response = client.post(f"/i/{ident}/step/crowd", data={"max_attendance": "5000"})
    assert response.status_code == 303
    with app.app_context():
        answers = store().get(ident).answers
    assert answers["max_attendance"] == 5000 and "total_attendance" not in answers


def test_a_link_with_contradicting_numbers_leaves_them_out_with_a_note(client):
    # Answers that contradict each other: a clerk's link is checked like a step: visits below the crowd are asked
    # instead.
    page = client.get("/for/whitesboro-ny?max_attendance=500&total_attendance=100").get_data(as_text=True)
    # Said by the question's label, never by its key.
    assert "The link had an answer we could not use for “" in page and "total_attendance" not in page
    assert field_values(page, "max_attendance") == ["500"] and "total_attendance" not in field_names(page)
    # Changed on the start page into numbers that contradict: said on the field, nothing started.
    response = client.post("/start", data={"jurisdiction": "whitesboro-ny", "max_attendance": "500",
                                           "total_attendance": "100"})
    assert response.status_code == 200 and "cannot be fewer than the most people" in response.get_data(as_text=True)
    response = client.post("/start", data={"jurisdiction": "whitesboro-ny", "max_attendance": "500"})
    assert response.status_code == 303 and response.headers["Location"].endswith("/step/dates")


def test_htmx_title_with_an_apostrophe_reads_as_written(client):
    # The title block is escaped by its template: htmx's <title> must not escape it twice, or the tab
    # reads "The building&#39;s legal capacity".
    url = start(client, "dekalb-il")
    ident = interview_id(url)
    with client.application.app_context():
        interview = store().get(ident)
        interview.answers.update(property_owner="private", setting="permanent_building")
        store().save(interview)
    fragment = client.get(f"/i/{ident}/step/capacity", headers={"HX-Request": "true"})
    whole = client.get(f"/i/{ident}/step/capacity")
    assert texts(fragment.get_data(as_text=True), "title") == [
        "The building's legal capacity – Mass Gathering Permit Wizard"]
    assert texts(whole.get_data(as_text=True), "title") == texts(fragment.get_data(as_text=True), "title")
