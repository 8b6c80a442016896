"""Three more jurisdictions added with rule files alone (tests/fixtures/more-jurisdictions/): a
question of its own with reworded shared questions (Brownville), a consecutive-hours trigger with a
per-period, per-location fee (Pleasant Prairie) and fee classes by daily attendance (Union County).
They are loaded beside the built-in ones (`--add-rules`) or instead of them (`--rules`)."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from io import BytesIO

import pytest
from click.testing import CliRunner

from wizard.cli import main
from wizard.authoring.loader import load_rulebook
from wizard.packet.content import build_packet
from wizard.rules.rulebook import rule_sources
from wizard.web.app import create_app

from tests.support.html import field_values
from tests.support.packet import packet_document, packet_text as text_of_html
from tests.support.authoring import MORE

ONE_DAY = {"starts_at": "2027-07-01T10:00", "ends_at": "2027-07-01T22:00"}
FIRE_COMPANY_FAIR = {"jurisdiction": "brownville-ny", "local_exempt_organizer": "volunteer_fire_company",
                     "sole_financial_benefit": True, "max_attendance": 6000, **ONE_DAY}
THREE_NIGHTS = {"starts_at": "2027-07-01T10:00", "ends_at": "2027-07-03T23:00"}  # 10:00 to 23:00 daily
PRAIRIE = {"jurisdiction": "pleasant-prairie-wi", "max_attendance": 1500, **THREE_NIGHTS,
           "closes_overnight": True, "locations": 2}
UNION = {"jurisdiction": "union-county-il", "max_attendance": 3000, "total_attendance": 24000, **THREE_NIGHTS}


@pytest.fixture(scope="module")
def more_book():
    return load_rulebook(rule_sources(None, [MORE]))


def assess(answers: dict, *options: str) -> dict:
    result = CliRunner().invoke(main, ["assess", *(options or ("--add-rules", str(MORE))), "-"],
                                input=json.dumps(answers))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


# ---------------------------------------------------------------- wizard check, --rules, --add-rules

def test_the_fixture_files_say_they_are_test_fixtures_not_ordinances():
    for path in MORE.glob("*.yaml"):
        header = path.read_text(encoding="utf-8").split("format:")[0]
        assert "TEST FIXTURE, not an encoded ordinance" in header and "modeled on" in header, path.name


def test_wizard_check_passes_on_the_folder_alone_and_added_to_the_built_in_ones(tmp_path):
    for arguments in ([str(MORE)], ["--add-rules", str(MORE)]):
        done = subprocess.run([sys.executable, "-m", "wizard", "check", *arguments], cwd=tmp_path,
                              capture_output=True, text=True, timeout=180)
        assert done.returncode == 0, done.stdout + done.stderr
        assert "All rule files are valid." in done.stdout


def test_add_rules_keeps_the_built_in_jurisdictions_and_rules_replaces_them(more_book):
    assert {"whitesboro-ny", "baroda-mi", "brownville-ny", "union-county-il"} <= set(more_book.jurisdictions)
    assert set(load_rulebook([MORE]).jurisdictions) == {"brownville-ny", "pleasant-prairie-wi", "union-county-il"}
    assert assess({"jurisdiction": "whitesboro-ny"}, "--add-rules", str(MORE))["jurisdiction"] == "whitesboro-ny"
    assert assess(FIRE_COMPANY_FAIR, "--rules", str(MORE))["outcome"] == "exempt"


# ---------------------------------------------------------------- Brownville: a question of its own

def test_an_exempt_event_answers_the_jurisdictions_own_question_and_still_sees_warnings():
    result = assess(FIRE_COMPANY_FAIR)
    assert result["outcome"] == "exempt" and result["reasons"][0]["citation"] == "§ 4(a)"
    assert [w["citation"] for w in result["warnings"]] == ["§ 4"]  # shown whatever the outcome


def test_without_the_sole_benefit_the_500_person_trigger_and_the_named_fee_apply():
    result = assess({**FIRE_COMPANY_FAIR, "sole_financial_benefit": False})
    assert result["outcome"] == "required" and result["reasons"][0]["citation"] == "§ 3"
    assert result["fees"]["application"] == {"amount": 1000, "name": "Permit fee", "citation": "§ 6",
                                             "text": "$1,000 for a gathering of 5,000 people or more; no fee below that."}
    assert result["file_by"] == "2027-06-01"
    small = assess({**FIRE_COMPANY_FAIR, "sole_financial_benefit": False, "max_attendance": 800})
    assert small["application_fee"] == 0 and {w["citation"] for w in small["warnings"]} == {"§ 6", "§ 4"}
    assert assess({**FIRE_COMPANY_FAIR, "local_exempt_organizer": "none", "max_attendance": 499})["outcome"] == "not_required"


def test_another_jurisdictions_own_question_is_not_an_answer_key_here():
    result = CliRunner().invoke(main, ["assess", "--add-rules", str(MORE), "-"],
                                input=json.dumps({"jurisdiction": "whitesboro-ny", "sole_financial_benefit": True}))
    assert result.exit_code == 2 and "sole_financial_benefit: is not a known answer key" in result.stderr


def test_the_rule_books_questions_for_a_jurisdiction_merge_its_own_and_reworded_ones(more_book):
    mine, shared = more_book.questions_for("brownville-ny"), more_book.questions
    assert mine["sole_financial_benefit"]["kind"] == "yes_no" and "sole_financial_benefit" not in shared
    assert mine["local_exempt_organizer"]["options"]["religious_corporation_local"] == "A religious corporation in the town"
    assert shared["local_exempt_organizer"]["options"]["volunteer_fire_company"].endswith("in the village")
    assert list(mine["local_exempt_organizer"]["options"]) == list(shared["local_exempt_organizer"]["options"])
    # A file with no questions of its own asks the shared ones as written, and the State's questions beside them.
    whitesboro = more_book.questions_for("whitesboro-ny")
    assert {key: question for key, question in whitesboro.items() if key in shared} == shared
    state_keys = {key for layer in more_book.layers_for(more_book.get("whitesboro-ny")) for key in layer.questions()}
    assert state_keys and set(whitesboro) - set(shared) == state_keys


# ---------------------------------------------------------------- Pleasant Prairie: consecutive hours

def test_thirteen_open_hours_a_day_trigger_the_licence_and_the_fee_counts_periods_and_locations():
    result = assess(PRAIRIE)
    assert result["outcome"] == "required" and result["reasons"][0]["citation"] == "§ 2(a)"
    assert result["fees"]["application"]["name"] == "Licence fee"
    assert result["application_fee"] == 100 * 6 * 2  # 61 hours: 6 periods of 12 (any part counts), 2 locations


def test_ten_open_hours_a_day_are_not_twelve_consecutive_hours():
    result = assess({**PRAIRIE, "ends_at": "2027-07-03T20:00"})
    assert result["outcome"] == "not_required" and result["application_fee"] is None
    assert assess({**PRAIRIE, "ends_at": "2027-07-03T20:00", "closes_overnight": False})["outcome"] == "required"


def test_with_no_lead_time_and_no_decision_period_the_filing_section_is_cited_and_the_packet_says_so(more_book):
    result = assess(PRAIRIE)
    assert result["file_by"] is None and result["file_by_basis"] is None and result["file_by_citation"] == "§ 3"
    packet = build_packet(PRAIRIE, more_book.get("pleasant-prairie-wi"), more_book.questions)
    file_by = next(f for f in packet.dates if f.label == "File by")
    assert file_by.value == "No deadline stated" and file_by.citation == "§ 3"
    assert next(f for f in packet.money if f.citation == "§ 5").label == "Licence fee"


# ---------------------------------------------------------------- Union County: daily attendance

@pytest.mark.parametrize("total, most, fee", [(24000, 3000, 750), (6000, 3000, 750), (6000, 1200, 250),
                                               (60000, 3000, 2000)])
def test_fee_classes_follow_daily_attendance(total, most, fee):
    """24,000 visits over 3 days is 8,000 a day; never less than the crowd at one time."""
    result = assess({**UNION, "total_attendance": total, "max_attendance": most})
    assert result["outcome"] == "required" and result["application_fee"] == fee
    assert result["file_by"] == "2027-05-02"  # 60 days before July 1


def test_the_packet_is_titled_as_the_rule_file_says(more_book):
    packet = build_packet(UNION, more_book.get("union-county-il"), more_book.questions)
    assert packet.title == "Application for a recreation event permit"
    assert next(f for f in packet.money if f.citation == "§ 6").label == "Permit fee (by class)"


# ---------------------------------------------------------------- the interview over HTTP

@pytest.fixture
def more_client(tmp_path, more_book):
    app = create_app({"TESTING": True, "RULEBOOK": more_book, "DATABASE": str(tmp_path / "w.db"),
                      "SECRET_KEY": "k", "WTF_CSRF_ENABLED": False})
    return app.test_client()


def post_steps(client, jurisdiction: str, steps: list[tuple[str, dict]]) -> str:
    url = client.post("/start", data={"jurisdiction": jurisdiction}).headers["Location"]
    base = re.search(r"(/i/[^/]+)/", url).group(1)
    for step, data in steps:
        response = client.post(f"{base}/step/{step}", data=data)
        assert response.status_code == 303, (step, response.get_data(as_text=True)[:2000])
    return base


def test_the_interview_asks_the_own_question_with_the_reworded_options(more_client):
    base = post_steps(more_client, "brownville-ny", [])
    page = more_client.get(f"{base}/step/organizer").get_data(as_text=True)
    assert "Is the event run by one of these groups in the town?" in page
    assert "A religious corporation in the town" in page and "in the village" not in page
    post_steps_on = [("organizer", {"local_exempt_organizer": "volunteer_fire_company"})]
    for step, data in post_steps_on:
        assert more_client.post(f"{base}/step/{step}", data=data).status_code == 303
    benefit = more_client.get(f"{base}/step/benefit").get_data(as_text=True)
    assert "Is the event held for the sole financial benefit of that group?" in benefit
    assert more_client.post(f"{base}/step/benefit", data={"sole_financial_benefit": "yes"}).status_code == 303
    result = more_client.get(f"{base}/result").get_data(as_text=True)
    assert "Your event is exempt from this permit" in result and "the Town Clerk decides" in result
    assert "Statements to sign" in result
    pdf = more_client.get(f"{base}/packet.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")


def test_the_check_page_and_an_answers_file_carry_the_own_question(more_client):
    base = post_steps(more_client, "brownville-ny", [
        ("organizer", {"local_exempt_organizer": "fraternal_or_civic_local_chapter"}),
        ("benefit", {"sole_financial_benefit": "no"}),
        ("crowd", {"max_attendance": "6000"}),
        ("dates", {"starts_at": "2027-07-01T10:00", "ends_at": "2027-07-01T22:00"}),
        ("event", {"event_name": "Firemen's Field Days", "applicant_name": "Pat Lee"}),
    ])
    check = more_client.get(f"{base}/check").get_data(as_text=True)
    assert "Is the event held for the sole financial benefit of that group?" in check
    assert "A fraternal or civic group with a local chapter in the town" in check
    result = more_client.get(f"{base}/result").get_data(as_text=True)
    assert "Permit fee" in result and "$1,000" in result
    saved = more_client.get(f"{base}/answers.json").get_json()
    assert saved["sole_financial_benefit"] is False
    imported = more_client.post("/import", data={"answers_file": (BytesIO(json.dumps(saved).encode()), "a.json")},
                                content_type="multipart/form-data")
    assert imported.status_code == 303


def test_a_prefilled_link_may_carry_the_own_question(more_client):
    page = more_client.get("/for/brownville-ny?sole_financial_benefit=yes&max_attendance=600").get_data(as_text=True)
    assert "which we do not use" not in page
    assert field_values(page, "sole_financial_benefit") == ["yes"]  # ticked, and editable


def test_changing_municipality_leaves_the_other_ones_own_answers_behind(more_client):
    base = post_steps(more_client, "brownville-ny", [
        ("organizer", {"local_exempt_organizer": "volunteer_fire_company"}),
        ("benefit", {"sole_financial_benefit": "yes"}),
    ])
    assert more_client.post(f"{base}/step/where", data={"jurisdiction": "whitesboro-ny"}).status_code == 303
    saved = more_client.get(f"{base}/answers.json").get_json()
    assert saved["jurisdiction"] == "whitesboro-ny" and "sole_financial_benefit" not in saved


def test_a_result_with_no_deadline_says_so_instead_of_asking_for_dates(more_client):
    base = post_steps(more_client, "pleasant-prairie-wi", [
        ("crowd", {"max_attendance": "1500"}),
        ("dates", {"starts_at": "2027-07-01T10:00", "ends_at": "2027-07-03T23:00"}),
        ("nights", {"closes_overnight": "yes"}),
        ("locations", {"locations": "2"}),
        ("event", {"event_name": "Lakefront Days", "applicant_name": "Pat Lee"}),
    ])
    result = more_client.get(f"{base}/result").get_data(as_text=True)
    assert "You need a license" in result and "Licence fee" in result and "$1,200" in result
    assert "Enter your event dates" not in result and "No deadline stated" in result


def packet_text(answers: dict, book) -> str:
    """What the packet says, read from its HTML (tests/packet/test_packet.py)."""
    return text_of_html(packet_document(answers, book))


def test_an_exempt_packet_carries_the_signature_blocks_the_rule_file_asks_for(more_book):
    text = packet_text(FIRE_COMPANY_FAIR, more_book)
    assert "Hold-harmless statement" in text and "Signatures" in text
    assert "I certify that the statements" not in text  # the applicant's block is for applications only
    required = packet_text({**FIRE_COMPANY_FAIR, "sole_financial_benefit": False}, more_book)
    assert "Application for a Town of Brownville mass gathering permit" in required
    assert "I certify that the statements" in required and "Hold-harmless statement" not in required
